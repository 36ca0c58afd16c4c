# Guest checks: stop conditions, noise attribution, instances, tracing_on, options, tracing_max_latency, thresholds, rmdir.
# Sourced by guest-checks.sh (busybox sh), whose pass/fail/check,
# reset_tracing and wait_threads helpers it uses.

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
	# The timer IRQ: x86's APIC vector (0004), arm64's arch timer, a
	# per-CPU interrupt of the IRQ core (its Linux IRQ number).
	case $(uname -m) in
	aarch64) check irq_noise_arch_timer \
		grep -Eq "irq_noise: +arch_timer:[0-9]+ " /tmp/osnoise.txt ;;
	*) check irq_noise_local_timer grep -q "irq_noise: local_timer:236 " /tmp/osnoise.txt ;;
	esac
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
	# at least 3 s, and until 4 windows ended (a loaded TCG host can
	# give the thread few of them), 15 s at most
	for i in $(seq 15); do
		sleep 1
		[ $i -ge 3 ] || continue
		set -- $(osnoise_column_zero $T/trace 0)
		[ "$1" -gt 3 ] && break
	done
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

# A stop condition turns tracing off and the threads go on: the
# instance's tracing_max_latency then stays at the largest latency it
# traced, whatever the samples after the stop (2 s of them, which
# before the fix raised it above everything in the trace).
check_max_latency_stopped() {
	reset_tracing
	echo 2048 > $T/buffer_size_kb
	echo 1 > $O/stop_tracing_us
	echo timerlat > $T/current_tracer
	sleep 3
	v=$(cat $T/tracing_max_latency)
	m=$(awk '/ timer_latency / { for (i = 1; i <= NF; i++) if ($i == "timer_latency") { l = $(i + 1) + 0; if (l > m) m = l } }
		END { printf "%d\n", m / 1000 }' $T/trace)
	echo "max_latency after a stop: file $v us, trace max $m us, tracing_on $(cat $T/tracing_on)"
	check max_latency_stopped_off [ "$(cat $T/tracing_on)" = 0 ]
	check max_latency_stopped_kept [ "$v" -gt 0 -a "$v" -le "$m" ]
	echo nop > $T/current_tracer
	echo 1408 > $T/buffer_size_kb
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
