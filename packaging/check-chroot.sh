#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# check-chroot.sh DIR: the install test of the package that build-deb.sh
# left in DIR, in a minimal Debian 12 chroot (mmdebstrap, minbase, with
# man-db, bash-completion and the package's dependencies, so that dpkg -i
# needs no network). The chroot's tarball is cached in
# ${RTLA_CACHE:-$HOME/.cache/rtla}; making it fetches from Debian's archive
# (about 3 minutes). Needs root (chroot).
#   dpkg -i; rtla --version; man -w rtla-timerlat-hist; whatis, and
#   apropos finds every rtla page the package holds; bash completion loads
#   on demand for rtla; dpkg --purge; nothing of the package is left, and
#   no other file changed.  TAP (packaging/check-lib.sh).
set -eu

dir=$(cd "$1" && pwd)
pkg=rtla-ng
deb=$(ls "$dir/${pkg}_"*.deb)
version=$(dpkg-deb -f "$deb" Version)
mirror=${RTLA_DEBIAN_MIRROR:-http://deb.debian.org/debian}
# the rtla pages the package holds, which apropos must find
pages=$(dpkg-deb -c "$deb" | grep -c '/usr/share/man/man1/rtla[^/]*\.1\.gz$' || true)
[ "$pages" -gt 0 ] || { echo "check-chroot: no rtla man page in $deb" >&2; exit 1; }

[ "$(id -u)" = 0 ] || { echo "check-chroot: needs root (chroot)" >&2; exit 1; }

# The dependencies, by name: "libc6 (>= 2.34), libjson-c5 (>= 0.15)" ...
deps=$(dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed 's/^ *//; s/[ (].*//' |
	grep . | sort | tr '\n' ',')
include="man-db,bash-completion,${deps%,}"
cache=${RTLA_CACHE:-$HOME/.cache/rtla}
tarball=$cache/bookworm-minbase-$(echo "$include" | sha256sum | cut -c1-12).tar
if [ ! -s "$tarball" ]; then
	mkdir -p "$cache"
	echo "check-chroot: mmdebstrap bookworm (minbase, $include)"
	# (mmdebstrap picks the format by the name's extension)
	mmdebstrap --quiet --variant=minbase --include="$include" bookworm \
		"${tarball%.tar}.tmp.tar" "$mirror"
	mv "${tarball%.tar}.tmp.tar" "$tarball"
fi

root=$(mktemp -d)
trap 'rm -rf --one-file-system "$root"' EXIT
tar -C "$root" -xf "$tarball"
cp "$deb" "$root/tmp/$pkg.deb"
here=$(dirname "$0")
cp "$here/check-lib.sh" "$here/../tests/lib/tap.sh" "$root/tmp/"
cat >"$root/tmp/test.sh" <<'TEST'
set -eu
pkg=$1
version=$2
pages=$3
TAP_SH=/tmp/tap.sh . /tmp/check-lib.sh
snapshot()
{
	find / -xdev \( -path /proc -o -path /sys -o -path /dev -o -path /tmp \
		-o -path /var/cache/man -o -path /var/log -o -path /run \) -prune \
		-o -print | grep -v -E '^/var/lib/dpkg/([a-z]+-old|triggers/.*)$' | sort
}

export LC_ALL=C.UTF-8 PATH=/usr/sbin:/usr/bin:/sbin:/bin
mandb -q 2>/dev/null || true
snapshot >/tmp/before
dpkg -i /tmp/$pkg.deb >/tmp/log 2>&1 || { cat /tmp/log; fail "dpkg -i"; }
out=$(rtla --version)
[ "$out" = "rtla version ${version%-*}" ] && ok "rtla --version: $out" ||
	fail "rtla --version: $out"
where=$(man -w rtla-timerlat-hist 2>&1)
[ "$where" = /usr/share/man/man1/rtla-timerlat-hist.1.gz ] &&
	ok "man -w rtla-timerlat-hist: $where" || fail "man -w rtla-timerlat-hist: $where"
mandb -q 2>/dev/null || true
n=$(apropos rtla | grep -c '^rtla' || true)
[ "$n" = "$pages" ] && ok "apropos rtla: $n pages" ||
	{ apropos rtla; fail "apropos rtla: $n pages, not $pages"; }
whatis rtla-timerlat-hist | grep -q '^rtla-timerlat-hist (1) *- ' &&
	ok "whatis rtla-timerlat-hist: $(whatis rtla-timerlat-hist)" || fail "whatis rtla-timerlat-hist"
words=$(bash -c '. /usr/share/bash-completion/bash_completion
	_completion_loader rtla
	COMP_WORDS=(rtla timerlat ""); COMP_CWORD=2; COMP_LINE="rtla timerlat "
	COMP_POINT=${#COMP_LINE}
	$(complete -p rtla | sed "s/.*-F \([^ ]*\) .*/\1/") rtla "" timerlat
	echo "${COMPREPLY[*]}"' 2>&1)
case " $words " in
*" hist "*) ok "bash completion: rtla timerlat <TAB> offers: $words" ;;
*) fail "bash completion of 'rtla timerlat ': '$words'" ;;
esac
dpkg --purge $pkg >/tmp/log 2>&1 || { cat /tmp/log; fail "dpkg --purge"; }
mandb -q 2>/dev/null || true
snapshot >/tmp/after
if diff -u /tmp/before /tmp/after; then
	ok "dpkg --purge leaves nothing behind"
else
	fail "dpkg --purge leaves or changes files (diff above)"
fi
left=$(find / -xdev -path /tmp -prune -o -name "*rtla*" -print)
[ -z "$left" ] || fail "left after purge: $left"
n=$(apropos rtla 2>/dev/null | grep -c '^rtla' || true)
[ "$n" = 0 ] || fail "apropos still finds $n rtla pages after purge"
check_done check-chroot
TEST
# /proc for bash's process substitution, in a private mount namespace
# so that it goes away with the test
if unshare --mount --propagation private sh -c \
	'mount -t proc proc "$1/proc" && exec chroot "$1" /bin/bash /tmp/test.sh "$2" "$3" "$4"' \
	sh "$root" "$pkg" "$version" "$pages"; then
	echo "# check-chroot: Debian 12 chroot, $pkg $version"
else
	exit 1
fi
