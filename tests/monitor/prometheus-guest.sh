#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# In the VM (see tests/monitor/prometheus-vm): rtla timerlat monitor
# scraped every second by Debian's Prometheus for SECONDS (60), then
# SIGTERM; Prometheus' HTTP API against the final --json: the summed
# _count at most the JSON's, by no more than 5 s of samples, and
# histogram_quantile(0.99) per context in the --buckets bucket that holds
# the JSON's p99.  TAP on stdout (tests/lib/tap.sh, shipped as /root/tap.sh).
#
#   sh /vm-script [SECONDS]
set -u
secs=${1:-60}
api=http://127.0.0.1:9090/api/v1/query?query=
. /root/tap.sh

check() { tap_check "$1" "$2"; }

# The value of an instant query's first result (URL-encoded $1).
query() {
	wget -q -O - "$api$1" 2>/dev/null |
		sed -n 's/.*"value":\[[0-9.]*,"\([^"]*\)"\].*/\1/p'
}

# Context $1's p99 (us) in the --json's "all" block.
json_p99() {
	tr -d ' \n' <mon.json | sed 's/.*"all"://' |
		grep -o "\"$1\":{[^}]*\"percentiles\":{[^}]*}" |
		sed -n 's/.*"p99":\([0-9.]*\).*/\1/p'
}

cd /tmp
ip link set lo up
cat >prom.yml <<EOF
global:
  scrape_interval: 1s
  scrape_timeout: 1s
scrape_configs:
  - job_name: rtla
    static_configs:
      - targets: ["127.0.0.1:9117"]
EOF
# 20 ms of 1-us buckets: under TCG more than 1 % of the latencies pass
# the monitor's default 1 ms, and the p99 would be past the fine histogram
/usr/bin/rtla timerlat monitor -p 2000 -E 20000 --listen 9117 --interval 10s \
	--json mon.json >mon.out 2>mon.err </dev/null &
mon=$!
/root/prometheus --config.file=prom.yml --storage.tsdb.path=/tmp/tsdb \
	--web.listen-address=127.0.0.1:9090 >prom.log 2>&1 &
prom=$!
sleep "$secs"

scrapes=$(query 'sum_over_time(up%5B10m%5D)')
count=$(query 'sum(rtla_timerlat_latency_seconds_count)')
q_irq=$(query 'histogram_quantile(0.99%2Csum%20by%20(le)(rtla_timerlat_latency_seconds_bucket%7Bcontext%3D%22irq%22%7D))')
ctx=thread
[ -e /sys/kernel/tracing/osnoise/per_cpu/cpu0/timerlat_fd ] && ctx=user
q_thr=$(query "histogram_quantile(0.99%2Csum%20by%20(le)(rtla_timerlat_latency_seconds_bucket%7Bcontext%3D%22$ctx%22%7D))")
collector=$(wget -q -O - "${api}rtla_build_info" 2>/dev/null |
	sed -n 's/.*"collector":"\([a-z-]*\)".*/\1/p')
kill -TERM $mon
wait $mon
rc=$?
kill $prom 2>/dev/null
wait $prom 2>/dev/null

total=$(tr -d ' \n' <mon.json 2>/dev/null | sed 's/.*"all"://' |
	grep -o '"\(irq\|thread\|user\)":{"count":[0-9]*' |
	sed 's/.*://' | awk '{ s += $1 } END { print s + 0 }')
echo "# kernel $(uname -r), collector $collector, $secs s: ${scrapes:-no} successful scrapes; Prometheus' count ${count:-none}, the --json's $total; p99 irq ${q_irq:-none} s (json $(json_p99 irq) us), $ctx ${q_thr:-none} s (json $(json_p99 $ctx) us)"
check "rtla timerlat monitor exits 0 after SIGTERM" \
	"$([ "$rc" = 0 ] || { echo "exit status $rc"; tail -n 5 mon.err; })"
check "Prometheus scraped it at least every other second" \
	"$(awk -v s="${scrapes:-0}" -v n="$secs" 'BEGIN { if (s < n / 2) print s " scrapes in " n " s" }'
	   [ -n "$scrapes" ] || tail -n 5 prom.log)"
check "Prometheus' count is the --json's, but for the samples after its last scrape" \
	"$(awk -v c="${count:-0}" -v t="$total" -v n="$secs" 'BEGIN {
		if (c <= 0 || c > t || t - c > 5 * t / n)
			print "Prometheus " c ", --json " t }')"

# The default --buckets bounds, in us.
bounds="1 2 5 10 20 50 100 200 500 1000 2000 5000 10000 20000 50000 100000"
for pair in "irq $q_irq" "$ctx $q_thr"; do
	set -- $pair
	check "histogram_quantile(0.99) of $1 falls in the bucket of the --json's p99" \
		"$(awk -v q="${2:-x}" -v p="$(json_p99 $1)" -v b="$bounds" 'BEGIN {
		if (q == "x" || p == "") { print "no quantile (" q ") or no p99 (" p ")"; exit }
		n = split(b, le, " "); lo = 0; hi = -1
		for (i = 1; i <= n; i++) {
			if (q * 1e6 <= le[i] + 1e-6) { hi = le[i]; break }
			lo = le[i]
		}
		# the p99 sample lies in [p, p + 1) us
		if (hi < 0 || p + 1 < lo || p > hi)
			print "quantile " q * 1e6 " us in (" lo ", " hi "], p99 " p " us"
	}')"
done
tap_done
