#!/bin/bash
# Compile-only checks of the series in configurations that CI does not
# boot: object builds of kernel/trace/ (no link, no bzImage), in one
# build directory that goes from one configuration to the next.
#
#   compile-matrix.sh [-jN]
#
#   no-timerlat     qemu-x86_64.config with TIMERLAT_TRACER=n (osnoise
#                   alone: every #ifdef CONFIG_TIMERLAT_TRACER path off);
#   lockdep         qemu-x86_64.config + debug.config without PREEMPT_RT
#                   (PROVE_LOCKING, DEBUG_ATOMIC_SLEEP, the function tracer);
#   no-stacktrace   trace_osnoise.o of the lockdep configuration again, with
#                   CONFIG_STACKTRACE undefined: on x86 TRACING selects
#                   STACKTRACE, so no .config has it off, but the tracer's
#                   !CONFIG_STACKTRACE branches must still compile (other
#                   architectures).
#   mce-vectors     arch/x86/kernel/trace.o of the lockdep configuration
#                   with CONFIG_X86_MCE_THRESHOLD, CONFIG_X86_MCE_AMD and
#                   CONFIG_X86_THERMAL_VECTOR defined (the guest has no
#                   MCE): the hooks of those vectors must compile (an
#                   object only: the tracepoints are not linked).
#   armhf, i386     kernel/trace/ (and i386's arch/x86/kernel/trace.o) of
#                   32-bit kernels (configs/matrix-32bit.config and
#                   matrix-armhf.config / matrix-i386.config), each in a
#                   build directory of its own, with arm-linux-gnueabihf-gcc
#                   and gcc -m32: printk formats of u64, size_t and long
#                   differ there, and a 64-bit division with / or %
#                   compiles into a libgcc call the kernel does not link
#                   (__udivdi3, __aeabi_uldivmod: div_u64() and the like),
#                   so the objects are searched for those calls.
#
# Warnings (W=1) in the files of the series fail the check, as in
# check-series.sh.  Prints the time of each configuration.
set -euo pipefail
. "$(dirname "$0")/common.sh"

jobs=${1:--j$(nproc)}
tree=$KTREES/src-base
build=$KTREES/build-matrix
"$KDIR/scripts/apply-series.sh" "$tree"
mkdir -p "$build"

cc=gcc
if command -v ccache >/dev/null; then
	cc="ccache gcc"
	export CCACHE_DIR=${CCACHE_DIR:-$CACHE/ccache}
	export CCACHE_BASEDIR=$KTREES
fi

# The files of the series; W=1 warnings elsewhere are 5.10's own.
ours='trace_osnoise|events/osnoise\.h|x86/kernel/trace\.c|trace_events_hist\.c:.*bucket'

# build NAME TARGET [MAKE-ARGS...]
build() {
	local name=$1 target=$2 start=$SECONDS warn
	shift 2
	if ! make -C "$tree" O="$build" "$jobs" CC="$cc" W=1 "$@" "$target" \
			> "$build/$name.log" 2>&1; then
		tail -30 "$build/$name.log" >&2
		die "$name: $target does not build, see $build/$name.log"
	fi
	warn=$(grep -E "$ours" "$build/$name.log" | grep -c 'warning:' || true)
	[ "$warn" = 0 ] || {
		grep -E "$ours" "$build/$name.log" | grep -A3 'warning:' >&2
		die "$name: $warn W=1 warnings in the series' files"
	}
	log "$name: $target builds, no warning in the series' files ($((SECONDS - start)) s)"
}

printf '# CONFIG_TIMERLAT_TRACER is not set\n' > "$build/no-timerlat.config"
"$KDIR/scripts/configure.sh" "$tree" "$build" \
	"$KDIR/configs/qemu-x86_64.config" "$build/no-timerlat.config"
build no-timerlat kernel/trace/

"$KDIR/scripts/configure.sh" "$tree" "$build" \
	"$KDIR/configs/qemu-x86_64.config" "$KDIR/configs/debug.config"
build lockdep kernel/trace/

printf '#undef CONFIG_STACKTRACE\n' > "$build/no-stacktrace.h"
grep -q '^CONFIG_STACKTRACE=y' "$build/.config" ||
	die "no-stacktrace: expected CONFIG_STACKTRACE=y in the lockdep .config"
build no-stacktrace kernel/trace/trace_osnoise.o KCFLAGS="-include $build/no-stacktrace.h"

printf '#define %s 1\n' CONFIG_X86_MCE_THRESHOLD CONFIG_X86_MCE_AMD \
	CONFIG_X86_THERMAL_VECTOR > "$build/mce-vectors.h"
build mce-vectors arch/x86/kernel/trace.o KCFLAGS="-include $build/mce-vectors.h"

# The 64-bit divisions left to libgcc in the objects built in $build.
libgcc_calls() {
	local objs=(kernel/trace)

	[ ! -e "$build/arch/x86/kernel/trace.o" ] || objs+=(arch/x86/kernel/trace.o)
	(cd "$build" && find "${objs[@]}" -name '*.o' -exec "${CROSS_COMPILE}nm" -uA {} + |
		grep -E ' U __(u?(div|mod)di3|udivmoddi4|aeabi_u?ldivmod)$')
}

# NAME ARCH CROSS_COMPILE: the 32-bit objects in build-matrix-NAME.
build32() {
	local name=$1 calls cc0=$cc
	export ARCH=$2 CROSS_COMPILE=$3

	command -v "${CROSS_COMPILE}gcc" >/dev/null ||
		die "$name: no ${CROSS_COMPILE}gcc (scripts/install-deps)"
	build=$KCACHE/build-matrix-$name
	"$KDIR/scripts/configure.sh" "$tree" "$build" \
		"$KDIR/configs/matrix-32bit.config" "$KDIR/configs/matrix-$name.config"
	cc="${cc%gcc}${CROSS_COMPILE}gcc"
	build "$name" kernel/trace/
	[ "$ARCH" != i386 ] || build "$name" arch/x86/kernel/trace.o
	if calls=$(libgcc_calls); then
		echo "$calls" >&2
		die "$name: 64-bit divisions left to libgcc"
	fi
	cc=$cc0
	unset ARCH CROSS_COMPILE
}

build32 armhf arm arm-linux-gnueabihf-
build32 i386 i386 ''
