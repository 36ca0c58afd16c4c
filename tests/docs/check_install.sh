#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make install into a DESTDIR lists exactly the expected files, with the
# expected modes, for the default prefix and for prefix=/usr; make
# uninstall removes them all; building the binary needs no man tool.
#
# Run from the top of the tree: tests/docs/check_install.sh
# every check is reported (TAP), the status says whether one failed
set -u

make=${MAKE:-make}
pages="rtla rtla-osnoise rtla-osnoise-top rtla-osnoise-hist rtla-timerlat
rtla-timerlat-top rtla-timerlat-hist rtla-timerlat-monitor rtla-hwnoise rtla-report rtla-compare
rtla-plot"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. tests/lib/tap.sh

# same_version BINDIR CMD ARGS...: prints what "rtla --version" prints
same_version()
{
	dir=$1
	shift
	want=$("$dir/rtla" --version)
	got=$("$dir/$@" 2>&1)
	tap_check "$* prints rtla's version" \
		"$([ "$got" = "$want" ] || echo "'$got', not '$want'")"
}

# expected PREFIX: the files "make install" must create, sorted
expected()
{
	{
		echo "755 $1/bin/rtla"
		echo "755 $1/libexec/rtla/rtla-plot"
		echo "777 $1/bin/osnoise"
		echo "777 $1/bin/timerlat"
		echo "777 $1/share/man/man1/osnoise.1"
		echo "777 $1/share/man/man1/timerlat.1"
		for page in $pages; do
			echo "644 $1/share/man/man1/$page.1"
		done
		echo "644 $1/share/bash-completion/completions/rtla"
		# the monitor's unit, its options and the Prometheus rules
		if [ "$1" = /usr ]; then
			echo "644 $(pkg-config --variable=systemdsystemunitdir systemd 2>/dev/null ||
				echo /lib/systemd/system)/rtla-timerlat-monitor.service"
			echo "644 /etc/default/rtla-timerlat-monitor"
		else
			echo "644 $1/lib/systemd/system/rtla-timerlat-monitor.service"
			echo "644 $1/etc/default/rtla-timerlat-monitor"
		fi
		echo "644 $1/share/rtla/prometheus/rtla.rules.yml"
	} | sort -k2
}

# installed DIR: the files under DIR, with their modes, sorted
installed()
{
	(cd "$1" && find . ! -type d -exec stat -c '%a %n' {} +) |
		sed 's| \./| /|' | sort -k2
}

for prefix in /usr/local /usr; do
	root=$tmp/root$(echo "$prefix" | tr / _)
	if [ "$prefix" = /usr/local ]; then
		set -- DESTDIR="$root"		# the default prefix
	else
		set -- DESTDIR="$root" prefix="$prefix"
	fi
	if ! $make --no-print-directory -s install "$@" >"$tmp/log" 2>&1; then
		tap_check "make install $*" "$(cat "$tmp/log")"
		continue
	fi
	expected "$prefix" >"$tmp/expected"
	installed "$root" >"$tmp/installed"
	tap_check "make install $* installs exactly the expected files" \
		"$(diff -u "$tmp/expected" "$tmp/installed")"
	tap_check "$prefix: the installed completion is completion/rtla" \
		"$(cmp completion/rtla "$root$prefix/share/bash-completion/completions/rtla" 2>&1)"
	unit=$(find "$root" -name rtla-timerlat-monitor.service)
	tap_check "$prefix: the installed unit runs $prefix/bin/rtla" \
		"$([ -n "$unit" ] &&
		   grep -qx "ExecStart=$prefix/bin/rtla timerlat monitor \$RTLA_MONITOR_OPTS" "$unit" ||
		   echo "no ExecStart=$prefix/bin/rtla timerlat monitor in '$unit'")"
	tap_check "$prefix: the installed rtla runs" \
		"$("$root$prefix/bin/rtla" --version 2>&1 >/dev/null || echo failed)"
	tap_check "$prefix: the installed rtla plot finds rtla-plot" \
		"$("$root$prefix/bin/rtla" plot --help >/dev/null 2>&1; rc=$?
		   [ $rc = 129 ] || echo "failed: status $rc")"
	# the links take --version as rtla does
	for cmd in "osnoise --version" "timerlat --version" "timerlat -V" \
		   "rtla timerlat --version"; do
		same_version "$root$prefix/bin" $cmd
	done
	bad=
	for page in $pages; do
		man -l "$root$prefix/share/man/man1/$page.1" >/dev/null 2>&1 ||
			bad="$bad $page.1"
	done
	tap_check "$prefix: every installed man page renders" \
		"$([ -z "$bad" ] || echo "these do not:$bad")"

	$make --no-print-directory -s uninstall "$@" >"$tmp/log" 2>&1 ||
		tap_check "make uninstall $*" "$(cat "$tmp/log")"
	tap_check "make uninstall $* removes every file" \
		"$(left=$(installed "$root"); [ -z "$left" ] || echo "it leaves: $left")"
done

# The binary builds without a man tool: "all" never runs it.
tap_check "make all does not need the man tool" \
	"$($make --no-print-directory -n -B all RST2MAN=/nonexistent/rst2man 2>&1 |
	   grep rst2man | head -n 3)"
tap_done
