// SPDX-License-Identifier: GPL-2.0
/*
 * The measuring loop on a fake collector and a fake clock: when it
 * waits, drains, resumes, resets and stops, to the nanosecond.
 */
#include "testutil.h"

#include "layout_helper.h"

#include <signal.h>

#include "fake_collector.h"
#include "run/run.h"

#define MS	1000000ULL
#define SEC	1000000000ULL

static unsigned int screens;

static void count_screen(FILE *out, const struct render_view *view,
			 const struct rtla_results *results)
{
	screens++;
}

static const struct rtla_tool hist_tool = {
	.id = { .name = "test hist", .tracer = TRACER_TIMERLAT,
		.mode = MODE_HIST },
	.render = count_screen,
};

static const struct rtla_tool top_tool = {
	.id = { .name = "test top", .tracer = TRACER_TIMERLAT,
		.mode = MODE_TOP },
	.render = count_screen,
	.live = true,
};

static const struct rtla_tool window_tool = {
	.id = { .name = "test window", .tracer = TRACER_OSNOISE,
		.mode = MODE_HIST },
	.render = count_screen,
	.trace_from_window = true,
};

static const struct rtla_tool periods_tool = {
	.id = { .name = "test periods", .tracer = TRACER_OSNOISE,
		.mode = MODE_TOP },
	.render = count_screen,
	.trace_from_window = true,
	.periods_to_stop = true,
};

static int loop_setup(void **state)
{
	struct fake_run *loop = calloc(1, sizeof(*loop));

	assert_non_null(loop);
	fake_run_init(loop, &hist_tool);
	screens = 0;
	*state = loop;
	return 0;
}

static int loop_teardown(void **state)
{
	fake_run_free(*state);
	free(*state);
	return 0;
}

/* Append @calls to @want, @times times. */
static void expect(char *want, const char *calls, int times)
{
	while (times-- > 0)
		strcat(want, calls);
}

static uint64_t samples(const struct fake_run *loop)
{
	return loop->run.results.cpu[0].hist[CTX_IRQ].stats.count;
}

#define END	"fSdcl"		/* freeze, stop, the last drain and reads */
#define WANT_LEN	512

/* A drain every 100 ms until the duration, then the end in its order. */
static void test_duration(void **state)
{
	struct fake_run *loop = *state;
	char want[WANT_LEN] = "";

	loop->params.duration_s = 1;
	run_measure(&loop->run);
	expect(want, "wd", 10);
	expect(want, END, 1);
	assert_string_equal(loop->fake.calls, want);
	assert_int_equal(loop->fake.stopped_at_ns, 1 * SEC);
	assert_int_equal(loop->run.results.elapsed_s, 1);
	assert_int_equal(samples(loop), 11);
	assert_false(loop->run.results.stopped);
	assert_int_equal(screens, 1);
}

/* A live screen every second, the counts snapshotted for it, and the last. */
static void test_live_screens(void **state)
{
	struct fake_run *loop = *state;
	char want[WANT_LEN] = "";
	int second;

	loop->run.tool = &top_tool;
	loop->params.duration_s = 3;
	run_measure(&loop->run);
	for (second = 0; second < 3; second++) {
		expect(want, "wd", 10);
		expect(want, "s", 1);
	}
	expect(want, END, 1);
	assert_string_equal(loop->fake.calls, want);
	assert_int_equal(loop->fake.stopped_at_ns, 3 * SEC);
	assert_int_equal(screens, 4);
}

/* The warm-up's samples are forgotten, in the results and the kernel. */
static void test_warm_up(void **state)
{
	struct fake_run *loop = *state;
	char want[WANT_LEN] = "";

	loop->params.warm_up_s = 2;
	loop->params.duration_s = 1;
	run_measure(&loop->run);
	/* a drain every 100 ms of the warm-up; the kernel's counts reset,
	   then one more drain of what came meanwhile */
	expect(want, "d", 20);
	expect(want, "Rd", 1);
	expect(want, "wd", 10);
	expect(want, END, 1);
	assert_string_equal(loop->fake.calls, want);
	assert_int_equal(loop->fake.reset_at_ns, 2 * SEC);
	assert_int_equal(loop->fake.stopped_at_ns, 3 * SEC);
	assert_int_equal(loop->run.results.elapsed_s, 1);
	assert_int_equal(samples(loop), 11);
}

/*
 * A tool traced from the window: tracing resumes, the kernel's counts are
 * reset, what the buffers got meanwhile drained, then counts start.
 */
