/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_RUN_END_H
#define RTLA_RUN_END_H

#include <stdbool.h>
#include <stddef.h>

/* Why measuring ended, as the reports record it. */
enum run_end {
	RUN_END_DURATION,	/* -d ran out (or a run without -d ended) */
	RUN_END_THRESHOLD,	/* a stop threshold ended it */
	RUN_END_WORKLOAD,	/* the measuring threads ended early */
	RUN_END_SIGNAL,		/* a signal ended it */
};

/*
 * "duration", "threshold", "workload", or the signal's name ("SIGTERM"),
 * written into @name (RUN_END_NAME_SIZE bytes are enough).
 */
#define RUN_END_NAME_SIZE	24
const char *run_end_name(enum run_end end, int sig, char *name, size_t size);

/*
 * The exit status after @sig asked the run to end, as rtla 7.2's: it
 * handles SIGINT while measuring (and its duration's SIGALRM) and ends
 * normally; any other ending signal, or SIGINT before measuring, kills
 * it: 128 + the signal.  Ours restores the tracer first either way.  A
 * closed stdout (SIGPIPE) is not a failure.
 */
int run_exit_status_after_signal(int sig, bool measuring, int status);

/* A tool run until stopped: SIGTERM and SIGINT end it well (@status). */
int run_exit_status_until_stopped(int sig, int status);

#endif
