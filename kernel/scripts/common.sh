# Shared settings of the kernel/ scripts (sourced, not run).

KVER=5.10.262-1
KPKG=linux-source-5.10
KSUITE=bullseye-security
KMIRROR=${RTLA_DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
KKEYRING=/usr/share/keyrings/debian-archive-bullseye-security-automatic.gpg

KDIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE=${RTLA_CACHE:-$HOME/.cache/rtla}
KCACHE=$CACHE/linux-5.10
DL=$KCACHE/dl
# RTLA_KBUILD_TAG=NAME puts the source trees and build directories of
# build.sh, check-series.sh and compile-matrix.sh under linux-5.10/NAME/,
# with their usual names, so that two sessions sharing one cache build
# apart; the downloads and ccache stay shared, and ccache still hits:
# it hashes the paths relative to CCACHE_BASEDIR, the trees' parent.
KTREES=$KCACHE${RTLA_KBUILD_TAG:+/$RTLA_KBUILD_TAG}

log() { printf '%s: %s\n' "${0##*/}" "$*" >&2; }
die() { log "error: $*"; exit 1; }
