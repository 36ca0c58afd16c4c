# e2e assertion library: TAP output, tracefs state, output parsers and
# checks.  Sourced by suite.sh; busybox ash compatible.
#
# A case runs one binary with one argument list; its checks are tokens
# "name[=arg]" calling chk_name.  A check that fails for the reference
# (rtla 6.1 or 7.2) is reported "# TODO ref deviation", never fatal: the
# suite judges ours.  "~name=arg" documents a known deviation of the
# reference's.

TR=${TR:-/sys/kernel/tracing}
WORK=${WORK:-/tmp/e2e}
CASE_LIMIT=${CASE_LIMIT:-60}	# seconds before a hung run is killed

# --- TAP -------------------------------------------------------------

. "${0%/*}/tap.sh"

# --- tracefs state ---------------------------------------------------

# Non-default but harmless values: runs must leave them as they found them.
# osnoise/cpus stays "0-1": on 2 CPUs every other value would confine
# the runs without -c.
PRESET="osnoise/runtime_us=300000 osnoise/period_us=700000
osnoise/stop_tracing_us=88888888 osnoise/stop_tracing_total_us=99999999
osnoise/timerlat_period_us=1100 osnoise/print_stack=77777 osnoise/cpus=all
tracing_thresh=7 current_tracer=nop"

state_preset() {
	local kv inst

	for inst in "$TR"/instances/*; do
		[ -d "$inst" ] || continue
		echo nop >"$inst/current_tracer"
		rmdir "$inst"
	done
	for kv in $PRESET; do
		echo "${kv#*=}" >"$TR/${kv%%=*}"
	done 2>/dev/null
	# Every non-default option stops or distorts the measurement (or
	# panics), so options stay at DEFAULTS; they are still compared.
	[ ! -e "$TR/osnoise/options" ] || echo DEFAULTS >"$TR/osnoise/options"
}

# One line per knob: every osnoise/* file, tracing_thresh, current_tracer,
# tracing_on and the list of instances.
state_dump() {
	local f

	for f in "$TR"/osnoise/* "$TR/tracing_thresh" "$TR/current_tracer" \
		 "$TR/tracing_on"; do
		[ -f "$f" ] && echo "${f#$TR/}: $(tr '\n' ' ' <"$f")"
	done
	echo "instances: $(ls "$TR/instances" | tr '\n' ' ')"
	# idle states (none without cpuidle: vm-run --cpuidle gives some)
	for f in /sys/devices/system/cpu/cpu[0-9]*/cpuidle/state*/disable; do
		[ -f "$f" ] && echo "${f#/sys/devices/system/cpu/}: $(cat "$f")"
	done
}

# --- running ---------------------------------------------------------

uptime_cs() {
	local up idle

	read up idle </proc/uptime
	echo "${up%.*}${up#*.}"
}

# run_bin OUT-PREFIX CMD...: sets RC and ELAPSED (centiseconds)
run_bin() {
	local pfx=$1 t0

	shift
	t0=$(uptime_cs)
	timeout -s KILL $CASE_LIMIT "$@" >"$pfx.out" 2>"$pfx.err" </dev/null
	RC=$?
	ELAPSED=$(($(uptime_cs) - t0))
}

# Random number of centiseconds in [lo, hi].
rand_cs() {
	echo $(($1 + $(od -An -N2 -tu2 /dev/urandom) % ($2 - $1 + 1)))
}

cs_to_s() { printf '%d.%02d' $(($1 / 100)) $(($1 % 100)); }

# --- parsing ---------------------------------------------------------

# Normalise any of the four outputs into one row per series:
#   KIND CPU COUNT MIN AVG MAX SUM OVER	(hist, timerlat top; "-" if absent)
#   osn  CPU PERIODS RUNTIME NOISE AVAIL MAXNOISE MAXSINGLE	(osnoise top)
# KIND is irq, thr or cpu.  Only the per-CPU summary is read: anything
# after the first "max:" row (an ALL block) is ignored.  Top output may
# repeat: the last screen wins.
parse_out() {
	awk '
	{ gsub(/\033(\[[0-9;]*)?[A-Za-z]/, "") }
	/^Index/ {
		for (i = 2; i <= NF; i++) {
			split($i, p, "-"); kind[i] = tolower(p[1]); cpu[i] = p[2] + 0
		}
		ncol = NF; next
	}
	done { next }
	ncol && /^[0-9]+ / { for (i = 2; i <= NF; i++) sum[i] += $i; next }
	ncol && /^(over|count|min|avg|max):/ {
		k = substr($1, 1, length($1) - 1)
		for (i = 2; i <= NF; i++) v[k, i] = $i
		done = k == "max"; next
	}
	/^ *[0-9]+ #[0-9]+ / {
		c = $1 + 0; n = substr($2, 2)
		if ($3 == "|")
			top[c] = sprintf("irq %d %d %s %s %s - -\nthr %d %d %s %s %s - -",
				c, n, $5, $6, $7, c, n, $10, $11, $12)
		else
			top[c] = sprintf("osn %d %d %s %s %s %s %s",
				c, n, $3, $4, $5, $6, $7)
	}
	END {
		for (i = 2; i <= ncol; i++)
			print kind[i], cpu[i], v["count", i], v["min", i], v["avg", i],
				v["max", i], sum[i] + 0, v["over", i]
		for (c in top) print top[c]
	}' "$1"
}

