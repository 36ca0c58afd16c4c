// SPDX-License-Identifier: GPL-2.0
/*
 * The files rtla report, compare and plot read: once, bounded, a pipe as
 * a file, and what is neither a report nor a --record file refused
 * before it is read whole.
 */
#include "testutil.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "input/input_stream.h"
#include "input/saved_input.h"

#define RECORD_LINE "{\"time\":\"2026-12-06T04:00:00Z\",\"unit\":\"us\",\"cpus\":{\"1\":{\"thread\":{\"count\":3,\"max\":9,\"avg\":5}}}}\n"

/*
 * A pipe that a child fills with @first, then @count copies of @filler
 * (NULL: none): its read end.
 */
static int pipe_of(const char *first, const char *filler, int count,
		   pid_t *child)
{
	int fds[2];

	assert_int_equal(pipe(fds), 0);
	*child = fork();
	assert_true(*child >= 0);
	if (!*child) {
		close(fds[0]);
		if (write(fds[1], first, strlen(first)) < 0)
			_exit(1);
		while (filler && count--)
			if (write(fds[1], filler, strlen(filler)) < 0)
				_exit(1);
		_exit(0);
	}
	close(fds[1]);
	return fds[0];
}

/* A MiB of blanks, a string. */
static char *blanks(void)
{
	char *text = malloc(1 << 20);

	assert_non_null(text);
	memset(text, ' ', 1 << 20);
	text[(1 << 20) - 1] = 0;
	return text;
}

static void data_path(char *buf, size_t size, const char *name)
{
	const char *dir = getenv("RTLA_TESTDATA");

	snprintf(buf, size, "%s/%s", dir ? dir : "tests/data", name);
}

/* @arg of the form /dev/fd/N, as bash's <(...) gives. */
static void read_fd(int fd, struct saved_input *in, int want, char *why,
		    size_t size)
{
	char arg[32];

	snprintf(arg, sizeof(arg), "/dev/fd/%d", fd);
	assert_int_equal(saved_input_read(arg, in, why, size), want);
	close(fd);
}

static void test_record_from_pipe(void **state)
{
	struct saved_input in;
	char why[256] = "";
	pid_t child;

	read_fd(pipe_of(RECORD_LINE, RECORD_LINE, 2, &child), &in, 0, why,
		sizeof(why));
	waitpid(child, NULL, 0);
	assert_true(in.record);
	assert_int_equal(in.series.nr_lines, 3);
	saved_input_free(&in);
}

static void test_report_from_pipe(void **state)
{
	char path[512], *text = NULL;
	struct saved_input in;
	size_t cap = 0, len = 0;
	char why[256] = "";
	pid_t child;
	FILE *f;

	data_path(path, sizeof(path), "rtla-timerlat-hist-4cpu.json");
	f = fopen(path, "r");
	assert_non_null(f);
	assert_int_equal(input_rest(f, &text, &len, &cap, 1 << 24), 0);
	fclose(f);
	read_fd(pipe_of(text, NULL, 0, &child), &in, 0, why, sizeof(why));
	waitpid(child, NULL, 0);
	assert_false(in.record);
	assert_true(in.run.results.nr_cpus > 0);
	saved_input_free(&in);
	free(text);
}

/* /dev/zero is refused at its first byte, with no memory to speak of. */
static void test_refused_early(void **state)
{
	struct rlimit as = { 64 << 20, 64 << 20 };
	struct saved_input in;
	char why[256] = "";
	pid_t child;
	int status;

	child = fork();
	assert_true(child >= 0);
	if (!child) {
		/* valgrind's own memory does not fit: the limit is for the plain run */
		if (!getenv("RTLA_TEST_UNDER_VALGRIND"))
			setrlimit(RLIMIT_AS, &as);
		if (saved_input_read("/dev/zero", &in, why, sizeof(why)) != -1)
			_exit(2);
		_exit(strcmp(why, "not a JSON report or --record file (it starts with byte 0x00)") ? 3 : 0);
	}
	assert_int_equal(waitpid(child, &status, 0), child);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_int_equal(saved_input_read("/", &in, why, sizeof(why)), -1);
	assert_string_equal(why, "Is a directory");
	assert_int_equal(saved_input_read("/dev/null", &in, why, sizeof(why)), -1);
	assert_string_equal(why, "empty");
}

/* A report of '{' and endless blanks stops at the bound, not at memory. */
static void test_report_bounded(void **state)
{
	char why[256] = "", *filler = blanks();
	struct saved_input in;
	pid_t child;

	/* 40 MiB, past the 32 MiB a report may have */
	read_fd(pipe_of("{", filler, 40, &child), &in, -1, why, sizeof(why));
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	assert_string_equal(why, "larger than 32 MiB, more than rtla reads");
	free(filler);
}

/* A --record line with no end is refused at 16 MiB. */
static void test_record_line_bounded(void **state)
{
	char why[256] = "", *filler = blanks();
	struct saved_input in;
	pid_t child;

	read_fd(pipe_of(RECORD_LINE "{\"time\":", filler, 20, &child), &in, -1,
		why, sizeof(why));
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	assert_string_equal(why, "line 2: more than 16 MiB");
	free(filler);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_record_from_pipe),
		cmocka_unit_test(test_report_from_pipe),
		cmocka_unit_test(test_refused_early),
		cmocka_unit_test(test_report_bounded),
		cmocka_unit_test(test_record_line_bounded),
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
