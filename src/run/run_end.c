// SPDX-License-Identifier: GPL-2.0
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "run/run_end.h"

const char *run_end_name(enum run_end end, int sig, char *name, size_t size)
{
	const char *abbrev;

	switch (end) {
	case RUN_END_THRESHOLD:
		return "threshold";
	case RUN_END_WORKLOAD:
		return "workload";
	case RUN_END_SIGNAL:
		abbrev = sigabbrev_np(sig);
		if (abbrev)
			snprintf(name, size, "SIG%s", abbrev);
		else
			snprintf(name, size, "signal %d", sig);
		return name;
	default:
		return "duration";
	}
}

int run_exit_status_after_signal(int sig, bool measuring, int status)
{
	if (!sig || sig == SIGPIPE || sig == SIGALRM)
		return status;
	if (sig == SIGINT && measuring)
		return status;
	return 128 + sig;
}

int run_exit_status_until_stopped(int sig, int status)
{
	if (sig == SIGTERM || sig == SIGINT)
		return status;
	return run_exit_status_after_signal(sig, true, status);
}