# Structural lines: headers, column titles and summary labels (of the
# per-CPU summary: an ALL block of ours is left out).
skeleton() {
	awk '
	{ gsub(/\033(\[[0-9;]*)?[A-Za-z]/, "") }
	/^[0-9]/ || /^ *[0-9]+ #/ { next }
	/^ALL / || /^[-|]+ *$/ { next }		# our extra ALL row in top
	/^(over|count|min|avg|max):/ { print $1; if ($1 == "max:") exit; next }
	{ sub(/ +$/, ""); sub(/^ +/, ""); if (!seen[$0]++) print }' "$1"
}

# The skeleton without duration values, for comparing two runs: the
# reference counts its slow start-up in its duration.
skeleton_no_time() {
	skeleton "$1" | sed 's/[0-9]* [0-9][0-9]:[0-9][0-9]:[0-9][0-9]/D hh:mm:ss/'
}

# --- checks ----------------------------------------------------------
# Each sees BIN, TOOL, OUT (file prefix), RC, ELAPSED and TAB (parsed
# rows) and returns non-zero with a message on stdout when it fails.

# rc=A or rc=A|B: the exit status is one of those
chk_rc() {
	case "|$1|" in
	*"|$RC|"*) ;;
	*) echo "exit status $RC, expected $1" ;;
	esac
}

# Counts > 0 on every CPU of the comma list, none on the others.
chk_counts() {
	echo "$TAB" | awk -v want=",$1," '
	NF { has = index(want, "," $2 ",") > 0; n = $3 + 0
	     if (has && n <= 0) print "no samples on cpu " $2 " (" $1 ")"
	     if (!has && n > 0) print n " samples on unselected cpu " $2 " (" $1 ")"
	     seen[$2] = 1 }
	END { m = split(want, w, ",")
	      for (i = 1; i <= m; i++)
		if (w[i] != "" && !(w[i] in seen)) print "cpu " w[i] " missing" }'
}

# min <= avg <= max, rows + over == count, thread >= IRQ latency, as
# many thread as IRQ samples (within 1%), %CPU available ==
# 100 * (runtime - noise) / runtime and max single <= max noise.
chk_numbers() {
	[ -n "$TAB" ] || { echo "no per-CPU data found"; return; }
	echo "$TAB" | awk '
	function num(x) { return x ~ /^[0-9.]+$/ }
	$1 == "osn" {
		if ($4 <= 0) { print "cpu " $2 ": runtime " $4; next }
		a = 100 * ($4 - $5) / $4; d = a - $6
		if (d > 0.001 || d < -0.001)
			print "cpu " $2 ": % CPU Aval " $6 ", runtime/noise give " a
		if ($8 > $7) print "cpu " $2 ": max single " $8 " > max noise " $7
		next
	}
	$3 > 0 && num($4) && num($5) && num($6) && !($4 <= $5 && $5 <= $6) {
		print $1 " cpu " $2 ": min " $4 " avg " $5 " max " $6 " out of order"
	}
	$3 > 0 && !(num($4) && num($5) && num($6)) { print $1 " cpu " $2 ": no min/avg/max" }
	$8 != "-" && $7 + $8 != $3 {
		print $1 " cpu " $2 ": rows " $7 " + over " $8 " != count " $3
	}
	$1 == "irq" { imax[$2] = $6; iavg[$2] = $5; icnt[$2] = $3 }
	$1 == "thr" { tmax[$2] = $6; tavg[$2] = $5; tcnt[$2] = $3 }
	END {
		for (c in tmax) {
			d = icnt[c] - tcnt[c]; d = d < 0 ? -d : d
			if (d > 2 && d * 100 > icnt[c])
				print "cpu " c ": " icnt[c] " irq but " tcnt[c] " thread samples"
			if (tmax[c] + 0 < imax[c] + 0)
				print "cpu " c ": thread max " tmax[c] " < irq max " imax[c]
			if (tavg[c] + 0 < iavg[c] + 0)
				print "cpu " c ": thread avg " tavg[c] " < irq avg " iavg[c]
		}
	}'
}

