#!/bin/sh
# Inside the VM: run rtla for SECONDS, read its VmRSS every STEP s (10,
# or the --scrape period), and report in TAP (tests/lib/tap.sh, copied in
# as /root/tap.sh) with the line
#   # RSS start_kb=N end_kb=N max_kb=N growth_kb=N seconds=S warmup_s=W ...
# start: the first reading at or after the warm-up (--warmup, 10 s);
# every later reading must be at most --rss-bound kB (1024) above it.
#
#   sh /vm-script [--scrape S] [--warmup S] [--rss-bound KB]
#                 [--ref "ARGS"] [--rounds N] [--collector C] SECONDS ARGS...
# ARGS: our rtla's arguments.  Without --scrape, rtla ends itself (-d).
# With --scrape (a monitor: ARGS get --listen 9117 --json), /metrics is
# scraped every S s, VmRSS read at each scrape, and rtla stopped by
# SIGTERM after SECONDS; checked too: every scrape answered, 0 lost
# samples in the final --json and in rtla_lost_samples_total.
# --ref: the bench (tests/bench/rss --ref): after each run of ours, a run
# of /usr/bin/rtla-ref ARGS for as long, stopped by SIGINT, ROUNDS times;
# one line a run:
#   RESULT tool=ours|ref run=N seconds=S cpus=N ticks=N cpu_pct=X
#          steady_pct=X scrapes=N answered=N p50_scrape_ms=N
#          p50_404_ms=N max_scrape_ms=N lost=N rss_kb=N
# ticks: utime+stime of the whole process (every thread: /proc/PID/stat)
# read just before the signal, in 1/100 s; cpu_pct: ticks as % of one
# CPU over the run, divided by the CPUs measured; steady_pct: the same
# from the first reading after the warm-up to the end (start-up left
# out); p50_scrape_ms: the median scrape, p50_404_ms: the median of a
# request for another path (404) just after it, the client's own cost.
# --collector C: ours with RTLA_COLLECTOR=C (tracefs: the path that
# reads every record).
. /root/tap.sh
scrape= warm=10 bound=1024 ref= rounds=1 collector=
while [ $# -gt 0 ]; do
	case $1 in
	--scrape) scrape=$2; shift 2 ;;
	--warmup) warm=$2; shift 2 ;;
	--rss-bound) bound=$2; shift 2 ;;
	--ref) ref=$2; shift 2 ;;
	--rounds) rounds=$2; shift 2 ;;
	--collector) collector=$2; shift 2 ;;
	*) break ;;
	esac
done
secs=$1
shift
step=${scrape:-10}
cpus=$(nproc)
url=http://127.0.0.1:9117/metrics
rss() { awk '/^VmRSS/ { print $2 }' /proc/$1/status 2>/dev/null; }
# utime + stime of every thread of process $1, in clock ticks (1/100 s)
cpu() { awk '{ print $14 + $15 }' /proc/$1/stat 2>/dev/null; }
# the uptime in ms (its resolution: 10 ms)
now_ms() { awk '{ printf "%d\n", $1 * 1000 }' /proc/uptime; }
# the sum of metric $1 in the last scrape
scraped() { awk -v m="$1" 'index($1, m) == 1 { s += $2 } END { print s + 0 }' /tmp/rss.prom; }

# watch PID: read VmRSS (and scrape) every $step s until the process
# ends or, with $stop, $secs s have passed; then read its CPU time and
# send it $stop.  Sets start last max t scrapes answered slowest mlost
# ticks el wticks wel status.
watch() {
	local pid=$1 t0 next now s v

	start= last= max= t=0 scrapes=0 answered=0 slowest=0 mlost= wticks= wel=
	: >/tmp/rss.scrapes
	: >/tmp/rss.floor
	t0=$(now_ms)
	next=$t0
	while kill -0 $pid 2>/dev/null; do
		next=$((next + step * 1000))
		now=$(now_ms)
		[ $next -le $now ] || sleep $(((next - now) / 1000)).$(printf '%03d' $(((next - now) % 1000)))
		t=$(((next - t0) / 1000))
		if [ -n "$scrape" ] && [ "$tool" = ours ]; then
			scrapes=$((scrapes + 1))
			s=$(now_ms)
			if timeout 10 wget -q -O /tmp/rss.prom $url 2>/dev/null; then
				answered=$((answered + 1))
				s=$(($(now_ms) - s))
				[ $s -le $slowest ] || slowest=$s
				echo $s >>/tmp/rss.scrapes
				mlost=$(scraped rtla_lost_samples_total)
			fi
			# the client's own cost: a request the server refuses (404)
			s=$(now_ms)
			timeout 10 wget -q -O /dev/null ${url%/metrics}/none 2>/dev/null
			echo $(($(now_ms) - s)) >>/tmp/rss.floor
		fi
		v=$(rss $pid)
		[ -n "$v" ] || break
		last=$v
		if [ $t -ge $warm ]; then
			if [ -z "$start" ]; then
				start=$v max=$v
				wticks=$(cpu $pid) wel=$(($(now_ms) - t0))
			fi
			[ "$v" -le "$max" ] || max=$v
		fi
		[ $((t % 600)) != 0 ] || echo "# ${t} s: VmRSS $v kB"
		if [ -n "$stop" ] && [ $t -ge $secs ]; then
			ticks=$(cpu $pid)
			el=$(($(now_ms) - t0))
			kill -$stop $pid
			break
		fi
	done
	wait $pid
	status=$?
}

