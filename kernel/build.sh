#!/bin/bash
# Build Debian's linux-source-5.10 with the osnoise/timerlat series, as a
# small x86_64 QEMU kernel.  One command does it all:
#
#   kernel/build.sh [--debug] [--rt] [--jit] [-jN]
#
# fetch the source (private apt configuration), apply kernel/patches/series
# with no fuzz, configure tinyconfig + kernel/configs/qemu-x86_64.config
# (+ debug.config with --debug, bpf-jit.config with --jit), check the
# options stuck, build bzImage with ccache when present, and print the
# path of bzImage on stdout.  Everything lives under
# ${RTLA_CACHE:-$HOME/.cache/rtla}/linux-5.10 (RTLA_KBUILD_TAG: see
# scripts/common.sh).
set -euo pipefail
. "$(dirname "$0")/scripts/common.sh"

debug=0 rt=0 jit=0 jobs=$(nproc)
for arg; do
	case $arg in
	--debug) debug=1 ;;
	--rt) rt=1 ;;
	--jit) jit=1 ;;
	-j*) jobs=${arg#-j} ;;
	-h|--help) sed -n '2,13p' "$0"; exit 0 ;;
	*) die "unknown option $arg" ;;
	esac
done

flavour=base
[ $rt = 1 ] && flavour=rt
tree=$KTREES/src-$flavour
[ $debug = 1 ] && flavour=$flavour-debug
[ $jit = 1 ] && flavour=$flavour-jit
build=$KTREES/build-$flavour

frags=("$KDIR/configs/qemu-x86_64.config")
[ $debug = 1 ] && frags+=("$KDIR/configs/debug.config")
[ $rt = 1 ] && frags+=("$KDIR/configs/rt.config")
[ $jit = 1 ] && frags+=("$KDIR/configs/bpf-jit.config")

rtopt=()
[ $rt = 1 ] && rtopt=(--rt)
"$KDIR/scripts/apply-series.sh" "${rtopt[@]}" "$tree"
"$KDIR/scripts/configure.sh" "$tree" "$build" "${frags[@]}"

cc=gcc
if command -v ccache >/dev/null; then
	cc="ccache gcc"
	export CCACHE_DIR=${CCACHE_DIR:-$CACHE/ccache}
	export CCACHE_BASEDIR=$KTREES
fi
log "building $build (make -j$jobs, CC=$cc)"
start=$SECONDS
make -C "$tree" O="$build" -j"$jobs" CC="$cc" bzImage > "$build/build.log" 2>&1 ||
	{ tail -40 "$build/build.log" >&2; die "build failed, see $build/build.log"; }
log "built in $((SECONDS - start)) s"
echo "$build/arch/x86/boot/bzImage"