# Header lines and column titles as Debian's rtla prints them, for a
# run of -d $1 seconds (rtla may round the duration up by one).  Where
# the kernel has timerlat_fd, rtla 7.2 measures with user-space threads
# by default: a Usr column (hist) and a "Ret user" block (top) more.
chk_format() {
	local dur="0 00:00:$(printf %02d "$1")|0 00:00:$(printf %02d $(($1 + 1)))"
	local want

	case $TOOL in
	*hist)	sed -n 1,2p "$OUT.out" | tr '\n' '|' |
			grep -qxF "# RTLA ${TOOL% hist} histogram|# Time unit is microseconds (us)|" ||
			echo "header: $(sed -n 1,2p "$OUT.out" | tr '\n' '|')"
		sed -n 3p "$OUT.out" | grep -Eqx "# Duration:   ($dur)" ||
			echo "duration line: $(sed -n 3p "$OUT.out")"
		case $TOOL in
		timerlat*) want='Index( +IRQ-[0-9]{3} +Thr-[0-9]{3}( +Usr-[0-9]{3})?)+ *' ;;
		*) want='Index( +CPU-[0-9]{3})+ *' ;;
		esac
		sed -n 4p "$OUT.out" | grep -Eqx "$want" ||
			echo "column titles: $(sed -n 4p "$OUT.out")"
		[ "$(skeleton "$OUT.out" | tail -n 5 | tr '\n' ' ')" = \
		  "over: count: min: avg: max: " ] || echo "summary labels missing"
		return
		;;
	timerlat*)
		want="Timer Latency|($dur) +\| +IRQ Timer Latency \(us\) +\| +Thread Timer Latency \(us\)( +\| +Ret user Timer Latency \(us\))?|CPU COUNT      \|      cur       min       avg       max \|      cur       min       avg       max( \|      cur       min       avg       max)?" ;;
	osnoise*)
		want="Operating System Noise|duration:   ($dur) \| time is in us|CPU Period       Runtime        Noise  % CPU Aval   Max Noise   Max Single          HW          NMI          IRQ      Softirq       Thread" ;;
	esac
	[ "$(skeleton "$OUT.out" | grep -Ecx "$want")" -eq 3 ] ||
		echo "header lines differ from /$want/"
}

# Wall time of a run given -d $1 seconds: no shorter, at most 10 s more
# (start-up under TCG on a loaded host takes seconds), E2E_STARTUP_S more
# where tests/e2e/run says (arm64 under TCG: 29-32 s, loading BPF).
chk_dur() {
	[ $ELAPSED -ge $(($1 * 100 - 20)) ] &&
	[ $ELAPSED -le $(($1 * 100 + ${E2E_STARTUP_S:-10} * 100)) ] ||
		echo "ran $(cs_to_s $ELAPSED) s for -d $1"
}

# Stopped well before -d $1 seconds.
chk_early() {
	[ $ELAPSED -lt $(($1 * 100 - 200)) ] ||
		echo "ran $(cs_to_s $ELAPSED) s: threshold did not stop it before -d $1"
}

chk_stopline() {
	# rtla 6.1 says "rtla timerlat hit ...", rtla 7.2 and ours "timerlat hit ..."
	cat "$OUT.out" "$OUT.err" | grep -Eqx "(rtla )?${TOOL% *} hit stop tracing" ||
		echo "no line '${TOOL% *} hit stop tracing'"
}

# The trace file $1 was written and is not empty.
chk_file() { [ -s "$1" ] || echo "trace file $1 missing or empty"; }

# Exactly one line on stderr, matching the extended regex $1.
chk_oneline() {
	local n=$(grep -c . "$OUT.err")

	[ "$n" -eq 1 ] || echo "$n lines on stderr, expected 1"
	grep -Eiq -- "$1" "$OUT.err" || echo "stderr does not name the problem (/$1/)"
}

# --deepest-idle-state: without cpuidle states, one line on stderr that
# says so (/$1/); with them (vm-run --cpuidle) nothing on stderr, the
# states' disable files back as they were is the restored check's.
chk_idle() {
	if [ -e /sys/devices/system/cpu/cpu0/cpuidle/state1/disable ]; then
		[ ! -s "$OUT.err" ] || echo "stderr: $(head -n 1 "$OUT.err")"
	else
		chk_oneline "$1"
	fi
}

# --no-header: no "#" line and no column titles; bucket rows first.
chk_noheader() {
	! grep -q '^#\|^Index' "$OUT.out" || echo "a header line: $(grep '^#\|^Index' "$OUT.out" | head -n 1)"
	head -n 1 "$OUT.out" | grep -Eq '^[0-9]+ ' || echo "first line: $(head -n 1 "$OUT.out")"
}

