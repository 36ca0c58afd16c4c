// SPDX-License-Identifier: GPL-2.0
/* A shell action's command: started clean, waited for, never hanging rtla. */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "run/command.h"
#include "run/run.h"

#define NSEC_PER_SEC		1000000000ULL
/* how long a signalled command has to end before SIGKILL */
#define KILL_GRACE_NS		(2 * NSEC_PER_SEC)
/* how often the wait looks for a signal or a timeout */
#define WAIT_STEP_NS		20000000L
/* the fallback's bound, when close_range() is missing (before 5.9) */
#define MAX_CLOSED_FD		(1 << 20)

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

/* The descriptors a fallback closes: below the open-files limit. */
static int fd_limit(void)
{
	struct rlimit limit;

	if (getrlimit(RLIMIT_NOFILE, &limit) ||
	    limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur > MAX_CLOSED_FD)
		return MAX_CLOSED_FD;
	return limit.rlim_cur;
}

/* In the child: only what is async-signal-safe, then exec. */
static void exec_clean(const char *file, char *const argv[], int output_fd,
		       int max_fd)
{
	int fd;

	setpgid(0, 0);
	run_signals_for_exec();
	if (output_fd >= 0 &&
	    (dup2(output_fd, STDOUT_FILENO) < 0 ||
	     dup2(output_fd, STDERR_FILENO) < 0))
		_exit(127);
#ifdef SYS_close_range
	if (syscall(SYS_close_range, 3U, ~0U, 0))
#endif
		for (fd = 3; fd < max_fd; fd++)
			close(fd);
	execvp(file, argv);
	_exit(127);
}

/*
 * A command stopped by SIGTTIN (it read the terminal from its own
 * group) takes the signal once continued.
 */
static void signal_group(pid_t group, int sig)
{
	kill(-group, sig);
	kill(-group, SIGCONT);
}

int command_run(const char *command, unsigned int timeout_s,
		enum command_cut *cut)
{
	char *const argv[] = { "sh", "-c", (char *)command, NULL };

	return command_run_argv("/bin/sh", argv, -1, timeout_s, cut);
}

int command_run_argv(const char *file, char *const argv[], int output_fd,
		     unsigned int timeout_s, enum command_cut *cut)
{
	sig_atomic_t seen = run_signals_caught;
	struct timespec step = { 0, WAIT_STEP_NS };
	uint64_t now, deadline = 0, kill_at = 0;
	int max_fd = fd_limit(), status;
	pid_t pid, ended;

	*cut = COMMAND_RAN;
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid)
		exec_clean(file, argv, output_fd, max_fd);
	/* the child does the same: whichever comes first */
	setpgid(pid, pid);
	if (timeout_s)
		deadline = now_ns() + timeout_s * NSEC_PER_SEC;
	/*
	 * rtla's handlers restart waitpid(): look for a new signal, the
	 * timeout and the grace period between short sleeps instead.
	 */
	while (!(ended = waitpid(pid, &status, WNOHANG))) {
		now = now_ns();
		if (seen != run_signals_caught) {
			/* a second Ctrl-C does not wait for the grace period */
			signal_group(pid, *cut == COMMAND_RAN ?
				     run_stop_requested : SIGKILL);
			seen = run_signals_caught;
			*cut = COMMAND_STOPPED;
			kill_at = now + KILL_GRACE_NS;
		} else if (deadline && now >= deadline && *cut == COMMAND_RAN) {
			signal_group(pid, SIGTERM);
			*cut = COMMAND_TIMED_OUT;
			kill_at = now + KILL_GRACE_NS;
		} else if (kill_at && now >= kill_at) {
			kill(-pid, SIGKILL);
			kill_at = 0;
		}
		nanosleep(&step, NULL);
	}
	if (ended < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) :
	       128 + WTERMSIG(status);
}
