#!/bin/sh
# Run by "--on-threshold shell,command=/e2e/uproc.sh": what a script
# sees of rtla's measuring processes.  It lists rtla's children as
# "pgrep -P <rtla's pid>" does (busybox has no pgrep: the same walk of
# /proc), one line each into ./uproc.txt:
#   PID NAME CPUS RT-PRIORITY POLICY CGROUP
# rtla is the first ancestor whose name begins with "rtla" (rtla-ref too).
p=$$
while [ "$p" -gt 1 ]; do
	read -r comm <"/proc/$p/comm"
	case $comm in rtla*) break ;; esac
	p=$(sed 's/.*) //' "/proc/$p/stat" | cut -d' ' -f2)
done
: >uproc.txt
for d in /proc/[0-9]*; do
	# fields from the state on: ppid is the 2nd, rt_priority the 38th,
	# policy the 39th
	stat=$(sed 's/.*) //' "$d/stat" 2>/dev/null) || continue
	[ "$(echo "$stat" | cut -d' ' -f2)" = "$p" ] || continue
	echo "${d#/proc/} $(cat "$d/comm") $(grep Cpus_allowed_list "$d/status" | cut -f2)" \
		"$(echo "$stat" | cut -d' ' -f38,39) $(grep '^0::' "$d/cgroup")" >>uproc.txt
done
