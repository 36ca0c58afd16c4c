// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat monitor --record files read back: what the writer wrote, the
 * window each choice picks, refused lines, and rtla compare on two
 * series (golden tables in tests/data/record/).
 */
#include "testutil.h"

#include "layout_helper.h"

#include <fcntl.h>

#include "input/saved_input.h"
#include "input/window_file.h"
#include "model/compare.h"
#include "output/compare_report.h"
#include "output/window_record.h"
#include "cli/commands.h"

static void data_path(char *buf, size_t size, const char *name)
{
	const char *dir = getenv("RTLA_TESTDATA");

	snprintf(buf, size, "%s/record/%s", dir ? dir : "tests/data", name);
}

/* The series of the files @a (and @b, rotated, when not NULL). */
static void read_series(struct window_series *series, const char *a,
			const char *b)
{
	char list[1100], pa[512], pb[512], why[256];

	data_path(pa, sizeof(pa), a);
	if (b) {
		data_path(pb, sizeof(pb), b);
		snprintf(list, sizeof(list), "%s,%s", pb, pa);
	} else {
		snprintf(list, sizeof(list), "%s", pa);
	}
	if (window_series_read(list, series, why, sizeof(why)))
		fail_msg("%s", why);
}

/* What window_record_write() wrote reads back as it was. */
static void test_round_trip(void **state)
{
	char dir[] = "/tmp/rtla-series-XXXXXX", path[64], why[256];
	const struct context_desc *shown[NR_CONTEXTS];
	struct window_record record;
	struct window_series series;
	struct saved_input in;
	struct rtla_params params;
	struct rtla_results window;
	struct window_stats s;
	int i, nr;

	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/w.jsonl", dir);
	params_alloc(&params, TRACER_TIMERLAT, MODE_HIST);
	params.entries = 100;
	CPU_SET(1, &params.cpu_set);
	assert_int_equal(results_alloc_params(&window, &params, 2), 0);
	for (i = 0; i < 999; i++)
		histogram_add(&window.cpu[1].hist[CTX_THREAD], 10);
	histogram_add(&window.cpu[1].hist[CTX_THREAD], 400);
	window.cpu[1].lost_events = 2;
	nr = tracer_shown_contexts(&params, shown);
	/* 30 bytes a file: each window rotates the one before away */
	assert_int_equal(window_record_open(&record, path, 30, 2), 0);
	assert_int_equal(window_record_write(&record, &window, shown, nr,
					     1700000000), 0);
	histogram_add(&window.cpu[1].hist[CTX_IRQ], 7);
	assert_int_equal(window_record_write(&record, &window, shown, nr,
					     1700000060), 0);
	window_record_close(&record);

	assert_int_equal(saved_input_read(path, &in, why, sizeof(why)), 0);
	assert_true(in.record);
	assert_int_equal(in.series.nr_lines, 1);
	saved_input_free(&in);
	snprintf(why, sizeof(why), "%s,%s.1", path, path);
	assert_int_equal(window_series_read(why, &series, why, sizeof(why)), 0);
	assert_int_equal(series.nr_lines, 2);
	assert_int_equal(series.nr_cpus, 2);
	assert_false(series.nano);
	/* the rotated file's window first: sorted by time */
	assert_int_equal(series.lines[0].end, 1700000000);
	assert_false(series.lines[0].cpu[0].shown);
	assert_true(series.lines[0].cpu[1].shown);
	assert_int_equal(series.lines[0].cpu[1].lost, 2);
	assert_true(series.has_ctx[CTX_IRQ] && series.has_ctx[CTX_THREAD]);
	assert_false(series.has_ctx[CTX_USER]);
	assert_true(window_series_pick(&series, WINDOW_LAST, 1, CTX_THREAD,
				       &s));
	assert_int_equal(s.count, 1000);
	assert_int_equal(s.max, 400000);
	assert_int_equal(s.over, 1);
	assert_true(s.pct_known[3]);
	assert_int_equal(s.pct[3], 10000);	/* p99.9 */
	assert_false(s.pct_known[4]);		/* p99.99: over */
	assert_true(window_series_pick(&series, WINDOW_ALL, 1, CTX_IRQ, &s));
	assert_int_equal(s.count, 1);
	assert_int_equal(s.max, 7000);
	assert_false(window_series_pick(&series, WINDOW_ALL, 0, CTX_IRQ, &s));
	window_series_free(&series);
	window_series_free(&series);
	results_free(&window);
	params_free(&params);
	snprintf(path, sizeof(path), "rm -rf %s", dir);
	assert_int_equal(system(path), 0);
}

