#!/bin/bash
# Download Debian's linux-source-5.10 (bullseye-security) into the cache,
# with a private apt configuration: the machine's apt sources stay as they
# are.  Prints the path of the source tarball.
set -euo pipefail
. "$(dirname "$0")/common.sh"

tarball=$DL/usr/src/linux-source-5.10.tar.xz
if [ -s "$tarball" ] && [ "$(cat "$DL/version" 2>/dev/null)" = "$KVER" ]; then
	echo "$tarball"
	exit 0
fi

[ -r "$KKEYRING" ] || die "$KKEYRING missing (install debian-archive-keyring)"
apt=$KCACHE/apt
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$DL"
echo "deb [signed-by=$KKEYRING] $KMIRROR $KSUITE main" > "$apt/sources.list"
opts=(-o "Dir::Etc::SourceList=$apt/sources.list"
      -o "Dir::Etc::SourceParts=/dev/null"
      -o "Dir::State::Lists=$apt/lists"
      -o "Dir::Cache=$apt/cache"
      -o "APT::Sandbox::User=root"
      -q)

log "fetching $KPKG $KVER from $KSUITE"
apt-get "${opts[@]}" update >&2
(cd "$DL" && rm -f ./*.deb && apt-get "${opts[@]}" download "$KPKG=$KVER" >&2)
dpkg-deb -x "$DL/${KPKG}_${KVER}_all.deb" "$DL"
[ -s "$tarball" ] || die "no source tarball in the package"
echo "$KVER" > "$DL/version"
echo "$tarball"
