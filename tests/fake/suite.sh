#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# tests/fake/suite.sh RTLA PRELOAD: the built rtla run end to end against
# a fake tracing directory (RTLA_TRACING_DIR, make-tracefs.sh), without a
# VM: the state record written and restored, an action's exit status, a
# report on a full disk, SIGTERM and SIGKILL, refused records and a
# refused directory, the monitor's confined exporter.  TAP.
set -u
rtla=$(realpath "$1")
preload=$(realpath "$2")
here=$(dirname "$0")
. "$here/../lib/tap.sh"

base=$(mktemp -d /tmp/rtla-fake.XXXXXX)
trap 'rm -rf "$base"' EXIT
sh "$here/make-tracefs.sh" "$base/master" 2 || exit 1
top=$base/case
tr=$top/tracing
st=$top/state

# A fresh tracing and state directory for each case.
fresh() {
	rm -rf "$top"
	cp -a "$base/master" "$top"
	mkdir -m 700 "$st"
}

# rtla in the fake directory; rtla_exec becomes it, so that the pid of
# "rtla_exec ... &" is rtla's.
rtla_exec() {
	export RTLA_TRACING_DIR="$tr" RTLA_STATE_DIR="$st" \
	       FAKE_INSTANCE_TEMPLATE="$top/instance" LD_PRELOAD="$preload"
	exec "$rtla" "$@"
}

rtla() {
	(rtla_exec "$@")
}

knob() { cat "$tr/osnoise/$1"; }

