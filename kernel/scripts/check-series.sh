#!/bin/bash
# Check that each patch of the series applies with no fuzz to the pristine
# source and builds on its own: after each patch, compile the directories
# the series touches (kernel/trace, arch/x86/kernel, init).  The complete
# series is linked into bzImage by build.sh.
#   check-series.sh [--rt] [-jN]
# --rt: the same on top of Debian's linux-patch-5.10-rt with
# configs/rt.config, patches/rt/series after the series.
set -euo pipefail
. "$(dirname "$0")/common.sh"

rt=0 jobs=-j$(nproc)
for arg; do
	case $arg in
	--rt) rt=1 ;;
	-j*) jobs=$arg ;;
	*) die "unknown option $arg" ;;
	esac
done
flavour=check
frags=("$KDIR/configs/qemu-x86_64.config")
if [ $rt = 1 ]; then
	flavour=check-rt
	frags+=("$KDIR/configs/rt.config")
fi
tree=$KTREES/src-$flavour
build=$KTREES/build-$flavour
tarball=$("$KDIR/scripts/fetch-source.sh")

rm -rf "$tree"
mkdir -p "$tree"
tar -xf "$tarball" -C "$tree" --strip-components=1
if [ $rt = 1 ]; then
	xzcat "$DL/usr/src/linux-patch-5.10-rt.patch.xz" |
		patch -d "$tree" -p1 --fuzz=0 -s --no-backup-if-mismatch >&2
fi
"$KDIR/scripts/configure.sh" "$tree" "$build" "${frags[@]}" 2>/dev/null ||
	true	# the options of later patches are missing at first

# The patch files to build after, in order.
patches() {
	grep -v '^#' "$KDIR/patches/series" | sed '/^$/d'
	[ $rt = 0 ] || grep -v '^#' "$KDIR/patches/rt/series" | sed '/^$/d; s|^|rt/|'
}

cc=gcc
command -v ccache >/dev/null && cc="ccache gcc" && export CCACHE_DIR=${CCACHE_DIR:-$CACHE/ccache} CCACHE_BASEDIR=$KTREES
n=0
patches | while read -r p; do
	n=$((n + 1))
	patch -d "$tree" -p1 --fuzz=0 -s --no-backup-if-mismatch < "$KDIR/patches/$p" ||
		die "$p does not apply cleanly"
	make -C "$tree" O="$build" -s olddefconfig >/dev/null
	# Options appear with the patches: pick them up as they come.
	(cd "$tree" && KCONFIG_CONFIG="$build/.config" scripts/kconfig/merge_config.sh \
		-m -O "$build" "$build/.config" "${frags[@]}" >/dev/null)
	make -C "$tree" O="$build" -s olddefconfig >/dev/null
	if ! make -C "$tree" O="$build" "$jobs" CC="$cc" W=1 \
		kernel/trace/ arch/x86/kernel/ init/ > "$build/step-$n.log" 2>&1; then
		tail -30 "$build/step-$n.log" >&2
		die "$p does not build"
	fi
	# W=1 warnings in the files the series adds (5.10's own files have
	# some already, trace_events_hist.c included).
	warn=$(grep -E 'trace_osnoise|events/osnoise\.h|x86/kernel/trace\.c' "$build/step-$n.log" |
		grep -c 'warning:' || true)
	log "$p: builds, $warn W=1 warnings in the new files"
	[ "$warn" = 0 ] || die "$p adds warnings, see $build/step-$n.log"
done
