#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Every file and directory ARCHITECTURE.md names exists: a code span (in
# backticks) with a slash in it, not starting with one, is a path from
# the top of the tree (`src/collect/`, `tests/lib/tap.sh`); the document
# writes other slashed names (tracefs files, URLs) otherwise.
#
# Run from the top of the tree: tests/docs/check-architecture.sh [DOC...]
# TAP; skipped outside a git checkout (the release tarball leaves kernel/
# and the VM harness out).
set -u

. tests/lib/tap.sh

# spans DOC: every code span of DOC, one a line (a span may wrap)
spans()
{
	tr '\n' ' ' <"$1" | grep -o '`[^`]*`' | tr -d '`'
}

# paths DOC: the spans that name a path of the tree
paths()
{
	spans "$1" | grep -E '^[A-Za-z0-9_.][A-Za-z0-9_./-]*/[A-Za-z0-9_./-]*$' |
		sort -u
}

if [ "$(git rev-parse --show-toplevel 2>/dev/null)" != "$(pwd -P)" ]; then
	echo "1..0 # SKIP not the top of a git checkout"
	exit 0
fi
for doc in "${@:-ARCHITECTURE.md}"; do
	named=$(paths "$doc")
	tap_check "$doc names paths" "$([ -n "$named" ] || echo "no path found in $doc")"
	for path in $named; do
		tap_check "$doc: $path exists" \
			"$([ -e "$path" ] || echo "$doc names $path, which is not in the tree")"
	done
done
tap_done
