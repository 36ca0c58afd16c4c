// SPDX-License-Identifier: GPL-2.0
/*
 * Every signal that would end rtla ends the run instead, so tracefs is
 * restored (the real-time ones too, and those rtla was started with
 * blocked); a second one during the teardown changes nothing; a hangup
 * ignored by nohup stays ignored.
 */
#include "testutil.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run/run.h"

static const int ending[] = {
	SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM,
	SIGVTALRM, SIGPROF, SIGXCPU, SIGPWR, SIGIO,
};

/* In a child: 0 when every signal only set run_stop_requested. */
static int child_survives(bool nohup)
{
	/*
	 * and the real-time ones, but the user threads' wake-up (valgrind
	 * keeps SIGRTMAX to itself); qemu-user has no host signal left for
	 * SIGRTMAX - 1, whose highest is SIGRTMAX - 2
	 */
	int top = SIGRTMAX - (getenv("RTLA_TEST_UNDER_QEMU") ? 2 : 1);
	int realtime[] = { SIGRTMIN, SIGRTMIN + 2, top };
	size_t nr_ending = sizeof(ending) / sizeof(ending[0]), i;
	struct sigaction sa;
	sigset_t blocked;
	int sig;

	/* as started from a shell, or by nohup (whatever ran the tests) */
	signal(SIGHUP, nohup ? SIG_IGN : SIG_DFL);
	/* blocked by whoever started rtla: caught all the same */
	sigemptyset(&blocked);
	sigaddset(&blocked, SIGUSR2);
	sigaddset(&blocked, top);
	sigprocmask(SIG_BLOCK, &blocked, NULL);
	run_catch_signals();
	for (i = 0; i < nr_ending + 3; i++) {
		sig = i < nr_ending ? ending[i] : realtime[i - nr_ending];
		run_stop_requested = 0;
		raise(sig);
		/* twice: the second Ctrl-C of an impatient user */
		raise(sig);
		if (sig == SIGHUP && nohup) {
			if (run_stop_requested)
				return 3;
			continue;
		}
		if (run_stop_requested != sig)
			return 2;
		/* restarted, not cut short, in the teardown */
		sigaction(sig, NULL, &sa);
		if (!(sa.sa_flags & SA_RESTART))
			return 4;
	}
	return 0;
}

static void check_child(bool nohup)
{
	int status;
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (!pid)
		_exit(child_survives(nohup));
	assert_int_equal(waitpid(pid, &status, 0), pid);
	if (WIFSIGNALED(status))
		fail_msg("killed by signal %d", WTERMSIG(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

static void test_every_ending_signal(void **state)
{
	check_child(false);
}

static void test_nohup_kept(void **state)
{
	check_child(true);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_ending_signal),
		cmocka_unit_test(test_nohup_kept),
	};

	return RUN_SUITE("signals", tests);
}
