# Guest checks: NMIs, large thresholds, option controls, trace headers.
# Sourced by guest-checks.sh (busybox sh), whose pass/fail/check,
# reset_tracing and wait_threads helpers it uses.

# --- NMIs, the stop and print_stack thresholds, option controls, headers ---

# osnoise for 3 s (100 ms windows every 130 ms) with osnoise:nmi_noise on;
# prints "EVENTS NMI SAMPLES": nmi_noise events, the sum of the NMI
# counters and the number of osnoise entries.  The host injects an NMI
# every 0.2 s or a little more: with windows every 200 ms too, a run
# could keep its NMIs between the windows (2 nmi_noise events for 17
# NMIs taken, once on the RT + lockdep build, and none in a rehearsal).
nmi_run() {
	reset_tracing
	echo 2048 > $T/buffer_size_kb
	echo 100000 > $O/runtime_us
	echo 130000 > $O/period_us
	trace_with_event osnoise nmi_noise 3 $1
	echo 1408 > $T/buffer_size_kb
	awk '/ nmi_noise: / { ev++; next }
		$NF ~ /^[0-9]+$/ && NF >= 13 && $(NF-6) ~ /^[0-9]+\.[0-9]+$/ {
			n++; nmi += $(NF-3) }
		END { printf "%d %d %d\n", ev, nmi, n }' $1
}

# The host injects NMIs (QEMU monitor "nmi") while the guest asks for them:
# a line on the console that scripts/vm-run --nmi watches.
nmi_request() { echo "vm-run-nmi $1" > /dev/ttyS0; }

# The NMIs every CPU has taken (/proc/interrupts).
nmis_taken() {
	awk '$1 == "NMI:" { for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++)
		s += $i } END { print s + 0 }' /proc/interrupts
}

