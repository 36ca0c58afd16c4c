// SPDX-License-Identifier: GPL-2.0
#include "testutil.h"

#include "layout_helper.h"

#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/options.h"
#include "params/params.h"
#include "model/results.h"
#include "model/stats.h"

static void test_empty_series(void **state)
{
	struct series_stats s = { 0 };

	assert_int_equal(series_avg(&s), 0);
	series_add(&s, 7);
	assert_int_equal(s.min, 7);
	assert_int_equal(s.max, 7);
	assert_int_equal(s.cur, 7);
	assert_int_equal(series_avg(&s), 7);
}

static void test_series(void **state)
{
	struct series_stats s = { 0 }, t = { 0 }, empty = { 0 };

	series_add(&s, 10);
	series_add(&s, 3);
	series_add(&s, 20);
	assert_int_equal(s.count, 3);
	assert_int_equal(s.min, 3);
	assert_int_equal(s.max, 20);
	assert_int_equal(s.sum, 33);
	assert_int_equal(s.cur, 20);
	assert_int_equal(series_avg(&s), 11);
	series_add(&t, 1);
	series_add(&t, 50);
	series_merge(&s, &t);
	assert_int_equal(s.count, 5);
	assert_int_equal(s.min, 1);
	assert_int_equal(s.max, 50);
	assert_int_equal(s.sum, 84);
	series_merge(&s, &empty);
	assert_int_equal(s.min, 1);
	series_merge(&empty, &t);
	assert_int_equal(empty.min, 1);
	assert_int_equal(empty.count, 2);
}

static void test_histogram_buckets(void **state)
{
	struct histogram h;
	uint64_t v;

	assert_int_equal(histogram_alloc(&h, 10, 5), 0);
	for (v = 0; v < 60; v++)
		histogram_add(&h, v);
	/* 0-4 -> 0, ..., 45-49 -> 9, 50-59 over */
	assert_int_equal(h.buckets[0], 5);
	assert_int_equal(h.buckets[9], 5);
	assert_int_equal(h.over, 10);
	assert_int_equal(h.stats.count, 60);
	assert_int_equal(h.stats.max, 59);
	histogram_free(&h);
	histogram_free(&h);
}

static void test_histogram_overflow_only(void **state)
{
	struct histogram h;

	assert_int_equal(histogram_alloc(&h, 10, 1), 0);
	histogram_add(&h, 10);
	histogram_add(&h, 1000000);
	assert_int_equal(h.over, 2);
	assert_int_equal(h.stats.min, 10);
	histogram_free(&h);
}

static void test_histogram_no_buckets(void **state)
{
	struct histogram h;

	assert_int_equal(histogram_alloc(&h, 0, 1), 0);
	histogram_add(&h, 42);
	assert_int_equal(h.stats.count, 1);
	assert_int_equal(h.over, 0);
	assert_int_equal(histogram_alloc(&h, 10, 0), -1);
}

static void test_noise_summary(void **state)
{
	struct noise_summary sum = { 0 };
	struct noise_period p1 = { 1000000, 100, 40, 1, 0, 5, 2, 3 };
	struct noise_period p2 = { 1000000, 300, 90, 0, 1, 7, 0, 1 };

	assert_int_equal(noise_available_scaled(&sum), 0);
	noise_summary_add(&sum, &p1);
	noise_summary_add(&sum, &p2);
	assert_int_equal(sum.periods, 2);
	assert_int_equal(sum.runtime, 2000000);
	assert_int_equal(sum.noise, 400);
	assert_int_equal(sum.max_noise, 300);
	assert_int_equal(sum.max_single, 90);
	assert_int_equal(sum.irq, 12);
	/* 99.98% available */
	assert_int_equal(noise_available_scaled(&sum), 9998000);
}

