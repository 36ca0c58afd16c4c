# Guest checks of user-space timerlat threads (osnoise/per_cpu/cpuN/
# timerlat_fd), TIMERLAT_ALIGN and the osnoise/ ABI of 7.2.  Sourced by
# guest-checks.sh, whose pass/fail/check/reset_tracing helpers it uses.
# Needs /root/tlat-user (tlat-user.c, built static by run.sh), and for the
# ABI /root/abi-7.2-rt.expected and /root/normalize-abi-7.2.awk.

TLU=/root/tlat-user

# Summary per CPU of the timerlat entries in the trace: "cpu N irq I
# thread T uret U bad B", B counting the user-ret entries whose seqnum is
# not that of the CPU's thread entry before them.
tlu_summary() {
	awk '/ context / {
		cpu = ""; seq = ""; ctx = ""
		for (i = 1; i < NF; i++) {
			if ($i ~ /^\[[0-9]+\]$/) cpu = substr($i, 2, length($i) - 2) + 0
			if ($i ~ /^#[0-9]+$/) seq = substr($i, 2)
			if ($i == "context") ctx = $(i + 1)
		}
		if (cpu == "" || seq == "") next
		cpus[cpu] = 1
		n[cpu, ctx]++
		if (ctx == "thread") last[cpu] = seq
		if (ctx == "user-ret" && last[cpu] != seq) bad[cpu]++
	}
	END {
		for (c in cpus)
			printf "cpu %d irq %d thread %d uret %d bad %d\n", c,
			       n[c, "irq"], n[c, "thread"], n[c, "user-ret"], bad[c]
	}' $T/trace | sort
}

tlu_user_mode() {
	reset_tracing
	echo NO_OSNOISE_WORKLOAD > $O/options
	echo timerlat > $T/current_tracer
}

# User threads on every CPU for SECONDS, with the tracer as it is: their
# output printed, their exit status in rc.
tlu_readers() {
	out=$($TLU run "$1" 2>&1)
	rc=$?
	echo "$out"
}

# The same from a reset, then tracing off.
tlu_run() {
	tlu_user_mode
	tlu_readers "$1"
	echo 0 > $T/tracing_on
}

# Every CPU gets thread and user-ret samples from the user threads, each
# user-ret with the seqnum of the thread sample before it; no kernel thread.
check_tfd_samples() {
	[ -x $TLU ] || { fail tfd_samples "no $TLU"; return; }
	tlu_run 3
	check tfd_samples_run [ $rc = 0 ]
	check tfd_no_kthreads [ "$(count_threads timerlat)" = 0 ]
	sum=$(tlu_summary)
	echo "$sum"
	c=0
	while [ $c -le $LASTCPU ]; do
		line=$(echo "$sum" | grep "^cpu $c ")
		set -- $line
		ok=0
		[ -n "$line" ] && [ "$6" -gt 0 ] && [ "$8" -gt 0 ] && \
			[ "${10}" = 0 ] && ok=1
		check "tfd_samples_cpu$c" [ $ok = 1 ]
		c=$((c + 1))
	done
	reset_tracing
}

# open: EINVAL with the workload option on, or when timerlat is not the
# tracer (nop, osnoise), as on 7.2; EPERM off its CPU or unpinned, EBUSY a
# second time; the workload option cannot come back while a user thread
# holds its file.
check_tfd_open() {
	[ -x $TLU ] || { fail tfd_open "no $TLU"; return; }
	reset_tracing
	echo NO_OSNOISE_WORKLOAD > $O/options
	check tfd_open_nop_einval \
		[ "$($TLU open $LASTCPU $LASTCPU)" = "open: EINVAL" ]
	echo osnoise > $T/current_tracer
	check tfd_open_osnoise_einval \
		[ "$($TLU open $LASTCPU $LASTCPU)" = "open: EINVAL" ]
	reset_tracing
	echo timerlat > $T/current_tracer
	check tfd_open_workload_einval [ "$($TLU open 0 0)" = "open: EINVAL" ]
	echo NO_OSNOISE_WORKLOAD > $O/options
	check tfd_open_other_cpu_eperm [ "$($TLU open $LASTCPU 0)" = "open: EPERM" ]
	check tfd_open_unpinned_eperm [ "$($TLU open 0 none)" = "open: EPERM" ]
	check tfd_open_ok [ "$($TLU open $LASTCPU $LASTCPU)" = "open: OK" ]
	check tfd_open_twice_ebusy [ "$($TLU twice 0)" = "second open: EBUSY" ]
	$TLU forever > /dev/null 2>&1 &
	pid=$!
	sleep 1
	before=$(cat $O/options)
	if (echo OSNOISE_WORKLOAD > $O/options) 2>/dev/null; then
		fail tfd_workload_busy "OSNOISE_WORKLOAD accepted with user threads"
	else
		check tfd_workload_busy [ "$(cat $O/options)" = "$before" ]
	fi
	kill -9 $pid
	wait $pid 2>/dev/null
	reset_tracing
}

