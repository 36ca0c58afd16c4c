#!/bin/bash
# Kernel checks of the osnoise/timerlat series: build (unless --kernel is
# given), boot in QEMU with two CPUs, run guest-checks.sh, then check the
# console:
#   - the KUnit suite "osnoise" ran at boot and nothing failed (KTAP);
#   - the osnoise/ files and event formats equal the 6.1 RT reference
#     (abi-6.1-rt.expected: offsets, IDs and common_* fields aside);
#   - every guest check passed;
#   - no WARNING, BUG, Oops or lockdep report on the console;
#   - PANIC_ON_STOP, in three boots of their own (panic-run.sh).
# The main boot runs with vm-run --nmi: the guest's NMI check asks the host
# to inject NMIs through the QEMU monitor.
#
#   kernel/tests/run.sh [--arch arm64] [--kernel BZIMAGE] [--debug] [--quick]
#                       [--no-rtla] [--keep-console FILE]
#                       [--only check_a,check_b] [--min-pass N]
# --arch arm64 boots the arm64 build (build.sh --arch arm64) on qemu's virt
# board: no rtla 6.1 (Debian's is amd64's: as --no-rtla), our rtla from
# build-arm64/ and Debian's arm64 rtla 7.2, no NMI injection.
# --only runs just those functions of guest-checks.sh (to try a check on a
# kernel without its fix), and no PANIC_ON_STOP boot (panic-run.sh).
# --min-pass N fails the run when fewer than N guest checks passed (a
# check that silently stopped running); it defaults to MIN_PASS below for a
# full run and to 1 with --only.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
kernel= debug= quick= rtla=--rtla keep= only= minpass=
# PASS lines of a full run (--rtla, --nmi: 184 on 2026-12-06 with
# 0023-0030 and their checks, 201 with check_hist_buckets and
# check_tfd_knobs, 213 with check_tfd_hotplug, 214 with
# nmi_injected_arrived, 222 with the v4 assertions of check_tfd_knobs,
# check_tfd_signal, check_tfd_uret_window and check_rtla), less a
# margin; update it when checks are added.
MIN_PASS=211
# arm64: the same less check_rtla's 8 and check_nmi_noise's 3 (no rtla
# 6.1, no NMI injection); not yet measured on a whole arm64 run.
MIN_PASS_ARM64=$((MIN_PASS - 11))
arch=x86_64
while [ $# -gt 0 ]; do
	case $1 in
	--arch) arch=$2; shift ;;
	--kernel) kernel=$2; shift ;;
	--debug) debug=--debug ;;
	--quick) quick=--quick ;;
	--no-rtla) rtla= ;;
	--keep-console) keep=$2; shift ;;
	--only) only=--only=$2; shift ;;
	--min-pass) minpass=$2; shift ;;
	*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
	esac
	shift
done

. "$here/arch.sh"
nmi=--nmi vmrtla=(--rtla /usr/bin/rtla)
if [ "$arch" != x86_64 ]; then
	nmi= rtla= vmrtla=()
fi
if [ -z "$minpass" ]; then
	minpass=$MIN_PASS
	[ -n "$rtla" ] || minpass=$((MIN_PASS - 8))	# the 8 of check_rtla
	[ "$arch" = x86_64 ] || minpass=$MIN_PASS_ARM64
	[ -z "$quick$only" ] || minpass=1
fi

if [ -z "$kernel" ]; then
	kernel=$("$here/../build.sh" "${vm_arch[@]}" $debug) || exit 1
fi

