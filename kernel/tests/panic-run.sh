#!/bin/bash
# PANIC_ON_STOP: one boot per stop (osnoise's and timerlat's thresholds, a
# user-space timerlat thread that left its CPU) runs panic-on-stop.sh,
# which stops tracing first with the default options (tracing must only
# stop) and then with PANIC_ON_STOP: the kernel must panic with the stop
# message of the osnoise/timerlat stop path (scripts/vm-run --expect-panic
# checks the console).
#
#   kernel/tests/panic-run.sh [--arch arm64] --kernel BZIMAGE [--no-option]
# --no-option leaves PANIC_ON_STOP off in the second run (this must fail).
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
kernel= noopt= arch=x86_64
while [ $# -gt 0 ]; do
	case $1 in
	--arch) arch=$2; shift ;;
	--kernel) kernel=$2; shift ;;
	--no-option) noopt=--no-option ;;
	*) echo "panic-run.sh: unknown option $1" >&2; exit 2 ;;
	esac
	shift
done
[ -n "$kernel" ] || { echo "panic-run.sh: --kernel BZIMAGE needed" >&2; exit 2; }

out=$(mktemp)
trap 'rm -f "$out" "$out".*' EXIT
failures=0
bad() { echo "FAIL: $*"; failures=$((failures + 1)); }

start=$SECONDS
. "$here/arch.sh"
build_tlat_user "$out.tlat-user" || exit 1
for tracer in osnoise timerlat migrate; do
	"$top/scripts/vm-run" "${vm_arch[@]}" --kernel "$kernel" --smp 2 --timeout 300 \
		--expect-panic "osnoise: stop condition hit on CPU [0-9]+" \
		--file "$out.tlat-user:/root/tlat-user" --file "$top/tests/lib/tap.sh" \
		--console "$out.kern" --script "$here/panic-on-stop.sh" \
		-- $tracer $noopt > "$out" 2>&1
	rc=$?
	grep -h '^ok \|^not ok \|^# \|^vm-run: ' "$out"
	grep -q "^ok [0-9]* - ${tracer}_stop_without_panic_on_stop$" "$out" ||
		bad "$tracer: a stop without PANIC_ON_STOP did not just stop tracing"
	if [ $rc = 0 ]; then
		echo "ok: $tracer: PANIC_ON_STOP panics with the stop message"
	else
		bad "$tracer: PANIC_ON_STOP: no stop panic (vm-run status $rc)"
		tail -8 "$out.kern"
	fi
done
echo "panic-run.sh: $((SECONDS - start)) s, $failures failure(s)"
[ $failures = 0 ]