# tlat-user with ARGS from a reset in user mode: its output printed and
# in out, its exit status in rc.
tlu_user_run() {
	tlu_user_mode
	out=$($TLU "$@" 2>&1)
	rc=$?
	echo "$out"
}

# A user thread that leaves its CPU stops tracing, as on 7.2: its reads
# fail with EINVAL from then on, the thread lives, tracing_on is 0 and the
# trace says why.
check_tfd_migrate() {
	[ -x $TLU ] || { fail tfd_migrate "no $TLU"; return; }
	tlu_user_run migrate $LASTCPU 0
	check tfd_migrate_lives [ $rc = 0 ]
	check tfd_migrate_einval [ "$(echo "$out" | grep -c 'read on cpu 0: EINVAL')" = 3 ]
	check tfd_migrate_stopped [ "$(cat $T/tracing_on)" = 0 ]
	check tfd_migrate_note grep -q 'timerlat user thread migrated' $T/trace
	reset_tracing
}

# Count of the trace entries with TEXT on CPU.
tlu_count_on() { # CPU TEXT
	awk -v cpu=$1 -v text="$2" 'index($0, text) {
		for (i = 1; i < NF; i++)
			if ($i ~ /^\[[0-9]+\]$/) {
				if (substr($i, 2, length($i) - 2) + 0 == cpu) n++
				break
			}
	} END { print n + 0 }' $T/trace
}

# A reader moved off its CPU while it sleeps in read() (by another
# process, its child) stops tracing when its timer wakes it (its read
# fails with EINVAL), and leaves no timerlat window open on the CPU: with
# the fd still open in the child, which sleeps in a loop on that CPU, no
# thread noise is reported there once tracing is on again (before 0020,
# the window stayed open until the last close, and the child and the
# idle task showed as thread noise).
check_tfd_strand() {
	[ -x $TLU ] || { fail tfd_strand "no $TLU"; return; }
	tlu_user_mode
	echo 1 > $T/events/osnoise/thread_noise/enable
	out=$($TLU strand $LASTCPU 0 2>&1)
	rc=$?
	echo "$out"
	check tfd_strand_einval [ "$rc:$out" = "1:read: EINVAL" ]
	check tfd_strand_stopped [ "$(cat $T/tracing_on)" = 0 ]
	echo 1 > $T/tracing_on
	echo > $T/trace
	sleep 1
	n=$(tlu_count_on $LASTCPU thread_noise:)
	echo "thread_noise on cpu $LASTCPU with no reader: $n"
	check tfd_strand_no_window [ "$n" = 0 ]
	# The child closes the fd about 2 s after the move: the CPU is free
	# again once it has (as the next checks need).
	i=0
	while [ $i -lt 100 ] && ! $TLU open $LASTCPU $LASTCPU | grep -q 'open: OK'; do
		sleep 0.1
		i=$((i + 1))
	done
	check tfd_strand_released [ $i -lt 100 ]
	reset_tracing
}

# A reader moved off its CPU while it sleeps in user space, between two
# reads, stops tracing when the scheduler moves it, as upstream's
# sched_migrate_task probe does: a sleeping task moves when it wakes, so
# the reader finds tracing_on 0 once awake, before its next read (before:
# only that read noticed, and meanwhile the CPU reported every task as
# thread noise); the trace says why, and the read fails with EINVAL.
# The child's look 200 ms after the move is printed only: the reader has
# not moved yet then.
check_tfd_away() {
	[ -x $TLU ] || { fail tfd_away "no $TLU"; return; }
	tlu_user_run away $LASTCPU 0
	check tfd_away_stopped_before_read [ "$rc:$(echo "$out" | grep -c 'before the next read: 0')" = 0:1 ]
	check tfd_away_einval [ "$(echo "$out" | grep -c 'read after the move: EINVAL')" = 1 ]
	check tfd_away_note grep -q 'timerlat user thread migrated' $T/trace
	reset_tracing
}

