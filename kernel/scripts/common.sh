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
# RTLA_KBUILD_TAG=NAME gives the source trees and build directories of
# build.sh, check-series.sh and compile-matrix.sh the suffix -NAME, so that
# two sessions sharing one cache do not build in each other's directories
# (ccache and the downloads stay shared).
KTAG=${RTLA_KBUILD_TAG:+-$RTLA_KBUILD_TAG}

log() { printf '%s: %s\n' "${0##*/}" "$*" >&2; }
die() { log "error: $*"; exit 1; }