static void test_noise_available_truncates(void **state)
{
	struct noise_summary sum = { .runtime = 5000895, .noise = 440033 };

	assert_int_equal(noise_available_scaled(&sum), 9120091);
	sum.noise = sum.runtime;
	assert_int_equal(noise_available_scaled(&sum), 0);
}

/* What -E costs: a bucket per entry, context and measured CPU. */
static void test_results_histogram_bytes(void **state)
{
	struct rtla_params params;

	params_alloc(&params, TRACER_TIMERLAT, MODE_HIST);
	CPU_ZERO(&params.threads.cpu_set);
	CPU_SET(0, &params.threads.cpu_set);
	CPU_SET(1, &params.threads.cpu_set);
	/* not a CPU of this machine */
	CPU_SET(5, &params.threads.cpu_set);
	params.hist.entries = 9999999;
	/* irq, thread and user: 240 MB a CPU */
	assert_int_equal(histogram_bytes_params(&params, 2),
			 2ULL * 3 * 9999999 * sizeof(uint64_t));
	params_free(&params);
	params_alloc(&params, TRACER_OSNOISE, MODE_HIST);
	CPU_ZERO(&params.threads.cpu_set);
	CPU_SET(1, &params.threads.cpu_set);
	assert_int_equal(histogram_bytes_params(&params, 2),
			 256 * sizeof(uint64_t));
	params_free(&params);
	/* top keeps no histogram */
	params_alloc(&params, TRACER_TIMERLAT, MODE_TOP);
	CPU_SET(0, &params.threads.cpu_set);
	assert_int_equal(histogram_bytes_params(&params, 2), 0);
	params_free(&params);
}

static void test_results_units(void **state)
{
	struct rtla_params params;
	struct rtla_results r;

	params_alloc(&params, TRACER_TIMERLAT, MODE_HIST);
	CPU_SET(1, &params.threads.cpu_set);
	assert_int_equal(results_alloc_params(&r, &params, 2), 0);
	results_add_sample(&r, 1, CTX_IRQ, 1999);
	results_add_sample(&r, 1, CTX_THREAD, 5000);
	/* not a timerlat context, not a context at all, not a CPU */
	results_add_sample(&r, 1, CTX_NOISE, 5000);
	results_add_sample(&r, 1, NR_CONTEXTS, 5000);
	results_add_sample(&r, 7, CTX_THREAD, 5000);
	assert_int_equal(r.cpu[1].hist[CTX_IRQ].stats.max, 1);
	assert_int_equal(r.cpu[1].hist[CTX_IRQ].buckets[1], 1);
	assert_int_equal(r.cpu[1].hist[CTX_THREAD].stats.max, 5);
	assert_int_equal(r.cpu[1].hist[CTX_THREAD].stats.count, 1);
	assert_true(results_cpu_shown(&r, 1));
	assert_false(results_cpu_shown(&r, 0));
	results_free(&r);
	results_free(&r);

	params.display.nano = true;
	assert_int_equal(results_alloc_params(&r, &params, 2), 0);
	results_add_sample(&r, 1, CTX_IRQ, 1999);
	assert_int_equal(r.cpu[1].hist[CTX_IRQ].stats.max, 1999);
	assert_int_equal(r.cpu[1].hist[CTX_IRQ].over, 1);
	assert_int_equal(r.cpu[1].hist[CTX_NOISE].stats.count, 0);
	results_free(&r);

	/* osnoise: noise durations in us, whatever -n says */
	params_alloc(&params, TRACER_OSNOISE, MODE_HIST);
	CPU_SET(1, &params.threads.cpu_set);
	assert_int_equal(results_alloc_params(&r, &params, 2), 0);
	results_add_sample(&r, 1, CTX_NOISE, 7500);
	assert_int_equal(r.cpu[1].hist[CTX_NOISE].stats.max, 7);
	assert_int_equal(r.cpu[1].hist[CTX_NOISE].buckets[7], 1);
	results_free(&r);
}

