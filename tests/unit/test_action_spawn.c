// SPDX-License-Identifier: GPL-2.0
/*
 * What an action may do on a shared machine: signal actions never reach
 * init; a shell command inherits none of rtla's descriptors, ignored
 * signals or blocked mask; a command that hangs does not hang rtla.
 */
#include "testutil.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include "run/run.h"

static struct rtla_params params;
static struct run run = {
	.tool = &timerlat_top_tool,
	.params = &params,
};

static int setup(void **state)
{
	params_init(&params, TRACER_TIMERLAT, MODE_TOP);
	run.tracer = tracer_desc(TRACER_TIMERLAT);
	return 0;
}

static int teardown(void **state)
{
	params_free(&params);
	return 0;
}

/* Run the one action @text once; its outcome. */
static struct action_outcome run_one(const char *text)
{
	struct action_outcomes outcomes;
	struct action_list list = { .count = 1 };
	struct action_outcome outcome;
	const char *why = NULL;

	if (action_parse(text, &list.item[0], &why))
		fail_msg("%s: %s", text, why);
	run_actions_init(&outcomes, &list);
	run_actions(&run, &outcomes);
	outcome = outcomes.item[0];
	outcome.action = NULL;
	action_list_free(&list);
	return outcome;
}

static __attribute__((unused)) double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void test_signal_to_init_refused(void **state)
{
	struct action action;
	const char *why = NULL;

	assert_int_equal(action_parse("signal,num=10,pid=1", &action, &why), -1);
	assert_string_equal(why, "pid= takes a process id other than 1 (init), or parent");
	assert_int_equal(action_parse("signal,pid=1,num=10", &action, &why), -1);
	assert_int_equal(action_parse("signal,num=10,pid=2", &action, &why), 0);
	assert_int_equal(action.pid, 2);
}

static volatile sig_atomic_t init_signalled;

static void on_usr1(int sig)
{
	init_signalled = 1;
}

/*
 * In a PID namespace of its own, as its init: a child whose parent is
 * init runs "signal,pid=parent", which must fail and signal nobody.
 * 0 when it did, 10 + what went wrong otherwise.
 */
static int as_init(void)
{
	struct action_outcome outcome;
	int status;
	pid_t pid;

	signal(SIGUSR1, on_usr1);
	pid = fork();
	if (pid < 0)
		return 10;
	if (!pid) {
		if (getppid() != 1)
			_exit(11);
		outcome = run_one("signal,num=10,pid=parent");
		_exit(outcome.failures == 1 && outcome.error == EPERM ? 0 : 12);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return 13;
	if (WEXITSTATUS(status))
		return WEXITSTATUS(status);
	/* a signal to init from inside its namespace comes at once */
	return init_signalled ? 14 : 0;
}

static void test_signal_to_parent_init_fails(void **state)
{
	int status;
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (!pid) {
		pid_t init;

		if (unshare(CLONE_NEWPID))
			_exit(77);
		init = fork();
		if (!init)
			_exit(as_init());
		if (init < 0 || waitpid(init, &status, 0) != init)
			_exit(20);
		_exit(WIFEXITED(status) ? WEXITSTATUS(status) : 21);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	if (WEXITSTATUS(status) == 77)
		skip();
	assert_int_equal(WEXITSTATUS(status), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_signal_to_init_refused),
		cmocka_unit_test_setup_teardown(test_signal_to_parent_init_fails,
						setup, teardown),
	};

	return RUN_SUITE("action_spawn", tests);
}
