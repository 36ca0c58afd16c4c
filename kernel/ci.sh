#!/bin/bash
# CI entry point of kernel/: build the patched 5.10 kernel, the PREEMPT_RT
# kernel with lockdep (build.sh --rt --debug) and the arm64 kernel
# (build.sh --arch arm64, for qemu's virt board); then boot them in two
# lanes, a guest each: the end-to-end suite on the first; the kernel
# checks on it, those of what only PREEMPT_RT or lockdep brings
# (RT_CHECKS below), then KUnit and the checks of the paths that differ
# on arm64 (ARM64_CHECKS below) in the other; last, compile kernel/trace/
# in the configurations that are not booted (scripts/compile-matrix.sh).
# Any WARNING, BUG or lockdep report on a console fails its stage.  Exits
# non-zero on the first failing stage; prints the time of each stage.
#
#   kernel/ci.sh [--no-e2e] [--no-rt-debug] [--no-matrix] [--rt-full]
#                [--rt-e2e] [--series] [--no-arm64] [--arm64-full]
#
# By hand: --rt-full runs every kernel check (and the PANIC_ON_STOP
# boots) on the RT + lockdep kernel, --rt-e2e the end-to-end suite (our
# rtla) on it; --series also builds the tree after each patch
# (scripts/check-series.sh, and with --rt on PREEMPT_RT); --arm64-full
# every kernel check (and the PANIC_ON_STOP boots) on arm64.
set -uo pipefail

# The kernel checks on PREEMPT_RT + lockdep: the paths whose locking,
# context or scheduling differ there; the rest (option parsing, ABI texts,
# sample arithmetic, tracing_on) ran on the plain kernel already.  Tracer
# start/stop and instances (locks taken from tracefs writes), softirqs as
# threads, print_stack from timerlat's hard-IRQ timer, tasks-RCU (function
# tracer), the stop thresholds, the RT trace headers, NMIs under lockdep,
# timerlat_fd (open, read, migration in read() and in user space, the
# flips, close, kill on stop and in a loop, a cpus/options rewrite, a
# reader's CPU going offline, a signal in read, the user-ret noise
# window), the threads' cgroup moves and affinity, hotplug while running.
# The ABI dumps against the RT references always run.
RT_CHECKS=check_basics,check_noise,check_instances,check_rmdir
RT_CHECKS+=,check_print_stack,check_rcu_tasks,check_stop,check_stop_stack
RT_CHECKS+=,check_trace_headers
RT_CHECKS+=,check_nmi_noise,check_abi_72,check_tfd_open,check_tfd_samples
RT_CHECKS+=,check_tfd_migrate,check_tfd_strand,check_tfd_away,check_tfd_flip
RT_CHECKS+=,check_tfd_close,check_tfd_rewrite_ends,check_tfd_stop_kills
RT_CHECKS+=,check_tfd_kill_loop,check_tfd_hotplug,check_kthread_cgroup
RT_CHECKS+=,check_kthread_affinity
RT_CHECKS+=,check_hotplug_run,check_tfd_signal,check_tfd_uret_window
# Their PASS lines at least (a selected check that no longer runs): 105
# on 2026-12-08 (v5), less a margin.
RT_MIN_PASS=95

# The kernel checks on arm64 (and KUnit, which always runs): what goes
# through arm64's own code.  The timer IRQ as irq noise (the arch timer, a
# per-CPU interrupt of the IRQ core), timerlat from the arch
# timer's hrtimer, the stack of the stopping IRQ (arm64's unwinder), the
# samples and user threads with Debian's arm64 rtla 7.2 and its BPF
# collector (arm64's JIT), CPU hotplug through PSCI.
ARM64_CHECKS=check_basics,check_noise,check_timerlat,check_print_stack
ARM64_CHECKS+=,check_stop_stack,check_sample_events,check_timerlat_user
ARM64_CHECKS+=,check_hotplug_run
# Their PASS lines at least: 102 on 2026-12-08, less a margin.
ARM64_MIN_PASS=95

