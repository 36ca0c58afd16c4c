#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Fault tests, run inside the VM (tests/fault/run puts them there, with
# tests/lib/tap.sh as /root/tap.sh):
#   sh /vm-script SIGNAL_RUNS_PER_TOOL [USER_KILL_RUNS [IDLE_RUNS]]
# A signal before rtla set its handlers (during exec) ends it by the
# signal, before it changed anything: that exit status is accepted, the
# state is checked all the same.
# A shell starts a background job with INT and QUIT ignored; rtla catches
# them anyway (only an ignored HUP is kept: nohup).
# A signal at a random moment of a run; two runs at once; a read-only
# tracefs; a full file system for every output.  After each, tracefs and
# every knob must read as before the first.  In TAP, a check per case
# ("CASE DETAILS"), then the line
#   # fault: N passed, N failed, N state differences
# and the plan.
. /root/tap.sh
T=/sys/kernel/tracing
N=${1:-3}
U=${2:-$N}
I=${3:-2}
C=/sys/devices/system/cpu
TOOLS="timerlat_top timerlat_hist osnoise_top osnoise_hist hwnoise"
SIGNALS="INT TERM HUP QUIT USR1 ALRM KILL"
KNOBS="osnoise/cpus osnoise/period_us osnoise/runtime_us
osnoise/stop_tracing_us osnoise/stop_tracing_total_us
osnoise/timerlat_period_us osnoise/print_stack osnoise/options
tracing_thresh current_tracer tracing_on"
diffs=0

snap() {
	for f in $KNOBS; do
		[ -e $T/$f ] && echo "$f=$(tr '\n' ' ' <$T/$f)"
	done
	echo "instances=$(ls $T/instances | tr '\n' ' ')"
	idle_snap
}

# Every CPU's idle states, disabled or not (none without cpuidle; the
# VM has them: tests/fault/run boots with scripts/vm-run --cpuidle).
idle_snap() {
	local f

	for f in $C/cpu[0-9]*/cpuidle/state*/disable; do
		[ -e $f ] && echo "${f#$C/}=$(cat $f)"
	done
}

# The PM QoS CPU latency limit in effect (2000000000: nobody holds one).
dma_now() { od -An -td4 /dev/cpu_dma_latency | tr -d ' '; }

report() {	# report OK? CASE DETAILS
	if [ "$1" = 0 ]; then
		tap_check "$2${3:+ $3}"
	else
		tap_check "$2" "${3:-failed}"
	fi
}

same_as_baseline() {	# CASE: compare with the baseline, count differences
	snap >/tmp/now
	if cmp -s /tmp/base /tmp/now; then
		return 0
	fi
	diffs=$((diffs + 1))
	{
		echo "state differs after $1:"
		diff /tmp/base /tmp/now | grep '^[-+][a-z]' | sed 's/^/  /'
	} | diag
	return 1
}

args() {	# TOOL: a short run that changes many knobs (hist has no -q)
	case $1 in
	timerlat_top) echo "timerlat top -q -d 4s -c 0 -p 400" ;;
	timerlat_hist) echo "timerlat hist -d 4s -c 0 -p 400 -E 50" ;;
	osnoise_top) echo "osnoise top -q -d 4s -c 0 -p 200000 -r 150000 -T 5" ;;
	osnoise_hist) echo "osnoise hist -d 4s -c 0 -p 200000 -r 150000 -T 5" ;;
	hwnoise) echo "hwnoise -q -d 4s -c 1 -p 200000 -r 150000" ;;
	esac
}

# Originals that are not the defaults, so a missed restore shows.
echo 1 >$T/osnoise/cpus
echo 600000 >$T/osnoise/runtime_us
echo 700000 >$T/osnoise/period_us
echo 1100 >$T/osnoise/timerlat_period_us
echo 3 >$T/tracing_thresh
# an idle state disabled before rtla, which rtla must leave disabled
[ ! -e $C/cpu1/cpuidle/state2/disable ] || echo 1 >$C/cpu1/cpuidle/state2/disable
snap >/tmp/base

