#!/bin/bash
# Configure TREE into BUILD as tinyconfig plus the given fragments, then
# check that every option of the fragments made it into .config.
#   configure.sh TREE BUILD FRAGMENT...
set -euo pipefail
. "$(dirname "$0")/common.sh"

[ $# -ge 3 ] || die "usage: ${0##*/} TREE BUILD FRAGMENT..."
tree=$1 build=$2
shift 2
frags=()
for f; do frags+=("$(realpath "$f")"); done
set -- "${frags[@]}"

mkdir -p "$build"
make -C "$tree" O="$build" -s tinyconfig >/dev/null
(cd "$tree" && KCONFIG_CONFIG="$build/.config" \
	scripts/kconfig/merge_config.sh -m -O "$build" "$build/.config" "$@" \
	> "$build/merge_config.log")
make -C "$tree" O="$build" -s olddefconfig >/dev/null

# The last fragment that sets an option wins, as in merge_config.sh.
bad=0
while IFS= read -r line; do
	case $line in
	CONFIG_*=*)
		grep -qxF "$line" "$build/.config" || {
			log "'$line' did not stick: $(grep "^${line%%=*}=" "$build/.config" || echo unset)"
			bad=1
		} ;;
	"# CONFIG_"*" is not set")
		opt=${line#\# }; opt=${opt%% *}
		if grep -q "^$opt=" "$build/.config"; then
			log "$opt should be unset"
			bad=1
		fi ;;
	esac
done < <(awk '/^CONFIG_[A-Za-z0-9_]+=/ { o = $0; sub(/=.*/, "", o); v[o] = $0; if (!(o in seen)) { seen[o] = 1; order[n++] = o } }
	      /^# CONFIG_[A-Za-z0-9_]+ is not set/ { o = $2; v[o] = $0; if (!(o in seen)) { seen[o] = 1; order[n++] = o } }
	      END { for (i = 0; i < n; i++) print v[order[i]] }' "$@")
[ $bad = 0 ] || die "configuration check failed"
log "configuration of $build checked"
