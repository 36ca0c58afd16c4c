#!/bin/sh
# Inside the VM: run rtla for SECONDS, read its VmRSS 10 s in and every
# 10 s after, and print
#   RSS start_kb=N end_kb=N max_kb=N growth_kb=N seconds=S
# then PASS when the last reading is at most 1 MiB above the first.
#
#   sh /root/rss-guest.sh SECONDS ARGS...   (ARGS: the rtla arguments)
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
grep -m 3 -i lost /tmp/rss.err
echo "RSS start_kb=${start:-0} end_kb=${last:-0} max_kb=${max:-0} growth_kb=$((${last:-0} - ${start:-0})) seconds=$secs"
[ $status = 0 ] || { echo "FAIL: rtla exited with $status"; cat /tmp/rss.err; exit 1; }
[ -n "$start" ] || { echo "FAIL: rtla ended before 10 s"; exit 1; }
if [ $((last - start)) -le 1024 ]; then
	echo "PASS: RSS at the end within 1 MiB of RSS at 10 s"
else
	echo "FAIL: RSS grew by $((last - start)) kB (> 1024) over the run"
	exit 1
fi
