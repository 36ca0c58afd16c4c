#!/bin/sh
# Inside the VM: run each tool on each workload, alternating, and print
# one line per run (ours-tracefs: ours with RTLA_COLLECTOR=tracefs;
# ref-tracefs: a reference with a BPF path, rtla 7.2, with RTLA_NO_BPF=1,
# for timerlat only: its osnoise has no BPF path; ours-bpf: osnoise
# hist with RTLA_COLLECTOR=bpf, a BPF program on sample_threshold instead
# of the hist trigger rtla and ours use by default):
#   RESULT workload=W tool=NAME run=N len=long|short ticks=UTIME+STIME samples=N avg=X max=N lost=N dropped=N dropped_by=INSTANCES hwm_kb=N
# (CPU of the rtla process in hundredths of a second, samples from its
# summary, avg their mean over the CPUs weighted by count, max the
# largest over the CPUs, samples a hist trigger dropped because it was
# full (read from every instance's trigger a second before the end; the
# instances that dropped some),
# peak RSS; each round starts with the next tool, so no tool always runs
# first, and ends with a 1-s run of each tool, len=short: the fixed cost
# of a run against the marginal cost of a sample).
#
#   sh /root/guest.sh SECONDS ROUNDS ARGS... [-- ARGS...]...
# (each ARGS: the rtla arguments of one workload, e.g. timerlat hist -k)
secs=$1 rounds=$2
shift 2
echo "# kernel $(uname -r), $(nproc) CPUs"

# samples dropped by full hist triggers, summed over every instance,
# and the instances that dropped some (- for none)
trigger_drops() {
	grep -H Dropped: /sys/kernel/tracing/instances/*/events/*/*/hist 2>/dev/null |
		awk '{ split($1, p, "/"); if ($NF > 0) { d += $NF; w = w (w ? "," : "") p[6] } }
		END { print d + 0, w ? w : "-" }'
}

# one_run NAME BIN: run BIN ARGS -d $dur under busybox time, which
# reports the CPU time and peak RSS of the whole process at its exit (its
# teardown included), with nothing sampling it on the CPUs it measures
# (only one read of the triggers, a second before the end)
one_run() {
	local name=$1 bin=$2 out=/tmp/bench.out len=long

	[ "$dur" = "$secs" ] || len=short
	echo 0 - >/tmp/bench.drop
	[ "$dur" -gt 1 ] &&
		{ sleep $((dur - 1)); trigger_drops >/tmp/bench.drop; } &
	time -o /tmp/bench.time -f '%U %S %M' $bin $args -d ${dur}s \
		>$out 2>/tmp/bench.err
	wait
	set -- $(tail -1 /tmp/bench.time)
	ticks=$(echo "$1 $2" | awk '{ printf "%d", ($1 + $2) * 100 + 0.5 }')
	# busybox time takes ru_maxrss for pages: %M is 4 times the kB
	hwm=$(($3 / 4))
	# samples summed over CPUs (thread samples for timerlat): the first
	# count:, avg: and max: rows of the summary
	set -- $(awk '/^count:/ && !done { for (i = 2; i <= NF; i++) if (t[i]) { s += $i; c[i] = $i }; done = 1 }
		/^avg:/ && !adone { for (i = 2; i <= NF; i++) if (t[i]) w += c[i] * $i; adone = 1 }
		/^max:/ && !mdone { for (i = 2; i <= NF; i++) if (t[i] && $i > m) m = $i; mdone = 1 }
		/^Index/ { for (i = 2; i <= NF; i++) t[i] = ($i ~ /^(Thr|CPU)-/) }
		END { printf "%d %.2f %d\n", s, s ? w / s : 0, m }' $out)
	samples=$1 avg=$2 max=$3
	lost=$(sed -n 's/.* \([0-9][0-9]*\) events were lost.*/\1/p' /tmp/bench.err | head -1)
	echo "RESULT workload=$workload tool=$name run=$r len=$len ticks=$ticks samples=$samples avg=$avg max=$max lost=${lost:-0} dropped=$(cut -d' ' -f1 /tmp/bench.drop) dropped_by=$(cut -d' ' -f2 /tmp/bench.drop) hwm_kb=$hwm"
}

# which path each tool takes, from its -D output
paths() {
	local name=$1 bin=$2

	$bin $args -d 1s -D 2>&1 >/dev/null |
		grep -i -m 3 -e bpf -e 'every record' -e 'counted in the kernel' |
		sed "s/^/# $workload $name -D: /"
}

# the tools of a workload, "NAME=COMMAND" a line: ours-tracefs is our
# tracefs path, what runs where the kernel cannot count; rtla 6.1 has no
# BPF path, rtla 7.2 one for timerlat only: the default mode of the
# others is their tracefs mode
tool_list() {
	echo "ours=/usr/bin/rtla"
	echo "ours-tracefs=env RTLA_COLLECTOR=tracefs /usr/bin/rtla"
	[ "$1" = osnoise ] &&
		echo "ours-bpf=env RTLA_COLLECTOR=bpf /usr/bin/rtla"
	echo "ref=/usr/bin/rtla-ref"
	[ "$1" = timerlat ] && grep -qs RTLA_NO_BPF /opt/rtla-ref/rtla /usr/bin/rtla-ref &&
		echo "ref-tracefs=env RTLA_NO_BPF=1 /usr/bin/rtla-ref"
}

# each_tool FUNCTION [FIRST]: FUNCTION NAME COMMAND for every tool of the
# workload, starting with the FIRST-th (from 0) and wrapping around
each_tool() {
	local fn=$1 first=${2:-0} n t

	n=$(echo "$tools" | wc -l)
	first=$((first % n))
	{ echo "$tools" | tail -n +$((first + 1)); echo "$tools" | head -n $first; } |
	while IFS= read -r t; do
		$fn "${t%%=*}" "${t#*=}" </dev/null
	done
}

# one_workload ARGS...: every tool, ROUNDS times, alternating
one_workload() {
	args="$*"
	workload=$(echo "$1-$2" | tr -c 'a-z0-9\n-' '-')
	tools=$(tool_list "$1")
	echo "# workload $workload: rtla $args"
	each_tool paths
	r=1
	while [ $r -le $rounds ]; do
		dur=$secs
		each_tool one_run $((r - 1))
		dur=1
		each_tool one_run $((r - 1))
		r=$((r + 1))
	done
}

set -- "$@" --
words=
for a in "$@"; do
	if [ "$a" = -- ]; then
		[ -n "$words" ] && one_workload $words
		words=
	else
		words="$words $a"
	fi
done
