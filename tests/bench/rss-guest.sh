#!/bin/sh
# Inside the VM: run rtla for SECONDS, read its VmRSS 10 s in and every
# 10 s after, and report in TAP (tests/e2e/tap.sh, copied in as
# /root/tap.sh) with the line
#   # RSS start_kb=N end_kb=N max_kb=N growth_kb=N seconds=S
# The last reading must be at most 1 MiB above the first.
#
#   sh /vm-script SECONDS ARGS...   (ARGS: the rtla arguments)
. /root/tap.sh
secs=$1
shift
rss() { awk '/^VmRSS/ { print $2 }' /proc/$1/status 2>/dev/null; }

echo "# kernel $(uname -r), $(nproc) CPUs: rtla $* -d ${secs}s"
/usr/bin/rtla "$@" -d ${secs}s >/tmp/rss.out 2>/tmp/rss.err &
pid=$!
sleep 10
start=$(rss $pid)
last=$start max=$start t=10
while kill -0 $pid 2>/dev/null; do
	sleep 10
	t=$((t + 10))
	r=$(rss $pid)
	[ -n "$r" ] || break
	last=$r
	[ "$r" -gt "$max" ] && max=$r
	[ $((t % 60)) = 0 ] && echo "# ${t} s: VmRSS $r kB"
done
wait $pid
status=$?
grep -m 3 -i lost /tmp/rss.err | diag
echo "# RSS start_kb=${start:-0} end_kb=${last:-0} max_kb=${max:-0} growth_kb=$((${last:-0} - ${start:-0})) seconds=$secs"
tap_check "rtla exited with 0" \
	"$([ $status = 0 ] || { echo "status $status"; cat /tmp/rss.err; })"
tap_check "rtla ran past 10 s" "$([ -n "$start" ] || echo "it ended before")"
tap_check "RSS at the end within 1 MiB of RSS at 10 s" \
	"$([ -z "$start" ] || [ $((last - start)) -le 1024 ] ||
	   echo "RSS grew by $((last - start)) kB (> 1024) over the run")"
tap_done
