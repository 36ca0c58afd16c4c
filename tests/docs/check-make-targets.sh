#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Every make target the docs name is one: "make TARGET..." in a code span
# or a code block of README.md, ARCHITECTURE.md and docs/*.md (words with
# "=" are variables, words starting with "-" options).
#
# Run from the top of the tree: tests/docs/check-make-targets.sh [DOC...]
# TAP.
set -u

. tests/lib/tap.sh

# code DOC: the code spans (a span may wrap) and code block lines of DOC
code()
{
	tr '\n' ' ' <"$1" | sed 's/```[a-z]*/ /g' | grep -o '`[^`]*`' | tr -d '`'
	awk '/^```/ { fenced = !fenced; next } fenced || /^(    |\t)/' "$1"
}

# named DOC: the targets DOC's make command lines name
named()
{
	code "$1" | grep -oE '(^|[^A-Za-z0-9_$(.-])make( +[A-Za-z0-9_.=/-]+)*' |
		tr ' ' '\n' | grep -vE '(^|[^A-Za-z0-9_])make$|=|^-|^$' | sort -u
}

# every target of the Makefile, from make's database
targets=$(${MAKE:-make} -prq -f Makefile .rtla-no-such-goal 2>/dev/null |
	awk -F: '/^# Not a target/ { skip = 1; next }
		/^[A-Za-z0-9][A-Za-z0-9._-]*:/ && !/^[^:]*:=/ && !skip { print $1 }
		{ skip = 0 }' | sort -u)
tap_check "the Makefile's targets read" \
	"$(echo "$targets" | grep -qx check || echo "no 'check' among: $targets")"

[ $# -gt 0 ] || set -- README.md ARCHITECTURE.md docs/*.md
for doc in "$@"; do
	for target in $(named "$doc"); do
		tap_check "$doc: make $target" \
			"$(echo "$targets" | grep -qxF "$target" ||
				echo "$doc names 'make $target', which the Makefile has not")"
	done
done
tap_done
