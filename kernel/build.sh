#!/bin/bash
# Build Debian's linux-source-5.10 with the osnoise/timerlat series, as a
# small x86_64 QEMU kernel (or arm64, for qemu's virt board).  One command
# does it all:
#
#   kernel/build.sh [--arch arm64] [--debug] [--rt] [--jit] [-jN]
#
# fetch the source (private apt configuration), apply kernel/patches/series
# with no fuzz, configure tinyconfig + kernel/configs/qemu-x86_64.config
# (qemu-arm64.config with --arch arm64, cross-built with
# aarch64-linux-gnu-gcc into build-arm64-*; + debug.config with --debug,
# bpf-jit.config with --jit), check the options stuck, build bzImage (arm64:
# Image) with ccache when present, and print its path on stdout.
# Everything lives under ${RTLA_CACHE:-$HOME/.cache/rtla}/linux-5.10
# (RTLA_KBUILD_TAG: see scripts/common.sh).
set -euo pipefail
. "$(dirname "$0")/scripts/common.sh"

debug=0 rt=0 jit=0 jobs=$(nproc) arch=x86_64
while [ $# -gt 0 ]; do
	arg=$1
	shift
	case $arg in
	--arch) arch=${1:-}; shift || true ;;
	--debug) debug=1 ;;
	--rt) rt=1 ;;
	--jit) jit=1 ;;
	-j*) jobs=${arg#-j} ;;
	-h|--help) sed -n '2,15p' "$0"; exit 0 ;;
	*) die "unknown option $arg" ;;
	esac
done

# The architecture's fragment, image, build directory prefix and compiler.
cross= prefix= image=arch/x86/boot/bzImage
case $arch in
x86_64|amd64) frag=qemu-x86_64.config ;;
arm64)
	frag=qemu-arm64.config prefix=arm64- image=arch/arm64/boot/Image
	cross=aarch64-linux-gnu-
	command -v ${cross}gcc >/dev/null ||
		die "no ${cross}gcc: scripts/install-deps --arch arm64"
	export ARCH=arm64 CROSS_COMPILE=$cross ;;
*) die "--arch takes arm64 (x86_64 is the default)" ;;
esac

flavour=base
[ $rt = 1 ] && flavour=rt
tree=$KTREES/src-$flavour
[ $debug = 1 ] && flavour=$flavour-debug
[ $jit = 1 ] && flavour=$flavour-jit
build=$KTREES/build-$prefix$flavour

frags=("$KDIR/configs/$frag")
[ $debug = 1 ] && frags+=("$KDIR/configs/debug.config")
[ $rt = 1 ] && frags+=("$KDIR/configs/rt.config")
[ $jit = 1 ] && frags+=("$KDIR/configs/bpf-jit.config")

rtopt=()
[ $rt = 1 ] && rtopt=(--rt)
"$KDIR/scripts/apply-series.sh" "${rtopt[@]}" "$tree"
"$KDIR/scripts/configure.sh" "$tree" "$build" "${frags[@]}"

cc=${cross}gcc
if command -v ccache >/dev/null; then
	cc="ccache $cc"
	export CCACHE_DIR=${CCACHE_DIR:-$CACHE/ccache}
	export CCACHE_BASEDIR=$KTREES
fi
log "building $build (make -j$jobs, CC=$cc)"
start=$SECONDS
make -C "$tree" O="$build" -j"$jobs" CC="$cc" "${image##*/}" > "$build/build.log" 2>&1 ||
	{ tail -40 "$build/build.log" >&2; die "build failed, see $build/build.log"; }
log "built in $((SECONDS - start)) s"
echo "$build/$image"