static void test_window(void **state)
{
	struct fake_run *loop = *state;
	char want[WANT_LEN] = "rRd";

	loop->run.tool = &window_tool;
	loop->params.duration_s = 1;
	run_measure(&loop->run);
	expect(want, "wd", 10);
	expect(want, END, 1);
	assert_string_equal(loop->fake.calls, want);
	assert_int_equal(samples(loop), 11);
}

/*
 * osnoise top and hwnoise, as rtla 7.2: the tracer stopped at the end,
 * the periods it wrote until then drained, and only then the freeze.
 */
static void test_periods_to_stop(void **state)
{
	struct fake_run *loop = *state;
	char want[WANT_LEN] = "rRd";

	loop->run.tool = &periods_tool;
	loop->params.duration_s = 1;
	loop->params.knobs.period_us = 1000000;
	run_measure(&loop->run);
	/* 100 ms past -d for the 1-s period due at its end */
	expect(want, "wd", 11);
	expect(want, "Sdfcl", 1);
	assert_string_equal(loop->fake.calls, want);
	assert_int_equal(loop->fake.stopped_at_ns, 1100 * MS);
	assert_int_equal(samples(loop), 12);
	assert_int_equal(loop->run.results.elapsed_s, 1);
}

/* A stop threshold without "continue" ends the run where it was seen. */
static void test_threshold_stops(void **state)
{
	struct fake_run *loop = *state;
	char want[WANT_LEN] = "";

	loop->fake.hit_at_ns[0] = 1250 * MS;
	run_measure(&loop->run);
	expect(want, "wd", 13);
	expect(want, END, 1);
	assert_string_equal(loop->fake.calls, want);
	assert_int_equal(loop->fake.stopped_at_ns, 1300 * MS);
	assert_true(loop->run.results.stopped);
	assert_int_equal(loop->run.results.threshold_hits, 1);
	assert_int_equal(loop->run.results.elapsed_s, 1);
}

/* --on-threshold continue: tracing resumes at each hit, the run goes on. */
static void test_threshold_continue(void **state)
{
	struct fake_run *loop = *state;
	const char *why = NULL;
	char want[WANT_LEN] = "";

	loop->on_threshold.count = 1;
	assert_int_equal(action_parse("continue", &loop->on_threshold.item[0],
				      &why), 0);
	run_actions_init(&loop->run.on_threshold, &loop->on_threshold);
	loop->fake.hit_at_ns[0] = 550 * MS;
	loop->fake.hit_at_ns[1] = 1550 * MS;
	loop->params.duration_s = 2;
	run_measure(&loop->run);
	expect(want, "wd", 6);
	expect(want, "r", 1);
	expect(want, "wd", 10);
	expect(want, "r", 1);
	expect(want, "wd", 4);
	expect(want, END, 1);
	assert_string_equal(loop->fake.calls, want);
	assert_false(loop->run.results.stopped);
	assert_int_equal(loop->run.results.threshold_hits, 2);
	assert_int_equal(loop->fake.stopped_at_ns, 2 * SEC);
	assert_int_equal(loop->run.on_threshold.item[0].runs, 2);
}

/* A signal ends the run after the wait it came in, not the duration. */
static void test_signal(void **state)
{
	struct fake_run *loop = *state;
	char want[WANT_LEN] = "";

	loop->fake.signal_at_ns = 750 * MS;
	loop->fake.signal = SIGINT;
	loop->params.duration_s = 5;
	run_measure(&loop->run);
	expect(want, "wd", 8);
	expect(want, END, 1);
	assert_string_equal(loop->fake.calls, want);
	assert_int_equal(loop->fake.stopped_at_ns, 800 * MS);
	assert_int_equal(run_stop_requested, SIGINT);
	assert_int_equal(loop->run.results.elapsed_s, 0);
	assert_false(loop->run.results.stopped);
}

/* What the collector lost reaches the results. */
static void test_lost(void **state)
{
	struct fake_run *loop = *state;

	loop->fake.lost = 5;
	loop->params.duration_s = 1;
	run_measure(&loop->run);
	assert_int_equal(results_lost_total(&loop->run.results), 5);
}

#define LOOP_TEST(fn) cmocka_unit_test_setup_teardown(fn, loop_setup, \
						      loop_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		LOOP_TEST(test_duration),
		LOOP_TEST(test_live_screens),
		LOOP_TEST(test_warm_up),
		LOOP_TEST(test_window),
		LOOP_TEST(test_periods_to_stop),
		LOOP_TEST(test_threshold_stops),
		LOOP_TEST(test_threshold_continue),
		LOOP_TEST(test_signal),
		LOOP_TEST(test_lost),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
