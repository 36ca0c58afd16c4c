# SPDX-License-Identifier: GPL-2.0
# Sourced by the package checks (check-deb.sh, check-rpm.sh, check-dist.sh):
# one "ok:" or "FAIL:" line a check; $status is the script's exit status,
# $fails counts the failures (a group of checks compares it before and
# after).
status=0
fails=0

fail()
{
	echo "FAIL: $*"
	status=1
	fails=$((fails + 1))
}

ok()
{
	echo "ok: $*"
}