# Until the NMIs every CPU has taken exceed $1, 5 s at most.
nmi_wait_first() {
	local i=0

	while [ $(nmis_taken) -le $1 ] && [ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

check_nmi_noise() {
	if [ $NMI = 0 ]; then
		skip nmi_noise "no NMI injection (scripts/vm-run --nmi)"
		return
	fi
	set -- $(nmi_run /tmp/nonmi.txt)
	echo "nmi: without injection $1 nmi_noise events, NMI counters $2 in $3 samples"
	check nmi_noise_none_without_injection [ "$1" = 0 -a "$2" = 0 -a "$3" -gt 0 ]
	# The host's injector polls the console for the request, and late in
	# a long boot it was slow to start: in two rehearsals (2026-12-06)
	# it sent none in the 3 s, then only after them (NMIs taken, none
	# in the tracer's windows).  The run starts once the first NMI has
	# come (5 s at most), the NMIs counted are those taken during it, it
	# is tried again, twice at most, when none came, and what the tracer
	# counted is judged only once some did.
	tries=0
	while :; do
		before=$(nmis_taken)
		nmi_request on
		nmi_wait_first $before
		before=$(nmis_taken)
		set -- $(nmi_run /tmp/nmi.txt)
		came=$(($(nmis_taken) - before))
		nmi_request off
		tries=$((tries + 1))
		[ $came = 0 ] && [ $tries -lt 3 ] || break
	done
	echo "nmi: with injection $1 nmi_noise events, NMI counters $2 in $3 samples; $came NMIs taken, $tries run(s)"
	check nmi_injected_arrived [ $came -gt 0 ]
	check nmi_noise_injected [ "$1" -gt 0 -a "$2" -gt 0 ]
	grep -m 2 ' nmi_noise: ' /tmp/nmi.txt
	reset_tracing
}

# A stop condition hit in the timer IRQ with print_stack set writes the
# IRQ's stack before tracing stops: the thread, whose sample would carry
# it, finds tracing off.
check_stop_stack() {
	reset_tracing
	echo 1 > $O/print_stack
	echo 1 > $O/stop_tracing_us
	echo timerlat > $T/current_tracer
	i=0
	while [ $i -lt 100 ] && [ "$(cat $T/tracing_on)" = 1 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	check stop_stack_stopped [ "$(cat $T/tracing_on)" = 0 ]
	grep -c "<stack trace>" $T/trace | sed 's/^/stack entries after an IRQ stop: /'
	check stop_stack_written grep -q "<stack trace>" $T/trace
	reset_tracing
}

# osnoise with a 30 s stop_tracing_us keeps tracing (a 1 us one stops it:
# check_stop); print_stack at 30 s writes no stack (at 1 us it does:
# check_print_stack).
check_large_thresholds() {
	reset_tracing
	echo 100000 > $O/runtime_us
	echo 200000 > $O/period_us
	echo 30000000 > $O/stop_tracing_us
	echo 30000000 > $O/stop_tracing_total_us
	echo osnoise > $T/current_tracer
	sleep 3
	check osnoise_large_stop_threshold_keeps_tracing [ "$(cat $T/tracing_on)" = 1 ]
	set -- $(osnoise_column_zero $T/trace 0)
	check osnoise_large_stop_threshold_samples [ "$1" -gt 0 ]
	echo nop > $T/current_tracer
	reset_tracing
	echo 30000000 > $O/print_stack
	echo timerlat > $T/current_tracer
	sleep 2
	echo 0 > $T/tracing_on
	check print_stack_large_no_stack sh -c "! grep -q '=> osn_timerlat_irq\|<stack trace>' $T/trace"
	check print_stack_large_samples grep -q 'context *thread' $T/trace
	reset_tracing
}

# A 3 s osnoise run (100 ms windows) with the option OPTION set, if any:
# prints its number of samples and how many of them counted no IRQ.
osnoise_irq_counts() {
	reset_tracing
	echo 100000 > $O/runtime_us
	echo 200000 > $O/period_us
	[ -z "${1:-}" ] || echo "$1" > $O/options
	echo osnoise > $T/current_tracer
	sleep 3
	echo 0 > $T/tracing_on
	cat $T/trace > /tmp/irq-counts.txt
	echo nop > $T/current_tracer
	osnoise_column_zero /tmp/irq-counts.txt 2
}

# What the options change, against the same run with the option off:
# without OSNOISE_IRQ_DISABLE the timer IRQs show in the IRQ counters.
check_option_controls() {
	set -- $(osnoise_irq_counts)
	echo "irq counters without OSNOISE_IRQ_DISABLE: $1 samples, $2 with IRQ 0"
	check irq_counted_without_irq_disable [ "$1" -gt 3 -a "$2" -lt "$1" ]
	reset_tracing
}

# The column header of TRACER's trace (irq-info format) against its
# entries: the flags run of the header ("||||", 7 columns on PREEMPT_RT)
# must sit exactly over the flags of an entry, and the TIMESTAMP mark over
# its timestamp.
check_trace_headers() {
	for tracer in osnoise timerlat; do
		reset_tracing
		echo 100000 > $O/runtime_us
		echo 200000 > $O/period_us
		echo $tracer > $T/current_tracer
		sleep 1
		echo 0 > $T/tracing_on
		cat $T/trace > /tmp/hdr-$tracer.txt
		echo nop > $T/current_tracer
		if awk '
		/^#.*TASK-PID/ { hdr = 1; next }
		hdr == 1 { marks = $0; hdr = 2; next }
		hdr == 2 && !/^#/ && /\[[0-9]+\]/ { line = $0; exit }
		END {
			if (!match(marks, /\|\|+/)) { print "no flags columns in: " marks; exit 1 }
			p = RSTART; l = RLENGTH
			rest = substr(marks, p + l)
			t = p + l - 1 + index(rest, "|")
			f = substr(line, p, l)
			printf "header: %d flag columns at %d, TIMESTAMP at %d; entry flags \"%s\"\n", l, p, t, f
			if (f ~ / / || substr(line, p - 1, 1) != " " || substr(line, p + l, 1) != " ") {
				print "header:  " marks; print "entry:   " line; exit 1
			}
			if (substr(line, t, 1) !~ /[0-9.]/) {
				print "TIMESTAMP mark not over the timestamp:"
				print "header:  " marks; print "entry:   " line; exit 1
			}
		}' /tmp/hdr-$tracer.txt; then
			pass ${tracer}_header_columns
		else
			fail ${tracer}_header_columns "see above"
		fi
	done
	reset_tracing
}
