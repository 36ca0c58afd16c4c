#!/bin/bash
# Unpack the pristine source and apply kernel/patches/series with no fuzz.
#   apply-series.sh [--rt] [--force] TREE
# --rt first applies Debian's linux-patch-5.10-rt (PREEMPT_RT).  The tree is
# left alone when it already holds the same source and patches, so that
# rebuilds stay incremental; --force unpacks it again.
set -euo pipefail
. "$(dirname "$0")/common.sh"

rt=0 force=0
while [ $# -gt 1 ]; do
	case $1 in
	--rt) rt=1 ;;
	--force) force=1 ;;
	*) die "unknown option $1" ;;
	esac
	shift
done
[ $# -eq 1 ] || die "usage: ${0##*/} [--rt] [--force] TREE"
tree=$1

tarball=$("$(dirname "$0")/fetch-source.sh")
series=$KDIR/patches/series
stamp=$( (echo "$KVER rt=$rt"; cat "$series";
	  grep -v '^#' "$series" | sed '/^$/d' | while read -r p; do
		sha256sum < "$KDIR/patches/$p"; done
	  [ $rt = 0 ] || cat "$KDIR"/patches/rt/*) | sha256sum | cut -d' ' -f1)

if [ $force = 0 ] && [ "$(cat "$tree/.rtla-series" 2>/dev/null)" = "$stamp" ]; then
	log "$tree is up to date"
	exit 0
fi

log "unpacking into $tree"
rm -rf "$tree"
mkdir -p "$tree"
tar -xf "$tarball" -C "$tree" --strip-components=1

if [ $rt = 1 ]; then
	log "applying linux-patch-5.10-rt"
	xzcat "$DL/usr/src/linux-patch-5.10-rt.patch.xz" |
		patch -d "$tree" -p1 --fuzz=0 -s --no-backup-if-mismatch
fi

grep -v '^#' "$series" | sed '/^$/d' | while read -r p; do
	log "applying $p"
	patch -d "$tree" -p1 --fuzz=0 -s --no-backup-if-mismatch \
		< "$KDIR/patches/$p" || die "$p does not apply cleanly"
done
if [ $rt = 1 ]; then
	grep -v '^#' "$KDIR/patches/rt/series" | sed '/^$/d' | while read -r p; do
		log "applying rt/$p"
		patch -d "$tree" -p1 --fuzz=0 -s --no-backup-if-mismatch \
			< "$KDIR/patches/rt/$p" || die "rt/$p does not apply cleanly"
	done
fi
echo "$stamp" > "$tree/.rtla-series"