static void test_results_unmeasured_cpu(void **state)
{
	struct rtla_params params;
	struct rtla_results r;

	params_alloc(&params, TRACER_OSNOISE, MODE_TOP);
	CPU_SET(0, &params.threads.cpu_set);
	assert_int_equal(results_alloc_params(&r, &params, 2), 0);
	results_add_sample(&r, 1, CTX_NOISE, 9000);
	assert_int_equal(r.cpu[1].hist[CTX_NOISE].stats.count, 0);
	assert_false(results_cpu_shown(&r, 1));
	r.cpu[0].lost_events = 3;
	r.cpu[1].lost_events = 4;
	assert_int_equal(results_lost_total(&r), 7);
	results_free(&r);
}

/* A large histogram's buckets are resident after prefaulting. */
static void test_histogram_prefault(void **state)
{
	long page = sysconf(_SC_PAGESIZE);
	struct histogram hist;
	unsigned char *resident;
	uintptr_t start, end;
	size_t pages, i;

	assert_int_equal(histogram_alloc(&hist, 1 << 20, 1), 0);
	start = ((uintptr_t)hist.buckets + page - 1) & ~(uintptr_t)(page - 1);
	end = ((uintptr_t)(hist.buckets + hist.entries)) & ~(uintptr_t)(page - 1);
	pages = (end - start) / page;
	resident = calloc(pages, 1);
	histogram_prefault(&hist);
	assert_int_equal(mincore((void *)start, end - start, resident), 0);
	/* qemu-user takes MADV_POPULATE_WRITE for a no-op that succeeds */
	for (i = 0; i < pages && !getenv("RTLA_TEST_UNDER_QEMU"); i++)
		assert_true(resident[i] & 1);
	/* and the buckets are still empty */
	for (i = 0; i < hist.entries; i += 4096)
		assert_int_equal(hist.buckets[i], 0);
	free(resident);
	histogram_free(&hist);
}

/*
 * -E 9999999 -c 0 on a 1024-CPU machine: buckets for CPU 0 alone (3 x
 * 80 MB of address space, not 1024 x 240 MB), under a 2 GB limit.
 */
static void test_large_entries_one_cpu(void **state)
{
	static const struct tool_id tool = {
		"timerlat hist", "", TRACER_TIMERLAT, MODE_HIST, false, false };
	const char *argv[] = { "hist", "-E", "9999999", "-c", "0", NULL };
	struct rlimit limit = { 2UL << 30, 2UL << 30 };
	struct rtla_params params;
	struct rtla_results results;
	struct histogram merged;
	int status;
	pid_t pid;

	assert_int_equal(options_parse(&tool, 5, (char **)argv, 1024, &params,
				       stderr), OPTIONS_OK);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		if (setrlimit(RLIMIT_AS, &limit) ||
		    results_alloc_params(&results, &params, 1024))
			_exit(1);
		results_add_sample(&results, 0, CTX_THREAD, 9999998000ULL);
		if (results.cpu[1].hist[CTX_THREAD].buckets ||
		    results_merge_all(&results, CTX_THREAD, &merged) ||
		    merged.buckets[9999998] != 1)
			_exit(2);
		histogram_free(&merged);
		results_free(&results);
		_exit(0);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	params_free(&params);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_histogram_prefault),
		cmocka_unit_test(test_results_histogram_bytes),
		cmocka_unit_test(test_empty_series),
		cmocka_unit_test(test_series),
		cmocka_unit_test(test_histogram_buckets),
		cmocka_unit_test(test_histogram_overflow_only),
		cmocka_unit_test(test_histogram_no_buckets),
		cmocka_unit_test(test_noise_summary),
		cmocka_unit_test(test_noise_available_truncates),
		cmocka_unit_test(test_results_units),
		cmocka_unit_test(test_results_unmeasured_cpu),
		cmocka_unit_test(test_large_entries_one_cpu),
	};

	return RUN_SUITE("stats", tests);
}
