#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make-tracefs.sh DIR NR_CPUS: a fake tracing directory in DIR/tracing
# (osnoise and timerlat tracers, the osnoise/ knobs at the kernel's
# defaults, 6.1-rt's event formats) and DIR/instance, what a new
# instance holds (instances_preload.c copies it in on mkdir).  Few
# processes: the VMs beside it make every fork slow.
set -e
dir=$1
cpus=${2:-2}
formats=${RTLA_TESTDATA:-tests/data}/formats
osnoise_events="sample_threshold timerlat_sample irq_noise nmi_noise softirq_noise thread_noise"
in=$dir/instance
tr=$dir/tracing

cpu_dirs=
for c in $(seq 0 $((cpus - 1))); do
	cpu_dirs="$cpu_dirs $in/per_cpu/cpu$c"
done
event_dirs=
for e in $osnoise_events; do
	event_dirs="$event_dirs $in/events/osnoise/$e"
done
mkdir -p $cpu_dirs $event_dirs "$in/events/ftrace/timerlat" \
	"$in/events/ftrace/osnoise" "$tr/instances" "$tr/osnoise"

# The files of a ring buffer, an instance's and the top level's alike.
echo nop >"$in/current_tracer"
echo 1 >"$in/tracing_on"
echo 1408 >"$in/buffer_size_kb"
: >"$in/trace"
echo 0 >"$in/events/enable"
echo 0 >"$in/events/osnoise/enable"
for c in $cpu_dirs; do
	: >"$c/trace_pipe_raw"
done
cp "$formats/header_page" "$in/events/header_page"
for e in $osnoise_events; do
	d=$in/events/osnoise/$e
	cp "$formats/osnoise_$e.format" "$d/format"
	echo 0 >"$d/enable"
	echo none >"$d/filter"
	: >"$d/trigger"
done
cp "$formats/ftrace_timerlat.format" "$in/events/ftrace/timerlat/format"
cp "$formats/ftrace_osnoise.format" "$in/events/ftrace/osnoise/format"
cp -a "$in/." "$tr"

echo 'timerlat osnoise nop' >"$tr/available_tracers"
echo 0 >"$tr/tracing_thresh"
o=$tr/osnoise
echo "0-$((cpus - 1))" >"$o/cpus"
echo 1000000 >"$o/period_us"
echo 1000000 >"$o/runtime_us"
echo 0 >"$o/stop_tracing_us"
echo 0 >"$o/stop_tracing_total_us"
echo 1000 >"$o/timerlat_period_us"
echo 0 >"$o/print_stack"
echo 'DEFAULTS OSNOISE_WORKLOAD NO_PANIC_ON_STOP NO_OSNOISE_PREEMPT_DISABLE NO_OSNOISE_IRQ_DISABLE' >"$o/options"
chmod 700 "$dir" "$tr"
