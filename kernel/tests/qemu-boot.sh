#!/bin/bash
# Former boot script of the kernel checks, now a thin caller of the one VM
# harness, scripts/vm-run (which kernel/tests/run.sh calls directly):
#
#   qemu-boot.sh --kernel BZIMAGE [--cpus N] [--mem MB] [--timeout S]
#                [--append ARGS] [--rtla PATH] -- SCRIPT [ARGS...]
#
# Prints the script's output, then the kernel console, on stdout; exits
# with the script's status (125: the VM timed out or died, or the kernel
# logged an oops, BUG, WARNING or panic).  --rtla PATH is /usr/bin/rtla in
# the guest (default: Debian's, /usr/bin/rtla).
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
args=(--rtla /usr/bin/rtla --timeout 900 --append loglevel=7)
while [ $# -gt 0 ]; do
	case $1 in
	--kernel|--timeout|--append|--rtla) args+=("$1" "$2"); shift ;;
	--cpus) args+=(--smp "$2"); shift ;;
	--mem) args+=(--mem "${2}M"); shift ;;
	--) shift; break ;;
	*) echo "qemu-boot.sh: unknown option $1" >&2; exit 2 ;;
	esac
	shift
done
[ $# -ge 1 ] || { sed -n '2,11p' "$0" >&2; exit 2; }
script=$1
shift
console=$(mktemp)
trap 'rm -f "$console"' EXIT
"$top/scripts/vm-run" "${args[@]}" --console "$console" --script "$script" -- "$@"
rc=$?
cat "$console"
exit $rc
