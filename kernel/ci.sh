#!/bin/bash
# CI entry point of kernel/: build the patched 5.10 kernel, boot it for
# the kernel checks and the end-to-end suite, then the same checks on the
# debug (lockdep) build.  Exits non-zero on the first failing stage.
#
#   kernel/ci.sh [--no-e2e] [--no-debug] [--series]
#
# --series also builds the tree after each patch (scripts/check-series.sh,
# about 5 more minutes).
set -uo pipefail

kdir=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$kdir/.." && pwd)
e2e=1 debug=1 series=0
for arg; do
	case $arg in
	--no-e2e) e2e=0 ;;
	--no-debug) debug=0 ;;
	--series) series=1 ;;
	*) echo "ci.sh: unknown option $arg" >&2; exit 2 ;;
	esac
done

stage() { printf '\n### kernel/ci.sh: %s (%s)\n' "$1" "$(date -u +%T)"; }

if [ $series = 1 ]; then
	stage "each patch builds"
	"$kdir/scripts/check-series.sh" || exit 1
fi

stage "build"
bz=$("$kdir/build.sh") || exit 1

stage "kernel checks"
"$kdir/tests/run.sh" --kernel "$bz" || exit 1

if [ $e2e = 1 ] && [ -x "$top/tests/e2e/run" ]; then
	stage "end-to-end suite on 5.10"
	"$top/tests/e2e/run" --kernel "$bz" || exit 1
fi

if [ $debug = 1 ]; then
	stage "debug build"
	bzd=$("$kdir/build.sh" --debug) || exit 1
	stage "kernel checks, debug kernel"
	"$kdir/tests/run.sh" --kernel "$bzd" --no-rtla || exit 1
fi
stage "done"
