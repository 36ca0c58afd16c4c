#!/bin/bash
# CI entry point of kernel/: build the patched 5.10 kernel, boot it for
# the kernel checks and the end-to-end suite, then the same on the
# PREEMPT_RT kernel with lockdep (build.sh --rt --debug).  Any WARNING,
# BUG or lockdep report on a console fails its stage.  Exits non-zero on
# the first failing stage; prints the time of each stage at the end.
#
#   kernel/ci.sh [--no-e2e] [--no-rt-debug] [--no-rt-e2e] [--series]
#
# --no-rt-e2e leaves out the end-to-end suite (our rtla) on the
# PREEMPT_RT + lockdep kernel.  --series also builds the tree after each
# patch (scripts/check-series.sh).
set -uo pipefail

kdir=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$kdir/.." && pwd)
e2e=1 rtdebug=1 rte2e=1 series=0
for arg; do
	case $arg in
	--no-e2e) e2e=0 ;;
	--no-rt-debug|--no-debug) rtdebug=0 ;;
	--no-rt-e2e) rte2e=0 ;;
	--series) series=1 ;;
	*) echo "ci.sh: unknown option $arg" >&2; exit 2 ;;
	esac
done

times=() t0=$SECONDS name=
stage() {
	[ -z "$name" ] || times+=("$(printf '%5d s  %s' $((SECONDS - t0)) "$name")")
	name=$1 t0=$SECONDS
	printf '\n### kernel/ci.sh: %s (%s)\n' "$1" "$(date -u +%T)"
}
finish() {
	stage "${1:-done}"
	printf '%s\n' "${times[@]}"
}
run() { "$@" || { finish "FAILED"; exit 1; }; }

if [ $series = 1 ]; then
	stage "each patch builds"
	run "$kdir/scripts/check-series.sh"
fi

stage "build"
bz=$("$kdir/build.sh") || { finish FAILED; exit 1; }

stage "kernel checks"
run "$kdir/tests/run.sh" --kernel "$bz"

if [ $e2e = 1 ] && [ -x "$top/tests/e2e/run" ]; then
	stage "end-to-end suite on 5.10"
	run "$top/tests/e2e/run" --kernel "$bz"
fi

if [ $rtdebug = 1 ]; then
	stage "PREEMPT_RT + lockdep build"
	bzr=$("$kdir/build.sh" --rt --debug) || { finish FAILED; exit 1; }
	stage "kernel checks, PREEMPT_RT + lockdep"
	run "$kdir/tests/run.sh" --kernel "$bzr" --no-rtla
	if [ $rte2e = 1 ] && [ -x "$top/tests/e2e/run" ]; then
		# Our rtla only: the kernel paths (tracer start/stop, instances,
		# hotplug of the threads) are the same for both binaries, and
		# Debian's 6.1 already ran on the plain kernel; this halves the
		# slowest stage under lockdep.
		stage "end-to-end suite on 5.10-rt + lockdep (our rtla)"
		run "$top/tests/e2e/run" --kernel "$bzr" --rtla-only ours
	fi
fi
finish