signal_case() {	# TOOL SIGNAL
	local tool=$1 sig=$2 delay rc out
	delay=$((RANDOM % 2500))
	rtla $(args $tool) >/tmp/out 2>&1 &
	pid=$!
	usleep $((delay * 1000))
	kill -$sig $pid 2>/dev/null
	wait $pid
	rc=$?
	if [ $sig = KILL ]; then
		# the next run puts back the killed run's originals, and says so
		snap >/tmp/killed
		rtla $(args $tool | sed 's/-d 4s/-d 1s/') >/tmp/out 2>&1
		rc=$?
		said=$(grep -c 'restored the settings' /tmp/out)
		if [ $rc != 0 ] || { ! cmp -s /tmp/base /tmp/killed && [ $said = 0 ]; }; then
			report 1 "$tool-$sig" "clean run after KILL rc=$rc said=$said: $(head -3 /tmp/out)"
			same_as_baseline "$tool $sig at ${delay}ms"
			return
		fi
		rc="$rc said=$said"
	elif [ $rc != 0 ] && [ $rc != $((128 + $(kill -l $sig))) ]; then
		report 1 "$tool-$sig" "at ${delay}ms rc=$rc: $(grep rtla /tmp/out | head -2)"
		same_as_baseline "$tool $sig at ${delay}ms"
		return
	fi
	same_as_baseline "$tool $sig at ${delay}ms"
	report $? "$tool-$sig" "at ${delay}ms rc=$rc"
}

i=0
for round in $(seq $N); do
	for tool in $TOOLS; do
		i=$((i + 1))
		set -- $SIGNALS
		shift $((i % 7))
		signal_case $tool ${1:-KILL}
	done
done

