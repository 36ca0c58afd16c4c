#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# build-deb.sh TARBALL OUTDIR [arm64]: the Debian package of a release
# tarball, as a distribution would build it. TARBALL (rtla-VERSION.tar.gz)
# becomes OUTDIR/rtla_VERSION.orig.tar.gz, is unpacked, gets
# packaging/debian/ as debian/, and dpkg-buildpackage -us -uc -b builds it.
# Leaves the .deb, .changes and .buildinfo in OUTDIR and the build log in
# OUTDIR/build.log.
#
# arm64: cross-built (dpkg-buildpackage -aarm64) against the arm64 sysroot
# (scripts/vm-fetch-sysroot, SYSROOT; mk/arm64.mk), not dpkg's arm64
# packages, so the build dependencies are not checked (-d) nor the tests
# run (nocheck; make unit-arm64 runs them); dpkg-shlibdeps takes the
# libraries' dependencies from the sysroot's shlibs (debian/shlibs.local)
# and finds them through LD_LIBRARY_PATH (an x86-64 process's loader
# passes over arm64 libraries).
set -eu

tarball=$1
out=$2
arch=${3:-}
cross=
case $arch in
'') ;;
arm64)	sysroot=${SYSROOT:-${RTLA_CACHE:-$HOME/.cache/rtla}/arm64-sysroot}
	[ -s "$sysroot/.shlibs" ] || {
		echo "build-deb: no arm64 sysroot in $sysroot: scripts/install-deps --arch arm64" >&2
		exit 1
	}
	sysroot=$(cd "$sysroot" && pwd)
	# -d: the build dependencies are in the sysroot, not dpkg's database;
	# nocheck: the unit tests run by make unit-arm64
	cross="-aarm64 -d"
	DEB_BUILD_OPTIONS="nocheck ${DEB_BUILD_OPTIONS:-}"
	export CROSS_COMPILE=aarch64-linux-gnu- CC=aarch64-linux-gnu-gcc SYSROOT="$sysroot"
	export LD_LIBRARY_PATH=$sysroot/lib/aarch64-linux-gnu:$sysroot/usr/lib/aarch64-linux-gnu ;;
*) echo "build-deb: unknown architecture '$arch' (arm64)" >&2; exit 2 ;;
esac
name=$(basename "$tarball" .tar.gz)		# rtla-0.1.0
version=${name#rtla-}

rm -rf "$out"
mkdir -p "$out"
cp "$tarball" "$out/rtla_$version.orig.tar.gz"
tar -C "$out" -xzf "$tarball"
cp -r "$out/$name/packaging/debian" "$out/$name/debian"
[ -z "$cross" ] || grep -v '^udeb:' "$SYSROOT/.shlibs" >"$out/$name/debian/shlibs.local"

# The package's version is the release's
deb_version=$(cd "$out/$name" && dpkg-parsechangelog -S Version)
if [ "${deb_version%-*}" != "$version" ]; then
	echo "build-deb: debian/changelog is at $deb_version, the tarball at $version" >&2
	exit 1
fi

# A clean environment, as on a build daemon: no make flags of the caller
# (but WERROR, which CI sets), at most two jobs.
cd "$out/$name"
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u CFLAGS -u CPPFLAGS -u LDFLAGS \
	DEB_BUILD_OPTIONS="parallel=2 ${DEB_BUILD_OPTIONS:-}" \
	dpkg-buildpackage $cross -us -uc -b >"../build.log" 2>&1 || {
	tail -40 ../build.log
	echo "build-deb: dpkg-buildpackage failed, log in $out/build.log" >&2
	exit 1
}
echo "build-deb: $(cd .. && ls ./*.deb | tr "\n" " ")"
