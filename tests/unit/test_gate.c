// SPDX-License-Identifier: GPL-2.0
/*
 * What a CI gate reads besides the numbers: the exit status after a
 * signal (rtla 7.2's), why the run ended, and outputs that would replace
 * each other.
 */
#include "testutil.h"

#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include "params/output_paths.h"
#include "run/run_end.h"
#include "run/tool.h"

static void test_status_after_signal(void **state)
{
	/* no signal, and SIGINT while measuring: the run's own status */
	assert_int_equal(run_exit_status_after_signal(0, true, 2), 2);
	assert_int_equal(run_exit_status_after_signal(SIGINT, true, 0), 0);
	assert_int_equal(run_exit_status_after_signal(SIGINT, true, 2), 2);
	/* 7.2 dies of these: 128 + the signal, whatever was measured */
	assert_int_equal(run_exit_status_after_signal(SIGTERM, true, 0), 143);
	assert_int_equal(run_exit_status_after_signal(SIGTERM, true, 2), 143);
	assert_int_equal(run_exit_status_after_signal(SIGHUP, true, 0), 129);
	assert_int_equal(run_exit_status_after_signal(SIGQUIT, true, 0), 131);
	assert_int_equal(run_exit_status_after_signal(SIGUSR1, true, 0), 138);
	/* SIGINT before measuring kills 7.2 too */
	assert_int_equal(run_exit_status_after_signal(SIGINT, false, 0), 130);
	/* its duration's alarm, and a closed stdout, end a run normally */
	assert_int_equal(run_exit_status_after_signal(SIGALRM, true, 0), 0);
	assert_int_equal(run_exit_status_after_signal(SIGPIPE, true, 0), 0);
}

static void test_end_names(void **state)
{
	char name[RUN_END_NAME_SIZE];

	assert_string_equal(run_end_name(RUN_END_DURATION, 0, name, sizeof(name)), "duration");
	assert_string_equal(run_end_name(RUN_END_THRESHOLD, 0, name, sizeof(name)), "threshold");
	assert_string_equal(run_end_name(RUN_END_WORKLOAD, 0, name, sizeof(name)), "workload");
	assert_string_equal(run_end_name(RUN_END_SIGNAL, SIGTERM, name, sizeof(name)), "SIGTERM");
	assert_string_equal(run_end_name(RUN_END_SIGNAL, SIGHUP, name, sizeof(name)), "SIGHUP");
	assert_string_equal(run_end_name(RUN_END_SIGNAL, SIGRTMIN + 3, name,
					 sizeof(name)), "signal 37");
}

static void test_paths_same(void **state)
{
	char dir[] = "/tmp/rtla-gate-XXXXXX", a[64], b[64];

	assert_true(output_paths_same("out.json", "out.json"));
	assert_true(output_paths_same("./out.json", "out.json"));
	assert_true(output_paths_same("-", "-"));
	assert_false(output_paths_same("-", "out.json"));
	assert_false(output_paths_same("a.json", "b.json"));
	/* one existing file under two names */
	assert_non_null(mkdtemp(dir));
	snprintf(a, sizeof(a), "%s/a", dir);
	snprintf(b, sizeof(b), "%s/b", dir);
	fclose(fopen(a, "w"));
	assert_int_equal(link(a, b), 0);
	assert_true(output_paths_same(a, b));
	snprintf(b, sizeof(b), "%s/../%s/a", dir, dir + 5);
	assert_true(output_paths_same(a, b));
	snprintf(b, sizeof(b), "%s/b", dir);
	unlink(a);
	unlink(b);
	rmdir(dir);
}

static void test_paths_clash(void **state)
{
	struct output_path first, second;
	struct rtla_params params;

	params_alloc(&params, TRACER_TIMERLAT, MODE_HIST);
	params.reports.json_file = "r.json";
	params.reports.junit_file = "r.xml";
	assert_false(output_paths_clash(&params, &first, &second));
	params.reports.openmetrics_file = "r.json";
	assert_true(output_paths_clash(&params, &first, &second));
	assert_string_equal(first.option, "--json");
	assert_string_equal(second.option, "--openmetrics");
	params.reports.openmetrics_file = NULL;
	/* -t without a name writes timerlat_trace.txt */
	params.tracing.trace = true;
	params.reports.junit_file = "timerlat_trace.txt";
	assert_true(output_paths_clash(&params, &first, &second));
	assert_string_equal(first.option, "--junit");
	assert_string_equal(second.option, "-t");
	params.reports.json_file = params.reports.junit_file = NULL;
	params.tracing.trace = false;
	params_free(&params);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_status_after_signal),
		cmocka_unit_test(test_end_names),
		cmocka_unit_test(test_paths_same),
		cmocka_unit_test(test_paths_clash),
	};

	return RUN_SUITE("gate", tests);
}
