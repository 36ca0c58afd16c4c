#!/bin/bash
# Unpack the pristine source and apply kernel/patches/series with no fuzz.
#   apply-series.sh [--rt] [--force] TREE
# --rt first applies Debian's linux-patch-5.10-rt (PREEMPT_RT) and then
# patches/rt/series after the series.  The tree is left alone when it
# already holds the same source and patches.  When only the patches
# changed, the ones applied before (kept in TREE/.rtla-applied/) are
# reverse-applied and the new ones applied, and every file that ends up as
# it was gets its old time back, so that make rebuilds only what changed.
# --force, or a patch that does not reverse, unpacks the tree again.
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
applied=$tree/.rtla-applied
base="$KVER rt=$rt"

tarball=$("$(dirname "$0")/fetch-source.sh")

# The patch files to apply, in order.
patches() {
	grep -v '^#' "$KDIR/patches/series" | sed '/^$/d; s|^|patches/|'
	[ $rt = 0 ] || grep -v '^#' "$KDIR/patches/rt/series" | sed '/^$/d; s|^|patches/rt/|'
}
mapfile -t want < <(patches)
stamp=$( (echo "$base"; for p in "${want[@]}"; do echo "$p"; sha256sum < "$KDIR/$p"; done) |
	sha256sum | cut -d' ' -f1)

if [ $force = 0 ] && [ "$(cat "$tree/.rtla-series" 2>/dev/null)" = "$stamp" ]; then
	log "$tree is up to date"
	exit 0
fi

# Apply the wanted patches and keep a copy of each, numbered in order.
apply_all() {
	local p n=0

	rm -rf "$applied"
	mkdir -p "$applied"
	echo "$base" > "$applied/base"
	for p in "${want[@]}"; do
		log "applying ${p#patches/}"
		patch -d "$tree" -p1 --fuzz=0 -s --no-backup-if-mismatch < "$KDIR/$p" >&2 ||
			die "${p#patches/} does not apply cleanly"
		n=$((n + 1))
		cp "$KDIR/$p" "$applied/$(printf %03d $n)-${p##*/}"
	done
}

# The files that patches on stdin touch.
touched() {
	sed -n 's|^--- a/\([^\t]*\).*|\1|p; s|^+++ b/\([^\t]*\).*|\1|p' | sort -u
}

# Swap the applied patches for the wanted ones in place; fails (tree then
# unusable) when an old patch does not reverse.
swap() {
	local p f sum t before

	[ "$(cat "$applied/base" 2>/dev/null)" = "$base" ] || return 1
	before=$(cd "$tree" && cat "$applied"/[0-9]* "${want[@]/#/$KDIR/}" | touched |
		while read -r f; do
			[ -f "$f" ] && echo "$(sha256sum < "$f" | cut -c1-64) $(stat -c %Y "$f") $f"
		done)
	for p in $(ls -r "$applied"/[0-9]*); do
		log "reverting ${p##*/}"
		patch -R -d "$tree" -p1 --fuzz=0 -s --no-backup-if-mismatch < "$p" >&2 || return 1
	done
	apply_all
	echo "$before" | while read -r sum t f; do
		[ -n "$f" ] && [ -f "$tree/$f" ] &&
			[ "$(sha256sum < "$tree/$f" | cut -c1-64)" = "$sum" ] &&
			touch -m -d "@$t" "$tree/$f"
	done
	return 0
}

if [ $force = 1 ] || [ ! -d "$applied" ] || ! (swap); then
	log "unpacking into $tree"
	rm -rf "$tree"
	mkdir -p "$tree"
	tar -xf "$tarball" -C "$tree" --strip-components=1
	if [ $rt = 1 ]; then
		log "applying linux-patch-5.10-rt"
		xzcat "$DL/usr/src/linux-patch-5.10-rt.patch.xz" |
			patch -d "$tree" -p1 --fuzz=0 -s --no-backup-if-mismatch >&2
	fi
	apply_all
fi
echo "$stamp" > "$tree/.rtla-series"