# SIGKILL of a measuring process: one of rtla's user-space threads
# (timerlatu/N, children of rtla, on a kernel with timerlat_fd) killed at
# a random moment of a 10-s run.  The run ends cleanly, as rtla says
# when a thread stops (exit 1, one line, not at the duration's end), and
# every setting is restored.  Both tools.
user_kill_case() {	# TOOL
	local tool=$1 delay rc victim= p tries=0
	delay=$((1000 + RANDOM % 2500))
	# -d 10s: a thread's end ends the run, and under TCG on a loaded
	# host, setup takes seconds and a /proc walk one
	rtla $(args $tool | sed 's/-c 0/-c 0-1/; s/-d 4s/-d 10s/') >/tmp/out 2>&1 &
	pid=$!
	usleep $((delay * 1000))
	# rtla's own children named timerlatu/N: no one else's process
	while [ -z "$victim" ] && [ $tries -lt 40 ]; do
		for p in /proc/[0-9]*; do
			read -r _ comm _ ppid _ <$p/stat 2>/dev/null || continue
			[ "$ppid" = $pid ] && [ "${comm#(timerlatu/}" != "$comm" ] &&
				victim=${p#/proc/}
		done
		tries=$((tries + 1))
		[ -n "$victim" ] || usleep 100000
	done
	[ -n "$victim" ] && kill -KILL $victim
	wait $pid
	rc=$?
	if [ -z "$victim" ]; then
		report 1 "$tool-user-KILL" "no timerlatu/N child of rtla at ${delay}ms rc=$rc"
		return
	fi
	if [ $rc != 1 ] || ! grep -q 'user-space timerlat thread stopped' /tmp/out; then
		report 1 "$tool-user-KILL" "at ${delay}ms rc=$rc: $(grep rtla /tmp/out | head -2)"
		same_as_baseline "$tool user KILL at ${delay}ms"
		return
	fi
	same_as_baseline "$tool user KILL at ${delay}ms"
	report $? "$tool-user-KILL" "at ${delay}ms rc=$rc $(grep -c 'thread stopped' /tmp/out)"
}

if [ -e $T/osnoise/per_cpu/cpu0/timerlat_fd ]; then
	for round in $(seq $U); do
		for tool in timerlat_top timerlat_hist; do
			user_kill_case $tool
		done
	done
else
	echo "# skip user-KILL: no osnoise/per_cpu/cpu0/timerlat_fd on $(uname -r)"
fi

# A second Ctrl-C while the first one's teardown runs.
for tool in $TOOLS; do
	rtla $(args $tool) >/tmp/out 2>&1 &
	pid=$!
	sleep 2
	kill -INT $pid
	usleep $(((RANDOM % 300) * 1000))
	kill -INT $pid 2>/dev/null
	wait $pid
	rc=$?
	same_as_baseline "$tool double INT"
	# 130: the first came before measuring began (rtla 7.2's status too)
	[ $? = 0 ] && { [ $rc = 0 ] || [ $rc = 130 ]; }
	report $? "$tool-INT-INT" "rc=$rc"
done

# Until rtla's timerlat tracer runs (setup takes seconds under TCG on a
# loaded host), 10 s at most.
wait_tracer() {
	local i

	for i in $(seq 40); do
		cat $T/instances/rtla-*/current_tracer 2>/dev/null | grep -q timerlat && break
		usleep 250000
	done
}

# --deepest-idle-state 0 and --dma-latency 0, the run ended mid-run by
# SIGKILL or SIGTERM.  While it measures, every idle state deeper than
# POLL is disabled on its CPUs and the PM QoS limit is 0.  SIGTERM: all
# back at once.  SIGKILL: the idle states stay disabled (the case is
# real), the QoS request dies with rtla's descriptor, the instance is
# left; the next run (without those options) puts the states back from
# the state record, says so and removes the instance.  Each check is
# its own line.  Idle cases alternate the two tools and the signals:
# timerlat hist KILL, timerlat top TERM, timerlat top KILL, hist TERM.
idle_case() {	# TOOL SIGNAL
	local tool=$1 sig=$2 delay rc rc2 said dma_run dma_end want
	delay=$((RANDOM % 1000))
	rtla $(args $tool | sed 's/-c 0/-c 0-1/; s/-d 4s/-d 60s/') \
		--deepest-idle-state 0 --dma-latency 0 >/tmp/out 2>&1 &
	pid=$!
	wait_tracer
	usleep $((delay * 1000))
	idle_snap >/tmp/idle-run
	dma_run=$(dma_now)
	kill -$sig $pid
	wait $pid
	rc=$?
	idle_snap >/tmp/idle-end
	dma_end=$(dma_now)
	# while it ran: states 1 and deeper of CPUs 0-1 disabled, QoS 0
	sed 's/\(cpu[01]\/cpuidle\/state[1-9][0-9]*\/disable\)=0/\1=1/' \
		/tmp/base | grep cpuidle >/tmp/idle-want
	cmp -s /tmp/idle-want /tmp/idle-run && [ "$dma_run" = 0 ]
	report $? "$tool-idle-$sig-held" "at ${delay}ms: dma=$dma_run $(grep -c '=1$' /tmp/idle-run) states disabled: $(grep '=1$' /tmp/idle-run | tr '\n' ' ')"
	# the QoS limit is back as soon as rtla is gone
	[ "$dma_end" = 2000000000 ]
	report $? "$tool-idle-$sig-dma" "rc=$rc dma=$dma_end"
	if [ $sig = KILL ]; then
		cmp -s /tmp/idle-want /tmp/idle-end && [ $rc = 137 ]
		report $? "$tool-idle-KILL-left" "rc=$rc $(grep -c '=1$' /tmp/idle-end) states still disabled"
		rtla timerlat hist -d 1s -c 0 -p 400 -E 50 >/tmp/out 2>&1
		rc2=$?
		said=$(grep -c 'restored the settings' /tmp/out)
		idle_snap >/tmp/idle-end
		grep cpuidle /tmp/base | cmp -s - /tmp/idle-end && [ $rc2 = 0 ] && [ $said -ge 1 ]
		report $? "$tool-idle-KILL-restored" "next run rc=$rc2 said=$said: $(diff /tmp/idle-end /tmp/base | grep '^[<>]' | tr '\n' ' ')$(grep rtla /tmp/out | head -2)"
	else
		grep cpuidle /tmp/base | cmp -s - /tmp/idle-end && [ $rc = 143 ]
		report $? "$tool-idle-TERM-restored" "rc=$rc $(diff /tmp/idle-end /tmp/base | grep '^[<>]' | tr '\n' ' ')"
	fi
	same_as_baseline "$tool idle $sig at ${delay}ms"
	report $? "$tool-idle-$sig-after" ""
	# a failed case must not fail the next ones: the states as before
	grep cpuidle /tmp/base | while IFS== read -r f v; do
		echo $v >$C/$f
	done
}

if ls $C/cpu0/cpuidle/state1/disable >/dev/null 2>&1; then
	i=0
	for round in $(seq $I); do
		case $((i % 4)) in
		0) idle_case timerlat_hist KILL ;;
		1) idle_case timerlat_top TERM ;;
		2) idle_case timerlat_top KILL ;;
		3) idle_case timerlat_hist TERM ;;
		esac
		i=$((i + 1))
	done
