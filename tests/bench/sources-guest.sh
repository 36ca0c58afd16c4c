#!/bin/sh
# Inside the VM (tests/bench/sources): the observer effect of --sources.
# rtla-noisy disturbs the measured CPU (FIFO 96, busy 1 ms every 10.037 ms: a
# period no multiple of timerlat's 1 ms, so its bursts meet the timer at
# every phase within a run; at 10 ms the phase the two start at decided a
# whole run's latency and sample count, 126 to 244 us on average); each round
# runs every workload on that CPU without and with --sources, alternating
# which goes first, and prints a line a run:
#   RESULT workload=W sources=0|1 run=N cpu_us=US samples=N noise=X
# cpu_us: the CPU time of rtla's tasks (the process, its threads and its
# children: with timerlat's user threads, the measuring threads too), or
# for timerlat-hist-k the measuring kernel thread's (timerlat/CPU) instead:
# their se.sum_exec_runtime, exact, from 1.5 s into the run to 1.5 s
# before its end, scaled to the run (the steady state: no start and end);
# samples: osnoise top's periods or timerlat hist's thread samples;
# noise: osnoise's noise in us (the tracer's own sum, so what the hist
# triggers on the noise events add to it shows), timerlat's average
# thread latency in us.
#
# CPU (default 1) is the measured one: 0 in a guest of one CPU, where
# everything runs on it and each task's CPU time is its own instructions.
#
#   sh /vm-script SECONDS ROUNDS [CPU]
secs=$1 rounds=$2 cpu=${3:-1}
echo "# kernel $(uname -r), $(nproc) CPUs, CPU $cpu measured"
rtla-noisy $cpu 96 1000 10037 &
noisy=$!
# the boot's first run measured 20-60 % more noise than the next ones
rtla osnoise top -q -c $cpu -d 3s >/dev/null 2>&1

# The /proc directories of the tasks whose CPU time is measured: rtla's
# (pid $1) threads and its children's with $2 "process", timerlat/CPU
# with "kthread".
measured_tasks() {
	local p

	for p in /proc/[0-9]*; do
		case $2 in
		kthread) [ "$(cat $p/comm 2>/dev/null)" = timerlat/$cpu ] &&
			echo $p ;;
		*) [ ${p#/proc/} = $1 ] ||
			[ "$(awk '{ print $4 }' $p/stat 2>/dev/null)" = $1 ] &&
			ls -d $p/task/[0-9]* ;;
		esac
	done
}

# The sum of the tasks' (their /proc directories) se.sum_exec_runtime, ms.
runtime_ms() {
	local t

	for t; do
		cat $t/sched 2>/dev/null
	done | awk '/^se.sum_exec_runtime/ { s += $3 } END { printf "%.6f", s }'
}

# The measured tasks' CPU time in us while rtla (pid $1, a child of this
# shell) runs, scaled to the run, into cpu_us; waits for rtla.  From
# 1.5 s on: a timerlat/CPU found sooner was at times gone by then.
window_cpu_us() {
	local rtla=$1 what=$2 tasks= i=0 t0 t1

	sleep 1.5
	while [ -z "$tasks" ] && [ $i -lt 50 ]; do
		tasks=$(measured_tasks $rtla $what)
		[ -n "$tasks" ] || sleep 0.1
		i=$((i + 1))
	done
	t0=$(runtime_ms $tasks)
	sleep $((secs - 3))
	t1=$(runtime_ms $tasks)
	wait $rtla
	cpu_us=$(echo "$t0 $t1" | awk -v s=$secs \
		'{ printf "%d", ($2 - $1) * 1000 * s / (s - 3) + 0.5 }')
}

# rtla's arguments for workload $1
command_of() {
	case $1 in
	osnoise-top) echo osnoise top -q -c $cpu -p 100000 -r 100000 ;;
	timerlat-hist) echo timerlat hist -c $cpu ;;
	timerlat-hist-k) echo timerlat hist -k -c $cpu ;;
	esac
}

# The samples and noise of workload $1's run, from its output in /tmp/o.
samples_noise() {
	case $1 in
	osnoise-top)
		awk -v c=$cpu '$1 == c && $2 ~ /^#/ { sub("#", "", $2); print $2, $4 }' /tmp/o ;;
	timerlat-hist*)
		awk '/^Index/ { for (i = 2; i <= NF; i++) t[i] = $i ~ /^Thr-/ }
			/^count:/ && !c { for (i = 2; i <= NF; i++) if (t[i]) n = $i; c = 1 }
			/^avg:/ && !a { for (i = 2; i <= NF; i++) if (t[i]) v = $i; a = 1 }
			END { print n + 0, v + 0 }' /tmp/o ;;
	esac
}

one_run() {
	local workload=$1 with=$2 r=$3 extra=

	[ "$with" = 1 ] && extra=--sources
	set -- $(command_of $workload)
	rtla "$@" $extra -d ${secs}s >/tmp/o 2>/tmp/e &
	if [ $workload = timerlat-hist-k ]; then
		window_cpu_us $! kthread
	else
		window_cpu_us $! process
	fi
	set -- $(samples_noise $workload)
	echo "RESULT workload=$workload sources=$with run=$r cpu_us=$cpu_us samples=${1:-0} noise=${2:-0}"
	! grep -q . /tmp/e || sed 's/^/# stderr: /' /tmp/e | head -3
}

# One more run a workload, with --sources and the kernel's BPF run-time
# statistics on (each program's time, clock read before and after, from
# /proc/PID/fdinfo 2 s before the end): the programs' own time, the
# sources' (raw tracepoints) and the sample program's (a tracepoint),
# against the samples, printed as
#   STAT workload=W type=T progs=N runs=N ns=N samples=N
# (samples: the run's, scaled to the 2 s less it was read at)
stat_run() {
	local workload=$1 pid

	set -- $(command_of $workload)
	echo 1 >/proc/sys/kernel/bpf_stats_enabled
	rtla "$@" --sources -d ${secs}s >/tmp/o 2>/tmp/e &
	pid=$!
	sleep $((secs - 2))
	cat /proc/$pid/fdinfo/* 2>/dev/null >/tmp/fdinfo
	wait $pid
	echo 0 >/proc/sys/kernel/bpf_stats_enabled
	set -- $(samples_noise $workload)
	awk -v w=$workload -v n=${1:-0} -v s=$secs '
		/^prog_type:/ { t = $2 }
		/^run_time_ns:/ { ns[t] += $2 }
		/^run_cnt:/ { runs[t] += $2; progs[t]++ }
		END { for (t in progs) printf "STAT workload=%s type=%s progs=%d runs=%d ns=%d samples=%d\n",
			w, t, progs[t], runs[t], ns[t], n * (s - 2) / s }' /tmp/fdinfo
}

r=1
while [ $r -le $rounds ]; do
	for w in osnoise-top timerlat-hist timerlat-hist-k; do
		if [ $((r % 2)) = 1 ]; then
			one_run $w 0 $r; one_run $w 1 $r
		else
			one_run $w 1 $r; one_run $w 0 $r
		fi
	done
	r=$((r + 1))
done
for w in osnoise-top timerlat-hist timerlat-hist-k; do
	stat_run $w
done
kill $noisy
