#!/bin/sh
# Kernel checks of the osnoise/timerlat series, run inside the guest (busybox
# sh, two or more CPUs, tracefs at /sys/kernel/tracing).
#
# Prints TAP through /root/tap.sh (tests/lib/tap.sh): one "ok N - name" or
# "not ok N - name" line per check (the reason as a comment), "# SKIP" for
# a check this kernel or boot cannot run, "# CHECK TIME name s" after each
# check function, the plan last; and the ABI dumps between "=== BEGIN x" /
# "=== END x" lines for the host to compare with the 6.1 RT reference.
# Exits with the number of failures.
#
#   guest-checks.sh [--quick] [--rtla] [--nmi] [--only=check_a,check_b]
#   --quick  skip the slower stop/hotplug/cycle checks
#   --rtla   also run Debian's rtla 6.1 (/usr/bin/rtla) against the tracers
#   --nmi    the host injects NMIs on request (scripts/vm-run --nmi)
#   --only   run just the named check functions (after the ABI dump)

T=/sys/kernel/tracing
O=$T/osnoise
FAILS=0
QUICK=0
RTLA=0
NMI=0
ONLY=
for a; do
	case $a in
	--quick) QUICK=1 ;;
	--rtla) RTLA=1 ;;
	--nmi) NMI=1 ;;
	--only=*) ONLY=${a#--only=} ;;
	esac
done

. /root/tap.sh
pass() { tap_check "$1"; }
fail() { tap_check "$1" "${2:-failed}"; FAILS=$((FAILS + 1)); }
skip() { # name why
	tap_n=$((tap_n + 1))
	echo "ok $tap_n - $1 # SKIP $2"
}
check() { # name cond-command...
	name=$1
	shift
	if "$@"; then pass "$name"; else fail "$name" "$*"; fi
}

NCPUS=$(grep -c '^processor' /proc/cpuinfo)
LASTCPU=$((NCPUS - 1))

reset_tracing() {
	echo nop > $T/current_tracer
	echo 1 > $T/tracing_on
	echo 0 > $T/events/enable
	echo > $T/trace
	echo DEFAULTS > $O/options 2>/dev/null
	echo all > $O/cpus
	echo 1000000 > $O/period_us
	echo 1000000 > $O/runtime_us
	echo 0 > $O/stop_tracing_us
	echo 0 > $O/stop_tracing_total_us
	echo 1000 > $O/timerlat_period_us
	echo 0 > $O/print_stack
	echo 0 > $T/tracing_thresh
}

# Number of kernel threads named PREFIX/N.
count_threads() {
	n=0
	for c in /proc/[0-9]*/comm; do
		case $(cat $c 2>/dev/null) in
		$1/[0-9]*) n=$((n + 1)) ;;
		esac
	done
	echo $n
}

# Wait up to 5 s for COUNT threads named PREFIX/N.
wait_threads() {
	i=0
	while [ $i -lt 50 ]; do
		[ "$(count_threads $1)" = "$2" ] && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# --- ABI dumps ------------------------------------------------------------

dump_abi() {
	echo "=== BEGIN files"
	for f in cpus options period_us print_stack runtime_us \
		 stop_tracing_total_us stop_tracing_us timerlat_period_us; do
		echo "osnoise/$f mode=$(stat -c %a $O/$f) value=$(cat $O/$f)"
	done
	echo "tracing_thresh=$(cat $T/tracing_thresh)"
	echo "=== END files"
	echo "=== BEGIN formats"
	for e in ftrace/osnoise ftrace/timerlat osnoise/sample_threshold \
		 osnoise/nmi_noise osnoise/irq_noise osnoise/softirq_noise \
		 osnoise/thread_noise; do
		echo "== $e"
		cat $T/events/$e/format
	done
	echo "=== END formats"
	# Events that 6.1 does not have, compared with the 7.2 RT reference.
	echo "=== BEGIN formats-7.2"
	for e in osnoise/osnoise_sample osnoise/timerlat_sample; do
		echo "== $e"
		cat $T/events/$e/format
	done
	echo "=== END formats-7.2"
}

# The checks, one file per topic, copied to /root by run.sh.  A missing
# file is a failure, not a silent skip.
for f in files timerlat control event hotplug nmi rtla timerlat-user kthread; do
	if [ -r /root/$f-checks.sh ]; then
		. /root/$f-checks.sh
	else
		fail topic_$f "no /root/$f-checks.sh in the guest"
	fi
done

# Run check function $1 and print how long it took ("CHECK TIME name s").
timed() {
	type "$1" > /dev/null 2>&1 || { fail "$1" "no such check"; return; }
	t0=$(cut -d' ' -f1 /proc/uptime)
	"$1"
	echo "# CHECK TIME $1 $(awk -v t0=$t0 '{ printf "%.1f", $1 - t0 }' /proc/uptime)"
}

mountpoint -q $T || mount -t tracefs nodev $T
reset_tracing
dump_abi
if [ -n "$ONLY" ]; then
	# --only=check_a,check_b: just those (a fix tried against the kernel
	# without it, or the PREEMPT_RT + lockdep selection of kernel/ci.sh).
	CHECKS=$(echo "$ONLY" | tr , ' ')
else
	CHECKS="check_basics check_ftrace_system check_writes check_timerlat
		check_noise check_instances check_print_stack check_tracing_on
		check_timerlat_window check_options check_max_latency
		check_max_latency_stopped check_rmdir
		check_rcu_tasks check_stop_noise check_timerlat_idle
		check_sample_events check_timerlat_user check_kthread_cgroup
		check_kthread_affinity check_nmi_noise check_large_thresholds
		check_stop_stack check_hist_buckets
		check_option_controls check_trace_headers"
	if [ $QUICK = 0 ]; then
		CHECKS="$CHECKS check_thresholds check_hotplug_run check_stop check_cycles"
	else
		skip "thresholds, hotplug_run, stop, cycles" --quick
	fi
	if [ $RTLA = 1 ]; then
		CHECKS="$CHECKS check_rtla"
	else
		skip rtla "no --rtla"
	fi
fi
for c in $CHECKS; do
	timed $c
done
reset_tracing
echo "# CHECKS DONE failures=$FAILS"
tap_done
exit $FAILS
