#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# check-deb.sh DIR: checks the package that build-deb.sh left in DIR.
#   - lintian --pedantic --display-info --display-experimental on the
#     .changes: no tag at all but the overridden ones (each explained in
#     debian/rtla-ng.lintian-overrides);
#   - blhc on the build log: silent (every compile and link line carries
#     dpkg-buildflags' hardening flags);
#   - hardening-check on the packaged binary (and -fcf-protection in each
#     object, where glibc's start files keep the binary unmarked);
#   - the BPF collector is in the packaged binary; the pkg.rtla.nobpf
#     build profile leaves it out;
#   - each package holds exactly the expected files, and debian/copyright
#     (DEP-5) says GPL-2 like LICENSE and the sources' SPDX lines;
#   - rtla plot is apart: rtla-ng needs no cairo and suggests rtla-ng-plot,
#     which holds rtla-plot and its page and needs cairo and rtla-ng;
#   - install into an empty dpkg root: rtla runs and prints the version,
#     rtla plot names the missing rtla-ng-plot in one line; with
#     rtla-ng-plot, rtla plot runs, man finds every page, lexgrog reads
#     each NAME line, the completion registers; purge leaves nothing.
# The same install test in a Debian 12 chroot: check-chroot.sh.
set -eu

dir=$1
pkg=rtla-ng
plotpkg=rtla-ng-plot
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/check-lib.sh"

changes=$(ls "$dir"/*.changes)
deb=$(ls "$dir/${pkg}_"*.deb)
plotdeb=$(ls "$dir/${plotpkg}_"*.deb)
src=$(ls -d "$dir"/rtla-*/)
version=$(dpkg-deb -f "$deb" Version)
upstream=${version%-*}

# lintian: nothing but overrides ("O:") and their comments ("N:")
lintian --pedantic --display-info --display-experimental --show-overrides \
	"$changes" >"$tmp/lintian" 2>"$tmp/lintian.err" ||
	fail "lintian exits with $?: $(cat "$tmp/lintian.err")"
if grep -v '^[ON]: ' "$tmp/lintian" >"$tmp/tags"; then
	cat "$tmp/tags"
	fail "lintian reports tags (above)"
else
	ok "lintian --pedantic --display-info: no error, warning, info or pedantic tag" \
		"($(grep -c '^O: ' "$tmp/lintian" || true) overridden, explained)"
fi

# blhc: silent on the build log
if blhc --bindnow "$dir/build.log" >"$tmp/blhc" 2>&1 && [ ! -s "$tmp/blhc" ]; then
	ok "blhc --bindnow: the build log is clean ($(grep -c -- ' -c -o ' "$dir/build.log") compile lines)"
else
	head -20 "$tmp/blhc"
	fail "blhc reports missing flags (above)"
fi

# hardening-check. Control-flow protection is marked in a binary only if
# every object linked in has the IBT/SHSTK property; Debian 12's glibc
# start files (Scrt1.o, crti.o, crtn.o) lack it, so no Debian 12 binary can
# have it. There that line is skipped, and what the package controls is
# checked instead: every object of ours (debian/rules adds -fcf-protection
# on x86) has the property.
dpkg-deb -x "$deb" "$tmp/x"
hc_opts=
scrt=$(gcc -print-file-name=Scrt1.o)
if ! readelf -n "$scrt" 2>/dev/null | grep -q 'x86 feature: IBT, SHSTK'; then
	case $(dpkg --print-architecture) in
	amd64|i386) hc_opts=--nocfprotection ;;
	esac
fi
if hardening-check $hc_opts "$tmp/x/usr/bin/rtla" >"$tmp/hc" 2>&1; then
	ok "hardening-check $hc_opts: $(grep -c ': yes' "$tmp/hc") of $(grep -c '^ ' "$tmp/hc") yes:" \
		"$(sed -n 's/^ \(.*\): yes.*/\1/p' "$tmp/hc" | paste -sd, | sed 's/,/, /g')"
