#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# tests/cli/check.sh RTLA DATA: the command line's outputs and exit
# statuses (tests/cli/corpus.sh) against tests/cli/corpus.txt.  TAP.
# After a change meant to move them:
#	tests/cli/corpus.sh RTLA DATA >tests/cli/corpus.txt
set -u
here=$(dirname "$0")
. "$here/../lib/tap.sh"
out=$(mktemp /tmp/rtla-corpus-out.XXXXXX)
trap 'rm -f "$out"' EXIT
sh "$here/corpus.sh" "$1" "$2" >"$out"
tap_check "$(grep -c '^\$ ' "$out") command lines: help, usage errors, reports; outputs and statuses unchanged" \
	"$(diff -u "$here/corpus.txt" "$out")"
tap_done
