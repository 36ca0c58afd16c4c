/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_TESTUTIL_H
#define RTLA_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

/* Output written to a memory stream, for comparing against text. */
struct capture {
	FILE *stream;
	char *text;
	size_t size;
};

static inline void capture_open(struct capture *cap)
{
	cap->text = NULL;
	cap->size = 0;
	cap->stream = open_memstream(&cap->text, &cap->size);
	assert_non_null(cap->stream);
}

static inline const char *capture_close(struct capture *cap)
{
	fclose(cap->stream);
	return cap->text;
}

/* Read tests/data/<name> (RTLA_TESTDATA points there) into memory. */
static inline char *read_data_file(const char *name)
{
	const char *dir = getenv("RTLA_TESTDATA");
	char path[512], *text;
	long size;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir ? dir : "tests/data", name);
	f = fopen(path, "r");
	if (!f)
		fail_msg("cannot open %s", path);
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	rewind(f);
	text = calloc(1, size + 1);
	assert_int_equal(fread(text, 1, size, f), size);
	fclose(f);
	return text;
}

/* The pid of a process that has just exited: nobody has it. */
static inline pid_t dead_pid(void)
{
	pid_t pid = fork();

	if (!pid)
		_exit(0);
	waitpid(pid, NULL, 0);
	return pid;
}

/*
 * Run a suite: in table order; reversed with RTLA_TEST_ORDER=reverse;
 * only the case named by RTLA_TEST_ONLY; RTLA_TEST_LIST=1 prints the
 * case names instead.  make unit-isolation uses these to show that no
 * case depends on another.
 */
static inline int run_suite(const char *name, const struct CMUnitTest *tests,
			    size_t count)
{
	const char *order = getenv("RTLA_TEST_ORDER");
	const char *only = getenv("RTLA_TEST_ONLY");
	struct CMUnitTest *run = calloc(count, sizeof(*run));
	size_t i, n = 0;
	int ret;

	assert_non_null(run);
	for (i = 0; i < count; i++) {
		const struct CMUnitTest *t = &tests[order &&
			!strcmp(order, "reverse") ? count - 1 - i : i];

		if (getenv("RTLA_TEST_LIST"))
			printf("%s\n", t->name);
		else if (!only || !strcmp(only, t->name))
			run[n++] = *t;
	}
	if (getenv("RTLA_TEST_LIST") || (only && !n)) {
		free(run);
		return only && !n;
	}
	ret = _cmocka_run_group_tests(name, run, n, NULL, NULL);
	free(run);
	return ret;
}

#define RUN_SUITE(name, tests) \
	run_suite(name, tests, sizeof(tests) / sizeof((tests)[0]))

#endif
