# Guest checks: Debian's rtla 6.1 in the guest.
# Sourced by guest-checks.sh (busybox sh), whose pass/fail/check,
# reset_tracing and wait_threads helpers it uses.

# --- Debian's rtla 6.1 ------------------------------------------------------

# Run rtla (the arguments) as check NAME: it exits 0, and NAME_counts:
# every CPU counted samples, in each column of a histogram's "count:"
# line or in the "#N" of each CPU row of a top.
rtla_counts() { # NAME RTLA-ARGS...
	name=$1
	shift
	out=$(rtla "$@" 2>&1)
	check $name [ $? = 0 ]
	echo "$out" | awk -v ncpus=$NCPUS -v name=$name '
		/^count:/ { for (i = 2; i <= NF; i++) { n++; if ($i + 0 > 0) ok++ } }
		/^ *[0-9]+ #[0-9]+ / { n++; if (substr($2, 2) + 0 > 0) ok++ }
		END { printf "%s: %d counts, %d above 0\n", name, n, ok
		      exit !(n >= ncpus && ok == n) }' &&
		pass ${name}_counts ||
		{ echo "$out" | tail -8; fail ${name}_counts "a CPU counted nothing"; }
}

check_rtla() {
	reset_tracing
	command -v rtla > /dev/null || { fail rtla "no rtla in the guest"; return; }
	# The tops run with -t, a superset of a plain top run.
	rtla_counts rtla_timerlat_hist timerlat hist -d 3s
	rtla_counts rtla_osnoise_hist osnoise hist -d 3s
	rtla_counts rtla_timerlat_top_trace timerlat top -q -d 3s -t /tmp/tl.txt
	rtla_counts rtla_osnoise_top_trace osnoise top -q -d 3s -t /tmp/os.txt
	reset_tracing
}
