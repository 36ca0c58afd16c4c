# SPDX-License-Identifier: GPL-2.0
# Sourced by the package checks (check-deb.sh, check-rpm.sh, check-dist.sh,
# check-chroot.sh's test in the chroot): TAP through tests/lib/tap.sh
# ($TAP_SH where the tree is not beside it), one line a check.
#
#   ok DESC...		ok
#   fail DESC...	not ok; never a failing status (the scripts run
#			under set -e); $fails counts the failures, for a
#			group of checks to compare before and after
#   check_done NAME	the plan; exits 0, or 1 when a check failed
. "${TAP_SH:-$(dirname "$0")/../tests/lib/tap.sh}"
fails=0

ok()
{
	tap_check "$*"
}

fail()
{
	tap_check "$*" "(${0##*/})" || true
	fails=$tap_failed
}

check_done()
{
	if tap_done; then
		echo "# $1: all passed"
		exit 0
	fi
	echo "# $1: FAILED"
	exit 1
}
