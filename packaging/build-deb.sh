#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# build-deb.sh TARBALL OUTDIR: the Debian package of a release tarball, as
# a distribution would build it. TARBALL (rtla-VERSION.tar.gz) becomes
# OUTDIR/rtla_VERSION.orig.tar.gz, is unpacked, gets packaging/debian/ as
# debian/, and dpkg-buildpackage -us -uc -b builds it. Leaves the .deb,
# .changes and .buildinfo in OUTDIR and the build log in OUTDIR/build.log.
set -eu

tarball=$1
out=$2
name=$(basename "$tarball" .tar.gz)		# rtla-0.1.0
version=${name#rtla-}

rm -rf "$out"
mkdir -p "$out"
cp "$tarball" "$out/rtla_$version.orig.tar.gz"
tar -C "$out" -xzf "$tarball"
cp -r "$out/$name/packaging/debian" "$out/$name/debian"

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
	dpkg-buildpackage -us -uc -b >"../build.log" 2>&1 || {
	tail -40 ../build.log
	echo "build-deb: dpkg-buildpackage failed, log in $out/build.log" >&2
	exit 1
}
echo "build-deb: $(cd .. && ls ./*.deb | tr "\n" " ")"
