# Guest checks: Debian's rtla 6.1 in the guest.
# Sourced by guest-checks.sh (busybox sh), whose pass/fail/check,
# reset_tracing and wait_threads helpers it uses.

# --- Debian's rtla 6.1 ------------------------------------------------------

check_rtla() {
	reset_tracing
	command -v rtla > /dev/null || { fail rtla "no rtla in the guest"; return; }
	check rtla_timerlat_hist rtla timerlat hist -d 3s
	check rtla_timerlat_top rtla timerlat top -q -d 3s
	check rtla_osnoise_top rtla osnoise top -q -d 3s
	check rtla_osnoise_hist rtla osnoise hist -d 3s
	check rtla_timerlat_top_trace rtla timerlat top -q -d 3s -t /tmp/tl.txt
	check rtla_osnoise_top_trace rtla osnoise top -q -d 3s -t /tmp/os.txt
	reset_tracing
}
