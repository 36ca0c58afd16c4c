# Guest checks: the tracers, their files and option writes.
# Sourced by guest-checks.sh (busybox sh), whose pass/fail/check,
# reset_tracing and wait_threads helpers it uses.

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