/* worst: the highest max's window; last; all merged. */
static void test_choices(void **state)
{
	struct window_series series;
	struct window_stats s;

	read_series(&series, "new.jsonl", "new.jsonl.1");
	assert_int_equal(series.nr_lines, 3);
	assert_true(series.lines[0].end < series.lines[1].end &&
		    series.lines[1].end < series.lines[2].end);
	assert_true(window_series_pick(&series, WINDOW_WORST, 1, CTX_THREAD,
				       &s));
	assert_int_equal(s.max, 95000);
	assert_int_equal(s.pct[2], 41000);	/* that window's p99 */
	assert_false(s.pct_known[4]);
	assert_true(window_series_pick(&series, WINDOW_LAST, 1, CTX_THREAD,
				       &s));
	assert_int_equal(s.max, 19000);
	assert_true(window_series_pick(&series, WINDOW_ALL, 1, CTX_THREAD,
				       &s));
	assert_int_equal(s.count, 180000);
	assert_int_equal(s.max, 95000);
	assert_int_equal(s.over, 3);
	assert_int_equal((uint64_t)(s.avg + 0.5), 6300);
	assert_int_equal(s.pct[0], 6000);	/* the highest p50 */
	assert_true(window_series_pick_all_cpus(&series, WINDOW_WORST,
						CTX_THREAD, &s));
	assert_int_equal(s.max, 95000);
	assert_int_equal(s.count, 120000);
	assert_false(s.pct_known[0]);
	window_series_free(&series);
}

static void expect_refused(const char *line, const char *reason)
{
	struct window_series series = { 0 };
	char why[256];

	assert_int_equal(window_series_add_line(&series, line, strlen(line),
						why, sizeof(why)), -1);
	assert_string_equal(why, reason);
	assert_int_equal(series.nr_lines, 0);
	window_series_free(&series);
}

static void test_refused(void **state)
{
	struct window_series series;
	struct saved_input in;
	char why[256], path[512];

	expect_refused("{\"time\":", "not one JSON object");
	expect_refused("{}", "no \"time\" as 2026-12-06T04:00:00Z");
	expect_refused("{\"time\":\"2026-12-06T04:00:00Z\",\"unit\":\"s\",\"cpus\":{}}",
		       "\"unit\" is not us or ns");
	expect_refused("{\"time\":\"2026-12-06T04:00:00Z\",\"unit\":\"us\"}",
		       "no \"cpus\" object");
	expect_refused("{\"time\":\"2026-12-06T04:00:00Z\",\"unit\":\"us\",\"cpus\":{\"x\":{}}}",
		       "CPU \"x\" is not a CPU number");
	expect_refused("{\"time\":\"2026-12-06T04:00:00Z\",\"unit\":\"us\",\"cpus\":{\"0\":{\"thread\":{\"count\":3}}}}",
		       "CPU 0: 3 samples but no max or avg");
	expect_refused("{\"time\":\"2026-12-06T04:00:00Z\",\"unit\":\"us\",\"cpus\":{\"0\":{\"irq\":{\"count\":1,\"max\":2,\"avg\":5}}}}",
		       "CPU 0: avg 5 is not within 0..max");
	/* a max in us that wraps in ns */
	expect_refused("{\"time\":\"2026-12-06T04:00:00Z\",\"unit\":\"us\",\"cpus\":{\"0\":{\"irq\":{\"count\":1,\"max\":18446744073709552,\"avg\":5}}}}",
		       "CPU 0: max past what rtla can count in ns");
	/* the file and line are named */
	data_path(path, sizeof(path), "compare-worst.txt");
	assert_int_equal(window_series_read(path, &series, why, sizeof(why)),
			 -1);
	assert_non_null(strstr(why, "compare-worst.txt:1: not one JSON object"));
	assert_int_equal(saved_input_read(path, &in, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "not a JSON report or --record file"));
	assert_int_equal(window_series_read("/nonexistent.jsonl", &series, why,
					    sizeof(why)), -1);
	assert_string_equal(why, "/nonexistent.jsonl: No such file or directory");
	assert_int_equal(window_series_read("/dev/null", &series, why,
					    sizeof(why)), -1);
	assert_string_equal(why, "/dev/null: no window");
}