kdir=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$kdir/.." && pwd)
e2e=1 rtdebug=1 rte2e=0 rtfull=0 matrix=1 series=0 arm64=1 arm64full=0
for arg; do
	case $arg in
	--no-e2e) e2e=0 ;;
	--no-rt-debug|--no-debug) rtdebug=0 ;;
	--no-matrix) matrix=0 ;;
	--rt-e2e) rte2e=1 ;;
	--no-rt-e2e) rte2e=0 ;;
	--rt-full) rtfull=1 ;;
	--series) series=1 ;;
	--no-arm64) arm64=0 ;;
	--arm64-full) arm64full=1 ;;
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
	if [ $rtdebug = 1 ]; then
		stage "each patch builds, PREEMPT_RT"
		run "$kdir/scripts/check-series.sh" --rt
	fi
fi

# The kernels first (each build takes both cores), then their guests in
# two lanes, a guest each: a TCG guest runs on one host thread.
stage "build"
bz=$("$kdir/build.sh") || { finish FAILED; exit 1; }
if [ $rtdebug = 1 ]; then
	stage "PREEMPT_RT + lockdep build"
	bzr=$("$kdir/build.sh" --rt --debug) || { finish FAILED; exit 1; }
fi
if [ $arm64 = 1 ]; then
	stage "arm64 build"
	img=$("$kdir/build.sh" --arch arm64) || { finish FAILED; exit 1; }
fi

# The suite's guest alone (457 s in the rehearsal of 2026-12-08) about
# matches the three checks' guests (245 + 248 + 101 s).
lane_e2e() {
	if [ $e2e = 1 ] && [ -x "$top/tests/e2e/run" ]; then
		stage "end-to-end suite on 5.10"
		run "$top/tests/e2e/run" --kernel "$bz"
	fi
	finish "lane done"
}

lane_checks() {
	stage "kernel checks"
	run "$kdir/tests/run.sh" --kernel "$bz"
	if [ $rtdebug = 1 ] && [ $rtfull = 1 ]; then
		stage "kernel checks, PREEMPT_RT + lockdep (all)"
		run "$kdir/tests/run.sh" --kernel "$bzr" --no-rtla
	elif [ $rtdebug = 1 ]; then
		stage "kernel checks, PREEMPT_RT + lockdep (RT_CHECKS)"
		run "$kdir/tests/run.sh" --kernel "$bzr" --no-rtla \
			--only "$RT_CHECKS" --min-pass $RT_MIN_PASS
	fi
	if [ $rtdebug = 1 ] && [ $rte2e = 1 ] && [ -x "$top/tests/e2e/run" ]; then
		# By hand (--rt-e2e): our rtla only, the kernel paths are the
		# same for both binaries.
		stage "end-to-end suite on 5.10-rt + lockdep (our rtla)"
		run "$top/tests/e2e/run" --kernel "$bzr" --rtla-only ours
	fi
	if [ $arm64 = 1 ] && [ $arm64full = 1 ]; then
		stage "kernel checks, arm64 (all)"
		run "$kdir/tests/run.sh" --arch arm64 --kernel "$img"
	elif [ $arm64 = 1 ]; then
		stage "kernel checks, arm64 (ARM64_CHECKS)"
		run "$kdir/tests/run.sh" --arch arm64 --kernel "$img" \
			--only "$ARM64_CHECKS" --min-pass $ARM64_MIN_PASS
	fi
	finish "lane done"
}

stage "the guests, in two lanes"
logs=$(mktemp -d)
(times=() name=; lane_checks) >"$logs/checks" 2>&1 &
lc=$!
(times=() name=; lane_e2e) >"$logs/e2e" 2>&1 &
le=$!
wait $lc
rc=$?
wait $le
re=$?
cat "$logs/checks" "$logs/e2e"
rm -rf "$logs"
[ $rc = 0 ] && [ $re = 0 ] || { finish FAILED; exit 1; }

if [ $matrix = 1 ]; then
	stage "compile matrix (kernel/trace/ objects)"
	run "$kdir/scripts/compile-matrix.sh"
fi
finish
