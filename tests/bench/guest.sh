#!/bin/sh
# Inside the VM: run each tool on each workload, alternating, and print
# one line per run (ours-tracefs: ours with RTLA_COLLECTOR=tracefs;
# ref-tracefs: a reference with a BPF path, rtla 7.2, with RTLA_NO_BPF=1,
# for timerlat only: its osnoise has no BPF path; ours-bpf: osnoise
# hist with RTLA_COLLECTOR=bpf, a BPF program on sample_threshold instead
# of the hist trigger rtla and ours use by default):
#   RESULT workload=W tool=NAME run=N ticks=UTIME+STIME samples=N avg=X max=N lost=N hwm_kb=N
# (CPU in clock ticks of the rtla process, samples from its summary, avg
# their mean over the CPUs weighted by count, max the largest over the
# CPUs, peak RSS from /proc/PID/status).
#
#   sh /root/guest.sh SECONDS ROUNDS ARGS... [-- ARGS...]...
# (each ARGS: the rtla arguments of one workload, e.g. timerlat hist -k)
secs=$1 rounds=$2
shift 2
hz=$(getconf CLK_TCK 2>/dev/null || echo 100)
echo "# kernel $(uname -r), $(nproc) CPUs, CLK_TCK $hz"

# one_run NAME BIN: run BIN ARGS -d SECONDS, watching its /proc entry
one_run() {
	local name=$1 bin=$2 pid hwm=0 ticks=0 h t out=/tmp/bench.out

	$bin $args -d ${secs}s >$out 2>/tmp/bench.err &
	pid=$!
	while kill -0 $pid 2>/dev/null; do
		h=$(awk '/^VmHWM/ { print $2 }' /proc/$pid/status 2>/dev/null)
		t=$(awk '{ print $14 + $15 }' /proc/$pid/stat 2>/dev/null)
		[ -n "$h" ] && hwm=$h
		[ -n "$t" ] && ticks=$t
		sleep 0.2
	done
	wait $pid
	# samples summed over CPUs (thread samples for timerlat): the first
	# count:, avg: and max: rows of the summary
	set -- $(awk '/^count:/ && !done { for (i = 2; i <= NF; i++) if (t[i]) { s += $i; c[i] = $i }; done = 1 }
		/^avg:/ && !adone { for (i = 2; i <= NF; i++) if (t[i]) w += c[i] * $i; adone = 1 }
		/^max:/ && !mdone { for (i = 2; i <= NF; i++) if (t[i] && $i > m) m = $i; mdone = 1 }
		/^Index/ { for (i = 2; i <= NF; i++) t[i] = ($i ~ /^(Thr|CPU)-/) }
		END { printf "%d %.2f %d\n", s, s ? w / s : 0, m }' $out)
	samples=$1 avg=$2 max=$3
	lost=$(sed -n 's/.* \([0-9][0-9]*\) events were lost.*/\1/p' /tmp/bench.err | head -1)
	echo "RESULT workload=$workload tool=$name run=$r ticks=$ticks samples=$samples avg=$avg max=$max lost=${lost:-0} hwm_kb=$hwm"
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

# each_tool FUNCTION: FUNCTION NAME COMMAND for every tool of the workload
each_tool() {
	local IFS='
'
	for t in $tools; do
		IFS=' '
		$1 "${t%%=*}" "${t#*=}"
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
		each_tool one_run
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
