# Guest checks of the tracers' kernel threads (osnoise/N, timerlat/N)
# against cgroups and affinity changes: rtla -C moves them into a cgroup,
# as on 6.5+.  Sourced by guest-checks.sh, whose pass/fail/check,
# reset_tracing and wait_threads helpers it uses.

CG=/sys/fs/cgroup
KT_CHILD=$CG/kthread-checks

# "PID:CPU" of each thread of TRACER.
kt_threads() {
	local p c

	for p in /proc/[0-9]*; do
		c=$(cat $p/comm 2>/dev/null)
		case $c in
		$1/[0-9]*) echo "${p#/proc/}:${c#*/}" ;;
		esac
	done
}

# Start TRACER on every CPU with short osnoise windows (samples every
# 0.2 s); kt_start also waits for its threads.
kt_start_nowait() {
	reset_tracing
	echo 100000 > $O/runtime_us
	echo 200000 > $O/period_us
	echo $1 > $T/current_tracer
}

kt_start() {
	kt_start_nowait $1
	wait_threads $1 $NCPUS
}

# Number of samples of TRACER on CPU in the trace: osnoise entries (a
# number after the timestamp), timerlat thread samples (only the thread
# writes them).
kt_samples() {
	awk -v c="[$(printf %03d $2)]" -v t=$1 '
	/^#/ || !index($0, c) { next }
	t == "timerlat" && / context +thread / { n++ }
	t == "osnoise" && $5 ~ /^[0-9]+$/ { n++ }
	END { print n + 0 }' $T/trace
}

# Every CPU gets samples of TRACER within 3 s of a cleared trace.
kt_sampling() {
	local i=0 c n

	echo > $T/trace
	while [ $i -lt 30 ]; do
		sleep 0.1
		i=$((i + 1))
		n=0
		for c in $(seq 0 $LASTCPU); do
			[ "$(kt_samples $1 $c)" -gt 0 ] && n=$((n + 1))
		done
		[ $n = $NCPUS ] && return 0
	done
	echo "$1: samples on $n of $NCPUS CPUs after 3 s"
	return 1
}

kt_cgroup_mount() {
	grep -q " $CG cgroup2 " /proc/mounts && return 0
	mkdir -p $CG && mount -t cgroup2 none $CG
}