# Wait (5 s at most) until the run has written its record and set -p.
wait_running() {
	i=0
	while [ $i -lt 50 ]; do
		[ -f "$st/knobs" ] && [ "$(knob period_us)" = 500000 ] && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# What differs from a restored directory, one phrase a line.
not_restored() {
	[ "$(knob period_us)" = 1000000 ] || echo "period_us $(knob period_us)"
	[ "$(knob cpus)" = 0-1 ] || echo "cpus $(knob cpus)"
	[ ! -e "$st/knobs" ] || echo "record left: $(cat "$st/knobs")"
	[ -z "$(ls "$tr/instances")" ] || echo "instances left: $(ls "$tr/instances")"
}

# Start a long run in the background: $pid, its stderr in $top/err.
start_run() {
	rtla_exec osnoise top -q -d 60s -c 1 -p 500000 "$@" \
		>"$top/out" 2>"$top/err" &
	pid=$!
}

case_record() {
	fresh
	rtla_exec osnoise top -q -d 2s -c 1 -p 500000 >"$top/out" 2>"$top/err" &
	pid=$!
	why=
	wait_running || why="no record or -p never set: $(cat "$top/err")"
	[ -n "$why" ] || grep -q "^osnoise/period_us	1000000$" "$st/knobs" ||
		why="record lacks the original period: $(cat "$st/knobs")"
	wait $pid
	status=$?
	[ -n "$why" ] || [ $status -eq 0 ] || why="exit status $status: $(cat "$top/err")"
	[ -n "$why" ] || why=$(not_restored)
	tap_check "record written while running, settings restored and record removed at the end" "$why"
}

case_action() {
	fresh
	rtla osnoise top -q -d 1s --json "$top/r.json" \
		--on-end "shell,command=exit 3" \
		--on-end "shell,command=touch $top/second" >/dev/null 2>"$top/err"
	status=$?
	why=
	[ $status -eq 0 ] || why="exit status $status: $(cat "$top/err")"
	[ -n "$why" ] || why=$(python3 - "$top/r.json" <<'PY'
import json, sys
end = json.load(open(sys.argv[1]))["rtla"]["on_end"]
if [a["exit_status"] for a in end] != [3, None] or end[0]["failures"] != 1:
    print("on_end:", end)
PY
)
	[ -n "$why" ] || [ ! -e "$top/second" ] || why="the action after a failed one ran"
	[ -n "$why" ] || why=$(not_restored)
	tap_check "--on-end command's exit status 3 in the report, the list stops, rtla exits 0" "$why"
}

# A report on stdout that a full disk refuses: exit 1, told once.
case_report_full() {
	fresh
	rtla osnoise top -q -d 1s --json - >/dev/full 2>"$top/err"
	status=$?
	why=
	[ $status -eq 1 ] || why="exit status $status"
	[ "$(grep -c 'rtla osnoise top: ' "$top/err")" = 1 ] &&
		grep -q 'cannot write the JSON report to stdout' "$top/err" ||
		why="$why; stderr: $(grep 'rtla osnoise top: ' "$top/err")"
	tap_check "--json - on a full disk: exit 1, one line" "$why"
}

case_sigterm() {
	fresh
	start_run
	why=
	wait_running || why="not running: $(cat "$top/err")"
	kill -TERM $pid
	wait $pid
	status=$?
	[ -n "$why" ] || [ $status -eq 143 ] || why="exit status $status: $(cat "$top/err")"
	[ -n "$why" ] || why=$(not_restored)
	tap_check "SIGTERM while measuring: exit 143, settings restored, record removed" "$why"

	fresh
	start_run -d 1s --on-end "shell,command=sleep 30"
	wait_running
	sleep 1.5
	t0=$(date +%s)
	kill -TERM $pid
	wait $pid
	status=$?
	why=
	[ $(($(date +%s) - t0)) -le 5 ] || why="rtla waited for the command"
	[ -n "$why" ] || [ $status -eq 143 ] || why="exit status $status: $(cat "$top/err")"
	[ -n "$why" ] || why=$(not_restored)
	tap_check "SIGTERM during a hanging --on-end command: passed on, exit 143, restored" "$why"
}

case_sigkill() {
	fresh
	start_run
	wait_running
	kill -KILL $pid
	wait $pid 2>/dev/null
	why=
	[ -f "$st/knobs" ] || why="no record after SIGKILL"
	[ -n "$why" ] || [ "$(knob period_us)" = 500000 ] || why="period_us $(knob period_us) before the next run"
	rtla osnoise top -q -d 1s >/dev/null 2>"$top/err"
	status=$?
	[ -n "$why" ] || [ $status -eq 0 ] || why="next run's exit status $status: $(cat "$top/err")"
	[ -n "$why" ] || grep -q "restored the settings a killed run (pid $pid)" "$top/err" ||
		why="next run did not say so: $(cat "$top/err")"
	[ -n "$why" ] || why=$(not_restored)
	tap_check "SIGKILL: the next run restores from the record, says so, removes the instance" "$why"
}

# A killed run's record, then edited by $1 (a sed script) or chmod'ed by $2.
planted() {
	fresh
	start_run
	wait_running
	kill -KILL $pid
	wait $pid 2>/dev/null
	[ -z "$1" ] || sed -i "$1" "$st/knobs"
	[ -z "$2" ] || chmod "$2" "$st/knobs"
	echo 777000 >"$tr/osnoise/period_us"
	rtla osnoise top -q -d 1s >/dev/null 2>"$top/err"
	status=$?
}

case_refused_record() {
	planted 's/^osnoise\/period_us\t.*/osnoise\/period_us\tabc/' ''
	why=
	[ $status -eq 0 ] || why="exit status $status: $(cat "$top/err")"
	[ -n "$why" ] || grep -q "$st/knobs" "$top/err" || why="file not named: $(cat "$top/err")"
	[ -n "$why" ] || [ -f "$st/knobs.bad" ] || why="not moved to knobs.bad"
	[ -n "$why" ] || [ "$(knob period_us)" = 777000 ] || why="period_us $(knob period_us): applied"
	tap_check "a corrupt record is refused, named and moved aside; nothing of it applied" "$why"

	planted '' 666
	why=
	[ $status -eq 0 ] || why="exit status $status: $(cat "$top/err")"
	[ -n "$why" ] || grep -q "warning:.*writable by other users" "$top/err" ||
		why="no warning: $(cat "$top/err")"
	[ -n "$why" ] || [ "$(knob period_us)" = 777000 ] || why="period_us $(knob period_us): applied"
	tap_check "a record writable by others is ignored with a warning" "$why"
}

# refused DESC REASON VAR=VALUE...: rtla with those variables alone
# exits 1, saying "RTLA_TRACING_DIR refused: REASON".
refused() {
	desc=$1 reason=$2
	shift 2
	env -u RTLA_STATE_DIR -u RTLA_TRACING_DIR "$@" "$rtla" osnoise top -q -d 1s \
		>/dev/null 2>"$top/err"
	status=$?
	why=
	[ $status -eq 1 ] || why="exit status $status"
	[ -n "$why" ] || grep -q "RTLA_TRACING_DIR refused: $reason" "$top/err" ||
		why="$(cat "$top/err")"
	tap_check "RTLA_TRACING_DIR $desc: refused, exit 1" "$why"
}

case_refused_dir() {
	fresh
	chmod 777 "$tr"
	refused "writable by others" "writable by other users" \
		RTLA_TRACING_DIR="$tr" RTLA_STATE_DIR="$st"
	chmod 700 "$tr"
	refused "without RTLA_STATE_DIR" "RTLA_STATE_DIR must" \
		RTLA_TRACING_DIR="$tr"
	ln -s "$tr" "$top/link"
	refused "a symbolic link" "not a directory" \
		RTLA_TRACING_DIR="$top/link" RTLA_STATE_DIR="$st"
}

# The monitor's /metrics exporter (--listen): its own process, not root,
# no capability, no new privileges, a syscall filter; it still answers.
# Killed, it ends the run: exit 1, one line, the settings restored.
exporter_status() {
	for field in Uid Gid CapEff CapPrm CapBnd NoNewPrivs Seccomp; do
		grep "^$field:" "/proc/$1/status"
	done | tr -s '\t' ' '
}

case_exporter() {
	fresh
	port=$((20000 + $$ % 20000))
	rtla_exec timerlat monitor --listen $port --interval 1s \
		>"$top/out" 2>"$top/err" &
	pid=$!
	why=
	i=0
	until curl -sf -m 2 "http://127.0.0.1:$port/metrics" >"$top/scrape" ||
	      [ $i -ge 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	child=$(cat /proc/$pid/task/*/children 2>/dev/null | tr -d ' ')
	[ -n "$child" ] || why="no exporter process: $(cat "$top/err")"
	[ -n "$why" ] || grep -q '^rtla_build_info{' "$top/scrape" ||
		why="scrape: $(head -c 300 "$top/scrape")"
	[ -n "$why" ] || why=$(exporter_status $child | grep -v -x \
		-e "Uid: [1-9][0-9]* [1-9][0-9]* [1-9][0-9]* [1-9][0-9]*" \
		-e "Gid: [1-9][0-9]* [1-9][0-9]* [1-9][0-9]* [1-9][0-9]*" \
		-e "Cap[EPB][a-z][a-z]: 0000000000000000" \
		-e "NoNewPrivs: 1" -e "Seccomp: 2")
	tap_check "--listen: the exporter runs unprivileged, without capabilities, filtered, and answers" "$why"

	if [ -n "$child" ]; then kill -KILL $child; else kill -TERM $pid; fi
	wait $pid
	status=$?
	why=
	[ $status -eq 1 ] || why="exit status $status: $(cat "$top/err")"
	[ -n "$why" ] || [ "$(grep -c . "$top/err")" = 1 ] &&
		grep -q "exporter (pid $child) was killed by signal 9" "$top/err" ||
		why="$why; stderr: $(cat "$top/err")"
	[ -n "$why" ] || why=$(not_restored)
	tap_check "the exporter killed: the monitor ends, exit 1, one line, settings restored" "$why"

	fresh
	rtla_exec timerlat monitor --listen $port >/dev/null 2>"$top/err" &
	pid=$!
	i=0
	until child=$(cat /proc/$pid/task/*/children 2>/dev/null | tr -d ' ') &&
	      [ -n "$child" ] || [ $i -ge 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	kill -KILL $pid
	wait $pid 2>/dev/null
	i=0
	while [ -n "$child" ] && [ -e /proc/$child ] && [ $i -lt 20 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	why=
	[ -n "$child" ] || why="no exporter process: $(cat "$top/err")"
	[ -n "$why" ] || [ ! -e /proc/$child ] || why="exporter $child still there"
	tap_check "the monitor killed: its exporter ends with it" "$why"
}

# A stand-in trace-cmd in $top/bin: it logs its arguments and writes
# what "extract -o FILE" would (a per-CPU temporary too), or fails.
stub_trace_cmd() {
	mkdir -p "$top/bin"
	cat >"$top/bin/trace-cmd" <<EOF
#!/bin/sh
echo "\$*" >"$top/trace-cmd.args"
[ "$1" = ok ] || { echo "trace-cmd: cannot read the buffer" >&2; exit 3; }
while [ \$# -gt 1 ]; do
	[ "\$1" = -o ] && echo DAT >"\$2" && touch "\$2.cpu0"
	shift
done
exit 0
EOF
	chmod 755 "$top/bin/trace-cmd"
}

# rtla osnoise top -q -d 1s --on-end trace,file=end.dat with PATH=$1:
# the exit status in $status, stderr in $top/err.
run_dat() {
	PATH=$1 rtla osnoise top -q -d 1s --on-end "trace,file=$top/end.dat" \
		>/dev/null 2>"$top/err"
	status=$?
}

# *.dat traces go through trace-cmd extract, whole or not at all; without
# it, or when it fails, the text trace takes the file, and it is said.
case_trace_dat() {
	fresh
	stub_trace_cmd ok
	run_dat "$top/bin:$PATH"
	why=
	[ $status -eq 0 ] || why="exit status $status: $(cat "$top/err")"
	[ -n "$why" ] || [ "$(cat "$top/end.dat")" = DAT ] || why="end.dat: $(head -c 80 "$top/end.dat")"
	[ -n "$why" ] || grep -Eq "^extract -k -B [^ ]+ -o $top/\.rtla-dat-[^/]+/trace\.dat\$" "$top/trace-cmd.args" ||
		why="trace-cmd ran as: $(cat "$top/trace-cmd.args")"
	[ -n "$why" ] || ! ls -A "$top" | grep -q rtla-dat || why="left behind: $(ls -A "$top")"
	[ -n "$why" ] || why=$(not_restored)
	tap_check "--on-end trace,file=end.dat: trace-cmd extract's file, nothing left beside it" "$why"

	fresh
	stub_trace_cmd fail
	run_dat "$top/bin:$PATH"
	why=
	[ $status -eq 0 ] || why="exit status $status: $(cat "$top/err")"
	[ -n "$why" ] || grep -q "cannot save $top/end.dat as trace-cmd's trace.dat (trace-cmd extract exited with status 3: trace-cmd: cannot read the buffer): saving the text trace there" "$top/err" ||
		why="stderr: $(cat "$top/err")"
	[ -n "$why" ] || [ -f "$top/end.dat" ] || why="no text trace in end.dat"
	[ -n "$why" ] || ! ls -A "$top" | grep -q rtla-dat || why="left behind: $(ls -A "$top")"
	tap_check "trace-cmd failing: its reason said, the text trace saved instead" "$why"

	fresh
	mkdir "$top/nobin"
	run_dat "$top/nobin"
	why=
	[ $status -eq 0 ] || why="exit status $status: $(cat "$top/err")"
	[ -n "$why" ] || [ "$(grep -c "trace-cmd not found in PATH" "$top/err")" = 2 ] ||
		why="stderr: $(cat "$top/err")"
	[ -n "$why" ] || [ -f "$top/end.dat" ] || why="no text trace in end.dat"
	tap_check "no trace-cmd: told before the run and at the save, the text trace saved" "$why"

	fresh
	PATH=$top/nobin rtla osnoise top -q -d 1s --on-end "trace,file=$top/none/end.dat" \
		>/dev/null 2>"$top/err"
	status=$?
	why=
	[ $status -eq 1 ] || why="exit status $status"
	[ "$(wc -l <"$top/err")" = 1 ] && grep -q "cannot write $top/none/end.dat" "$top/err" ||
		why="$why; stderr: $(cat "$top/err")"
	tap_check "a .dat trace in a missing directory: refused in one line, exit 1" "$why"
}

case_record
case_action
case_trace_dat
case_report_full
case_sigterm
case_sigkill
case_refused_record
case_refused_dir
case_exporter
tap_done
