#!/bin/sh
# Kernel checks of the osnoise/timerlat series, run inside the guest (busybox
# sh, two or more CPUs, tracefs at /sys/kernel/tracing).
#
# Prints one "CHECK PASS name" or "CHECK FAIL name: why" line per check,
# and the ABI dumps between "=== BEGIN x" / "=== END x" lines for the host
# to compare with the 6.1 RT reference.  Exits with the number of failures.
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

pass() { echo "CHECK PASS $1"; }
fail() { echo "CHECK FAIL $1: $2"; FAILS=$((FAILS + 1)); }
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

# --- tracers and files ----------------------------------------------------

check_basics() {
	check available_tracers grep -qw osnoise $T/available_tracers
	check available_tracers_timerlat grep -qw timerlat $T/available_tracers
	check cpus_default [ "$(cat $O/cpus)" = "0-$LASTCPU" ]
}

# As on 6.1: the ftrace system (the tracers' own entries) has no enable or
# filter file, at the top and in instances; other systems keep theirs.
check_ftrace_system() {
	local d

	mkdir $T/instances/ftrace-sys
	for d in $T $T/instances/ftrace-sys; do
		check ftrace_system_no_enable [ ! -e $d/events/ftrace/enable ]
		check ftrace_system_no_filter [ ! -e $d/events/ftrace/filter ]
		check event_system_enable [ -e $d/events/osnoise/enable ]
		check event_system_filter [ -e $d/events/osnoise/filter ]
	done
	rmdir $T/instances/ftrace-sys
}

# Write VALUE to FILE: it must fail with EINVAL (or the error whose message
# is ERROR) and leave the file as it was.
expect_einval() { # VALUE FILE [ERROR]
	before=$(cat $2)
	if err=$( (echo "$1" > $2) 2>&1); then
		fail "invalid_write $2=$1" "accepted"
		return
	fi
	case $err in
	*"${3:-Invalid argument}"*) ;;
	*) fail "invalid_write $2=$1" "not ${3:-EINVAL}: $err"; return ;;
	esac
	if [ "$(cat $2)" != "$before" ]; then
		fail "invalid_write $2=$1" "value changed"
		return
	fi
	pass "invalid_write $(basename $2)=$1"
}

# Write VALUE to FILE: it must succeed and read back as EXPECTED.
expect_ok() {
	if ! (echo "$1" > $2) 2>/dev/null; then
		fail "valid_write $2=$1" "rejected"
		return
	fi
	check "valid_write $(basename $2)=$1" [ "$(cat $2)" = "${3:-$1}" ]
}

check_writes() {
	reset_tracing
	expect_einval 99 $O/timerlat_period_us
	expect_einval 1000001 $O/timerlat_period_us
	expect_einval abc $O/timerlat_period_us
	expect_ok 100 $O/timerlat_period_us
	expect_ok 1000000 $O/timerlat_period_us
	echo 1000 > $O/timerlat_period_us
	expect_einval -1 $O/period_us
	expect_einval 12abc $O/stop_tracing_us
	expect_einval 1000001 $O/runtime_us
	expect_ok 500000 $O/runtime_us
	expect_einval 400000 $O/period_us
	expect_ok 2000000 $O/period_us
	expect_ok 1000000 $O/period_us
	expect_ok 1000000 $O/runtime_us
	expect_einval abc $O/cpus
	# A CPU beyond nr_cpu_ids: ERANGE, as on 6.1 (cpulist parsing).
	expect_einval 0-999 $O/cpus "Numerical result out of range"
	expect_ok 0 $O/cpus
	expect_ok all $O/cpus "0-$LASTCPU"
	expect_einval FOO $O/options
	expect_einval NO_DEFAULTS $O/options
	expect_ok PANIC_ON_STOP $O/options \
		"NO_DEFAULTS OSNOISE_WORKLOAD PANIC_ON_STOP NO_OSNOISE_PREEMPT_DISABLE NO_OSNOISE_IRQ_DISABLE NO_TIMERLAT_ALIGN "
	expect_ok NO_PANIC_ON_STOP $O/options \
		"DEFAULTS OSNOISE_WORKLOAD NO_PANIC_ON_STOP NO_OSNOISE_PREEMPT_DISABLE NO_OSNOISE_IRQ_DISABLE NO_TIMERLAT_ALIGN "
	expect_ok NO_OSNOISE_WORKLOAD $O/options \
		"NO_DEFAULTS NO_OSNOISE_WORKLOAD NO_PANIC_ON_STOP NO_OSNOISE_PREEMPT_DISABLE NO_OSNOISE_IRQ_DISABLE NO_TIMERLAT_ALIGN "
	expect_ok DEFAULTS $O/options \
		"DEFAULTS OSNOISE_WORKLOAD NO_PANIC_ON_STOP NO_OSNOISE_PREEMPT_DISABLE NO_OSNOISE_IRQ_DISABLE NO_TIMERLAT_ALIGN "
	expect_ok 7 $T/tracing_thresh
	echo 0 > $T/tracing_thresh
}

# --- timerlat samples -------------------------------------------------------

