#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# check-dist.sh VERSION: checks "make dist", from the top of a checkout.
#   - reproducible: two builds with SOURCE_DATE_EPOCH set, under another
#     umask and time zone, are byte-identical;
#   - contents: under rtla-VERSION/, the build, unit and docs test and
#     packaging files, no build outputs, VM or kernel files;
#   - self-contained: unpacked, with git hidden and (as root) no network,
#     "make dist" gives the same tarball again, and make, make unit,
#     make check-docs and make install DESTDIR=... work.
set -eu

make=${MAKE:-make}
version=$1
name=rtla-$version
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/check-lib.sh"

export SOURCE_DATE_EPOCH=1700000000
$make --no-print-directory -s dist DISTDIR="$tmp/a" >/dev/null
(umask 077 && TZ=Asia/Tokyo $make --no-print-directory -s dist DISTDIR="$tmp/b") >/dev/null
tarball=$tmp/a/$name.tar.gz
if cmp "$tarball" "$tmp/b/$name.tar.gz"; then
	ok "make dist twice (SOURCE_DATE_EPOCH=$SOURCE_DATE_EPOCH): byte-identical, sha256 $(sha256sum <"$tarball" | cut -c1-16)..."
else
	fail "make dist is not reproducible"
fi

# Contents
tar -tzvf "$tarball" >"$tmp/list.v"
tar -tzf "$tarball" >"$tmp/list"
grep -v "^$name/" "$tmp/list" && fail "entries outside $name/ (above)"
for f in Makefile LICENSE README.md ARCHITECTURE.md mk/docs.mk mk/dist.mk \
	mk/deb.mk mk/rpm.mk man/rtla.1.rst completion/rtla tests/docs/check_docs.py \
	packaging/debian/control packaging/debian/rules packaging/rpm/rtla-ng.spec \
	scripts/install-deps; do
	grep -qx "$name/$f" "$tmp/list" || fail "$f is not in the tarball"
done
# every source, header and unit test the checkout has (in any subfolder)
git ls-files -- src include tests/unit tests/data 2>/dev/null | sed "s|^|$name/|" |
	sort >"$tmp/sources"
[ -s "$tmp/sources" ] || fail "no sources listed by git"
sort "$tmp/list" | comm -23 "$tmp/sources" - | grep . &&
	fail "sources missing from the tarball (above)"
grep -E '(^|/)(build/|\.git|.*\.(o|a|d|tmp|orig|rej)$|.*~$)|/(kernel|tests/e2e|tests/reports)/|/scripts/vm-' &&
	fail "build outputs, VM or kernel files in the tarball (above)"
awk '$4 != "2023-11-14" || $2 != "0/0" { print; bad = 1 } END { exit bad }' \
	"$tmp/list.v" || fail "entries not owned by 0/0 or not dated SOURCE_DATE_EPOCH (above)"
[ "$fails" = 0 ] && ok "the tarball holds $(wc -l <"$tmp/list") files under $name/, no build outputs, VM or kernel files"

# Unpacked: without git, without network
mkdir "$tmp/nogit" "$tmp/src"
printf '#!/bin/sh\necho "git is not available here" >&2\nexit 127\n' >"$tmp/nogit/git"
chmod +x "$tmp/nogit/git"
tar -C "$tmp/src" -xzf "$tarball"
# No network but loopback, which the monitor's unit tests serve on: a new
# network namespace, its lo brought up.
nonet=
ip=$(command -v ip || true)
if [ "$(id -u)" = 0 ] && [ -n "$ip" ] && unshare -n "$ip" link set lo up 2>/dev/null; then
	printf '#!/bin/sh\n%s link set lo up && exec "$@"\n' "$ip" >"$tmp/lo-only"
	chmod +x "$tmp/lo-only"
	nonet="unshare -n $tmp/lo-only"
fi
cd "$tmp/src/$name"
run()
{
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS PATH="$tmp/nogit:$PATH" $nonet "$@" \
		>"$tmp/log" 2>&1 || { tail -30 "$tmp/log"; fail "in the unpacked tarball: $*"; return 1; }
}
if run make -s dist DISTDIR="$tmp/again" &&
   cmp -s "$tarball" "$tmp/again/$name.tar.gz"; then
	ok "make dist in the unpacked tarball, without git, gives the same tarball"
else
	fail "make dist in the unpacked tarball gives another tarball"
fi
mark=$fails
if run make -j2 && run make unit && run make check-docs &&
   run make install DESTDIR="$tmp/root" prefix=/usr; then
	out=$("$tmp/root/usr/bin/rtla" --version)
	[ "$out" = "rtla version $version" ] ||
		fail "rtla --version prints '$out', not 'rtla version $version'"
	n=$(ls "$tmp/root/usr/share/man/man1" | wc -l)
	[ "$n" -ge 8 ] || fail "make install installed $n man pages"
	[ "$fails" = "$mark" ] && ok "unpacked, without git${nonet:+ and network}: make, make unit, make check-docs, make install DESTDIR (rtla --version: $out, $n man pages)"
fi
[ -e .git ] && fail "a .git in the unpacked tarball"

check_done check-dist