# 1000 readers on the last CPU, each moved to CPU 0 by another process at a
# random moment of its reads (tracing on again after each): each sees a
# read fail with EINVAL, and no timerlat sample is ever written on CPU 0
# (a timer armed there after the move would write the reader's IRQ
# sample on CPU 0).
check_tfd_flip() {
	[ -x $TLU ] || { fail tfd_flip "no $TLU"; return; }
	tlu_user_mode
	out=$($TLU flip $LASTCPU 0 1000 2>&1)
	rc=$?
	echo "$out"
	check tfd_flip_all_einval [ $rc = 0 ]
	echo 0 > $T/tracing_on
	n=$(tlu_count_on 0 " context ")
	check tfd_flip_no_sample_on_cpu0 [ "$n" = 0 ]
	n=$(tlu_count_on $LASTCPU " context ")
	check tfd_flip_samples [ "$n" -gt 0 ]
	reset_tracing
}

# Stopping the tracer kills the threads that hold a timerlat_fd (as on
# 7.2): a tool killed without stopping them leaves none behind, and
# OSNOISE_WORKLOAD can be set again.
check_tfd_stop_kills() {
	[ -x $TLU ] || { fail tfd_stop_kills "no $TLU"; return; }
	tlu_user_mode
	$TLU forever > /dev/null 2>&1 &
	pid=$!
	sleep 1
	echo nop > $T/current_tracer
	i=0
	while kill -0 $pid 2>/dev/null && [ $i -lt 20 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if kill -0 $pid 2>/dev/null; then
		fail tfd_stop_kills "tlat-user still runs after the tracer stopped"
		kill -9 $pid
		wait $pid 2>/dev/null
	else
		wait $pid
		check tfd_stop_kills_sigkill [ $? = 137 ]
	fi
	check tfd_stop_workload_back tlu_set_workload
	reset_tracing
}

# Wait up to 2 s for PID to end; its status in rc (255: still running,
# then killed here).
tlu_wait_end() {
	i=0
	while kill -0 $1 2>/dev/null && [ $i -lt 20 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if kill -0 $1 2>/dev/null; then
		kill -9 $1
		wait $1 2>/dev/null
		rc=255
	else
		wait $1
		rc=$?
	fi
}

# A cpus write, and any options write, while the tracer runs end the user
# threads (SIGKILL), as on 7.2: they were set up for the old settings.
check_tfd_rewrite_ends() {
	[ -x $TLU ] || { fail tfd_rewrite_ends "no $TLU"; return; }
	tlu_user_mode
	$TLU forever > /dev/null 2>&1 &
	pid=$!
	sleep 1
	cat $O/cpus > $O/cpus
	tlu_wait_end $pid
	echo "status after a cpus write: $rc"
	check tfd_cpus_write_ends [ $rc = 137 ]
	$TLU forever > /dev/null 2>&1 &
	pid=$!
	sleep 1
	echo NO_PANIC_ON_STOP > $O/options
	tlu_wait_end $pid
	echo "status after an options write: $rc"
	check tfd_options_write_ends [ $rc = 137 ]
	reset_tracing
}

# A signal during read() ends it with 0, not EINTR, as on 7.2 (a 1 s
# period, the signal 100 ms in: the read returns early).
check_tfd_signal() {
	[ -x $TLU ] || { fail tfd_signal "no $TLU"; return; }
	tlu_user_mode
	echo 1000000 > $O/timerlat_period_us
	out=$($TLU signal $LASTCPU 2>&1)
	echo "$out"
	check tfd_signal_read_0 sh -c "echo '$out' | grep -q '^read with signal: OK'"
	check tfd_signal_caught sh -c "echo '$out' | grep -q '^signals: 1,'"
	# The read ended at the signal, not at the period, with no sample.
	ms=$(echo "$out" | sed -n 's/.*read took \([0-9]*\) ms$/\1/p')
	check tfd_signal_early [ "${ms:-1000}" -lt 900 ]
	check tfd_signal_no_sample sh -c "! grep -q ' context ' $T/trace"
	reset_tracing
}

# Thread noise between a thread sample and the user-ret sample after it
# on the last CPU: the user thread's window lasts until it is back in user
# space.  The readers sleep 300 us after each read, so the CPU idles
# there (thread_noise: swapper/N) before the next read's user-ret sample.
check_tfd_uret_window() {
	[ -x $TLU ] || { fail tfd_uret_window "no $TLU"; return; }
	tlu_user_mode
	echo 1 > $T/events/osnoise/thread_noise/enable
	$TLU nap 2 300 > /dev/null 2>&1
	echo 0 > $T/tracing_on
	n=$(awk -v cpu=$LASTCPU '{
		c = -1
		for (i = 1; i < NF; i++)
			if ($i ~ /^\[[0-9]+\]$/) {
				c = substr($i, 2, length($i) - 2) + 0
				break
			}
		if (c != cpu) next
		if (/ context +irq /) state = "irq"
		else if (/ context +thread /) state = "open"
		else if (/ context +user-ret /) state = "closed"
		else if (/thread_noise:/ && state != "") n[state]++
	} END { print n["open"] + 0, n["closed"] + 0 }' $T/trace)
	echo "thread_noise on cpu $LASTCPU between thread and user-ret," \
		"between user-ret and the next IRQ: $n"
	check tfd_uret_window_noise [ "${n% *}" -gt 0 ]
	# The window closes at user-ret: nothing until the next timer IRQ.
	check tfd_uret_window_closed [ "${n#* }" = 0 ]
	reset_tracing
}

tlu_set_workload() {
	echo OSNOISE_WORKLOAD > $O/options && grep -qw OSNOISE_WORKLOAD $O/options
}

# Closing the fd while a thread reads it frees the CPU for a new open.
check_tfd_close() {
	[ -x $TLU ] || { fail tfd_close "no $TLU"; return; }
	tlu_user_mode
	out=$($TLU close $LASTCPU 2>&1)
	echo "$out"
	check tfd_close_reopen sh -c "echo '$out' | grep -q 'reopen: OK'"
	reset_tracing
}

# rtla-ref (Debian's rtla 7.2) when the VM has it, in its default
# user-thread mode.
tlu_have_rtla72() {
	command -v rtla-ref > /dev/null &&
		rtla-ref --version 2>&1 | grep -q 'version 7\.'
}

# SIGKILL every process that holds a timerlat_fd (rtla's user workers
# outlive a killed rtla) and wait until they are gone.
tlu_kill_holders() {
	k=0
	while [ $k -lt 50 ]; do
		left=0
		for p in /proc/[0-9]*; do
			ls -l $p/fd 2>/dev/null | grep -q timerlat_fd || continue
			kill -9 ${p#/proc/} 2>/dev/null
			left=1
		done
		[ $left = 0 ] && return 0
		sleep 0.1
		k=$((k + 1))
	done
	return 1
}

# True once some process holds a timerlat_fd, within 10 s.
tlu_wait_holders() {
	k=0
	while [ $k -lt 100 ]; do
		ls -l /proc/[0-9]*/fd 2>/dev/null | grep -q timerlat_fd && return 0
		sleep 0.1
		k=$((k + 1))
	done
	return 1
}

# True once no process holds a timerlat_fd, within 2 s.
tlu_no_holders() {
	k=0
	while [ $k -lt 20 ]; do
		ls -l /proc/[0-9]*/fd 2>/dev/null | grep -q timerlat_fd || return 0
		sleep 0.1
		k=$((k + 1))
	done
	echo "timerlat_fd still held 2 s after the tracer stopped"
	return 1
}

# Remove what a killed rtla left: its instances and tracer.
tlu_cleanup_instances() {
	for d in $T/instances/*/; do
		[ -d "$d" ] || continue
		echo nop > "$d/current_tracer" 2>/dev/null
		rmdir "$d" 2>/dev/null
	done
}

# SIGKILL user threads blocked in read, many times, also with the tracer
# switched off under them; the kernel must go on tracing (and the console
# stay clean, which run.sh checks).
check_tfd_kill_loop() {
	[ -x $TLU ] || { fail tfd_kill_loop "no $TLU"; return; }
	tlu_user_mode
	i=0
	while [ $i -lt 8 ]; do
		$TLU forever > /dev/null 2>&1 &
		pid=$!
		sleep 0.$((3 + i))
		if [ $((i % 2)) = 1 ]; then
			echo nop > $T/current_tracer
			sleep 0.3
			echo timerlat > $T/current_tracer
		fi
		kill -9 $pid
		wait $pid 2>/dev/null
		i=$((i + 1))
	done
	if tlu_have_rtla72; then
		reset_tracing
		i=0
		while [ $i -lt 5 ]; do
			rtla-ref timerlat top -q -d 30s > /dev/null 2>&1 &
			pid=$!
			sleep $((1 + i % 3))
			# Its workers hold their files by now (10 s at most):
			# a round without them would check nothing.
			check tfd_kill_rtla72_had_workers tlu_wait_holders
			kill -9 $pid
			wait $pid 2>/dev/null
			# Its workers, blocked in read, outlive it; stopping
			# its instance's tracer must end them (the kernel's
			# kill, not ours: tlu_kill_holders only cleans up).
			tlu_cleanup_instances
			check tfd_kill_rtla72_workers tlu_no_holders
			tlu_kill_holders
			i=$((i + 1))
		done
	else
		skip tfd_kill_loop_rtla72 "no rtla 7.2 (rtla-ref) in the VM, the kill loop ran tlat-user only"
	fi
	tlu_run 2
	check tfd_after_kills_run [ $rc = 0 ]
	check tfd_after_kills_samples grep -q 'context user-ret' $T/trace
	reset_tracing
	echo timerlat > $T/current_tracer
	sleep 1
	echo 0 > $T/tracing_on
	check tfd_after_kills_kthreads grep -q 'context *thread' $T/trace
	reset_tracing
}

# Phase of each CPU's timerlat wakeups, in us modulo PERIOD: the trace
# timestamp (clock mono, the timer's) less the IRQ latency, the median of
# the CPU's first samples.
tlu_phases() {
	awk -v period=$1 '/ context +irq / {
		cpu = ""; lat = ""; ts = ""
		for (i = 1; i < NF; i++) {
			if ($i ~ /^\[[0-9]+\]$/) cpu = substr($i, 2, length($i) - 2) + 0
			if ($i ~ /^[0-9]+\.[0-9]+:$/) ts = substr($i, 1, length($i) - 1)
			if ($i == "timer_latency") lat = $(i + 1)
		}
		if (cpu == "" || ts == "" || n[cpu] >= 9) next
		split(ts, p, ".")
		us = (p[1] % 100000) * 1000000 + p[2] - int(lat / 1000)
		v[cpu, n[cpu]++] = us % period
	}
	END {
		for (c in n) {
			# median of the first samples: a late IRQ shifts one of them
			for (i = 1; i < n[c]; i++)
				for (j = i; j > 0 && v[c, j - 1] > v[c, j]; j--) {
					t = v[c, j]; v[c, j] = v[c, j - 1]; v[c, j - 1] = t
				}
			print c, v[c, int(n[c] / 2)]
		}
	}' $T/trace | sort -n
}

# TIMERLAT_ALIGN and timerlat_align_us: the file's bounds, and the first
# wakeups of the CPUs (hence all the next ones) timerlat_align_us apart.
check_timerlat_align() {
	reset_tracing
	expect_einval abc $O/timerlat_align_us
	expect_einval -1 $O/timerlat_align_us
	expect_einval 1000001 $O/timerlat_align_us
	expect_ok 3000 $O/timerlat_align_us
	expect_einval TIMERLAT_ALIGNED $O/options
	echo TIMERLAT_ALIGN > $O/options
	check timerlat_align_option grep -qw TIMERLAT_ALIGN $O/options
	clock=$(sed 's/.*\[\(.*\)\].*/\1/' $T/trace_clock)
	echo mono > $T/trace_clock
	echo 10000 > $O/timerlat_period_us
	echo timerlat > $T/current_tracer
	sleep 2
	echo 0 > $T/tracing_on
	phases=$(tlu_phases 10000)
	echo "phases (cpu us): $(echo $phases)"
	set -- $phases
	if [ $# -lt 4 ]; then
		fail timerlat_align_phase "fewer than two CPUs in the trace"
	else
		d=$(( ($2 - $4 + 20000) % 10000 ))
		# 3000 one way round, 7000 the other; 300 us for the trace clock
		ok=0
		for want in 3000 7000; do
			[ $d -ge $((want - 300)) ] && [ $d -le $((want + 300)) ] && ok=1
		done
		check timerlat_align_phase [ $ok = 1 ]
	fi
	echo "$clock" > $T/trace_clock
	echo NO_TIMERLAT_ALIGN > $O/options
	echo 0 > $O/timerlat_align_us
	reset_tracing
}

# The whole osnoise/ directory and the osnoise event formats, walked,
# against the 7.2 RT reference (abi-7.2-rt.expected).
tlu_walk_abi() {
	(cd $O && find . | sort) | while read -r p; do
		rel=${p#./}
		[ "$p" = . ] && { echo "osnoise/./ dir"; continue; }
		if [ -d "$O/$rel" ]; then
			echo "osnoise/$rel/ dir"
		elif [ "${rel##*/}" = timerlat_fd ]; then
			echo "osnoise/$rel mode=$(stat -c %a $O/$rel) value=(not read)"
		else
			echo "osnoise/$rel mode=$(stat -c %a $O/$rel) value=$(cat $O/$rel)"
		fi
	done
	echo "tracing_thresh=$(cat $T/tracing_thresh)"
	for e in $T/events/ftrace/osnoise $T/events/ftrace/timerlat \
		 $T/events/osnoise/*/; do
		e=${e%/}
		[ -r $e/format ] || continue
		echo "== ${e#$T/events/}"
		cat $e/format
	done
}

check_abi_72() {
	reset_tracing
	if [ ! -r /root/abi-7.2-rt.expected ]; then
		fail abi_72 "no /root/abi-7.2-rt.expected"
		return
	fi
	tlu_walk_abi | awk -f /root/normalize-abi-7.2.awk > /tmp/abi72.txt
	if diff -u /root/abi-7.2-rt.expected /tmp/abi72.txt; then
		pass abi_72
	else
		fail abi_72 "osnoise/ or event formats differ from the 7.2 RT reference"
	fi
}

# rtla 7.2's default mode (user threads; its BPF collector is not built in
# Debian's package, so it reads tracefs) counts IRQ, thread and user-ret
# samples on every CPU, as with RTLA_NO_BPF=1.
rtla72_all_counts() {
	env $1 rtla-ref timerlat hist -d 3s 2>&1 |
		awk '/^ALL:/ { all = 1; next } all && /^count:/ { print $2, $3, $4; exit }'
}

check_rtla72_default() {
	local bpf0 bpf1

	if ! tlu_have_rtla72; then
		skip rtla72_default "no rtla 7.2 (rtla-ref) in the VM"
		return
	fi
	reset_tracing
	bpf0=$(rtla72_all_counts)
	bpf1=$(rtla72_all_counts RTLA_NO_BPF=1)
	echo "rtla 7.2 ALL counts: default '$bpf0', RTLA_NO_BPF=1 '$bpf1'"
	for counts in "$bpf0" "$bpf1"; do
		check rtla72_counts sh -c "echo '$counts' |
			awk '{ exit !(NF == 3 && \$1 > 0 && \$2 > 0 && \$3 > 0) }'"
	done
	reset_tracing
}

check_timerlat_user() {
	check_abi_72
	check_rtla72_default
	check_tfd_open
	check_tfd_samples
	check_tfd_migrate
	check_tfd_strand
	check_tfd_away
	check_tfd_flip
	check_tfd_close
	check_tfd_rewrite_ends
	check_tfd_signal
	check_tfd_uret_window
	check_tfd_stop_kills
	check_tfd_kill_loop
	check_timerlat_align
	check_tfd_knobs
	check_tfd_hotplug
}

# The tracer's knobs with user threads (no kernel thread), as on 7.2-rt:
# print_stack alone dumps no stack (7.2 dumps a user thread's saved IRQ
# stack only when its latency stops tracing), a stop threshold stops
# tracing while the readers go on, and with print_stack the stop writes
# the stack; tracing_on 0 stops the samples and ends the readers with
# SIGKILL, as stopping the tracer does.  The knobs are set after
# tlu_user_mode's reset, and tlu_readers leaves tracing as it is.
# TIMERLAT_ALIGN does not set the user threads' phases on 7.2 either (a
# phase difference of about 300 us, not 3000, on both): not checked.
check_tfd_knobs() {
	[ -x $TLU ] || { fail tfd_knobs "no $TLU"; return; }
	tlu_user_mode
	echo 1 > $O/print_stack
	tlu_readers 2
	check tfd_print_stack_samples grep -q " context " $T/trace
	check tfd_print_stack_none sh -c "! grep -q '<stack trace>' $T/trace"
	check tfd_print_stack_tracing [ "$(cat $T/tracing_on)" = 1 ]
	tlu_user_mode
	echo 1 > $O/print_stack
	echo 1 > $O/stop_tracing_total_us
	tlu_readers 2
	check tfd_stop_readers_live [ $rc = 0 ]
	check tfd_stop_stopped [ "$(cat $T/tracing_on)" = 0 ]
	check tfd_stop_note grep -q "stop tracing hit" $T/trace
	check tfd_stop_stack grep -q '<stack trace>' $T/trace
	reset_tracing
	tlu_user_mode
	$TLU run 3 > /tmp/tfd-off.out 2>&1 &
	sleep 1
	echo 0 > $T/tracing_on
	n1=$(grep -c ' context ' $T/trace)
	sleep 1
	n2=$(grep -c ' context ' $T/trace)
	wait $!
	rc=$?
	echo "tracing_on 0 under user threads: $n1 then $n2 samples, readers' status $rc"
	check tfd_tracing_off_readers_killed [ $rc = 137 ]
	check tfd_tracing_off_no_samples [ "$n1" -gt 0 -a "$n1" = "$n2" ]
	reset_tracing
}

# Write $1 to the last CPU's online file in the background: false unless
# the write returned 0 within 30 s (a kernel that hangs in the hotplug
# fails the check, not the boot).
tlu_set_online() {
	rm -f /tmp/tlu-online.rc
	(echo $1 > /sys/devices/system/cpu/cpu$LASTCPU/online
	 echo $? > /tmp/tlu-online.rc) &
	i=0
	while [ ! -s /tmp/tlu-online.rc ] && [ $i -lt 300 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	echo "online $1: status $(cat /tmp/tlu-online.rc 2>/dev/null || echo none) after $((i / 10)).$((i % 10)) s"
	[ "$(cat /tmp/tlu-online.rc 2>/dev/null)" = 0 ]
}

# A CPU that goes offline while a user thread reads its timerlat_fd ends
# that thread (SIGKILL), and tracing goes on, as on 6.12-rt; once the CPU
# is back online its file opens again (6.12-rt: EBUSY, and the next
# tracer reset hits a freed task; 7.2-rt's guest did not finish the
# offline: kernel/README.md).  Twice: readers asleep in read() (woken by
# their timer on the CPU going down), then readers that spend most of
# each period asleep in user space.
check_tfd_hotplug() {
	[ -x $TLU ] || { fail tfd_hotplug "no $TLU"; return; }
	[ -w /sys/devices/system/cpu/cpu$LASTCPU/online ] ||
		{ fail tfd_hotplug "cpu$LASTCPU cannot go offline"; return; }
	for how in forever "nap 30 900"; do
		tlu_user_mode
		$TLU $how > /dev/null 2>&1 &
		pid=$!
		sleep 1
		check tfd_hotplug_offline tlu_set_online 0
		tlu_wait_end $pid
		echo "readers ($how): status after cpu$LASTCPU went offline: $rc"
		check tfd_hotplug_ends [ $rc = 137 ]
		check tfd_hotplug_tracing_on [ "$(cat $T/tracing_on)" = 1 ]
		check tfd_hotplug_no_stop sh -c "! grep -q 'user thread migrated' $T/trace"
		check tfd_hotplug_online tlu_set_online 1
		out=$($TLU run 1 2>&1)
		rc=$?
		echo "$out"
		check tfd_hotplug_reopen [ $rc = 0 ]
		reset_tracing
	done
}