# Check the timerlat lines of FILE: per CPU, IRQ seqnums go up by one, each
# thread sample follows the IRQ sample with its seqnum, and the thread
# latency is at least the IRQ latency.
check_timerlat_samples() {
	awk '
	/ context +(irq|thread) timer_latency / {
		if (!match($0, /\[[0-9]+\]/))
			next
		cpu = substr($0, RSTART + 1, RLENGTH - 2) + 0
		for (i = 1; i <= NF; i++) {
			if ($i ~ /^#[0-9]+$/)
				seq = substr($i, 2) + 0
			if ($i == "context")
				ctx = $(i + 1)
			if ($i == "timer_latency")
				lat = $(i + 1) + 0
		}
		if (ctx == "irq") {
			if ((cpu in lastirq) && seq != lastirq[cpu] + 1) {
				printf "cpu %d: irq seq %d after %d\n", cpu, seq, lastirq[cpu]
				bad++
			}
			lastirq[cpu] = seq
			irqlat[cpu] = lat
			nirq++
		} else {
			if (!(cpu in lastirq))
				next
			if (seq != lastirq[cpu]) {
				printf "cpu %d: thread seq %d, irq seq %d\n", cpu, seq, lastirq[cpu]
				bad++
			} else if (lat < irqlat[cpu]) {
				printf "cpu %d seq %d: thread %d < irq %d\n", cpu, seq, lat, irqlat[cpu]
				bad++
			}
			nthread++
		}
	}
	END {
		printf "timerlat: %d irq, %d thread samples, %d errors\n", nirq, nthread, bad
		exit (bad || nirq < 100 || nthread < 100)
	}' "$1"
}

check_timerlat() {
	reset_tracing
	echo 2048 > $T/buffer_size_kb
	echo timerlat > $T/current_tracer
	check timerlat_threads wait_threads timerlat $NCPUS
	pid=$(for p in /proc/[0-9]*; do
		[ "$(cat $p/comm 2>/dev/null)" = timerlat/0 ] && echo ${p#/proc/}; done)
	# Field 41 of stat is the policy (1 = SCHED_FIFO), 18 the priority
	# as -1 - rt_priority.
	set -- $(cat /proc/$pid/stat 2>/dev/null | sed 's/^.*) //')
	check timerlat_fifo95 [ "$(eval echo \${39})" = 1 -a "$(eval echo \${16})" = -96 ]
	sleep 2
	echo 0 > $T/tracing_on
	cat $T/trace > /tmp/timerlat.txt
	echo nop > $T/current_tracer
	check timerlat_header grep -q "ACTIVATION" /tmp/timerlat.txt
	if check_timerlat_samples /tmp/timerlat.txt; then
		pass timerlat_seqnum
	else
		fail timerlat_seqnum "see above"
		grep context /tmp/timerlat.txt | head -20
	fi
	check timerlat_threads_gone wait_threads timerlat 0
	echo 1408 > $T/buffer_size_kb
}

# timerlat reports thread and softirq noise only from its timer IRQ to its
# thread: per CPU, each such event comes after an irq sample and before
# the thread sample of the same activation.
check_timerlat_window() {
	reset_tracing
	echo 2048 > $T/buffer_size_kb
	echo 1 > $T/events/osnoise/softirq_noise/enable
	echo 1 > $T/events/osnoise/thread_noise/enable
	echo timerlat > $T/current_tracer
	sleep 2
	echo 0 > $T/tracing_on
	cat $T/trace > /tmp/tlwin.txt
	echo nop > $T/current_tracer
	if awk '
	!match($0, /\[[0-9]+\]/) { next }
	{ cpu = substr($0, RSTART + 1, RLENGTH - 2) + 0 }
	/ context +irq / { open[cpu] = 1; seen[cpu] = 1; next }
	/ context +thread / { open[cpu] = 0; next }
	/ (softirq|thread)_noise: / {
		if (!(cpu in seen))
			next
		n++
		if (!open[cpu]) {
			if (bad < 5)
				print "outside the window: " $0
			bad++
		}
	}
	END { printf "timerlat window: %d noise events, %d outside\n", n, bad
	      exit bad > 0 }' /tmp/tlwin.txt; then
		pass timerlat_noise_window
	else
		fail timerlat_noise_window "see above"
	fi
	echo 1408 > $T/buffer_size_kb
	reset_tracing
}

# --- stop conditions ------------------------------------------------------

# Run TRACER with FILE=VALUE and expect tracing_on to drop within 10 s.
expect_stop() {
	reset_tracing
	echo $3 > $O/$2
	echo $1 > $T/current_tracer
	i=0
	while [ $i -lt 100 ] && [ "$(cat $T/tracing_on)" = 1 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	check "stop_$1_$2" [ "$(cat $T/tracing_on)" = 0 ]
	grep -q "stop tracing hit" $T/trace || fail "stop_$1_$2_note" "no note in trace"
	echo nop > $T/current_tracer
	echo 1 > $T/tracing_on
}

check_stop() {
	expect_stop timerlat stop_tracing_us 1
	expect_stop timerlat stop_tracing_total_us 1
	echo 10000 > $O/runtime_us
	expect_stop osnoise stop_tracing_us 1
	expect_stop osnoise stop_tracing_total_us 1
	reset_tracing
}

# --- noise attribution ------------------------------------------------------

check_noise() {
	reset_tracing
	echo 2048 > $T/buffer_size_kb
	echo $LASTCPU > $O/cpus
	echo 100000 > $O/runtime_us
	echo 200000 > $O/period_us
	echo 1 > $T/events/osnoise/enable
	taskset -c $LASTCPU sh -c 'while :; do :; done' &
	busy=$!
	echo osnoise > $T/current_tracer
	sleep 3
	echo 0 > $T/tracing_on
	kill $busy
	cat $T/trace > /tmp/osnoise.txt
	echo nop > $T/current_tracer
	echo 0 > $T/events/osnoise/enable
	check osnoise_header grep -q "% OF CPU" /tmp/osnoise.txt
	check thread_noise_busy_loop grep -q "thread_noise: *sh:$busy " /tmp/osnoise.txt
	check irq_noise_local_timer grep -q "irq_noise: local_timer:236 " /tmp/osnoise.txt
	check sample_threshold grep -q "sample_threshold: start" /tmp/osnoise.txt
	# The summary lines: the busy loop shows in the THREAD counter, and
	# takes a large share of the CPU.
	if awk '$NF ~ /^[0-9]+$/ && NF >= 13 && $(NF-6) ~ /^[0-9]+\.[0-9]+$/ {
			n++; if ($NF > 0) t++; if ($(NF-6) + 0 < 90) busy++ }
		END { printf "osnoise: %d samples, %d with thread noise, %d below 90%%\n", n, t, busy
		      exit !(n > 0 && t > 0 && busy > 0) }' /tmp/osnoise.txt; then
		pass osnoise_summary_thread
	else
		fail osnoise_summary_thread "see above"
		grep -v '^#' /tmp/osnoise.txt | grep -v noise: | head -5
	fi
	echo 1408 > $T/buffer_size_kb
	reset_tracing
}

# --- instances ----------------------------------------------------------------

check_instances() {
	reset_tracing
	echo 10000 > $O/period_us
	echo 5000 > $O/runtime_us
	mkdir $T/instances/rtla_a $T/instances/rtla_b
	A=$T/instances/rtla_a
	B=$T/instances/rtla_b
	echo osnoise > $A/current_tracer
	echo osnoise > $B/current_tracer
	(echo timerlat > $T/current_tracer) 2>/dev/null
	check timerlat_busy_while_osnoise [ "$(cat $T/current_tracer)" = nop ]
	sleep 1
	na=$(grep -c '^ .*\[0' $A/trace)
	nb=$(grep -c '^ .*\[0' $B/trace)
	check instances_both_sample [ "$na" -gt 0 -a "$nb" -gt 0 ]
	check instances_one_thread_per_cpu [ "$(count_threads osnoise)" = $NCPUS ]
	echo 0 > $B/tracing_on
	check instance_a_still_running [ "$(count_threads osnoise)" = $NCPUS ]
	echo nop > $A/current_tracer
	check instances_all_off_no_workload wait_threads osnoise 0
	echo 1 > $B/tracing_on
	check instance_b_on_restarts wait_threads osnoise $NCPUS
	echo > $B/trace
	sleep 1
	check instance_b_samples_resume [ "$(grep -c '^ .*\[0' $B/trace)" -gt 0 ]
	echo nop > $B/current_tracer
	rmdir $A $B
	check instances_threads_gone wait_threads osnoise 0
	reset_tracing
}

# --- tracing_on ---------------------------------------------------------------

# tracing_on 0 takes an instance out of the tracer; with no instance left
# the workload stops, and 1 starts it again (tracer .start/.stop).
check_tracing_on() {
	for tracer in osnoise timerlat; do
		reset_tracing
		echo $tracer > $T/current_tracer
		check "${tracer}_on_threads" wait_threads $tracer $NCPUS
		echo 0 > $T/tracing_on
		check "${tracer}_tracing_off_stops_workload" wait_threads $tracer 0
		echo 1 > $T/tracing_on
		check "${tracer}_tracing_on_restarts_workload" wait_threads $tracer $NCPUS
		echo > $T/trace
		sleep 2
		n=$(grep -v '^#' $T/trace | grep -c .)
		check "${tracer}_tracing_on_samples_resume" [ "$n" -gt 0 ]
		echo nop > $T/current_tracer
		check "${tracer}_tracing_on_nop" wait_threads $tracer 0
	done
	reset_tracing
}

# --- options ------------------------------------------------------------------

# Summary lines of an osnoise trace: print "n zero" where zero counts the
# lines whose column COL (from the end, 0 = THREAD) is 0.
osnoise_column_zero() {
	awk -v col=$2 '$NF ~ /^[0-9]+$/ && NF >= 13 && $(NF-6) ~ /^[0-9]+\.[0-9]+$/ {
		n++; if ($(NF - col) == 0) z++ }
		END { printf "%d %d\n", n, z }' $1
}

check_options() {
	# NO_OSNOISE_WORKLOAD: no osnoise threads, the noise is still
	# recorded; no timerlat threads either (user space brings its own).
	reset_tracing
	echo NO_OSNOISE_WORKLOAD > $O/options
	echo 1 > $T/events/osnoise/irq_noise/enable
	echo osnoise > $T/current_tracer
	sleep 2
	check no_workload_no_osnoise_threads [ "$(count_threads osnoise)" = 0 ]
	check no_workload_noise_recorded grep -q "irq_noise:" $T/trace
	echo nop > $T/current_tracer
	echo timerlat > $T/current_tracer
	sleep 1
	check no_workload_no_timerlat_threads [ "$(count_threads timerlat)" = 0 ]
	echo nop > $T/current_tracer

	# OSNOISE_IRQ_DISABLE: no IRQ counted inside a window.
	set -- $(osnoise_irq_counts OSNOISE_IRQ_DISABLE)
	check irq_disable_no_irq [ "$1" -gt 3 -a "$1" = "$2" ]
	echo "irq_disable: $1 samples, $2 with IRQ 0"

	# OSNOISE_PREEMPT_DISABLE: a busy task cannot preempt the window.
	reset_tracing
	echo 100000 > $O/runtime_us
	echo 200000 > $O/period_us
	echo $LASTCPU > $O/cpus
	echo OSNOISE_PREEMPT_DISABLE > $O/options
	taskset -c $LASTCPU sh -c 'while :; do :; done' &
	busy=$!
	echo osnoise > $T/current_tracer
	sleep 3
	echo 0 > $T/tracing_on
	kill $busy
	cat $T/trace > /tmp/preemptoff.txt
	echo nop > $T/current_tracer
	set -- $(osnoise_column_zero /tmp/preemptoff.txt 0)
	check preempt_disable_no_thread [ "$1" -gt 3 -a "$1" = "$2" ]
	echo "preempt_disable: $1 samples, $2 with THREAD 0"
	reset_tracing
}

# --- tracing_max_latency ----------------------------------------------------------

# Reset when the tracer starts, then the largest latency seen (in us).
check_max_latency() {
	reset_tracing
	[ -e $T/tracing_max_latency ] || { fail max_latency "no tracing_max_latency"; return; }
	echo 2048 > $T/buffer_size_kb
	echo 99999999 > $T/tracing_max_latency
	echo timerlat > $T/current_tracer
	sleep 2
	echo 0 > $T/tracing_on
	v=$(cat $T/tracing_max_latency)
	m=$(awk '/ timer_latency / { for (i = 1; i <= NF; i++) if ($i == "timer_latency") { l = $(i + 1) + 0; if (l > m) m = l } }
		END { printf "%d\n", m / 1000 }' $T/trace)
	echo "max_latency: file $v us, trace max $m us"
	check timerlat_max_latency_reset [ "$v" != 99999999 ]
	check timerlat_max_latency_value [ "$v" -gt 0 -a "$v" -ge "$m" ]
	echo nop > $T/current_tracer
	echo 1408 > $T/buffer_size_kb
	reset_tracing
	echo 99999999 > $T/tracing_max_latency
	echo 10000 > $O/runtime_us
	echo 20000 > $O/period_us
	echo osnoise > $T/current_tracer
	sleep 2
	echo 0 > $T/tracing_on
	v=$(cat $T/tracing_max_latency)
	m=$(awk '$NF ~ /^[0-9]+$/ && NF >= 13 && $(NF-6) ~ /^[0-9]+\.[0-9]+$/ {
		if ($(NF-5) + 0 > m) m = $(NF-5) + 0 } END { print m + 0 }' $T/trace)
	echo "max_latency: file $v us, osnoise max single $m us"
	check osnoise_max_latency [ "$v" != 99999999 -a "$v" -ge "$m" ]
	reset_tracing
}

# --- a large threshold does not stop, print_stack only when asked ---------------

check_thresholds() {
	reset_tracing
	# Far above any latency of a loaded TCG guest (1 s was reached).
	echo 30000000 > $O/stop_tracing_us
	echo timerlat > $T/current_tracer
	sleep 3
	check large_stop_threshold_keeps_tracing [ "$(cat $T/tracing_on)" = 1 ]
	check no_print_stack_by_default sh -c "! grep -q '<stack trace>' $T/trace"
	reset_tracing
}

# --- rmdir of a running instance ----------------------------------------------

check_rmdir() {
	reset_tracing
	mkdir $T/instances/rtla_rm
	echo osnoise > $T/instances/rtla_rm/current_tracer
	check rmdir_running_threads wait_threads osnoise $NCPUS
	check rmdir_running rmdir $T/instances/rtla_rm
	check rmdir_running_threads_gone wait_threads osnoise 0
	reset_tracing
}

# --- RCU, stops, idle and the sample events ----------------------------------

# Seconds since boot, with two decimals.
uptime_s() { cut -d' ' -f1 /proc/uptime; }

# With osnoise at runtime_us = period_us the workload never sleeps; a
# tasks-RCU grace period (here the teardown of an instance's function
# tracer, whose ops are freed after synchronize_rcu_tasks()) must still
# end within 10 s.  Needs the function tracer (the debug build has it).
check_rcu_tasks() {
	if ! grep -qw function $T/available_tracers; then
		echo "CHECK SKIP rcu_tasks_qs: no function tracer in this kernel"
		return
	fi
	reset_tracing
	d=$T/instances/rcut
	mkdir $d
	echo do_nanosleep > $d/set_ftrace_filter ||
		{ fail rcu_tasks_qs "cannot filter do_nanosleep"; rmdir $d; return; }
	echo function > $d/current_tracer
	echo osnoise > $T/current_tracer
	wait_threads osnoise $NCPUS
	sleep 2
	rm -f /tmp/rcut.done
	t0=$(uptime_s)
	(echo nop > $d/current_tracer; uptime_s > /tmp/rcut.done) &
	i=0
	while [ ! -s /tmp/rcut.done ] && [ $i -lt 200 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if [ ! -s /tmp/rcut.done ]; then
		# The blocked teardown holds trace_types_lock, so the tracer
		# cannot be switched off: let the thread sleep between
		# windows instead (osnoise/ knobs only take osn_lock).
		echo 800000 > $O/runtime_us
	fi
	if [ -s /tmp/rcut.done ]; then
		t1=$(cat /tmp/rcut.done)
		el=$(awk -v a=$t0 -v b=$t1 'BEGIN { printf "%.2f", b - a }')
		echo "rcu_tasks: function tracer teardown took $el s with osnoise 1 s/1 s"
		check rcu_tasks_qs awk -v e=$el 'BEGIN { exit !(e < 10) }'
	else
		fail rcu_tasks_qs "function tracer teardown still blocked after 20 s"
	fi
	wait
	echo nop > $T/current_tracer
	echo "rcu_tasks: teardown done at $(cat /tmp/rcut.done), tracer stopped at $(uptime_s)"
	rmdir $d
	reset_tracing
}

# Stopping the workload of a CPU is not noise of the run: the task that
# stops it preempts the workload, then blocks until the thread exits, and
# its thread interval then closes with the CPU no longer sampling.  Two
# stops: CPU hotplug (cpuhp/N stops the thread of its CPU) and the tracer
# switched off by a shell pinned to the only sampled CPU.
check_stop_noise() {
	hp=/sys/devices/system/cpu/cpu$LASTCPU/online
	[ -w $hp ] || { fail stop_noise_hotplug "cpu$LASTCPU cannot go offline"; return; }
	reset_tracing
	echo 1 > $T/events/osnoise/thread_noise/enable
	echo 1 > $T/events/sched/sched_kthread_stop/enable
	echo osnoise > $T/current_tracer
	wait_threads osnoise $NCPUS
	sleep 1
	echo 0 > $hp
	sleep 0.5
	echo 1 > $hp
	wait_threads osnoise $NCPUS
	sleep 1
	echo 0 > $T/tracing_on
	cat $T/trace > /tmp/stopnoise.txt
	echo nop > $T/current_tracer
	# cpuhp/N may run other teardown steps first, while the CPU still
	# samples: only what it reports once it has asked the thread of its
	# CPU to stop (sched_kthread_stop) is the stop itself.
	n=$(awk -v k="sched_kthread_stop: comm=osnoise/$LASTCPU " \
		-v c="thread_noise: *cpuhp/$LASTCPU:" '
		index($0, k) { stopped = 1; next }
		stopped && $0 ~ c { n++ }
		END { print stopped ? n + 0 : "no-stop" }' /tmp/stopnoise.txt)
	t=$(grep -c "thread_noise: " /tmp/stopnoise.txt)
	echo "stop noise, hotplug: $n cpuhp/$LASTCPU events after the stop, of $t thread_noise"
	grep -E "thread_noise: *cpuhp/$LASTCPU:|sched_kthread_stop: comm=osnoise/$LASTCPU " /tmp/stopnoise.txt | head -5
	check stop_noise_hotplug [ "$n" = 0 -a "$t" -gt 0 ]

	reset_tracing
	d=$T/instances/stopev
	mkdir $d
	echo 1 > $d/events/osnoise/thread_noise/enable
	echo 1 > $d/events/sched/sched_kthread_stop/enable
	echo $LASTCPU > $O/cpus
	echo osnoise > $T/current_tracer
	wait_threads osnoise 1
	sleep 1
	taskset -c $LASTCPU sh -c "echo \$\$ > /tmp/stopper.pid
		echo STOP > $d/trace_marker
		echo nop > $T/current_tracer"
	pid=$(cat /tmp/stopper.pid)
	echo 0 > $d/tracing_on
	cat $d/trace > /tmp/stopnoise2.txt
	rmdir $d
	# As for cpuhp/N: what the shell reports after kthread_stop().
	n=$(awk -v k="sched_kthread_stop: comm=osnoise/$LASTCPU " \
		-v c="thread_noise: *sh:$pid " '
		index($0, k) { stopped = 1; next }
		stopped && $0 ~ c { n++ }
		END { print stopped ? n + 0 : "no-stop" }' /tmp/stopnoise2.txt)
	echo "stop noise, tracer off: $n events of the stopping shell $pid after the stop"
	grep -E "thread_noise: *sh:$pid |sched_kthread_stop: comm=osnoise/$LASTCPU " /tmp/stopnoise2.txt | head -4
	check stop_noise_shutdown [ "$n" = 0 ]
	reset_tracing
}

# timerlat on an idle guest: the idle task's exit shows as
# "thread_noise: swapper/N" between an IRQ and a thread sample.
check_timerlat_idle() {
	reset_tracing
	echo 2048 > $T/buffer_size_kb
	echo 1 > $T/events/osnoise/thread_noise/enable
	echo timerlat > $T/current_tracer
	sleep 2
	echo 0 > $T/tracing_on
	cat $T/trace > /tmp/tlidle.txt
	echo nop > $T/current_tracer
	n=$(grep -c 'thread_noise: *swapper/[0-9]*:0 ' /tmp/tlidle.txt)
	echo "timerlat idle: $n swapper thread_noise events"
	check timerlat_idle_swapper [ "$n" -gt 0 ]
	echo 1408 > $T/buffer_size_kb
	reset_tracing
}

# trace_with_event TRACER EVENT SECONDS FILE: TRACER runs SECONDS with
# osnoise:EVENT on; the trace is saved to FILE.
trace_with_event() {
	echo 1 > $T/events/osnoise/$2/enable
	echo $1 > $T/current_tracer
	sleep $3
	echo 0 > $T/tracing_on
	cat $T/trace > $4
	echo nop > $T/current_tracer
}

# osnoise:osnoise_sample and osnoise:timerlat_sample carry the samples of
# the ftrace entries: one event with the same values before each entry
# (at most a few more events: tracing may stop between the two).
check_sample_events() {
	reset_tracing
	echo 2048 > $T/buffer_size_kb
	trace_with_event timerlat timerlat_sample 1 /tmp/tlsample.txt
	# Each entry "#S context C timer_latency L ns" has its event
	# "timer_latency=L seqnum=S context=N" before it, on the same CPU.
	if awk '
	!match($0, /\[[0-9]+\]/) { next }
	{ cpu = substr($0, RSTART + 1, RLENGTH - 2) + 0 }
	/timerlat_sample: / {
		split($0, a, "timerlat_sample: ")
		split(a[2], f, /[ =]/)
		ev[cpu " " f[4] " " f[6]] = f[2]
		nev++
		next
	}
	/ context +(irq|thread) timer_latency / {
		for (i = 1; i <= NF; i++) {
			if ($i ~ /^#[0-9]+$/) seq = substr($i, 2) + 0
			if ($i == "context") ctx = ($(i + 1) == "irq") ? 0 : 1
			if ($i == "timer_latency") lat = $(i + 1) + 0
		}
		k = cpu " " seq " " ctx
		nent++
		if (!(k in ev) || ev[k] != lat) {
			if (bad < 5) print "cpu/seq/ctx " k ": entry " lat ", event " ev[k]
			bad++
		}
		delete ev[k]
	}
	END { printf "timerlat_sample: %d entries, %d events, %d mismatches\n", nent, nev, bad
	      exit !(nent > 100 && nev >= nent && nev - nent <= 4 && bad == 0) }' /tmp/tlsample.txt; then
		pass timerlat_sample_event
	else
		fail timerlat_sample_event "see above"
		grep -m 6 -E 'timerlat_sample|context' /tmp/tlsample.txt
	fi

	reset_tracing
	echo 100000 > $O/runtime_us
	echo 200000 > $O/period_us
	trace_with_event osnoise osnoise_sample 2 /tmp/osnsample.txt
	# Entry: RUNTIME NOISE %CPU MAX HW NMI IRQ SIRQ THREAD (the last 9
	# fields); event: runtime= noise= max_sample= hw_count= irq_count=
	# nmi_count= softirq_count= thread_count=.
	if awk '
	!match($0, /\[[0-9]+\]/) { next }
	{ cpu = substr($0, RSTART + 1, RLENGTH - 2) + 0 }
	/osnoise_sample: / {
		split($0, a, "osnoise_sample: ")
		split(a[2], f, /[ =]/)
		ev[cpu] = f[2] " " f[4] " " f[6] " " f[8] " " f[12] " " f[10] " " f[14] " " f[16]
		nev++
		next
	}
	NF >= 13 && $(NF-6) ~ /^[0-9]+\.[0-9]+$/ {
		got = $(NF-8) " " $(NF-7) " " $(NF-5) " " $(NF-4) " " $(NF-3) " " $(NF-2) " " $(NF-1) " " $NF
		nent++
		if (ev[cpu] != got) {
			if (bad < 5) print "cpu " cpu ": event " ev[cpu] ", entry " got
			bad++
		}
		delete ev[cpu]
	}
	END { printf "osnoise_sample: %d entries, %d events, %d mismatches\n", nent, nev, bad
	      exit !(nent >= 10 && nev >= nent && nev - nent <= 4 && bad == 0) }' /tmp/osnsample.txt; then
		pass osnoise_sample_event
	else
		fail osnoise_sample_event "see above"
		grep -m 6 -E 'osnoise_sample|^ *osnoise/' /tmp/osnsample.txt
	fi
	echo 1408 > $T/buffer_size_kb
	reset_tracing
}

# --- start/stop cycles and hotplug -------------------------------------------

check_cycles() {
	for tracer in osnoise timerlat; do
		reset_tracing
		i=0
		while [ $i -lt 20 ]; do
			echo $tracer > $T/current_tracer
			echo nop > $T/current_tracer
			i=$((i + 1))
		done
		check "${tracer}_cycles_clean" wait_threads $tracer 0
		echo $tracer > $T/current_tracer
		check "${tracer}_cycles_one_per_cpu" wait_threads $tracer $NCPUS
		if [ -w /sys/devices/system/cpu/cpu$LASTCPU/online ]; then
			echo 0 > /sys/devices/system/cpu/cpu$LASTCPU/online
			check "${tracer}_cpu_offline" wait_threads $tracer $((NCPUS - 1))
			echo 1 > /sys/devices/system/cpu/cpu$LASTCPU/online
			check "${tracer}_cpu_online" wait_threads $tracer $NCPUS
			echo 0 > $O/cpus
			check "${tracer}_cpus_restart" wait_threads $tracer 1
			echo all > $O/cpus
			check "${tracer}_cpus_all" wait_threads $tracer $NCPUS
		else
			fail "${tracer}_hotplug" "cpu$LASTCPU cannot go offline"
		fi
		echo nop > $T/current_tracer
		check "${tracer}_stopped" wait_threads $tracer 0
	done
	reset_tracing
}

# 20 offline/online cycles of the last CPU while the tracer runs: one
# thread per online CPU at the end, and samples again on every CPU.
check_hotplug_run() {
	hp=/sys/devices/system/cpu/cpu$LASTCPU/online
	[ -w $hp ] || { fail hotplug_run "cpu$LASTCPU cannot go offline"; return; }
	for tracer in osnoise timerlat; do
		reset_tracing
		echo 100000 > $O/runtime_us
		echo 200000 > $O/period_us
		echo $tracer > $T/current_tracer
		i=0
		while [ $i -lt 20 ]; do
			echo 0 > $hp
			echo 1 > $hp
			i=$((i + 1))
		done
		check "${tracer}_hotplug_run_threads" wait_threads $tracer $NCPUS
		echo > $T/trace
		sleep 2
		for c in $(seq 0 $LASTCPU); do
			n=$(grep -c "\[00$c\]" $T/trace)
			check "${tracer}_hotplug_run_samples_cpu$c" [ "$n" -gt 0 ]
		done
		echo nop > $T/current_tracer
	done
	reset_tracing
}

check_print_stack() {
	reset_tracing
	[ -e $O/print_stack ] || { fail print_stack "no file"; return; }
	echo 1 > $O/print_stack
	echo timerlat > $T/current_tracer
	sleep 1
	echo 0 > $T/tracing_on
	check print_stack_trace grep -q "=> osn_timerlat_irq\|<stack trace>" $T/trace
	reset_tracing
}

# --- NMIs, the stop and print_stack thresholds, option controls, headers ---

# osnoise for 3 s (100 ms windows every 200 ms) with osnoise:nmi_noise on;
# prints "EVENTS NMI SAMPLES": nmi_noise events, the sum of the NMI
# counters and the number of osnoise entries.
nmi_run() {
	reset_tracing
	echo 2048 > $T/buffer_size_kb
	echo 100000 > $O/runtime_us
	echo 200000 > $O/period_us
	trace_with_event osnoise nmi_noise 3 $1
	echo 1408 > $T/buffer_size_kb
	awk '/ nmi_noise: / { ev++; next }
		$NF ~ /^[0-9]+$/ && NF >= 13 && $(NF-6) ~ /^[0-9]+\.[0-9]+$/ {
			n++; nmi += $(NF-3) }
		END { printf "%d %d %d\n", ev, nmi, n }' $1
}

# The host injects NMIs (QEMU monitor "nmi") while the guest asks for them:
# a line on the console that scripts/vm-run --nmi watches.
nmi_request() { echo "vm-run-nmi $1" > /dev/ttyS0; }

check_nmi_noise() {
	if [ $NMI = 0 ]; then
		echo "CHECK SKIP nmi_noise: no NMI injection (scripts/vm-run --nmi)"
		return
	fi
	set -- $(nmi_run /tmp/nonmi.txt)
	echo "nmi: without injection $1 nmi_noise events, NMI counters $2 in $3 samples"
	check nmi_noise_none_without_injection [ "$1" = 0 -a "$2" = 0 -a "$3" -gt 0 ]
	nmi_request on
	set -- $(nmi_run /tmp/nmi.txt)
	nmi_request off
	echo "nmi: with injection $1 nmi_noise events, NMI counters $2 in $3 samples"
	check nmi_noise_injected [ "$1" -gt 0 -a "$2" -gt 0 ]
	grep -m 2 ' nmi_noise: ' /tmp/nmi.txt
	reset_tracing
}

# osnoise with a 30 s stop_tracing_us keeps tracing (a 1 us one stops it:
# check_stop); print_stack at 30 s writes no stack (at 1 us it does:
# check_print_stack).
check_large_thresholds() {
	reset_tracing
	echo 100000 > $O/runtime_us
	echo 200000 > $O/period_us
	echo 30000000 > $O/stop_tracing_us
	echo 30000000 > $O/stop_tracing_total_us
	echo osnoise > $T/current_tracer
	sleep 3
	check osnoise_large_stop_threshold_keeps_tracing [ "$(cat $T/tracing_on)" = 1 ]
	set -- $(osnoise_column_zero $T/trace 0)
	check osnoise_large_stop_threshold_samples [ "$1" -gt 0 ]
	echo nop > $T/current_tracer
	reset_tracing
	echo 30000000 > $O/print_stack
	echo timerlat > $T/current_tracer
	sleep 2
	echo 0 > $T/tracing_on
	check print_stack_large_no_stack sh -c "! grep -q '=> osn_timerlat_irq\|<stack trace>' $T/trace"
	check print_stack_large_samples grep -q 'context *thread' $T/trace
	reset_tracing
}

# A 3 s osnoise run (100 ms windows) with the option OPTION set, if any:
# prints its number of samples and how many of them counted no IRQ.
osnoise_irq_counts() {
	reset_tracing
	echo 100000 > $O/runtime_us
	echo 200000 > $O/period_us
	[ -z "${1:-}" ] || echo "$1" > $O/options
	echo osnoise > $T/current_tracer
	sleep 3
	echo 0 > $T/tracing_on
	cat $T/trace > /tmp/irq-counts.txt
	echo nop > $T/current_tracer
	osnoise_column_zero /tmp/irq-counts.txt 2
}

# What the options change, against the same run with the option off:
# without OSNOISE_IRQ_DISABLE the timer IRQs show in the IRQ counters.
check_option_controls() {
	set -- $(osnoise_irq_counts)
	echo "irq counters without OSNOISE_IRQ_DISABLE: $1 samples, $2 with IRQ 0"
	check irq_counted_without_irq_disable [ "$1" -gt 3 -a "$2" -lt "$1" ]
	reset_tracing
}

# The column header of TRACER's trace (irq-info format) against its
# entries: the flags run of the header ("||||", 7 columns on PREEMPT_RT)
# must sit exactly over the flags of an entry, and the TIMESTAMP mark over
# its timestamp.
check_trace_headers() {
	for tracer in osnoise timerlat; do
		reset_tracing
		echo 100000 > $O/runtime_us
		echo 200000 > $O/period_us
		echo $tracer > $T/current_tracer
		sleep 1
		echo 0 > $T/tracing_on
		cat $T/trace > /tmp/hdr-$tracer.txt
		echo nop > $T/current_tracer
		if awk '
		/^#.*TASK-PID/ { hdr = 1; next }
		hdr == 1 { marks = $0; hdr = 2; next }
		hdr == 2 && !/^#/ && /\[[0-9]+\]/ { line = $0; exit }
		END {
			if (!match(marks, /\|\|+/)) { print "no flags columns in: " marks; exit 1 }
			p = RSTART; l = RLENGTH
			rest = substr(marks, p + l)
			t = p + l - 1 + index(rest, "|")
			f = substr(line, p, l)
			printf "header: %d flag columns at %d, TIMESTAMP at %d; entry flags \"%s\"\n", l, p, t, f
			if (f ~ / / || substr(line, p - 1, 1) != " " || substr(line, p + l, 1) != " ") {
				print "header:  " marks; print "entry:   " line; exit 1
			}
			if (substr(line, t, 1) !~ /[0-9.]/) {
				print "TIMESTAMP mark not over the timestamp:"
				print "header:  " marks; print "entry:   " line; exit 1
			}
		}' /tmp/hdr-$tracer.txt; then
			pass ${tracer}_header_columns
		else
			fail ${tracer}_header_columns "see above"
		fi
	done
	reset_tracing
}

# --- Debian's rtla 6.1 ------------------------------------------------------

check_rtla() {
	reset_tracing
	command -v rtla > /dev/null || { fail rtla "no rtla in the guest"; return; }
	check rtla_timerlat_hist rtla timerlat hist -d 3s
	check rtla_timerlat_top rtla timerlat top -q -d 3s
	check rtla_osnoise_top rtla osnoise top -q -d 3s
	check rtla_osnoise_hist rtla osnoise hist -d 3s
	check rtla_timerlat_top_trace rtla timerlat top -q -d 3s -t /tmp/tl.txt
	check rtla_osnoise_top_trace rtla osnoise top -q -d 3s -t /tmp/os.txt
	reset_tracing
}

# User-space timerlat threads, TIMERLAT_ALIGN, the 7.2 ABI walk.
[ -r /root/timerlat-user-checks.sh ] && . /root/timerlat-user-checks.sh
# The kernel threads in a cgroup, their affinity (rtla -C).
[ -r /root/kthread-checks.sh ] && . /root/kthread-checks.sh

mountpoint -q $T || mount -t tracefs nodev $T
reset_tracing
dump_abi
if [ -n "$ONLY" ]; then
	# --only=check_a,check_b: just those (to test a fix against the
	# kernel without it).
	for c in $(echo "$ONLY" | tr , ' '); do
		$c
	done
	reset_tracing
	echo "CHECKS DONE failures=$FAILS"
	exit $FAILS
fi
check_basics
check_ftrace_system
check_writes
check_timerlat
check_noise
check_instances
check_print_stack
check_tracing_on
check_timerlat_window
check_options
check_max_latency
check_rmdir
check_rcu_tasks
check_stop_noise
check_timerlat_idle
check_sample_events
check_timerlat_user
check_kthread_cgroup
check_kthread_affinity
check_nmi_noise
check_large_thresholds
check_option_controls
check_trace_headers
if [ $QUICK = 0 ]; then
	check_thresholds
	check_hotplug_run
	check_stop
	check_cycles
fi
[ $RTLA = 1 ] && check_rtla
reset_tracing
echo "CHECKS DONE failures=$FAILS"
exit $FAILS
