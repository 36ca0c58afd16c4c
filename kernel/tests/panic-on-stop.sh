#!/bin/sh
# PANIC_ON_STOP, run in a guest of its own (it ends in a panic): TRACER
# first hits its stop threshold with the default options, which must only
# turn tracing off, then again with PANIC_ON_STOP, which must panic the
# kernel; the host (run.sh, vm-run --expect-panic) checks the panic
# message on the console.
#
#   panic-on-stop.sh osnoise|timerlat|migrate [--no-option]
# --no-option leaves PANIC_ON_STOP off for the second run too (to see the
# host side fail when the option does nothing).  "migrate": the stop is a
# user-space timerlat thread (/root/tlat-user) that reads its CPU 1
# timerlat_fd and then moves to CPU 0, which stops tracing as 7.2 does.

T=/sys/kernel/tracing
O=$T/osnoise
tracer=$1
option=PANIC_ON_STOP
[ "${2:-}" = --no-option ] && option=DEFAULTS

[ -e $T/trace ] || mount -t tracefs nodev $T

# Start the tracer with a 1 us stop threshold; wait up to 10 s for
# tracing_on to drop.
run_to_stop() {
	[ $tracer = migrate ] && { run_to_migrate; return; }
	echo nop > $T/current_tracer
	echo 1 > $T/tracing_on
	echo > $T/trace
	echo 10000 > $O/runtime_us
	echo 1 > $O/stop_tracing_us
	echo $tracer > $T/current_tracer
	i=0
	while [ $i -lt 100 ] && [ "$(cat $T/tracing_on)" = 1 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	[ "$(cat $T/tracing_on)" = 0 ]
}

# timerlat without its kernel threads, a user thread reading CPU 1's
# timerlat_fd, moved to CPU 0 after three reads.
run_to_migrate() {
	echo nop > $T/current_tracer
	echo 1 > $T/tracing_on
	echo > $T/trace
	echo NO_OSNOISE_WORKLOAD > $O/options
	echo timerlat > $T/current_tracer
	/root/tlat-user migrate 1 0
	[ "$(cat $T/tracing_on)" = 0 ]
}

stop_note="stop tracing hit"
[ $tracer = migrate ] && stop_note="timerlat user thread migrated"
echo DEFAULTS > $O/options
if run_to_stop && grep -q "$stop_note" $T/trace; then
	echo "CHECK PASS ${tracer}_stop_without_panic_on_stop"
else
	echo "CHECK FAIL ${tracer}_stop_without_panic_on_stop: tracing_on $(cat $T/tracing_on)"
fi
echo nop > $T/current_tracer
echo 1 > $T/tracing_on

echo $option > $O/options
echo "options: $(cat $O/options)"
run_to_stop
# Still alive: PANIC_ON_STOP did not panic.
echo "CHECK FAIL ${tracer}_panic_on_stop: no panic, tracing_on $(cat $T/tracing_on)"
echo nop > $T/current_tracer
echo DEFAULTS > $O/options
echo 1 > $T/tracing_on
echo 0 > $O/stop_tracing_us
echo 1000000 > $O/runtime_us
exit 1
