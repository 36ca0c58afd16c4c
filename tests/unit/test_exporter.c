// SPDX-License-Identifier: GPL-2.0
/*
 * The exporter process seen from the measuring one: it starts confined,
 * and its stop returns in bounded time even when it cannot be killed.
 */
#include <linux/capability.h>
#include <signal.h>
#include <sys/syscall.h>
#include <time.h>

#include "testutil.h"
#include "serve/exporter.h"

/* Give up CAP_KILL: root can signal no other user's process. */
static int drop_cap_kill(void)
{
	struct __user_cap_header_struct head = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[2];

	if (syscall(SYS_capget, &head, data))
		return -1;
	data[CAP_TO_INDEX(CAP_KILL)].effective &= ~CAP_TO_MASK(CAP_KILL);
	return syscall(SYS_capset, &head, data);
}

static double seconds_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec - t0->tv_sec + (t.tv_nsec - t0->tv_nsec) / 1e9;
}

/*
 * In a child: an exporter whose channel another process also holds (a
 * process forked later inherits it) and that rtla may not kill, as
 * under a unit without CAP_KILL: its stop returns within seconds.
 */
static void __attribute__((noreturn)) stop_unkillable(void)
{
	struct http_server_config config = { .listen = "127.0.0.1:0" };
	struct exporter *e;
	struct timespec t0;
	char why[256];
	pid_t holder;
	double took;

	alarm(20);
	e = exporter_start(&config, why, sizeof(why));
	if (!e) {
		fprintf(stderr, "%s\n", why);
		_exit(30);
	}
	holder = fork();
	if (!holder) {
		sleep(30);
		_exit(0);
	}
	if (drop_cap_kill())
		_exit(31);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	exporter_stop(e);
	took = seconds_since(&t0);
	kill(holder, SIGKILL);
	waitpid(holder, NULL, 0);
	if (took > 5) {
		fprintf(stderr, "exporter_stop took %.1f s\n", took);
		_exit(32);
	}
	_exit(0);
}

static void test_stop_without_kill(void **state)
{
	int status;
	pid_t pid;

	/* the exporter becomes nobody: only root can start it */
	if (geteuid() || getenv("RTLA_TEST_UNDER_VALGRIND"))
		skip();
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid)
		stop_unkillable();
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stop_without_kill),
	};

	return RUN_SUITE("exporter", tests);
}