# stderr is the line $1, "_" standing for a space (rtla 7.2's own line
# for a refused value; rtla 6.1 follows it with its usage), and at most
# ours' reason after it, indented.
chk_line() {
	local want=$(echo "$1" | tr _ ' ')

	[ "$(head -n 1 "$OUT.err")" = "$want" ] &&
		! sed 1d "$OUT.err" | grep -vq "^  '" ||
		echo "stderr is not the line '$want' (and ours' reason)"
}

# Ours says why it refused a value (/$1/) on a second line; rtla 7.2's
# own line is the first (chk_line).  The reference has none.
chk_reason() {
	[ "$BNAME" != ref ] || return 0
	[ "$(grep -c . "$OUT.err")" -eq 2 ] ||
		echo "$(grep -c . "$OUT.err") lines on stderr, expected 2"
	sed -n 2p "$OUT.err" | grep -Eiq -- "^  '.*($1)" ||
		echo "stderr's second line does not say why (/$1/)"
}

# Total count of this run is $2..$3 percent of that of case $1.
chk_ratio() {
	local lo=${1#*:} a b

	lo=${lo%:*}
	a=$(echo "$TAB" | awk '{ s += $3 } END { print s + 0 }')
	b=$(parse_out "$WORK/${1%%:*}.$SLUG.$BNAME.out" | awk '{ s += $3 } END { print s + 0 }')
	[ "$b" -gt 0 ] && [ $((a * 100)) -ge $((b * lo)) ] &&
		[ $((a * 100)) -le $((b * ${1##*:})) ] ||
		echo "count $a vs $b of case ${1%%:*}: not within ${lo}..${1##*:}%"
}

# osnoise top: each CPU's runtime per period is about $1 us.
chk_runtime() {
	echo "$TAB" | awk -v r="$1" '
	$1 == "osn" && $3 > 0 { x = $4 / $3
	  if (x < 0.9 * r || x > 1.3 * r) print "cpu " $2 ": runtime/period " x " us, -r " r }
	$1 == "osn" && $3 < 5 { print "cpu " $2 ": only " $3 " periods" }'
}

# --- cases -----------------------------------------------------------

# check_all CHECKS: run the check tokens, set HARD and TODO texts.
check_all() {
	local tok name arg msg

	HARD= TODO=
	for tok in $1; do
		name=${tok#\~}; arg=
		case $name in *=*) arg=${name#*=}; name=${name%%=*} ;; esac
		msg=$(chk_$name "$arg")
		[ -n "$msg" ] || continue
		# The reference's failures are reported, never fatal: the suite
		# judges ours (rtla 7.2 also hangs on -T with -t, and its
		# timing under TCG varies).  "~" marks the known deviations.
		if [ "$BNAME" = ref ]; then
			TODO="$TODO$msg
"
		else
			HARD="$HARD$msg
"
		fi
	done
}

# Report tracefs left as preset; restore it if not.
check_restored() {
	local now=$(state_dump) hard= todo=

	if [ "$now" != "$BASE" ]; then
		now=$(printf '%s\n' "$now" | grep -vxF "$BASE" | sed 's/^/now /')
		case " $2 " in
		*) [ $BNAME = ref ] && todo=$now || hard=$now ;;
		esac
		state_preset
	fi
	tap_result "$1: tracefs restored" "$hard" "$todo"
}

# Failure details: the command, its status, output and the kernel log.
show_run() {
	echo "command: $*"
	echo "exit status $RC after $(cs_to_s $ELAPSED) s"
	echo "--- stdout (head):"; head -n 30 "$OUT.out" | tr '\033' '^'
	echo "--- stderr (head):"; head -n 15 "$OUT.err"
	[ $RC -lt 128 ] || { echo "--- dmesg (tail):"; dmesg | tail -n 8; }
}

# report_case DESC CHECKS EXTRA-FAILURE CMD...: check the run just made
# (OUT, RC, ELAPSED), print its TAP lines and details on failure.
report_case() {
	local desc=$1 checks=$2 hard=$3

	shift 3
	TAB=$(parse_out "$OUT.out")
	check_all "$checks"
	if ! tap_result "$desc" "$hard$HARD" "$TODO"; then
		show_run "$@" | diag
	elif [ -n "$TODO" ]; then
		show_run "$@" | head -n 6 | diag
	fi
	check_restored "$desc" "$checks"
}

# run_case ID CHECKS ARGS: one case for the current BIN and TOOL.
run_case() {
	local id=$1 checks=$2

	shift 2
	OUT=$WORK/$id.$SLUG.$BNAME
	rm -f "$WORK"/*.txt
	run_bin "$OUT" $BIN $TOOL "$@"
	report_case "$BNAME: rtla $TOOL $*" "$checks" "" $BIN $TOOL "$@"
}

# signal_wait SIG PIDFILE N: send SIG to the process, wait up to N fifths
# of a second for it to end; non-zero when it still runs.
signal_wait() {
	local pid=$(cat "$2") i=0

	kill -$1 $pid
	while kill -0 $pid 2>/dev/null && [ $i -lt $3 ]; do
		sleep 0.2
		i=$((i + 1))
	done
	! kill -0 $pid 2>/dev/null
}

# kill_case SIG CHECKS ARGS: signal a run after 0.5..3 s.  rtla runs in
# the foreground (a background job would start with SIGINT ignored) and
# a background killer sends the signal, then SIGKILL if it hangs.
kill_case() {
	local sig=$1 checks=$2 delay killer hung=

	shift 2
	OUT=$WORK/kill-$sig.$SLUG.$BNAME
	delay=$(rand_cs 50 300)
	rm -f "$OUT.pid" "$OUT.hung"
	(
		sleep "$(cs_to_s $delay)"
		signal_wait $sig "$OUT.pid" 60 ||
			{ touch "$OUT.hung"; kill -9 $(cat "$OUT.pid"); }
	) 2>/dev/null &
	killer=$!
	run_bin "$OUT" sh -c 'echo $$ >"$0"; exec "$@"' "$OUT.pid" $BIN $TOOL "$@"
	wait $killer
	[ ! -e "$OUT.hung" ] || hung="still running 12 s after SIG$sig
"
	report_case "$BNAME: SIG$sig after $(cs_to_s $delay) s: rtla $TOOL $*" \
		"$checks" "$hung" $BIN $TOOL "$@"
}

# A process runs the command line "$1" (words joined by spaces).
cmd_running() {
	local f

	for f in /proc/[0-9]*/cmdline; do
		[ "$(tr '\0' ' ' <"$f" 2>/dev/null)" != "$1 " ] || return 0
	done
	return 1
}

# hang_case SIG CHECKS ARGS: SIG while an --on-end command sleeps 12 s.
# Ours passes the signal on to the command's process group and ends
# within 3 s; rtla 7.2 waits for the command (not run: it only waits).
hang_case() {
	local sig=$1 checks=$2 hung= killer

	shift 2
	[ "$BNAME" = ours ] || return 0
	OUT=$WORK/hang-$sig.$SLUG.$BNAME
	rm -f "$OUT.pid" "$OUT.hung" "$OUT.late"
	(
		i=0
		while ! cmd_running "sleep 12" && [ $i -lt 150 ]; do
			sleep 0.2
			i=$((i + 1))
		done
		signal_wait $sig "$OUT.pid" 15 || touch "$OUT.hung"
		! cmd_running "sleep 12" || touch "$OUT.late"
	) 2>/dev/null &
	killer=$!
	run_bin "$OUT" sh -c 'echo $$ >"$0"; exec "$@"' "$OUT.pid" $BIN $TOOL \
		"$@" --on-end "shell,command=sleep 12"
	wait $killer
	[ ! -e "$OUT.hung" ] || hung="still running 3 s after SIG$sig
"
	[ ! -e "$OUT.late" ] || hung="${hung}the command outlived the signal
"
	report_case "$BNAME: SIG$sig while --on-end sleeps: rtla $TOOL $*" \
		"$checks" "$hung" $BIN $TOOL "$@"
}

# impostor_case CHECKS ARGS: a user process named "timerlat/0" runs
# beside rtla -P: only the tracer's kernel threads get the priority.
impostor_case() {
	local checks=$1

	shift
	sh -c 'printf timerlat/0 >/proc/$$/comm; while :; do sleep 1; done' &
	IMPOSTOR=$!
	run_case impost "$checks" "$@"
	kill $IMPOSTOR
	wait $IMPOSTOR 2>/dev/null
}

# command_help_case CHECKS: "rtla timerlat --help", the command's own.
command_help_case() {
	local cmd=${TOOL%% *}

	OUT=$WORK/cmdhelp.$SLUG.$BNAME
	run_bin "$OUT" $BIN $cmd --help
	report_case "$BNAME: rtla $cmd --help" "$1" "" $BIN $cmd --help
}

# rtla 7.2's layout of "rtla timerlat --help": the version line, usage
# and the modes.
chk_cmdhelp() {
	local cmd=${TOOL%% *}

	cat "$OUT.out" "$OUT.err" >"$OUT.all"
	grep -Eqx "$cmd version [0-9][0-9.a-z-]*" "$OUT.all" ||
		echo "no line '$cmd version N'"
	grep -qxF "  usage: [rtla] $cmd [MODE] ..." "$OUT.all" ||
		echo "no line '  usage: [rtla] $cmd [MODE] ...'"
	grep -q '^     top   - ' "$OUT.all" && grep -q '^     hist  - ' "$OUT.all" ||
		echo "modes top and hist not listed"
}

# The structural lines of a --help (stdout and stderr, prefix $1): group
# titles, and option lines up to their descriptions (--bpf-action is
# not ours).
help_keys() {
	cat "$1.out" "$1.err" |
	grep -E '^[A-Z][A-Za-z ]+:$|^    (-., |    )--' | grep -v -- '--bpf-action' |
	sed -E 's/^( +(-., )?--[^ ]+( <[^>]+>)?).*/\1/'
}

# --help in rtla 7.2's layout: its usage line, then its groups in order.
chk_helplayout() {
	local usage=$TOOL want got

	case $TOOL in *top) usage="${TOOL% top} [top]" ;; esac
	cat "$OUT.out" "$OUT.err" | grep -qxF " Usage: rtla $usage [<options>] [-h|--help]" ||
		echo "no line ' Usage: rtla $usage [<options>] [-h|--help]'"
	want="Tracing Options: Event Configuration: CPU Configuration: Thread Configuration:"
	case $TOOL in *hist) want="$want Histogram Options:" ;; esac
	want="$want System Tuning: Auto Analysis and Actions: General:"
	got=$(help_keys "$OUT" | grep ':$' | grep -v -e '^Output:$' -e '^Budgets:$' | tr '\n' ' ')
	[ "$got" = "$want " ] || echo "groups: '$got', expected '$want '"
}

# --on-threshold's script (uproc.sh) saw rtla's user-space measuring
# processes as "pgrep -P <rtla's pid>" does: a timerlatu/N child per
# CPU, pinned to it, SCHED_FIFO 10 (-P f:10), and in cgroup $1 if given
# (-C; rtla 7.2 fails to move them there: "Error setting timerlat u
# cgroup pid").
chk_uproc() {
	local cg=$1 cpu=0 n=$(nproc) line

	[ -e "$TR/osnoise/per_cpu/cpu0/timerlat_fd" ] || return 0
	[ -e uproc.txt ] || { echo "the --on-threshold script did not run"; return; }
	while [ $cpu -lt $n ]; do
		line=$(awk -v c="timerlatu/$cpu" '$2 == c' uproc.txt)
		if [ -z "$line" ]; then
			echo "rtla has no child timerlatu/$cpu; its children: $(awk '{ print $2 }' uproc.txt | tr '\n' ' ')"
		else
			set -- $line
			[ "$3" = $cpu ] || echo "timerlatu/$cpu may run on CPUs $3"
			[ "$4 $5" = "10 1" ] ||
				echo "timerlatu/$cpu: priority $4, policy $5, not SCHED_FIFO (1) 10"
			[ -z "$cg" ] || [ "$6" = "0::/$cg" ] ||
				echo "timerlatu/$cpu is in cgroup $6, not /$cg"
		fi
		cpu=$((cpu + 1))
	done
}

# The pids of the processes named timerlatu/N.
user_procs() {
	local d

	for d in /proc/[0-9]*; do
		case $(cat "$d/comm" 2>/dev/null) in
		timerlatu/*) echo "${d#/proc/}" ;;
		esac
	done
}

# orphan_case CHECKS ARGS: SIGKILL rtla while its user-space processes
# measure; none may outlive it by more than 3 s.
orphan_case() {
	local checks=$1 pid i err= left

	shift
	[ -e "$TR/osnoise/per_cpu/cpu0/timerlat_fd" ] || {
		echo "ok $((tap_n += 1)) - $BNAME: SIGKILL: rtla $TOOL # SKIP no timerlat_fd"
		return 0
	}
	OUT=$WORK/orphan.$SLUG.$BNAME
	$BIN $TOOL "$@" >"$OUT.out" 2>"$OUT.err" </dev/null &
	pid=$!
	i=0
	while [ $i -lt 100 ] && [ -z "$(user_procs)" ]; do
		sleep 0.2
		i=$((i + 1))
	done
	[ -n "$(user_procs)" ] || err="no timerlatu/N process within 20 s"
	kill -9 $pid
	wait $pid 2>/dev/null
	i=0
	while [ $i -lt 15 ] && [ -n "$(user_procs)" ]; do
		sleep 0.2
		i=$((i + 1))
	done
	left=$(user_procs)
	if [ -n "$left" ]; then
		err="${err}alive 3 s after rtla's SIGKILL: $(for i in $left; do cat /proc/$i/comm; done | tr '\n' ' ')"
		kill -9 $left 2>/dev/null
		sleep 1
	fi
	if [ "$BNAME" = ref ]; then
		tap_result "$BNAME: SIGKILL: no measuring process outlives rtla $TOOL $*" "" "$err"
	else
		tap_result "$BNAME: SIGKILL: no measuring process outlives rtla $TOOL $*" "$err" ""
	fi
	# what a killed run leaves, on purpose: the next case starts clean
	state_preset
	rm -rf /run/rtla
}

# The impostor kept SCHED_OTHER (field 41 of /proc/PID/stat: the policy)
# and the kernel threads were found (-D says how many).
chk_impostor() {
	local policy

	policy=$(sed 's/.*) //' /proc/$IMPOSTOR/stat | cut -d' ' -f39)
	[ "$policy" = 0 ] ||
		echo "the user process named timerlat/0 got policy $policy"
	grep -q 'scheduling set on [1-9][0-9]* threads' "$OUT.err" ||
		echo "-D does not say the tracer's threads were set"
}

# --bpf-action /e2e/action_map.bpf.o with -T 1: where the kernel has
# osnoise:timerlat_sample (the BPF collector's tracepoint) the hit (exit
# 2) ran the action, whose map tests/e2e/mapdump.sh dumped from the
# --on-threshold script (element 1 is 0x7a7a); elsewhere rtla 7.2's
# refusal, exit 1.
chk_bpfact() {
	if [ -e "$TR/events/osnoise/timerlat_sample" ]; then
		chk_rc 2
		grep -q 31354 "$WORK/mapdump.txt" 2>/dev/null ||
			echo "the map dump shows no 31354 from the action: $(cat "$WORK/mapdump.txt" 2>/dev/null | tr '\n' ' ' | cut -c1-160)"
	else
		chk_rc 1
		chk_line BPF_actions_are_not_supported_in_tracefs-only_mode
	fi
}

# rcif=FILE:A:B: exit status A when the kernel has tracefs FILE, else B
# (FD: user-space timerlat threads, ALIGN: thread alignment).
chk_rcif() {
	local file=${1%%:*} ab=${1#*:}

	case $file in
	FD) file=osnoise/per_cpu/cpu0/timerlat_fd ;;
	ALIGN) file=osnoise/timerlat_align_us ;;
	esac
	if [ -e "$TR/$file" ]; then chk_rc "${ab%%:*}"; else chk_rc "${ab#*:}"; fi
}

# The Usr context appears exactly when the run succeeded with user threads.
chk_usr() {
	[ "$RC" = 0 ] || return 0
	grep -q 'Usr-\|Ret user' "$OUT.out" || echo "no Usr context in the output"
}

chk_nousr() {
	! grep -q 'Usr-\|Ret user' "$OUT.out" || echo "Usr context with -k"
}

# Nothing is left in the test cgroup after the run.
chk_cgempty() {
	local left=$(cat /sys/fs/cgroup/rtla-e2e/cgroup.procs 2>/dev/null)

	[ -z "$left" ] || echo "tasks left in cgroup rtla-e2e: $left"
}

# --on-threshold continue: measured past the hits, said so.
chk_hits() {
	grep -q 'threshold was hit' "$OUT.out" "$OUT.err" ||
		echo "no count of threshold hits"
}

# The trace was saved to $1 (the tracer's default file without $1), and
# said so in rtla 7.2's words.
chk_saving() {
	local file=${1:-${TOOL%% *}_trace.txt}

	chk_file "$file"
	[ "$(grep -cxF "  Saving trace to $file" "$OUT.out")" = 1 ] ||
		echo "no line '  Saving trace to $file' on stdout"
}

# File $1 was not written (an action that must not have run).
chk_nofile() { [ ! -e "$1" ] || echo "$1 was written"; }

# --aa-only without a stop: rtla 7.2's line with the largest latency.
chk_maxlat() {
	grep -Eqx '  Max latency was [0-9]+' "$OUT.out" ||
		echo "no line '  Max latency was N' on stdout"
}

# A line on stderr matches the extended regex $1.
chk_errhas() {
	grep -Eq -- "$1" "$OUT.err" || echo "no line on stderr matches /$1/"
}

# No line on stderr matches the extended regex $1.
chk_noerr() {
	! grep -Eq -- "$1" "$OUT.err" ||
		echo "stderr says: $(grep -E -- "$1" "$OUT.err" | head -n 1)"
}

# Top without -q, stdout a file: a screen a second and the final one,
# each after ESC c, no colours (rtla 7.2; rtla 6.1 colours them).  At
# least $1 screens.
chk_screens() {
	local esc=$(printf '\033') n

	case $TOOL in *hist) return 0 ;; esac
	n=$(grep -c "^${esc}c" "$OUT.out")
	[ "$n" -ge "$1" ] || echo "$n screens start with ESC c, expected $1 or more"
	! grep -q "${esc}\[" "$OUT.out" || echo "colours without a terminal"
}

# -D: every osnoise setting read and written, the tracer enabled, and
# each user-space thread's pid and CPU, in rtla 7.2's words.
chk_debug() {
	local tracer=${TOOL% *}

	grep -Eq '^reading (osnoise/[a-z_]+|tracing_thresh) returned ' "$OUT.err" ||
		echo "-D: no 'reading osnoise/... returned' line"
	grep -Eq '^setting (osnoise/[a-z_]+|tracing_thresh) to ' "$OUT.err" ||
		echo "-D: no 'setting osnoise/... to' line"
	grep -qx "Enabling $tracer tracer" "$OUT.err" ||
		echo "-D: no 'Enabling $tracer tracer'"
	[ "$tracer" = timerlat ] && [ -e "$TR/osnoise/per_cpu/cpu0/timerlat_fd" ] || return 0
	grep -Eqx 'User-space timerlat pid [0-9]+ on cpu 0' "$OUT.err" ||
		echo "-D: no 'User-space timerlat pid N on cpu 0'"
}

# Handled by check_restored: only marks the tracefs check of a case.
chk_restored() { :; }

# Auto-analysis after a stop (timerlat): every "## CPU N hit stop
# tracing" section has rtla 7.2's lines in its order, each share is its
# value over the total, a group's items add up to the group, no part but
# the timer IRQ's duration exceeds the total (it can: the IRQ may start
# before the timer was due).  What the parts leave out is the thread's
# own wake-up (with user threads, the total is the return to user space).
# "aa=none": no analysis at all (--no-aa).
chk_aa() {
	if [ "$1" = none ]; then
		! grep -q 'analyzing it' "$OUT.out" || echo "an analysis with --no-aa"
		return 0
	fi
	grep -q '^## CPU [0-9]* hit stop tracing, analyzing it ##$' "$OUT.out" ||
		{ echo "no '## CPU N hit stop tracing, analyzing it ##'"; return 0; }
	awk '
	function val(s) {
		if (!match(s, /[0-9]+\.[0-9][0-9] us/)) return 0
		return substr(s, RSTART, RLENGTH - 3) + 0
	}
	function pct(s) {
		if (!match(s, /\([0-9.]+ %\)$/)) return -1
		return substr(s, RSTART + 1, RLENGTH - 4) + 0
	}
	function off(a, b, tol) { return a - b > tol || b - a > tol }
	function bad(m) { print "cpu " cpu ": " m }
	function part(kind, s) { n++; k[n] = kind; v[n] = val(s); p[n] = pct(s) }
	function close_group() {
		if (gname != "" && items > 0 && items < 16 &&
		    off(isum, v[gidx], 0.02 * items + 0.01))
			bad(gname " " v[gidx] " us, its items " isum " us")
		gname = ""; items = 0; isum = 0
	}
	function group(letter, s) {
		close_group(); order = order letter; part(letter, s)
		gname = letter; gidx = n
	}
	function end_section(total) {
		close_group()
		if (order !~ /^(DLI?B[NRST]*|U)$/)
			bad("lines out of rtla 7.2 order: " order)
		for (i = 1; i <= n; i++) {
			if (p[i] >= 0 && off(100 * v[i] / total, p[i], 0.02))
				bad(k[i] " " v[i] " us is not " p[i] " % of " total)
			if (k[i] != "I" && k[i] != "D" && v[i] > total + 0.01)
				bad(k[i] " " v[i] " us exceeds the total " total)
		}
		n = 0; order = ""; insec = 0
	}
	/^## CPU [0-9]+ hit stop tracing, analyzing it ##$/ { cpu = $3; insec = 1; next }
	!insec { next }
	/^  Timer IRQ of this sample: not traced/ { order = order "U"; next }
	/^  IRQ handler delay:/ { order = order "D"; part("D", $0); next }
	/^  IRQ latency:/ { order = order "L"; part("L", $0); p[n] = -1; next }
	/^  Timerlat IRQ duration:/ { order = order "I"; part("I", $0); next }
	/^  Blocking thread:/ { order = order "B"; if ($0 ~ / us/) part("B", $0); next }
	/^  NMI interference/ { group("N", $0); next }
	/^  IRQ interference/ { group("R", $0); next }
	/^  Softirq interference/ { group("S", $0); next }
	/^  Thread interference/ { group("T", $0); next }
	/^ +[^ ].*:[0-9-]+ +[0-9.]+ us$/ { if (gname != "") { items++; isum += val($0) } next }
	/^  Thread latency:.*\(100%\)$/ { end_section(val($0)); next }
	/^     IRQ latency:.*\(100%\)$/ { end_section(val($0)); next }
	END { if (insec) print "an analysis without its total line" }
	' "$OUT.out"
}
