#!/bin/sh
# Inside the VM (tests/bench/sources): the observer effect of --sources.
# rtla-noisy disturbs CPU 1 (FIFO 96, busy 1 ms every 10.037 ms: a
# period no multiple of timerlat's 1 ms, so its bursts meet the timer at
# every phase within a run; at 10 ms the phase the two start at decided a
# whole run's latency and sample count, 126 to 244 us on average); each round
# runs every workload on CPU 1 without and with --sources, alternating
# which goes first, and prints a line a run:
#   RESULT workload=W sources=0|1 run=N ticks=UTIME+STIME samples=N noise=X
# ticks: rtla's CPU time in hundredths of a second (busy box time, the
# whole process: with timerlat's user threads, the measuring threads'
# too); for timerlat-hist-k, the measuring kernel thread's own instead
# (timerlat/1's se.sum_exec_runtime, exact, over all but the first and
# last 1.5 s, scaled to the run); samples: osnoise top's periods or timerlat hist's
# thread samples; noise: osnoise's noise in us (the tracer's own sum, so
# what the hist triggers on the noise events add to it shows), timerlat's
# average thread latency in us.
#
#   sh /vm-script SECONDS ROUNDS
secs=$1 rounds=$2
echo "# kernel $(uname -r), $(nproc) CPUs"
rtla-noisy 1 96 1000 10037 &
noisy=$!

# timerlat/1's CPU time while rtla (pid $1, a child of this shell) runs,
# in hundredths of a second scaled to the run, into ticks; waits for rtla.
kthread_ticks() {
	local rtla=$1 pid= i=0 t0 t1

	while [ -z "$pid" ] && [ $i -lt 50 ]; do
		sleep 0.1
		for p in /proc/[0-9]*; do
			[ "$(cat $p/comm 2>/dev/null)" = timerlat/1 ] && pid=${p#/proc/}
		done
		i=$((i + 1))
	done
	sleep 1.5
	t0=$(awk '/se.sum_exec_runtime/ { print $3 }' /proc/$pid/sched 2>/dev/null)
	sleep $((secs - 3))
	t1=$(awk '/se.sum_exec_runtime/ { print $3 }' /proc/$pid/sched 2>/dev/null)
	wait $rtla
	ticks=$(echo "${t0:-0} ${t1:-0}" | awk -v s=$secs \
		'{ printf "%d", ($2 - $1) / 10 * s / (s - 3) + 0.5 }')
}

one_run() {
	local workload=$1 with=$2 r=$3 extra=

	[ "$with" = 1 ] && extra=--sources
	case $workload in
	osnoise-top)
		set -- osnoise top -q -c 1 -p 100000 -r 100000 ;;
	timerlat-hist)
		set -- timerlat hist -c 1 ;;
	timerlat-hist-k)
		set -- timerlat hist -k -c 1 ;;
	esac
	if [ $workload = timerlat-hist-k ]; then
		rtla "$@" $extra -d ${secs}s >/tmp/o 2>/tmp/e &
		kthread_ticks $!
	else
		time -o /tmp/t -f '%U %S' rtla "$@" $extra -d ${secs}s \
			>/tmp/o 2>/tmp/e
		set -- $(tail -1 /tmp/t)
		ticks=$(echo "$1 $2" | awk '{ printf "%d", ($1 + $2) * 100 + 0.5 }')
	fi
	case $workload in
	osnoise-top)
		set -- $(awk '$1 == 1 && $2 ~ /^#/ { sub("#", "", $2); print $2, $4 }' /tmp/o) ;;
	timerlat-hist*)
		set -- $(awk '/^Index/ { for (i = 2; i <= NF; i++) t[i] = $i ~ /^Thr-/ }
			/^count:/ && !c { for (i = 2; i <= NF; i++) if (t[i]) n = $i; c = 1 }
			/^avg:/ && !a { for (i = 2; i <= NF; i++) if (t[i]) v = $i; a = 1 }
			END { print n + 0, v + 0 }' /tmp/o) ;;
	esac
	echo "RESULT workload=$workload sources=$with run=$r ticks=$ticks samples=${1:-0} noise=${2:-0}"
	! grep -q . /tmp/e || sed 's/^/# stderr: /' /tmp/e | head -3
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
kill $noisy