# ours ROUND: our rtla, checked
ours() {
	local jlost

	tool=ours
	rm -f /tmp/rss.json /tmp/rss.prom
	if [ -n "$scrape" ]; then
		stop=TERM
		env ${collector:+RTLA_COLLECTOR=$collector} /usr/bin/rtla "$@" --listen 9117 --json /tmp/rss.json \
			>/tmp/rss.out 2>/tmp/rss.err </dev/null &
	else
		stop=
		env ${collector:+RTLA_COLLECTOR=$collector} /usr/bin/rtla "$@" -d ${secs}s >/tmp/rss.out 2>/tmp/rss.err </dev/null &
	fi
	watch $!
	grep -m 3 -i lost /tmp/rss.err | diag
	used=$(sed -n 's/.*collector="\([a-z-]*\)".*/\1/p' /tmp/rss.prom 2>/dev/null | head -n 1)
	# every CPU's samples, from the report's "all" block
	samples=$(tr -d ' \n' </tmp/rss.json 2>/dev/null | sed 's/.*"all"://' |
		grep -o '"\(irq\|thread\|user\)":{"count":[0-9]*' |
		sed 's/.*://' | awk '{ s += $1 } END { print s + 0 }')
	jlost=$(tr -d ' \n' </tmp/rss.json 2>/dev/null | grep -o '"lost_events":[0-9]*' |
		awk -F: '{ s += $2; n++ } END { print n ? s : "none" }')
	echo "# RSS start_kb=${start:-0} end_kb=${last:-0} max_kb=${max:-0} growth_kb=$((${max:-0} - ${start:-0})) seconds=$secs warmup_s=$warm${scrape:+ scrape_s=$scrape scrapes=$scrapes answered=$answered max_scrape_ms=$slowest lost_json=$jlost lost_metrics=${mlost:-none} samples=$samples collector=${used:-none}}${ticks:+ cpu_ticks=$ticks cpu_pct_per_cpu=$(pct) steady_pct_per_cpu=$(steady)${scrape:+ p50_scrape_ms=$(p50) p50_404_ms=$(p50 /tmp/rss.floor) us_per_sample=$(awk -v t=$ticks -v n=$samples 'BEGIN { printf "%.3f", n ? t * 1e4 / n : 0 }')}}"
	tap_check "rtla exited with 0" \
		"$([ $status = 0 ] || { echo "status $status"; tail -n 5 /tmp/rss.err; })"
	tap_check "rtla ran past the ${warm}-s warm-up" "$([ -n "$start" ] || echo "it ended before")"
	tap_check "RSS after the warm-up at most $bound kB above its reading at $warm s" \
		"$([ -z "$start" ] || [ $((max - start)) -le $bound ] ||
		   echo "RSS grew by $((max - start)) kB (> $bound) after the warm-up")"
	[ -n "$scrape" ] || return 0
	tap_check "every scrape answered (one each $scrape s)" \
		"$([ $answered = $scrapes ] && [ $scrapes -ge $((secs / scrape)) ] ||
		   echo "$answered of $scrapes scrapes answered in $secs s")"
	tap_check "0 lost samples in the final --json and in rtla_lost_samples_total" \
		"$([ "$jlost" = 0 ] && [ "${mlost:-x}" = 0 ] ||
		   echo "lost: --json $jlost, last scrape ${mlost:-none}")"
	result "$jlost"
}

# the reference's run: as long, no scrape, stopped by SIGINT
reference() {
	tool=ref stop=INT
	/usr/bin/rtla-ref $ref >/tmp/ref.out 2>/tmp/ref.err </dev/null &
	watch $!
	result "$(sed -n 's/.* \([0-9][0-9]*\) events were lost.*/\1/p' /tmp/ref.err | head -1)"
}

pct() { awk -v t="$ticks" -v e="$el" -v c="$cpus" 'BEGIN { printf "%.4f", t * 10 / e * 100 / c }'; }
steady() {
	awk -v t="$ticks" -v w="${wticks:-0}" -v e="$el" -v s="${wel:-0}" -v c="$cpus" \
		'BEGIN { printf "%.4f", (e > s ? (t - w) * 10 / (e - s) * 100 / c : 0) }'
}
p50() { sort -n ${1:-/tmp/rss.scrapes} | awk '{ v[NR] = $1 } END { print NR ? v[int((NR + 1) / 2)] : 0 }'; }

result() {
	[ -n "$ref" ] || return 0
	echo "RESULT tool=$tool run=$r seconds=$((el / 1000)) cpus=$cpus ticks=$ticks cpu_pct=$(pct) steady_pct=$(steady) scrapes=$scrapes answered=$answered p50_scrape_ms=$(p50) p50_404_ms=$(p50 /tmp/rss.floor) max_scrape_ms=$slowest lost=${1:-0} rss_kb=$last"
}

echo "# kernel $(uname -r), $cpus CPUs: rtla $*${scrape:+, scraped every $scrape s,} for ${secs}s${ref:+; against rtla-ref $ref, alternated, $rounds round(s)}"
[ -z "$scrape" ] || { ip link set lo up 2>/dev/null || ifconfig lo 127.0.0.1 up; }
r=1
while [ $r -le $rounds ]; do
	ours "$@"
	[ -z "$ref" ] || reference
	r=$((r + 1))
done
tap_done
