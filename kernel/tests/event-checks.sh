# Guest checks: tasks RCU, noise at stops, the idle task, the sample events.
# Sourced by guest-checks.sh (busybox sh), whose pass/fail/check,
# reset_tracing and wait_threads helpers it uses.

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

# --- histogram keys in ranges (.buckets=N, 0008) -----------------------------

# The "{ child_pid: ~ START-END } hitcount: N" lines of hist file $1 as
# "START-END N", and every other key line as "bad LINE".
buckets_keys() { # HIST
	grep '^{ ' $1 | sed -e 's/^{ child_pid: ~ \([0-9]*-[0-9]*\) } hitcount: *\([0-9]*\)$/\1 \2/' \
		-e t -e 's/^/bad /'
}

# A key "child_pid.buckets=1000" on sched_process_fork: the trigger reads
# back with its width, every key is a range of that width, the forks of
# known pids are counted in their ranges; the width must match to remove
# the trigger; a zero or malformed width, a string or log2 key and a
# value with a width are refused.  7.2-rt fails two of these on purpose
# (kernel/README.md, 0008): it removes the trigger by the other width and
# accepts the string key.
check_hist_buckets() {
	local ev=$T/events/sched/sched_process_fork w=1000 pids p bad n want got

	reset_tracing
	if ! echo "hist:keys=child_pid.buckets=$w" > $ev/trigger; then
		fail hist_buckets_key "the trigger was refused"
		return
	fi
	check hist_buckets_readback grep -q "^hist:keys=child_pid.buckets=$w:" $ev/trigger
	pids=
	for p in 1 2 3 4 5 6; do
		pids="$pids $(sh -c 'echo $$')"
	done
	buckets_keys $ev/hist > /tmp/buckets.keys
	bad=$(awk -v w=$w '$1 == "bad" || split($1, r, "-") != 2 ||
			   r[1] % w || r[2] != r[1] + w - 1' /tmp/buckets.keys)
	if [ -z "$bad" ] && [ -s /tmp/buckets.keys ]; then
		pass hist_buckets_ranges
	else
		fail hist_buckets_ranges "not ranges of $w: $bad $(head -c 300 $ev/hist)"
	fi
	# each range holds at least the forks of our pids in it
	for p in $pids; do
		echo "$((p / w * w))-$((p / w * w + w - 1))"
	done | sort | uniq -c > /tmp/buckets.want
	bad=
	while read n want; do
		got=$(awk -v r="$want" '$1 == r { print $2 }' /tmp/buckets.keys)
		[ "${got:-0}" -ge "$n" ] || bad="$bad $want:${got:-0}<$n"
	done < /tmp/buckets.want
	if [ -z "$bad" ]; then
		pass hist_buckets_counts
	else
		fail hist_buckets_counts "pids$pids, counted$bad"
	fi
	# removal needs the same width (">>": opening a trigger file with
	# O_TRUNC removes every trigger)
	if (echo "!hist:keys=child_pid.buckets=500" >> $ev/trigger) 2>/dev/null &&
	   ! grep -q "^hist:keys=child_pid.buckets=$w:" $ev/trigger; then
		fail hist_buckets_remove_width "removed by a trigger of width 500"
	else
		pass hist_buckets_remove_width
	fi
	echo "!hist:keys=child_pid.buckets=$w" >> $ev/trigger
	check hist_buckets_removed sh -c "! grep -q '^hist:' $ev/trigger"
	for bad in child_pid.buckets=0 child_pid.buckets=x child_pid.buckets= \
		   child_comm.buckets=10 child_pid.log2.buckets=10 \
		   "child_pid:vals=parent_pid.buckets=10"; do
		expect_einval "hist:keys=$bad" $ev/trigger
	done
	reset_tracing
}
