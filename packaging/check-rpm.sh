#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# check-rpm.sh DIR VERSION: checks the RPMs that build-rpm.sh left in DIR.
#   - the spec's version is the Makefile's;
#   - rpmlint on the spec, the SRPM and the RPM, with
#     packaging/rpm/rpmlint.toml (Fedora's conventions, each filtered
#     message explained there): no error, no warning;
#   - rpm -qlp lists exactly what "make install prefix=/usr" installs (man
#     pages gzipped by rpm), with the license and README and rpm's own
#     build-id link;
#   - rtla plot is apart: rtla-ng needs no cairo and suggests rtla-ng-plot,
#     which holds rtla-plot and its page and needs cairo and rtla-ng;
#   - the BPF collector is in (the binary needs libbpf) and
#     "--without bpf" leaves it out of the build;
#   - Conflicts and Provides rtla, as the .deb;
#   - the monitor's unit and rules in it, its options file %config, no
#     scriptlet enabling or starting the unit, and erase stopping it;
#   - install into an empty rpm root (without scriptlets: the root has no
#     shell): rtla --version, rtla plot naming the missing rtla-ng-plot
#     in one line; with rtla-ng-plot, rtla plot --help; erase leaves
#     nothing.
set -eu

dir=$(realpath "$1")
version=$2
name=rtla-ng
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/check-lib.sh"

rpm=$(ls "$dir"/RPMS/*/"$name-$version"-*.rpm)
plotrpm=$(ls "$dir"/RPMS/*/"$name-plot-$version"-*.rpm)
srpm=$(ls "$dir"/SRPMS/"$name-$version"-*.src.rpm)
src=$dir/BUILD/rtla-$version
spec=$src/packaging/rpm/$name.spec

spec_version=$(rpmspec -q --srpm --qf '%{version}' "$spec" 2>/dev/null)
[ "$spec_version" = "$version" ] ||
	fail "$name.spec is at version $spec_version, the Makefile at $version"

# rpmlint: nothing left once the explained filters apply
rpmlint -c "$src/packaging/rpm/rpmlint.toml" "$spec" "$srpm" "$rpm" "$plotrpm" \
	>"$tmp/rpmlint" 2>&1 || true
summary=$(grep 'packages and .* specfiles checked' "$tmp/rpmlint" || true)
case $summary in
*" 0 errors, 0 warnings,"*)
	ok "rpmlint (spec, SRPM, RPMs):$(echo "$summary" | sed 's/; has taken.*//')" \
		"($(grep -c "^    'rtla-ng" "$src/packaging/rpm/rpmlint.toml") filters, explained)"
	;;
*)
	grep -E ': [EW]: ' "$tmp/rpmlint" || cat "$tmp/rpmlint"
	fail "rpmlint reports errors or warnings (above)"
	;;
esac

# The package's files are make install's, with the unit where the spec
# puts it (Fedora's /usr/lib/systemd/system, not Debian 12's /lib)
unitdir=$(rpmspec -P "$spec" 2>/dev/null | sed -n 's/.*systemdunitdir=\([^ ]*\).*/\1/p')
[ -n "$unitdir" ] || fail "$name.spec does not pass systemdunitdir to make install"
(cd "$src" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
	make -s install DESTDIR="$tmp/inst" prefix=/usr \
	systemdunitdir="${unitdir:-/usr/lib/systemd/system}") >"$tmp/log" 2>&1 ||
	{ cat "$tmp/log"; fail "make install in the RPM's build tree"; }
{
	(cd "$tmp/inst" && find . ! -type d) | sed -e 's|^\.||' \
		-e 's|^\(/usr/share/man/man[^/]*/.*\)$|\1.gz|'
	echo "/usr/share/doc/$name-$version/README.md"
	echo "/usr/share/licenses/$name-$version/LICENSE"
	echo "/usr/share/licenses/$name-plot-$version/LICENSE"
} | sort >"$tmp/expected"
# directories, and the build-id link that rpm adds to every binary
rpm -qp --qf '[%{FILEMODES:perms} %{FILENAMES}\n]' "$rpm" "$plotrpm" |
	grep -v '^d' | cut -d' ' -f2- | grep -v '^/usr/lib/\.build-id/' |
	sort >"$tmp/files"
if [ -s "$tmp/files" ] && diff -u "$tmp/expected" "$tmp/files"; then
	ok "rpm -qlp of both: what make install installs ($(wc -l <"$tmp/files") files, man pages gzipped), with LICENSE and README.md"
else
	fail "$name's files differ from make install's (diff above: - make install, + rpm)"
fi

# rtla plot apart: rtla-ng needs no cairo; rtla-ng-plot has rtla-plot
mark=$fails
rpm -qp --requires "$rpm" | grep -i cairo && fail "$name needs cairo (above)"
[ "$(rpm -qp --suggests "$rpm" | tr '\n' ' ')" = "$name-plot trace-cmd " ] ||
	fail "$name does not suggest $name-plot and trace-cmd: $(rpm -qp --suggests "$rpm" | tr '\n' ' ')"
rpm -qp --requires "$plotrpm" | grep -q '^libcairo\.so\.2()' ||
	fail "$name-plot does not need libcairo.so.2"
rpm -qp --requires "$plotrpm" | grep -q "^$name(.*) = $version-" ||
	fail "$name-plot does not require $name of its version"