elif [ $I -gt 0 ]; then
	# tests/fault/run boots with cpuidle states: their absence is a failure
	report 1 idle-states "no $C/cpu0/cpuidle/state1 on $(uname -r): cases not run"
fi

# Two runs at once: the second is refused as busy and changes nothing.
rtla timerlat top -q -d 6s -c 0 -p 400 >/tmp/out-a 2>&1 &
a=$!
wait_tracer
sleep 1
snap >/tmp/during
rtla osnoise top -q -d 1s -c 1 -p 300000 -r 200000 >/tmp/out-b 2>&1
rc=$?
snap >/tmp/during2
cmp -s /tmp/during /tmp/during2 && grep -q busy /tmp/out-b && [ $rc = 1 ]
report $? two-runs "second rc=$rc: $(head -1 /tmp/out-b)"
wait $a
same_as_baseline two-runs
report $? two-runs-after "first rc=$?"

# timerlat monitor SIGKILLed while it measures and serves: the next run
# restores its originals from the state record, and says so.
rtla timerlat monitor -c 0 -p 400 -E 50 --interval 1s --listen 9118 \
	>/tmp/out-m 2>&1 &
m=$!
wait_tracer
sleep 1
snap >/tmp/during
kill -KILL $m
wait $m
rc=$?
snap >/tmp/killed
rtla timerlat hist -d 1s -c 0 -p 400 -E 50 >/tmp/out 2>&1
rc2=$?
said=$(grep -c 'restored the settings' /tmp/out)
# the monitor had changed the knobs, the next run put them back
! cmp -s /tmp/base /tmp/during && [ $rc = 137 ] && [ $rc2 = 0 ] && [ $said -ge 1 ]
report $? monitor-KILL "rc=$rc, next run rc=$rc2, said=$said: $(grep rtla /tmp/out | head -2)"
same_as_baseline monitor-KILL
report $? monitor-KILL-after ""

