// SPDX-License-Identifier: GPL-2.0
/*
 * -P and -C touch the tracer's kernel threads only: a user process that
 * names itself "timerlat/0" is not one of them.
 */
#include "testutil.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "session/thread_sched.h"

#define MAX_PIDS	4096

static bool found(pid_t pid, const pid_t *pids, int count)
{
	int i;

	for (i = 0; i < count; i++)
		if (pids[i] == pid)
			return true;
	return false;
}

/* A child that calls itself "timerlat/0" and waits to be killed. */
static pid_t impostor(int *ready)
{
	char byte = 0;
	int pipefd[2];
	pid_t pid;

	assert_int_equal(pipe(pipefd), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		prctl(PR_SET_NAME, "timerlat/0");
		if (write(pipefd[1], &byte, 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	close(pipefd[1]);
	*ready = read(pipefd[0], &byte, 1);
	close(pipefd[0]);
	return pid;
}

static void test_user_process_named_like_tracer(void **state)
{
	pid_t pids[MAX_PIDS], pid;
	int count, ready;

	pid = impostor(&ready);
	assert_int_equal(ready, 1);
	count = tracer_threads(NULL, "timerlat/", pids, MAX_PIDS);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	assert_true(count >= 0);
	assert_false(found(pid, pids, count));
}

static void put_stat(const char *root, int pid, const char *stat)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%d", root, pid);
	assert_int_equal(mkdir(path, 0755), 0);
	strcat(path, "/stat");
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "%d %s\n", pid, stat);
	fclose(f);
}

/* Kernel threads only (PF_KTHREAD, parent kthreadd), names parsed whole. */
static void test_kernel_threads_only(void **state)
{
	char root[] = "/tmp/rtla-proc-XXXXXX", cmd[300];
	pid_t pids[8];
	int count;

	assert_non_null(mkdtemp(root));
	/* 0x208040: PF_KTHREAD among the flags of a kernel thread */
	put_stat(root, 100, "(timerlat/0) S 2 0 0 0 -1 2129984 0 0");
	put_stat(root, 101, "(timerlat/1) S 2 0 0 0 -1 2129984 0 0");
	/* a user process of that name, and one pretending its parent is 2 */
	put_stat(root, 200, "(timerlat/0) S 1 200 200 0 -1 4194560 0 0");
	put_stat(root, 201, "(timerlat/1) S 2 201 201 0 -1 4194560 0 0");
	/* a kernel thread, but not kthreadd's child */
	put_stat(root, 202, "(timerlat/2) S 1 0 0 0 -1 2129984 0 0");
	/* a name with ") S 2": parsed from the last parenthesis */
	put_stat(root, 203, "(timerlat/) S 2 0 0 0 -1 2129984) S 1 0 0 0 -1 4194560 0 0");
	put_stat(root, 300, "(osnoise/0) S 2 0 0 0 -1 2129984 0 0");

	count = tracer_threads(root, "timerlat/", pids, 8);
	assert_int_equal(count, 2);
	assert_true(found(100, pids, count));
	assert_true(found(101, pids, count));
	assert_int_equal(tracer_threads(root, "timerlat/", pids, 1), 1);
	assert_int_equal(tracer_threads(root, "osnoise/", pids, 8), 1);
	assert_int_equal(pids[0], 300);

	snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(tracer_threads(root, "timerlat/", pids, 8), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_user_process_named_like_tracer),
		cmocka_unit_test(test_kernel_threads_only),
	};

	return RUN_SUITE("thread_sched", tests);
}
