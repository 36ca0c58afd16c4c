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
#include "session/dma_latency.h"

static struct rtla_params params;
static struct run run = {
	.tool = &timerlat_top_tool,
	.params = &params,
};

static int setup(void **state)
{
	params_alloc(&params, TRACER_TIMERLAT, MODE_TOP);
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

static double now_s(void)
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
	action_free(&action);
	action_free(&action);
}

static void test_timeout_parsed(void **state)
{
	struct action action;
	const char *why = NULL;

	assert_int_equal(action_parse("shell,timeout=5,command=a,b", &action,
				      &why), 0);
	assert_int_equal(action.timeout_s, 5);
	assert_string_equal(action.command, "a,b");
	action_free(&action);
	assert_int_equal(action_parse("shell,command=x", &action, &why), 0);
	assert_int_equal(action.timeout_s, 0);
	action_free(&action);
	assert_int_equal(action_parse("shell,timeout=0,command=x", &action,
				      &why), -1);
	assert_string_equal(why, "timeout= takes seconds, 1-86400");
	assert_int_equal(action_parse("shell,timeout=1s,command=x", &action,
				      &why), -1);
	assert_int_equal(action_parse("shell,timeout=5", &action, &why), -1);
	assert_string_equal(why, "shell takes command=CMD");
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

/* Run @check in a child, whose signal set-up it may change; 0 passes. */
static void in_child(int (*check)(void))
{
	int status;
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (!pid) {
		signal(SIGHUP, SIG_DFL);
		run_catch_signals();
		_exit(check());
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	if (WIFSIGNALED(status))
		fail_msg("killed by signal %d", WTERMSIG(status));
	if (WEXITSTATUS(status))
		fail_msg("check %d failed", WEXITSTATUS(status));
}

static const char inherited_path[] = "/tmp/rtla-test-inherited";

/*
 * The command lists its open descriptors and its blocked and ignored
 * signals; rtla left a descriptor open without O_CLOEXEC, has SIGPIPE
 * and SIGXFSZ ignored and SIGUSR2 blocked.
 */
static int inherits_nothing(void)
{
	static const char expected[] =
		"0\n1\n2\nSigBlk:\t0000000000000000\n"
		"SigIgn:\t0000000000000000\n";
	char command[512], text[256] = "";
	struct action_outcome outcome;
	sigset_t block;
	FILE *f;

	sigemptyset(&block);
	sigaddset(&block, SIGUSR2);
	sigprocmask(SIG_BLOCK, &block, NULL);
	if (dup2(open("/dev/null", O_RDONLY), 40) != 40)
		return 1;
	snprintf(command, sizeof(command),
		 "shell,command=exec >%s; for f in /proc/self/fd/*; do "
		 "[ -e \"$f\" ] && echo \"${f##*/}\"; done; "
		 "grep -E '^Sig(Blk|Ign)' /proc/self/status", inherited_path);
	outcome = run_one(command);
	if (outcome.failures)
		return 2;
	f = fopen(inherited_path, "r");
	if (!f)
		return 3;
	if (fread(text, 1, sizeof(text) - 1, f) == 0)
		return 4;
	fclose(f);
	unlink(inherited_path);
	if (strcmp(text, expected)) {
		fprintf(stderr, "the command saw:\n%s", text);
		return 5;
	}
	return 0;
}

static void test_command_inherits_nothing(void **state)
{
	in_child(inherits_nothing);
}

/* Run @text: 0 when it failed within @limit s, with exit status @status. */
static int ends(const char *text, double limit, int status)
{
	double start = now_s();
	struct action_outcome outcome = run_one(text);

	if (now_s() - start > limit)
		return 1;
	return outcome.failures == 1 && outcome.exit_status == status ? 0 : 2;
}

/* A stop signal to rtla ends the command it waits for, at once. */
static int stop_ends_command(void)
{
	alarm(1);
	if (ends("shell,command=sleep 6", 4, 128 + SIGALRM))
		return 1;
	return run_stop_requested == SIGALRM ? 0 : 2;
}

static void test_stop_signal_ends_command(void **state)
{
	in_child(stop_ends_command);
}

/*
 * A command started after the run was asked to stop (--on-end after a
 * Ctrl-C) runs to its end; a command that outlives timeout= is ended,
 * with SIGKILL when it ignores SIGTERM.
 */
static int command_timeout(void)
{
	run_stop_requested = SIGINT;
	if (run_one("shell,command=sleep 1; exit 4").exit_status != 4)
		return 1;
	if (ends("shell,timeout=1,command=sleep 6", 4, 128 + SIGTERM))
		return 2;
	if (ends("shell,timeout=1,command=trap '' TERM; sleep 8", 6,
		 128 + SIGKILL))
		return 3;
	return 0;
}

static void test_command_timeout(void **state)
{
	in_child(command_timeout);
}

/* The DMA-latency hold is not inherited either (root only: else skipped). */
static void test_dma_latency_close_on_exec(void **state)
{
	int fd = dma_latency_open(1000);

	if (fd < 0)
		skip();
	assert_true(fcntl(fd, F_GETFD) & FD_CLOEXEC);
	close(fd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_signal_to_init_refused),
		cmocka_unit_test_setup_teardown(test_signal_to_parent_init_fails,
						setup, teardown),
		cmocka_unit_test(test_timeout_parsed),
		cmocka_unit_test(test_dma_latency_close_on_exec),
		cmocka_unit_test_setup_teardown(test_command_inherits_nothing,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_stop_signal_ends_command,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_command_timeout,
						setup, teardown),
	};

	return RUN_SUITE("action_spawn", tests);
}