# State records (/run/rtla/knobs) the next run must not trust as they
# are: corrupt, in another user's directory, a FIFO, a live run's, a
# reused pid's, one with a value the kernel refuses.
R=/run/rtla
start_of() { sed 's/.*) //' /proc/$1/stat | cut -d' ' -f20; }
plant() { mkdir -p $R; chmod 700 $R; printf "$1" >$R/knobs; chmod 600 $R/knobs; }
record_case() {	# CASE WANT_RC GREP [ENV]: one short run after a planted record
	local name=$1 want=$2 pattern=$3 rc
	shift 3
	env "$@" timeout 30 rtla osnoise top -q -d 1s -c 1 -p 300000 -r 200000 >/tmp/out 2>&1
	rc=$?
	[ $rc = $want ] && grep -q "$pattern" /tmp/out
	report $? "record-$name" "rc=$rc: $(grep rtla /tmp/out | head -1)"
}
plant 'pid\tabc\nstart\t1\nosnoise/period_us\t5\n'
record_case corrupt 0 'corrupt record.*moved it to'
[ -e $R/knobs.bad ] && [ ! -e $R/knobs ]
report $? record-corrupt-aside ""
rm -f $R/knobs.bad
mkdir -p /tmp/foreign
printf 'pid\t99999\nstart\t1\nosnoise/options\tPANIC_ON_STOP\nosnoise/period_us\t5\n' >/tmp/foreign/knobs
chown -R 65534 /tmp/foreign
record_case foreign 0 'not using /tmp/foreign' RTLA_STATE_DIR=/tmp/foreign
grep -q NO_PANIC_ON_STOP $T/osnoise/options
report $? record-foreign-no-panic "$(cat $T/osnoise/options)"
rm -rf /tmp/foreign $R/knobs
mkfifo $R/knobs
record_case fifo 0 'not a regular file'
rm -f $R/knobs
plant "pid\t$$\nstart\t$(start_of $$)\nosnoise/period_us\t5\n"
record_case live-owner 1 'busy: rtla (pid '"$$"') is running'
# the killed run had changed period_us; its pid now names the shell
echo 900000 >$T/osnoise/period_us
plant "pid\t$$\nstart\t$(($(start_of $$) + 1))\nosnoise/period_us\t700000\n"
record_case reused-pid 0 'restored the settings'
plant 'pid\t99999\nstart\t1\nosnoise/timerlat_period_us\t1\n'
record_case refused 0 'refused osnoise/timerlat_period_us=1'
[ -e $R/knobs.bad ] && [ ! -e $R/knobs ]
report $? record-refused-aside ""
rm -f $R/knobs.bad
same_as_baseline records
report $? records-after ""

# Two runs started at the same instant: one measures, one is refused.
rtla timerlat top -q -d 2s -c 0 >/tmp/out-a 2>&1 &
a=$!
rtla osnoise top -q -d 2s -c 1 -p 300000 -r 200000 >/tmp/out-b 2>&1 &
b=$!
wait $a; rca=$?
wait $b; rcb=$?
[ "$(echo $rca $rcb | tr ' ' '\n' | sort | tr '\n' ' ')" = "0 1 " ] &&
	cat /tmp/out-a /tmp/out-b | grep -q busy
report $? two-runs-at-once "rc=$rca,$rcb: $(grep -h busy /tmp/out-a /tmp/out-b)"
same_as_baseline two-runs-at-once
report $? two-runs-at-once-after ""

# A read-only tracefs: a clear error, nothing changed.
mount -o remount,ro $T
rtla timerlat top -q -d 1s >/tmp/out 2>&1
rc=$?
mount -o remount,rw $T
[ $rc = 1 ] && [ $(wc -l </tmp/out) = 1 ] && grep -q read-only /tmp/out
report $? readonly-tracefs "rc=$rc: $(head -1 /tmp/out)"
same_as_baseline readonly-tracefs
report $? readonly-after ""

# A full file system for every output: each failure told, rc 1, no
# truncated file and no temporary left.
mkdir -p /mnt/full
mount -t tmpfs -o size=64k tmpfs /mnt/full
dd if=/dev/zero of=/mnt/full/filler bs=1k count=64 2>/dev/null
rtla timerlat hist -d 2s -c 0 -T 1 -t /mnt/full/trace.txt \
	--json /mnt/full/r.json --openmetrics /mnt/full/r.om \
	--junit /mnt/full/r.xml >/tmp/out 2>&1
rc=$?
left=$(ls /mnt/full | grep -v '^filler$' | tr '\n' ' ')
told=$(grep -c 'cannot write\|cannot save' /tmp/out)
[ $rc = 1 ] && [ -z "$left" ] && [ $told = 4 ]
report $? full-fs "rc=$rc told=$told left='$left' $(grep -m1 'cannot' /tmp/out)"
# the text report on a full disk: told, exit 1
rtla timerlat top -q -d 1s -c 0 >/mnt/full/top.txt 2>/tmp/out
rc=$?
[ $rc = 1 ] && grep -q 'cannot write the report to stdout: No space left' /tmp/out
report $? full-fs-stdout "rc=$rc $(head -1 /tmp/out)"
umount /mnt/full
same_as_baseline full-fs
report $? full-fs-after ""

echo "# fault: $((tap_n - tap_failed)) passed, $tap_failed failed, $diffs state differences"
tap_done