else
	cat "$tmp/hc"
	fail "hardening-check (above)"
fi
# "Stack clash protection: unknown" says that no function of rtla has a
# stack frame large enough to probe: check that the flag was given.
if grep -q 'Stack clash protection: unknown' "$tmp/hc"; then
	lines=$(grep -- ' -c -o ' "$dir/build.log" | grep -v -- ' -o [^ ]*\.bpf\.o ' || true)
	missing=$(echo "$lines" | grep -c -v -- '-fstack-clash-protection' || true)
	[ "$missing" = 0 ] && ok "stack clash protection: unknown to hardening-check (no stack frame" \
		"to probe), given on all $(echo "$lines" | wc -l) compile lines" ||
		fail "$missing compile lines lack -fstack-clash-protection"
fi
if [ -n "$hc_opts" ]; then
	objs=$(find "$src/build" -name '*.o' ! -name '*.bpf.o' | sort)
	n=0
	mark=$fails
	for o in $objs; do
		n=$((n + 1))
		readelf -n "$o" | grep -q 'x86 feature: IBT, SHSTK' ||
			fail "$o has no IBT/SHSTK property: built without -fcf-protection"
	done
	lacking=
	for f in Scrt1.o crti.o crtn.o crtbeginS.o crtendS.o; do
		readelf -n "$(gcc -print-file-name=$f)" 2>/dev/null |
			grep -q 'x86 feature: IBT, SHSTK' || lacking="$lacking $f"
	done
	[ "$n" -gt 0 ] || fail "no object of rtla in $src/build"
	[ "$fails" = "$mark" ] && ok "control flow integrity: all $n objects of rtla have IBT and SHSTK (-fcf-protection);" \
		"the binary is unmarked for glibc's start files:$lacking"
fi

# The BPF collector (timerlat samples counted in the kernel) is in: the
# binary calls libbpf's skeleton loader, and the package needs libbpf.
# The pkg.rtla.nobpf build profile leaves it out.
mark=$fails
readelf -W --dyn-syms "$tmp/x/usr/bin/rtla" | grep -q ' bpf_object__load_skeleton' ||
	fail "the packaged rtla has no BPF collector (no bpf_object__load_skeleton)"
dpkg-deb -f "$deb" Depends | grep -q 'libbpf1' ||
	fail "$pkg does not depend on libbpf1"
for dep in bpftool clang libbpf-dev; do
	grep -q "^ *\(Build-Depends: *\)\{0,1\}$dep <!pkg\.rtla\.nobpf>,\$" "$src/debian/control" ||
		fail "debian/control: Build-Depends has no '$dep <!pkg.rtla.nobpf>'"
done
(cd "$src" && DEB_BUILD_PROFILES=pkg.rtla.nobpf make -s -n -f debian/rules \
	override_dh_auto_build override_dh_auto_install) >"$tmp/nobpf"
[ "$(grep -c ' NO_BPF=1 ' "$tmp/nobpf")" = 2 ] ||
	fail "the pkg.rtla.nobpf profile does not build with NO_BPF=1: $(cat "$tmp/nobpf")"
(cd "$src" && make -s -n -f debian/rules override_dh_auto_build) | grep -q ' NEED_BPF=1 ' ||
	fail "without the pkg.rtla.nobpf profile, debian/rules does not ask for NEED_BPF=1"
[ "$fails" = "$mark" ] && ok "the BPF collector: rtla calls libbpf's skeleton loader, $pkg depends on libbpf1;" \
	"the pkg.rtla.nobpf profile builds with NO_BPF=1"