console=$(mktemp)
trap 'rm -f "$console" "$console".*' EXIT
# The user-space timerlat test program (timerlat-user-checks.sh).
build_tlat_user "$console.tlat-user" || exit 1
# The checks by topic, sourced by guest-checks.sh from /root.
topics=()
for f in "$here"/*-checks.sh; do topics+=(--file "$f"); done
topics+=(--file "$top/tests/lib/tap.sh")
start=$SECONDS
# The boot (scripts/vm-run): the kernel log at loglevel 7 (KUnit reports
# at KERN_INFO) goes to $console.kern, the script's output to $console.out.
# Debian's rtla 6.1 is /usr/bin/rtla in the guest, as guest-checks.sh
# expects.  A kernel complaint also makes vm-run fail (status 125); the
# checks below name it.  A stalled boot is booted again (--retry).
"$top/scripts/vm-run" "${vm_arch[@]}" --kernel "$kernel" --smp 2 \
	--timeout 1200 --retry "${vmrtla[@]}" --ref 7.2 --append loglevel=7 $nmi \
	--file "$console.tlat-user:/root/tlat-user" \
	"${topics[@]}" \
	--file "$here/abi-7.2-rt.expected" \
	--file "$here/normalize-abi-7.2.awk" \
	--console "$console.kern" --script "$here/guest-checks.sh" \
	-- $quick $rtla $nmi $only > "$console.out" 2>&1
boot_rc=$?
cat "$console.kern" "$console.out" > "$console.txt" 2>/dev/null
[ -n "$keep" ] && cp "$console.txt" "$keep"
echo "run.sh: guest ran for $((SECONDS - start)) s, status $boot_rc"

failures=0
bad() { echo "FAIL: $*"; failures=$((failures + 1)); }

# KUnit, in KTAP: the osnoise suite must be there and nothing may fail.
if ! grep -Eq '^(\[ *[0-9.]+\] )?ok [0-9]+ - osnoise$' "$console.txt"; then
	bad "KUnit suite osnoise did not pass"
	grep -E 'not ok|# Subtest|osnoise' "$console.txt" | grep -iE 'kunit|ok|subtest' | head
else
	echo "ok: KUnit osnoise: $(grep -Ec '^(\[ *[0-9.]+\] )? +ok [0-9]+ - osnoise_test' "$console.txt") cases passed"
fi
if grep -Eq '^(\[ *[0-9.]+\] )?\s*not ok ' "$console.kern"; then
	bad "KUnit failures:"
	grep -E 'not ok ' "$console.kern"
fi

# The console's dump from "=== BEGIN FIRST" to "=== END LAST", normalized,
# against EXPECTED (a file of this directory) for WHAT.
abi_diff() { # FIRST LAST EXPECTED WHAT
	sed -n "/^=== BEGIN $1/,/^=== END $2/p" "$console.txt" |
		awk -f "$here/normalize-abi.awk" > "$console.abi"
	if diff -u "$here/$3" "$console.abi" > "$console.diff"; then
		echo "ok: $4 equal the reference"
	else
		bad "$4 differ from the reference:"
		cat "$console.diff"
	fi
}
abi_diff files formats abi-6.1-rt.expected \
	"osnoise/ files and event formats (6.1 RT)"
abi_diff formats-7.2 formats-7.2 abi-7.2-samples.expected \
	"osnoise_sample and timerlat_sample formats (7.2 RT)"

# Guest checks: TAP in the script's output (the console's KUnit KTAP aside).
grep '^ok [0-9]* - .* # SKIP ' "$console.out"
npass=$(grep '^ok [0-9]* - ' "$console.out" | grep -vc ' # SKIP ')
grep -A3 '^not ok ' "$console.out" && bad "$(grep -c '^not ok ' "$console.out") guest checks failed"
grep -q '^1\.\.[0-9]' "$console.out" || bad "guest checks did not finish (status $boot_rc)"
if [ "$npass" -lt "$minpass" ]; then
	bad "only $npass guest checks passed, expected at least $minpass"
else
	echo "ok: $npass guest checks passed (at least $minpass expected)"
fi
# The slowest checks, with their time in the guest.
grep '^# CHECK TIME ' "$console.out" | sort -k5 -rn | head -8

# Kernel complaints.
if grep -En 'WARNING:|BUG:|Oops|Kernel panic|circular locking|recursive locking|inconsistent lock state|suspicious RCU usage|sleeping function called from invalid context|INFO: task .* blocked|lockdep is turned off|DEBUG_LOCKS_WARN_ON|Call Trace:' \
		"$console.txt" > "$console.warn"; then
	bad "kernel reported problems:"
	head -40 "$console.warn"
else
	echo "ok: no WARN, BUG or lockdep report on the console"
fi

# PANIC_ON_STOP, in boots of their own.
if [ -z "$only" ]; then
	"$here/panic-run.sh" "${vm_arch[@]}" --kernel "$kernel" || bad "PANIC_ON_STOP checks failed"
fi

if [ $failures -ne 0 ]; then
	echo "run.sh: $failures failure(s); console tail:"
	tail -30 "$console.txt"
	exit 1
fi
echo "run.sh: all kernel checks passed"
