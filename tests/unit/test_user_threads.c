// SPDX-License-Identifier: GPL-2.0
/*
 * The user-space measuring processes, on a fake tracefs whose
 * timerlat_fd is a FIFO: children of rtla named timerlatu/N and pinned
 * to N, as rtla 7.2's are; ended by user_threads_stop(), and by rtla's
 * death, a SIGKILL included.
 */
#include "testutil.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fake_tracefs.h"
#include "workload/user_threads.h"

#define FD_FILE		"osnoise/per_cpu/cpu0/timerlat_fd"

/* SCHED_OTHER, nice 0: what a test may set without privileges. */
static const struct sched_spec plain = { .set = true, .policy = SCHED_OTHER };

static int setup(void **state)
{
	static int writer;

	assert_int_equal(fake_tracefs_create(), 0);
	fake_mkdir("osnoise/per_cpu/cpu0/x");
	assert_int_equal(mkfifo(fake_path(FD_FILE), 0600), 0);
	/* a writer, for the processes' reads to wait as on the kernel's file */
	writer = open(fake_path(FD_FILE), O_RDWR);
	assert_true(writer >= 0);
	*state = &writer;
	return 0;
}

static int teardown(void **state)
{
	close(*(int *)*state);
	return fake_tracefs_remove();
}

static void cpu0(cpu_set_t *cpus)
{
	CPU_ZERO(cpus);
	CPU_SET(0, cpus);
}

/* Field @n (from 3, the state, on) of /proc/@pid/stat, or "". */
static void stat_field(pid_t pid, int n, char *out, size_t size)
{
	char path[64], text[1024], *p;
	FILE *f;
	int i;

	*out = '\0';
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return;
	p = fgets(text, sizeof(text), f) ? strrchr(text, ')') : NULL;
	fclose(f);
	for (i = 2; p && i < n; i++)
		p = strchr(p + 1, ' ');
	if (p)
		snprintf(out, size, "%.*s", (int)strcspn(p + 1, " \n"), p + 1);
}

static void read_comm(pid_t pid, char *out, size_t size)
{
	char path[64];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/comm", (int)pid);
	f = fopen(path, "r");
	assert_non_null(f);
	assert_non_null(fgets(out, size, f));
	fclose(f);
	out[strcspn(out, "\n")] = '\0';
}

static void test_children_named_and_pinned(void **state)
{
	char comm[32], ppid[16];
	struct user_threads *threads;
	cpu_set_t cpus, got;
	pid_t pid;

	cpu0(&cpus);
	threads = user_threads_start(&cpus, 1, &plain);
	assert_non_null(threads);
	assert_int_equal(user_threads_tids(threads, &pid, 1), 1);
	read_comm(pid, comm, sizeof(comm));
	assert_string_equal(comm, "timerlatu/0");
	stat_field(pid, 4, ppid, sizeof(ppid));
	assert_int_equal(atoi(ppid), getpid());
	assert_int_equal(sched_getaffinity(pid, sizeof(got), &got), 0);
	assert_true(CPU_EQUAL(&got, &cpus));
	assert_int_equal(user_threads_failed(threads), 0);
	user_threads_stop(threads);
	/* reaped: gone */
	assert_int_equal(kill(pid, 0), -1);
	assert_int_equal(errno, ESRCH);
}

static void test_no_file(void **state)
{
	struct user_threads *threads;
	cpu_set_t cpus;

	assert_int_equal(unlink(fake_path(FD_FILE)), 0);
	cpu0(&cpus);
	threads = user_threads_start(&cpus, 1, &plain);
	assert_null(threads);
	assert_int_equal(errno, ENOENT);
	assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);
	assert_int_equal(mkfifo(fake_path(FD_FILE), 0600), 0);
}

static void test_killed_process_fails_the_run(void **state)
{
	struct timespec step = { 0, 10000000 };
	struct user_threads *threads;
	cpu_set_t cpus;
	pid_t pid;
	int i;

	cpu0(&cpus);
	threads = user_threads_start(&cpus, 1, &plain);
	assert_non_null(threads);
	user_threads_tids(threads, &pid, 1);
	assert_int_equal(kill(pid, SIGKILL), 0);
	for (i = 0; i < 200 && !user_threads_failed(threads); i++)
		nanosleep(&step, NULL);
	assert_int_equal(user_threads_failed(threads), 1);
	user_threads_stop(threads);
}

/* Whether @pid has ended: gone, or a zombie its new parent has not reaped. */
static bool ended(pid_t pid)
{
	char path[64], text[256], *state;
	FILE *f;
	size_t n;

	if (kill(pid, 0) && errno == ESRCH)
		return true;
	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	f = fopen(path, "r");
	if (!f)
		return true;
	n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = '\0';
	state = strrchr(text, ')');
	return state && state[1] == ' ' && state[2] == 'Z';
}

/*
 * @child, orphaned, dead within 2 s: killed by SIGKILL when this process
 * is its subreaper, gone (or a zombie) when qemu-user refused that.
 */
static void check_orphan_dies(pid_t child, bool subreaper)
{
	struct timespec step = { 0, 10000000 };
	pid_t reaped = 0;
	int status, i;

	for (i = 0; i < 200; i++) {
		if (subreaper)
			reaped = waitpid(child, &status, WNOHANG);
		if (subreaper ? reaped == child : ended(child))
			break;
		nanosleep(&step, NULL);
	}
	if (i == 200)
		kill(child, SIGKILL);
	assert_int_not_equal(i, 200);
	if (subreaper) {
		assert_true(WIFSIGNALED(status));
		assert_int_equal(WTERMSIG(status), SIGKILL);
	}
}

/*
 * A stand-in for rtla starts the processes and is killed with SIGKILL:
 * they die too.  This test is their subreaper, to see how they ended.
 */
static void test_sigkill_of_rtla_ends_them(void **state)
{
	struct user_threads *threads;
	pid_t rtla, child = 0;
	int pipefd[2], status;
	bool subreaper;
	cpu_set_t cpus;

	subreaper = !prctl(PR_SET_CHILD_SUBREAPER, 1);
	/* qemu-user 7.2 refuses it (EINVAL); every kernel since 3.4 has it */
	if (!getenv("RTLA_TEST_UNDER_QEMU"))
		assert_true(subreaper);
	assert_int_equal(pipe(pipefd), 0);
	cpu0(&cpus);
	rtla = fork();
	assert_true(rtla >= 0);
	if (!rtla) {
		threads = user_threads_start(&cpus, 1, &plain);
		if (!threads)
			_exit(1);
		user_threads_tids(threads, &child, 1);
		if (write(pipefd[1], &child, sizeof(child)) != sizeof(child))
			_exit(1);
		for (;;)
			pause();
	}
	close(pipefd[1]);
	assert_int_equal(read(pipefd[0], &child, sizeof(child)), sizeof(child));
	close(pipefd[0]);
	assert_int_equal(kill(rtla, SIGKILL), 0);
	assert_int_equal(waitpid(rtla, &status, 0), rtla);
	check_orphan_dies(child, subreaper);
	prctl(PR_SET_CHILD_SUBREAPER, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_children_named_and_pinned,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_no_file, setup, teardown),
		cmocka_unit_test_setup_teardown(test_killed_process_fails_the_run,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_sigkill_of_rtla_ends_them,
						setup, teardown),
	};

	return RUN_SUITE("user_threads", tests);
}
