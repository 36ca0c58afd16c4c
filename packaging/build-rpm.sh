#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# build-rpm.sh TARBALL OUTDIR [arm64]: the binary and source RPMs of a release
# tarball, with rpmbuild -ta (the spec, packaging/rpm/rtla-ng.spec, comes
# from the tarball). OUTDIR is rpmbuild's _topdir: the packages land in
# OUTDIR/RPMS/ARCH and OUTDIR/SRPMS, the build log in OUTDIR/build.log, and
# the built tree stays in OUTDIR/BUILD (--noclean) for check-rpm.sh.
#
# On Debian, --nodeps: the build dependencies are Debian's packages, which
# rpm's database does not know. RPMBUILD_OPTS passes more, as
# RPMBUILD_OPTS="--without bpf".
#
# arm64: the aarch64 RPM (rpmbuild --target aarch64), cross-built against
# the arm64 sysroot (scripts/vm-fetch-sysroot, SYSROOT; mk/arm64.mk),
# without %check (the unit tests run by make unit-arm64), stripped by the
# cross binutils.
set -eu

tarball=$(realpath "$1")
out=$2
target= strip=
case ${3:-} in
'') ;;
arm64)	export CROSS_COMPILE=aarch64-linux-gnu-
	export SYSROOT="${SYSROOT:-${RTLA_CACHE:-$HOME/.cache/rtla}/arm64-sysroot}"
	target="--target aarch64 --nocheck" strip=aarch64-linux-gnu-strip ;;
*) echo "build-rpm: unknown architecture '$3' (arm64)" >&2; exit 2 ;;
esac

rm -rf "$out"
mkdir -p "$out"
top=$(realpath "$out")

# Debian's rpm 4.18 runs brp-compress, which reads with bash's "read -d",
# as /bin/sh (dash there): give it bash, or no man page is compressed.
# A clean environment, as on a build system: no make flags of the caller
# (but WERROR, which CI sets).
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u CFLAGS -u CPPFLAGS -u LDFLAGS \
	rpmbuild -ta --nodeps --noclean $target ${RPMBUILD_OPTS:-} \
	${strip:+--define "__strip $strip"} \
	--define "_topdir $top" \
	--define '__brp_compress /bin/bash %{_rpmconfigdir}/brp-compress %{?_prefix}' \
	"$tarball" >"$top/build.log" 2>&1 || {
	tail -40 "$top/build.log"
	echo "build-rpm: rpmbuild failed, log in $out/build.log" >&2
	exit 1
}
echo "build-rpm: $(cd "$top" && ls RPMS/*/*.rpm SRPMS/*.rpm | tr '\n' ' ')"
