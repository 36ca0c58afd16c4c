// SPDX-License-Identifier: GPL-2.0
/*
 * The exporter's confinement: the syscall filter kills on a call off
 * its list and lets threads run; the privileges dropped stay dropped.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>

#include "testutil.h"
#include "serve/confine.h"

static bool under_valgrind(void)
{
	/* valgrind's own calls are not on the list */
	return getenv("RTLA_TEST_UNDER_VALGRIND") != NULL;
}

/*
 * @body run in a child with the filter in: its wait status; what it
 * wrote on stderr in @said (@said_size bytes) when @said is not NULL.
 */
static int filtered_said(void (*body)(void), char *said, size_t said_size)
{
	char why[256];
	int status, pipefd[2];
	ssize_t len;
	pid_t pid;

	assert_int_equal(pipe(pipefd), 0);
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		close(pipefd[0]);
		if (said)
			dup2(pipefd[1], STDERR_FILENO);
		if (confine_filter_install(why, sizeof(why))) {
			fprintf(stderr, "%s\n", why);
			_exit(3);
		}
		body();
		_exit(0);
	}
	close(pipefd[1]);
	len = said ? read(pipefd[0], said, said_size - 1) : 0;
	if (said)
		said[len > 0 ? len : 0] = '\0';
	close(pipefd[0]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	return status;
}

static int filtered(void (*body)(void))
{
	return filtered_said(body, NULL, 0);
}

/* A file is refused, not fatal (glibc's malloc tries one): exit 7. */
static void open_shadow(void)
{
	if (open("/etc/shadow", O_RDONLY) < 0 && errno == EACCES)
		_exit(7);
}

static void call_ptrace(void)
{
	ptrace(PTRACE_TRACEME, 0, NULL, NULL);
}

static void start_process(void)
{
	/* fork() is clone() without CLONE_THREAD */
	if (!fork())
		_exit(0);
}

static void *thread_body(void *arg)
{
	return arg;
}

static void test_forbidden_calls_kill(void **state)
{
	void (*calls[])(void) = { call_ptrace, start_process };
	char said[256], expected[64];
	size_t i;
	int status;

	if (under_valgrind())
		skip();
	for (i = 0; i < sizeof(calls) / sizeof(calls[0]); i++) {
		status = filtered(calls[i]);
		assert_true(WIFSIGNALED(status));
		assert_int_equal(WTERMSIG(status), SIGSYS);
	}
	/* the call is named where the journal sees it */
	status = filtered_said(call_ptrace, said, sizeof(said));
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGSYS);
	snprintf(expected, sizeof(expected), "made system call %d,",
		 (int)SYS_ptrace);
	assert_non_null(strstr(said, expected));
}

/* What the server does: threads, memory, sending. */
static void send_and_wait(void)
{
	pthread_t thread;
	char *p, *grown;
	char c = 1;

	if (pthread_create(&thread, NULL, thread_body, NULL) ||
	    pthread_join(thread, NULL))
		_exit(4);
	free(malloc(1 << 20));
	/* a large exposition's buffer grown: glibc's realloc() mremaps */
	p = malloc(1 << 20);
	if (!p || !(grown = realloc(p, 16 << 20)))
		_exit(4);
	free(grown);
	if (send(2, &c, 0, MSG_DONTWAIT) < 0 && errno == ENOSYS)
		_exit(5);
}

/* The clocks as the kernel reads them, without the vDSO. */
static void read_clocks_in_kernel(void)
{
	struct timespec ts;
	struct timeval tv;

	if (syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &ts) ||
	    syscall(SYS_clock_getres, CLOCK_REALTIME, &ts) ||
	    syscall(SYS_gettimeofday, &tv, NULL))
		_exit(6);
}

/* A wait as arm64's glibc makes every poll(): ppoll. */
static void wait_with_ppoll(void)
{
	struct timespec ts = { 0, 1000000 };

	if (syscall(SYS_ppoll, NULL, 0, &ts, NULL, 0) < 0)
		_exit(8);
}

/* @body, under the filter, exits @code. */
static void exits_filtered(void (*body)(void), int code)
{
	int status;

	if (under_valgrind())
		skip();
	status = filtered(body);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), code);
}

static void test_open_refused(void **state)
{
	exits_filtered(open_shadow, 7);
}

static void test_threads_run(void **state)
{
	exits_filtered(send_and_wait, 0);
}

/* libmicrohttpd's dates, when the clocksource is not the vDSO's */
static void test_clocks_read(void **state)
{
	exits_filtered(read_clocks_in_kernel, 0);
}

/* the calls of arm64, which has no poll() */
static void test_ppoll(void **state)
{
	exits_filtered(wait_with_ppoll, 0);
}

/* One line of /proc/self/status, as text after the tab. */
static void status_field(const char *name, char *out, size_t size)
{
	FILE *in = fopen("/proc/self/status", "re");
	char line[256];
	size_t len = strlen(name);

	*out = '\0';
	while (in && fgets(line, sizeof(line), in))
		if (!strncmp(line, name, len) && line[len] == ':') {
			snprintf(out, size, "%s", line + len + 2);
			out[strcspn(out, "\n")] = '\0';
		}
	if (in)
		fclose(in);
}

/* In a child of root: the exporter's user, nothing of root left. */
static void dropped_child(void)
{
	static const char *const want[][2] = {
		{ "CapEff", "0000000000000000" },
		{ "CapPrm", "0000000000000000" },
		{ "CapBnd", "0000000000000000" },
		{ "NoNewPrivs", "1" },
	};
	struct confine_user user;
	char why[256], field[128];
	size_t i;

	if (confine_find_user(&user, why, sizeof(why)) ||
	    confine_drop(&user, why, sizeof(why))) {
		fprintf(stderr, "%s\n", why);
		_exit(10);
	}
	if (!getuid() || !getgid() || getgroups(0, NULL))
		_exit(11);
	if (!setuid(0) || !setgid(0) || !seteuid(0))
		_exit(12);
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		status_field(want[i][0], field, sizeof(field));
		if (strcmp(field, want[i][1])) {
			fprintf(stderr, "%s: %s\n", want[i][0], field);
			_exit(13);
		}
	}
	_exit(0);
}

static void test_drop(void **state)
{
	int status;
	pid_t pid;

	if (geteuid())
		skip();
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid)
		dropped_child();
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

/* Every file closed but the kept ones and stderr; 0 and 1 /dev/null. */
static void test_close_fds(void **state)
{
	int status, fd[2];
	pid_t pid;

	assert_int_equal(pipe(fd), 0);
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		if (confine_close_fds(&fd[1], 1))
			_exit(20);
		if (fcntl(fd[0], F_GETFD) != -1 || errno != EBADF)
			_exit(21);
		if (fcntl(fd[1], F_GETFD) < 0 || fcntl(2, F_GETFD) < 0)
			_exit(22);
		_exit(fcntl(0, F_GETFD) < 0 || fcntl(1, F_GETFD) < 0 ? 23 : 0);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	close(fd[0]);
	close(fd[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_forbidden_calls_kill),
		cmocka_unit_test(test_open_refused),
		cmocka_unit_test(test_threads_run),
		cmocka_unit_test(test_clocks_read),
		cmocka_unit_test(test_ppoll),
		cmocka_unit_test(test_drop),
		cmocka_unit_test(test_close_fds),
	};

	return RUN_SUITE("confine", tests);
}