/* Lines naming CPU 4095 stop at 256 MiB of windows, not gigabytes. */
static void test_bounded(void **state)
{
	const char *line = "{\"time\":\"2026-12-06T04:00:00Z\",\"unit\":\"us\",\"cpus\":{\"4095\":{}}}";
	struct window_series big = { 0 };
	char why[256];
	int n = 0;

	while (!window_series_add_line(&big, line, strlen(line), why,
				       sizeof(why)))
		n++;
	assert_true(n > 100 && n < 1000);
	assert_non_null(strstr(why, "256 MiB"));
	assert_int_equal(big.nr_lines, n);
	window_series_free(&big);
}

/* The table rtla compare prints for two series, against its golden. */
static void compare_golden(enum window_choice choice, const char *golden)
{
	struct window_series base, new;
	struct compare_rule rules[3];
	struct compare_report report;
	struct compare_side a, b;
	struct comparison cmp;
	struct capture cap;
	const char *why, *text;
	char path[64], reason[256], *expected;
	int i;

	read_series(&base, "base.jsonl", NULL);
	read_series(&new, "new.jsonl", "new.jsonl.1");
	for (i = 0; i < 3; i++)
		assert_int_equal(compare_rule_parse(compare_default_rules[i],
						    &rules[i], &why), 0);
	a = (struct compare_side){ .name = "base.jsonl",
		.view = window_series_view(&base), .series = &base,
		.choice = choice };
	b = (struct compare_side){ .name = "new.jsonl.1,new.jsonl",
		.view = window_series_view(&new), .series = &new,
		.choice = choice };
	assert_int_equal(compare_runs(&a, &b, rules, 3, &cmp, reason,
				      sizeof(reason)), 0);
	report = (struct compare_report){ "base.jsonl", "new.jsonl.1,new.jsonl",
					  "us", &cmp, 2 };
	capture_open(&cap);
	render_compare(cap.stream, &report);
	text = capture_close(&cap);
	snprintf(path, sizeof(path), "record/%s", golden);
	expected = read_data_file(path);
	assert_string_equal(text, expected);
	free(expected);
	free((char *)text);
	compare_free(&cmp);
	window_series_free(&base);
	window_series_free(&new);
}

static void test_compare_worst(void **state)
{
	compare_golden(WINDOW_WORST, "compare-worst.txt");
}

static void test_compare_all(void **state)
{
	compare_golden(WINDOW_ALL, "compare-all.txt");
}

/* rtla compare's exit statuses on series, its stdout dropped. */
static int run_compare(const char *a, const char *b, const char *window)
{
	char pa[512], pb[1100], pb1[512], opt[32];
	char *argv[] = { "compare", opt, pa, pb, NULL };
	int out = dup(1), null = open("/dev/null", O_WRONLY), status;

	snprintf(opt, sizeof(opt), "--window=%s", window);
	data_path(pa, sizeof(pa), a);
	data_path(pb, sizeof(pb), b);
	if (!strcmp(b, "new.jsonl")) {
		data_path(pb1, sizeof(pb1), "new.jsonl.1");
		strcat(pb, ",");
		strcat(pb, pb1);
	}
	fflush(stdout);
	dup2(null, 1);
	status = compare_main(4, argv);
	fflush(stdout);
	dup2(out, 1);
	close(out);
	close(null);
	return status;
}

static void test_compare_status(void **state)
{
	assert_int_equal(run_compare("base.jsonl", "new.jsonl", "worst"), 2);
	assert_int_equal(run_compare("base.jsonl", "new.jsonl", "last"), 0);
	assert_int_equal(run_compare("base.jsonl", "base.jsonl", "all"), 0);
	/* a file that is neither: bad input, 1 */
	assert_int_equal(run_compare("base.jsonl", "compare-all.txt", "worst"),
			 1);
	assert_int_equal(run_compare("base.jsonl", "new.jsonl", "most"), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_choices),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_bounded),
		cmocka_unit_test(test_compare_worst),
		cmocka_unit_test(test_compare_all),
		cmocka_unit_test(test_compare_status),
	};

	return RUN_SUITE("window series", tests);
}