[ "$(rpm -qlp "$plotrpm" | grep -v '^/usr/share/licenses/\|^/usr/lib/\.build-id')" = "/usr/libexec/rtla
/usr/libexec/rtla/rtla-plot
/usr/share/man/man1/rtla-plot.1.gz" ] || fail "$name-plot's files: $(rpm -qlp "$plotrpm")"
[ "$fails" = "$mark" ] && ok "$name needs no cairo and suggests $name-plot (and trace-cmd), which holds rtla-plot and its page and needs libcairo.so.2 and $name"

# The BPF collector: the binary calls libbpf; --without bpf builds
# without (as the Makefile's NO_BPF=1)
mark=$fails
rpm -qp --requires "$rpm" | grep -q '^libbpf\.so\.1()' ||
	fail "$name does not need libbpf: built without the BPF collector"
rpmspec -q --buildrequires "$spec" 2>/dev/null | grep -qx libbpf-devel ||
	fail "$name.spec does not build-require libbpf-devel"
rpmspec -q --buildrequires --without bpf "$spec" 2>/dev/null |
	grep -E -x 'libbpf-devel|clang|bpftool' && fail "--without bpf still build-requires the above"
rpmspec -P --without bpf "$spec" 2>/dev/null | grep -q ' all man .*NO_BPF=1' ||
	fail "--without bpf does not build with NO_BPF=1"
rpmspec -P "$spec" 2>/dev/null | grep -q ' all man .*NEED_BPF=1' ||
	fail "$name.spec does not build with NEED_BPF=1 (fail rather than leave it out)"
[ "$fails" = "$mark" ] && ok "the BPF collector: the binary needs libbpf.so.1; --without bpf builds with NO_BPF=1, without libbpf-devel, clang, bpftool"

{ rpm -qp --conflicts "$rpm" | grep -qx rtla &&
  rpm -qp --provides "$rpm" | grep -qx rtla; } ||
	{ rpm -qp --conflicts --provides "$rpm"; fail "$name does not conflict with and provide rtla"; }

# The monitor's unit: packaged, enabled by no scriptlet, stopped and
# disabled on erase
scripts=$(rpm -qp --scripts "$rpm")
mark=$fails
rpm -qpl "$rpm" | grep -qx "$unitdir/rtla-timerlat-monitor.service" ||
	fail "$name lacks $unitdir/rtla-timerlat-monitor.service"
rpm -qpc "$rpm" | grep -qx /etc/default/rtla-timerlat-monitor ||
	fail "/etc/default/rtla-timerlat-monitor is not a %config file"
echo "$scripts" | grep -E 'systemctl.* (enable|start|preset)|update-helper install' &&
	fail "a scriptlet enables or starts the unit (above)"
echo "$scripts" | grep -q 'disable --now rtla-timerlat-monitor.service\|remove-system-units rtla-timerlat-monitor.service\|systemctl.*rtla-timerlat-monitor' ||
	fail "preuninstall does not stop the unit"
[ "$fails" = "$mark" ] && ok "the monitor's unit and rules packaged, the options file %config, the unit enabled by no scriptlet and stopped on erase"

# Install, run and erase in an empty rpm root. The directories that rpm
# makes for the files stay: a distribution's filesystem package owns them.
root=$tmp/root
db="--dbpath /var/lib/rpm"
mkdir -p "$root"
rpm --root "$root" $db --initdb
mark=$fails
# --noscripts: the empty root has no shell for the unit's scriptlets
if rpm --root "$root" $db -i --nodeps --noscripts "$rpm" >"$tmp/log" 2>&1; then
	out=$("$root/usr/bin/rtla" --version)
	[ "$out" = "rtla version $version" ] ||
		fail "the installed rtla --version prints '$out', not 'rtla version $version'"
	out=$("$root/usr/bin/timerlat" --version)
	[ "$out" = "rtla version $version" ] ||
		fail "the installed timerlat --version prints '$out'"
	rpm --root "$root" $db -V --nodeps "$name" || fail "rpm -V $name (above)"
	"$root/usr/bin/rtla" plot in.json -o out.svg >"$tmp/out" 2>&1 &&
		fail "rtla plot succeeds without $name-plot"
	[ "$(wc -l <"$tmp/out")" = 1 ] && grep -q "install the $name-plot package" "$tmp/out" ||
		fail "rtla plot without $name-plot does not name it in one line: $(cat "$tmp/out")"
else
	cat "$tmp/log"
	fail "rpm --root -i $rpm"
fi
if rpm --root "$root" $db -i --nodeps --noscripts "$plotrpm" >"$tmp/log" 2>&1; then
	# (--help exits 129, as rtla 7.2's tools)
	"$root/usr/bin/rtla" plot --help 2>&1 | grep -q '^ *usage: rtla plot ' ||
		fail "the installed rtla plot --help prints no usage"
	rpm --root "$root" $db -V --nodeps "$name-plot" || fail "rpm -V $name-plot (above)"
else
	cat "$tmp/log"
	fail "rpm --root -i $plotrpm"
fi
rpm --root "$root" $db -e --noscripts "$name-plot" "$name" >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "rpm -e"; }
(cd "$root" && find . ! -type d) | grep -v '^\./var/lib/rpm/' >"$tmp/after" || true
if [ ! -s "$tmp/after" ]; then
	[ "$fails" = "$mark" ] && ok "rpm --root -i: rtla and timerlat --version, rpm -V, rtla plot: $(cat "$tmp/out");" \
		"with $name-plot: rtla plot --help, rpm -V; rpm -e leaves no file behind"
else
	cat "$tmp/after"
	fail "rpm -e leaves files (above)"
fi

check_done check-rpm
