# TAP for every shell suite (sourced; busybox ash compatible): one line
# a check, "not ok" with its diagnostic as comments, the plan at the end.
#
#   tap_check DESC [WHY]	ok, or not ok because of WHY; 1 when not ok
#   tap_result DESC HARD TODO	the same, a TODO failure (TODO) not counted
#   tap_done			the plan; 1 when a check failed

tap_n=0
tap_failed=0

diag() { sed 's/^/# /'; }

tap_result() {
	tap_n=$((tap_n + 1))
	if [ -n "$2" ]; then
		tap_failed=$((tap_failed + 1))
		echo "not ok $tap_n - $1"
		printf '%s\n' "$2" "$3" | grep . | diag
		return 1
	elif [ -n "$3" ]; then
		echo "not ok $tap_n - $1 # TODO ref deviation"
		printf '%s\n' "$3" | grep . | diag
	else
		echo "ok $tap_n - $1"
	fi
}

tap_check() {
	tap_result "$1" "${2:-}" ""
}

tap_done() {
	echo "1..$tap_n"
	[ $tap_failed -eq 0 ] || echo "# $tap_failed of $tap_n failed"
	return $((tap_failed > 0))
}
