# Guest checks: timerlat samples and its noise window.
# Sourced by guest-checks.sh (busybox sh), whose pass/fail/check,
# reset_tracing and wait_threads helpers it uses.

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
# the thread sample of the same activation.  A busy loop on the last CPU,
# which each timer IRQ preempts, makes sure there are such events: with
# none the check fails (a window that never opens would pass otherwise).
check_timerlat_window() {
	reset_tracing
	echo 2048 > $T/buffer_size_kb
	echo 1 > $T/events/osnoise/softirq_noise/enable
	echo 1 > $T/events/osnoise/thread_noise/enable
	taskset -c $LASTCPU sh -c 'while :; do :; done' &
	busy=$!
	echo timerlat > $T/current_tracer
	sleep 2
	echo 0 > $T/tracing_on
	kill $busy
	wait $busy 2>/dev/null
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
	      exit bad > 0 || n == 0 }' /tmp/tlwin.txt; then
		pass timerlat_noise_window
	else
		fail timerlat_noise_window "see above"
	fi
	echo 1408 > $T/buffer_size_kb
	reset_tracing
}