# rtla -C: every thread of each tracer moves into a child cgroup (its
# /proc/PID/cgroup says so), samples there on its CPU, and moves back to
# the root.  kthread_bind() sets PF_NO_SETAFFINITY, which the cgroup core
# refuses with EINVAL.  The flag is now cleared (as on 6.5+) before the
# thread first runs: each thread is moved as soon as it shows up, as rtla
# does.
check_kthread_cgroup() {
	local tracer t pid cpu err bad moved i

	kt_cgroup_mount || { fail kthread_cgroup "cannot mount cgroup2 on $CG"; return; }
	mkdir -p $KT_CHILD
	for tracer in osnoise timerlat; do
		bad= moved=
		kt_start_nowait $tracer
		i=0
		while [ $(echo $moved | wc -w) -lt $NCPUS ] && [ $i -lt 500 ]; do
			for t in $(kt_threads $tracer); do
				pid=${t%:*} cpu=${t#*:}
				case " $moved " in *" $pid "*) continue ;; esac
				moved="$moved $pid"
				err=$( (echo $pid > $KT_CHILD/cgroup.procs) 2>&1) ||
					bad="$bad $tracer/$cpu (pid $pid) not moved: ${err##*: };"
			done
			i=$((i + 1))
		done
		wait_threads $tracer $NCPUS || bad="$bad not $NCPUS $tracer threads;"
		for t in $(kt_threads $tracer); do
			pid=${t%:*} cpu=${t#*:}
			[ "$(cat /proc/$pid/cgroup)" = "0::/${KT_CHILD#$CG/}" ] ||
				bad="$bad $tracer/$cpu in $(cat /proc/$pid/cgroup);"
		done
		echo "$tracer threads in ${KT_CHILD#$CG/}: $(cat $KT_CHILD/cgroup.procs | tr '\n' ' ')"
		err=$(kt_sampling $tracer) || bad="$bad in the child: $err;"
		for t in $(kt_threads $tracer); do
			pid=${t%:*} cpu=${t#*:}
			err=$( (echo $pid > $CG/cgroup.procs) 2>&1) ||
				bad="$bad $tracer/$cpu (pid $pid) not moved back: ${err##*: };"
			[ "$(cat /proc/$pid/cgroup)" = "0::/" ] ||
				bad="$bad $tracer/$cpu back in $(cat /proc/$pid/cgroup);"
		done
		err=$(kt_sampling $tracer) || bad="$bad back in the root: $err;"
		[ "$(count_threads $tracer)" = $NCPUS ] ||
			bad="$bad $(count_threads $tracer) $tracer threads at the end;"
		echo nop > $T/current_tracer
		wait_threads $tracer 0 || bad="$bad $tracer threads left after the stop;"
		if [ -z "$bad" ]; then pass kthread_cgroup_$tracer; else fail kthread_cgroup_$tracer "$bad"; fi
	done
	rmdir $KT_CHILD || fail kthread_cgroup_rmdir "${KT_CHILD#$CG/} not empty: $(cat $KT_CHILD/cgroup.procs)"
	reset_tracing
}

# The thread of TRACER on CPU, as PID:CPU.
kt_thread_of() {
	kt_threads $1 | grep ":$2\$"
}

# A busy loop pinned to CPU (its PID in KT_BUSY).
kt_busy() {
	taskset $(printf %x $((1 << $1))) sh -c 'while :; do :; done' &
	KT_BUSY=$!
}

# The threads' affinity, as on 6.5+ where they are no longer
# PF_NO_SETAFFINITY: sched_setaffinity() is accepted.  A mask that keeps
# the thread's CPU leaves it there (set back to that CPU alone, as 5.10
# has no migrate_disable() to keep it otherwise), even with a busy loop on
# the CPU that the load balancer would spread; a mask without it makes the
# thread leave, with a note and no sample from elsewhere, and the CPU gets
# a thread again when it comes back online.
check_kthread_affinity() {
	local tracer t pid bad all others err i hp=/sys/devices/system/cpu/cpu$LASTCPU/online

	all=$(printf %x $(((1 << NCPUS) - 1)))
	others=$(printf %x $(((1 << LASTCPU) - 1)))
	for tracer in osnoise timerlat; do
		bad=
		kt_start $tracer || bad="not $NCPUS $tracer threads;"

		# A wider mask on CPU 0's thread, and a busy loop next to it.
		t=$(kt_thread_of $tracer 0)
		pid=${t%:*}
		kt_busy 0
		err=$(taskset -p $all $pid 2>&1) ||
			bad="$bad taskset -p $all $tracer/0 refused: $(echo $err);"
		i=0
		while [ $i -lt 20 ]; do
			[ "$(awk '{ print $39 }' /proc/$pid/stat 2>/dev/null)" = 0 ] ||
				{ bad="$bad $tracer/0 left CPU 0 (pid $pid: $(cat /proc/$pid/stat 2>&1 | awk '{ print $39 }'));"; break; }
			sleep 0.1
			i=$((i + 1))
		done
		echo "$tracer/0 after taskset -p $all: $(grep Cpus_allowed_list /proc/$pid/status)"
		grep -q 'Cpus_allowed_list:.0$' /proc/$pid/status ||
			bad="$bad $tracer/0 affinity not back to CPU 0;"
		err=$(kt_sampling $tracer) || bad="$bad with a wider mask: $err;"
		kill $KT_BUSY
		wait $KT_BUSY 2>/dev/null

		# A mask without its CPU on the last CPU's thread, which a busy
		# loop keeps waiting for the CPU at times (osnoise).
		t=$(kt_thread_of $tracer $LASTCPU)
		pid=${t%:*}
		kt_busy $LASTCPU
		echo > $T/trace
		err=$(taskset -p $others $pid 2>&1)
		case $err in *"can't set"*) bad="$bad taskset -p $others refused: $(echo $err);" ;; esac
		i=0
		while [ -d /proc/$pid ] && [ $i -lt 30 ]; do
			sleep 0.1
			i=$((i + 1))
		done
		kill $KT_BUSY
		wait $KT_BUSY 2>/dev/null
		[ -d /proc/$pid ] && bad="$bad $tracer/$LASTCPU (pid $pid) still there 3 s after taskset -p $others;"
		[ "$(count_threads $tracer)" = $LASTCPU ] ||
			bad="$bad $(count_threads $tracer) $tracer threads after one left;"
		grep -q "migration requested to osnoise threads, leaving" $T/trace ||
			bad="$bad no note of the leave in the trace;"
		# Samples the thread wrote from another CPU (an IRQ sample names
		# the task it interrupted: not those)
		err=$(awk -v p="-$pid " -v c="[$(printf %03d $LASTCPU)]" -v t=$tracer '
			/^#/ || !index($0, p) || index($0, c) { next }
			t == "timerlat" && / context +thread / || t == "osnoise" && $5 ~ /^[0-9]+$/' \
			$T/trace | head -3)
		[ -z "$err" ] || bad="$bad samples of $tracer/$LASTCPU from another CPU: $err;"
		if [ -w $hp ]; then
			echo 0 > $hp
			echo 1 > $hp
			wait_threads $tracer $NCPUS ||
				bad="$bad $(count_threads $tracer) $tracer threads after cpu$LASTCPU came back;"
			err=$(kt_sampling $tracer) || bad="$bad after cpu$LASTCPU came back: $err;"
		else
			bad="$bad cpu$LASTCPU cannot go offline;"
		fi
		echo nop > $T/current_tracer
		wait_threads $tracer 0 || bad="$bad $tracer threads left after the stop;"
		if [ -z "$bad" ]; then pass kthread_affinity_$tracer; else fail kthread_affinity_$tracer "$bad"; fi
	done
	reset_tracing
}