# The packages' files, exactly
pages="rtla rtla-osnoise rtla-osnoise-top rtla-osnoise-hist rtla-timerlat
rtla-timerlat-top rtla-timerlat-hist rtla-timerlat-monitor rtla-hwnoise
rtla-report rtla-compare"
# debian/PACKAGE's own files: copyright, changelog, lintian overrides
package_docs()
{
	echo ./usr/share/doc/$1/changelog.Debian.gz
	echo ./usr/share/doc/$1/copyright
	echo ./usr/share/lintian/overrides/$1
}
# the files in .deb $2 against those listed in $tmp/list, for package $1
check_files()
{
	{ cat "$tmp/list"; package_docs "$1"; } | sort >"$tmp/expected"
	dpkg-deb --fsys-tarfile "$2" | tar -t | grep -v '/$' | sort >"$tmp/files"
	diff -u "$tmp/expected" "$tmp/files"
}
{
	echo ./usr/bin/rtla
	echo ./usr/bin/osnoise
	echo ./usr/bin/timerlat
	echo ./usr/share/man/man1/osnoise.1.gz
	echo ./usr/share/man/man1/timerlat.1.gz
	echo ./usr/share/bash-completion/completions/rtla
	echo ./lib/systemd/system/rtla-timerlat-monitor.service
	echo ./etc/default/rtla-timerlat-monitor
	echo ./usr/share/rtla/prometheus/rtla.rules.yml
	for page in $pages; do
		echo "./usr/share/man/man1/$page.1.gz"
	done
} >"$tmp/list"
if check_files $pkg "$deb"; then
	ok "$pkg holds the binary, $(echo $pages | wc -w) man pages, the completion, copyright, changelog, lintian overrides"
else
	fail "$pkg's files differ from the expected (diff above)"
fi
printf '%s\n' ./usr/libexec/rtla/rtla-plot ./usr/share/man/man1/rtla-plot.1.gz >"$tmp/list"
if check_files $plotpkg "$plotdeb"; then
	ok "$plotpkg holds rtla-plot, its man page, copyright, changelog, lintian overrides"
else
	fail "$plotpkg's files differ from the expected (diff above)"
fi
pages="$pages rtla-plot"

# rtla plot apart: a machine without a display installs rtla-ng without
# cairo (and X11's libraries); rtla-ng-plot brings it
mark=$fails
dpkg-deb -f "$deb" Depends | grep -i cairo &&
	fail "$pkg depends on cairo (above)"
# and trace-cmd, which writes the .dat traces
[ "$(dpkg-deb -f "$deb" Suggests)" = "$plotpkg, trace-cmd" ] ||
	fail "$pkg does not suggest $plotpkg and trace-cmd: '$(dpkg-deb -f "$deb" Suggests)'"
plotdeps=$(dpkg-deb -f "$plotdeb" Depends)
echo "$plotdeps" | grep -q 'libcairo2' || fail "$plotpkg does not depend on libcairo2: $plotdeps"
echo "$plotdeps" | grep -q "$pkg (= $version)" || fail "$plotpkg does not depend on $pkg (= $version): $plotdeps"
[ "$fails" = "$mark" ] && ok "$pkg needs no cairo and suggests $plotpkg (and trace-cmd), which needs libcairo2 and $pkg (= $version)"
dpkg-deb -f "$deb" Package Conflicts Replaces Provides | tr '\n' ' ' |
	grep -q "Conflicts: rtla Replaces: rtla Provides: rtla" ||
	fail "$pkg does not conflict with, replace and provide rtla"

# debian/copyright: machine-readable, GPL-2 throughout, like LICENSE and
# every SPDX line of the sources
copyright=$tmp/x/usr/share/doc/$pkg/copyright
mark=$fails
head -1 "$copyright" | grep -q '^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' ||
	fail "debian/copyright is not in the DEP-5 format"
licenses=$(sed -n 's/^License: *//p' "$copyright" | sort -u)
[ "$licenses" = GPL-2 ] || fail "debian/copyright names licenses '$licenses', not GPL-2"
tr -s ' \n' <"$src/LICENSE" >"$tmp/license"
tr -s ' \n' </usr/share/common-licenses/GPL-2 >"$tmp/gpl2"
cmp -s "$tmp/license" "$tmp/gpl2" || fail "LICENSE is not the GPL version 2"
spdx=$(cd "$src" && grep -rhoI 'SPDX-License-Identifier: [^ */]*' src include tests mk man Makefile |
	sort -u | sed 's/.*: //' | tr '\n' ' ')
