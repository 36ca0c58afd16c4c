# Guest checks: start/stop cycles and CPU hotplug.
# Sourced by guest-checks.sh (busybox sh), whose pass/fail/check,
# reset_tracing and wait_threads helpers it uses.

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
