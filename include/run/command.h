/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_COMMAND_H
#define RTLA_COMMAND_H

/* How a shell action's command ended, when it did not end on its own. */
enum command_cut {
	COMMAND_RAN,		/* it ended by itself */
	COMMAND_STOPPED,	/* rtla was asked to stop: the signal passed on */
	COMMAND_TIMED_OUT,	/* it outlived its timeout */
};

/*
 * Run @command with /bin/sh -c in a process group of its own, with none
 * of rtla's descriptors, signal dispositions or blocked signals.  An
 * ending signal rtla catches meanwhile is passed on to the group, as is
 * SIGTERM after @timeout_s seconds (0: no limit); SIGKILL follows when
 * the group outlives either by a grace period.  The exit status (128 + N
 * when killed by signal N), or -1 when the command could not start.
 */
int command_run(const char *command, unsigned int timeout_s,
		enum command_cut *cut);

/*
 * The same for @file with @argv, found in PATH as execvp() does (127:
 * not found), with its stdout and stderr on @output_fd (-1: rtla's).
 */
int command_run_argv(const char *file, char *const argv[], int output_fd,
		     unsigned int timeout_s, enum command_cut *cut);

#endif