[ "$spdx" = "GPL-2.0 " ] || fail "the sources' SPDX licenses are '$spdx', not GPL-2.0 only"
[ "$fails" = "$mark" ] && ok "debian/copyright (DEP-5) says GPL-2, as LICENSE and the SPDX lines"

# Install, use and purge in an empty dpkg root
root=$tmp/root
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
: >"$root/var/lib/dpkg/status"
: >"$root/var/lib/dpkg/available"
(cd "$root" && find . | sort) >"$tmp/before"
dpkg_root()
{
	dpkg --root="$root" --log="$tmp/dpkg.log" --force-not-root \
		--force-depends --force-script-chrootless "$@"
}
for p in "$deb" "$plotdeb"; do
	rm -rf "$tmp/control"
	dpkg-deb -e "$p" "$tmp/control"
	scripts=$(cd "$tmp/control" && ls | grep -E '^(pre|post)(inst|rm)$' || true)
	[ -z "$scripts" ] || fail "$p has maintainer scripts ($scripts): test them in check-chroot.sh"
done
mark=$fails
if dpkg_root -i "$deb" >"$tmp/log" 2>&1; then
	out=$("$root/usr/bin/rtla" --version)
	[ "$out" = "rtla version $upstream" ] ||
		fail "the installed rtla --version prints '$out', not 'rtla version $upstream'"
	"$root/usr/bin/rtla" plot in.json -o out.svg >"$tmp/out" 2>&1 &&
		fail "rtla plot succeeds without $plotpkg"
	[ "$(wc -l <"$tmp/out")" = 1 ] && grep -q "install the $plotpkg package" "$tmp/out" ||
		fail "rtla plot without $plotpkg does not name it in one line: $(cat "$tmp/out")"
	[ "$fails" = "$mark" ] && ok "dpkg --root -i $pkg alone: rtla --version; rtla plot: $(cat "$tmp/out")"
else
	cat "$tmp/log"
	fail "dpkg --root -i $deb"
fi
mark=$fails
if dpkg_root -i "$plotdeb" >"$tmp/log" 2>&1; then
	# (--help exits 129, as rtla 7.2's tools)
	"$root/usr/bin/rtla" plot --help 2>&1 | grep -q '^ *usage: rtla plot ' ||
		fail "the installed rtla plot --help prints no usage"
	for page in $pages; do
		where=$(man -M "$root/usr/share/man" -w "$page" 2>&1)
		[ "$where" = "$root/usr/share/man/man1/$page.1.gz" ] ||
			fail "man -w $page: $where"
		lexgrog "$root/usr/share/man/man1/$page.1.gz" | grep -q ": \"$page - " ||
			fail "lexgrog does not read the NAME line of the installed $page.1.gz"
	done
	bash -c ". '$root/usr/share/bash-completion/completions/rtla' && complete -p rtla" \
		>/dev/null 2>&1 || fail "the installed completion does not register for rtla"
	[ "$fails" = "$mark" ] && ok "dpkg --root -i $plotpkg: rtla plot --help, man -w and lexgrog of every page, completion"
else
	cat "$tmp/log"
	fail "dpkg --root -i $plotdeb"
fi
dpkg_root --purge "$plotpkg" "$pkg" >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "dpkg --purge"; }
# what dpkg itself adds to its database on first use is not the package's
(cd "$root" && find . | sort) |
	grep -v -E '^\./var/lib/dpkg/(info/format|lock|lock-frontend|triggers|triggers/[A-Za-z]+|[a-z]+-old)$' \
	>"$tmp/after"
if diff -u "$tmp/before" "$tmp/after"; then
	ok "dpkg --purge leaves nothing behind"
else
	fail "dpkg --purge leaves files (diff above)"
fi

check_done check-deb
