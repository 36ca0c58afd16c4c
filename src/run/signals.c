// SPDX-License-Identifier: GPL-2.0
/* The signals that end a run, caught; and put back for a command's exec. */
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "run/run.h"
#include "workload/user_threads.h"

volatile sig_atomic_t run_stop_requested;
volatile sig_atomic_t run_signals_caught;

/* rtla was started under nohup: its commands are too */
static bool hangup_ignored;

static void on_signal(int sig)
{
	run_stop_requested = sig;
	run_signals_caught++;
}

static const int ending_signals[] = {
	SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM,
	SIGVTALRM, SIGPROF, SIGXCPU, SIGPWR, SIGIO, SIGSTKFLT,
};

void run_catch_signals(void)
{
	struct sigaction sa, old;
	sigset_t ending;
	size_t i;
	int sig;

	hangup_ignored = !sigaction(SIGHUP, NULL, &old) &&
			 old.sa_handler == SIG_IGN;
	sigemptyset(&ending);
	for (i = 0; i < sizeof(ending_signals) / sizeof(ending_signals[0]); i++)
		sigaddset(&ending, ending_signals[i]);
	/* the real-time ones too, but the user threads' wake-up */
	for (sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
		if (sig != USER_THREADS_WAKE_SIGNAL)
			sigaddset(&ending, sig);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* a tracefs write in the teardown must not fail with EINTR */
	sa.sa_flags = SA_RESTART;
	/*
	 * Every signal whose default would end the process unrestored ends
	 * the run instead; one coming again during the teardown (a second
	 * Ctrl-C) only sets the flag again.  Blocked by whoever started
	 * rtla, they could not.
	 */
	for (sig = 1; sig < NSIG; sig++)
		if (sigismember(&ending, sig) == 1)
			sigaction(sig, &sa, NULL);
	sigprocmask(SIG_UNBLOCK, &ending, NULL);
	/* under nohup, a hangup is not the end */
	if (hangup_ignored)
		signal(SIGHUP, SIG_IGN);
	/* a closed pipe must end the run like a signal, not kill it unrestored */
	signal(SIGPIPE, SIG_IGN);
	/* a file over RLIMIT_FSIZE fails its write, which is reported */
	signal(SIGXFSZ, SIG_IGN);
}

/* The kernel's struct sigaction, for what glibc keeps to itself. */
struct kernel_sigaction {
	void (*handler)(int);
	unsigned long flags;
	void (*restorer)(void);
	uint64_t mask;
};

void run_signals_for_exec(void)
{
	struct kernel_sigaction kdfl = { .handler = SIG_DFL };
	struct sigaction dfl;
	sigset_t none;
	int sig;

	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	for (sig = 1; sig < NSIG; sig++) {
		if (sig == SIGHUP && hangup_ignored)
			continue;
		/* glibc refuses its own signals (32, 33), ignored by whoever
		   started rtla: the exec would keep them ignored */
		if (sigaction(sig, &dfl, NULL) && errno == EINVAL)
			syscall(SYS_rt_sigaction, sig, &kdfl, NULL,
				sizeof(kdfl.mask));
	}
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}
