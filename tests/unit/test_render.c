// SPDX-License-Identifier: GPL-2.0
#include "testutil.h"

#include "layout_helper.h"

#include "output/duration.h"
#include "output/render.h"
#include "run/tool.h"

#define NR_CPUS		2

struct fixture {
	struct rtla_params params;
	struct rtla_results results;
};

static void setup(struct fixture *f, enum rtla_tracer tracer,
		  enum rtla_mode mode, unsigned int entries,
		  unsigned int bucket_size)
{
	params_alloc(&f->params, tracer, mode);
	f->params.hist.entries = entries;
	f->params.hist.bucket_size = bucket_size;
	CPU_SET(0, &f->params.threads.cpu_set);
	CPU_SET(1, &f->params.threads.cpu_set);
	assert_int_equal(results_alloc_params(&f->results, &f->params, NR_CPUS), 0);
	f->results.elapsed_s = 5;
}

static void teardown(struct fixture *f)
{
	results_free(&f->results);
	params_free(&f->params);
}

/* @fn as a run calls it: with the view @f's params ask for. */
static void render_with(void (*fn)(FILE *, const struct render_view *,
				   const struct rtla_results *),
			FILE *out, struct fixture *f)
{
	struct render_view view = tool_render_view(&f->params);

	fn(out, &view, &f->results);
}

static char *render(struct fixture *f,
		    void (*fn)(FILE *, const struct render_view *,
			       const struct rtla_results *))
{
	struct capture cap;

	/* the contexts the test's params ask for, as a run's setup shows */
	f->results.view = params_context_view(&f->params);
	capture_open(&cap);
	render_with(fn, cap.stream, f);
	return (char *)capture_close(&cap);
}

/* Set a column's summary as rtla 6.1 printed it. */
static void set_summary(struct histogram *h, uint64_t count, uint64_t min,
			uint64_t avg, uint64_t max)
{
	h->stats.count = count;
	h->stats.min = min;
	h->stats.sum = avg * count;
	h->stats.max = max;
}

/* Rebuild a histogram model from rtla 6.1's text output. */
static void load_hist_text(struct fixture *f, const char *text,
			   struct histogram **cols, int nr_cols)
{
	const char *line = text;
	char label[16], buf[256];
	uint64_t v[4];
	int i, n;

	for (; *line; line = strchr(line, '\n') + 1) {
		if (line[0] == '#' || !strncmp(line, "Index", 5))
			continue;
		snprintf(buf, sizeof(buf), "%.*s", (int)strcspn(line, "\n"),
			 line);
		n = sscanf(buf, "%15s %lu %lu %lu %lu", label, &v[0], &v[1],
			   &v[2], &v[3]);
		assert_int_equal(n, nr_cols + 1);
		if (!strcmp(label, "over:")) {
			for (i = 0; i < nr_cols; i++)
				cols[i]->over = v[i];
		} else if (!strcmp(label, "count:")) {
			for (i = 0; i < nr_cols; i++)
				cols[i]->stats.count = v[i];
		} else if (!strcmp(label, "min:")) {
			for (i = 0; i < nr_cols; i++)
				cols[i]->stats.min = v[i];
		} else if (!strcmp(label, "avg:")) {
			for (i = 0; i < nr_cols; i++)
				cols[i]->stats.sum = v[i] * cols[i]->stats.count;
		} else if (!strcmp(label, "max:")) {
			for (i = 0; i < nr_cols; i++)
				cols[i]->stats.max = v[i];
		} else {
			for (i = 0; i < nr_cols; i++)
				cols[i]->buckets[atoi(label)] = v[i];
		}
	}
}

static void assert_starts_with(const char *text, const char *prefix)
{
	if (strncmp(text, prefix, strlen(prefix)))
		fail_msg("output differs from rtla 6.1:\n--- got\n%s\n--- want\n%s",
			 text, prefix);
}

static void test_timerlat_hist_matches_rtla61(void **state)
{
	char *want = read_data_file("rtla61-timerlat-hist.txt"), *got;
	struct histogram *cols[4];
	struct fixture f;

	setup(&f, TRACER_TIMERLAT, MODE_HIST, 256, 1);
	cols[0] = &f.results.cpu[0].hist[CTX_IRQ];
	cols[1] = &f.results.cpu[0].hist[CTX_THREAD];
	cols[2] = &f.results.cpu[1].hist[CTX_IRQ];
	cols[3] = &f.results.cpu[1].hist[CTX_THREAD];
	load_hist_text(&f, want, cols, 4);
	got = render(&f, render_hist);
	assert_starts_with(got, want);
	/* rtla 7.2's ALL block: right after the summary, no over row */
	assert_string_equal(got + strlen(want),
		"ALL:        IRQ       Thr\n"
		"count:     9623      9623 \n"
		"min:         23        42 \n"
		"avg:        122       152 \n"
		"max:      16285     16530 \n");
	free(got);
	free(want);
	teardown(&f);
}

static void test_osnoise_hist_matches_rtla61(void **state)
{
	char *want = read_data_file("rtla61-osnoise-hist.txt"), *got, *avg;
	struct histogram *cols[2];
	struct fixture f;

	setup(&f, TRACER_OSNOISE, MODE_HIST, 256, 1);
	cols[0] = &f.results.cpu[0].hist[CTX_NOISE];
	cols[1] = &f.results.cpu[1].hist[CTX_NOISE];
	load_hist_text(&f, want, cols, 2);
	got = render(&f, render_hist);
	/* all as rtla 6.1 but the average, which rtla 7.2 gives to 1/100 */
	avg = strstr(want, "avg:         46        47 \n");
	assert_non_null(avg);
	memcpy(avg, "avg:      46.00     47.00 \n", strlen("avg:      46.00     47.00 \n"));
	/* and no ALL block, as both print none */
	assert_string_equal(got, want);
	free(got);
	free(want);
	teardown(&f);
}

static void test_timerlat_top_matches_rtla61(void **state)
{
	char *want = read_data_file("rtla61-timerlat-top.txt"), *got;
	struct cpu_results *c;
	struct fixture f;

	setup(&f, TRACER_TIMERLAT, MODE_TOP, 0, 1);
	c = f.results.cpu;
	set_summary(&c[0].hist[CTX_IRQ], 4869, 30, 124, 7464);
	c[0].hist[CTX_IRQ].stats.cur = 84;
	set_summary(&c[0].hist[CTX_THREAD], 4869, 46, 148, 7506);
	c[0].hist[CTX_THREAD].stats.cur = 151;
	set_summary(&c[1].hist[CTX_IRQ], 4864, 11, 119, 7126);
	c[1].hist[CTX_IRQ].stats.cur = 77;
	set_summary(&c[1].hist[CTX_THREAD], 4864, 34, 143, 7274);
	c[1].hist[CTX_THREAD].stats.cur = 94;
	/* rtla 6.1's output was on a tty */
	f.params.display.pretty = true;
	got = render(&f, render_timerlat_top);
	assert_starts_with(got, want);
	/* rtla 7.2's ALL row */
	assert_string_equal(got + strlen(want),
		"---------------|----------------------------------------|---------------------------------------\n"
		"ALL #9733   e0 |                 11       121      7464 |                 34       145      7506\n");
	free(got);
	free(want);
	teardown(&f);
}

static void test_osnoise_top_matches_rtla61(void **state)
{
	char *want = read_data_file("rtla61-osnoise-top.txt"), *got;
	struct noise_summary *s;
	struct fixture f;

	setup(&f, TRACER_OSNOISE, MODE_TOP, 0, 1);
	f.params.display.pretty = true;
	s = &f.results.cpu[0].periods;
	*s = (struct noise_summary){ 5, 5000895, 440033, 111899, 8177, 8936,
				     0, 1181, 0, 177 };
	s = &f.results.cpu[1].periods;
	*s = (struct noise_summary){ 5, 5000000, 479556, 99158, 6896, 8899,
				     0, 1184, 0, 178 };
	got = render(&f, render_osnoise_top);
	assert_string_equal(got, want);
	free(got);
	free(want);
	teardown(&f);
}

/* rtla 7.2's rules for top: when it refreshes, when it uses colours. */
static void test_top_display(void **state)
{
	struct top_display d;

	d = top_display(false, true);		/* a terminal */
	assert_true(d.refresh);
	assert_true(d.pretty);
	d = top_display(false, false);		/* | tee log */
	assert_true(d.refresh);
	assert_false(d.pretty);
	d = top_display(true, true);		/* -q */
	assert_false(d.refresh);
	assert_false(d.pretty);
	d = top_display(true, false);
	assert_false(d.refresh);
	assert_false(d.pretty);
}

/* One measured CPU, 0, as with -c 0. */
static void setup_cpu0(struct fixture *f, enum rtla_tracer tracer)
{
	params_alloc(&f->params, tracer, MODE_TOP);
	CPU_SET(0, &f->params.threads.cpu_set);
	f->params.threads.user_threads = tracer == TRACER_TIMERLAT;
	assert_int_equal(results_alloc_params(&f->results, &f->params, 1), 0);
}

/*
 * Top in a pipe, as rtla 7.2 printed it to @file: the screen of second
 * @first_s, then the final summary at @last_s, each after ESC c, without
 * colours.
 */
static void expect_piped(struct fixture *f,
			 void (*fn)(FILE *, const struct render_view *,
				    const struct rtla_results *),
			 uint64_t first_s, uint64_t last_s, const char *file)
{
	char *want = read_data_file(file);
	struct capture cap;

	f->params.display.pretty = top_display(false, false).pretty;
	f->results.view = params_context_view(&f->params);
	capture_open(&cap);
	f->results.elapsed_s = first_s;
	render_screen_start(cap.stream);
	render_with(fn, cap.stream, f);
	f->results.elapsed_s = last_s;
	render_screen_start(cap.stream);
	render_with(fn, cap.stream, f);
	assert_string_equal(capture_close(&cap), want);
	free(cap.text);
	free(want);
	teardown(f);
}

/* osnoise top -c 0 -d 2s | cat: its last refresh and the summary. */
static void test_osnoise_top_piped_matches_rtla72(void **state)
{
	struct fixture f;

	setup_cpu0(&f, TRACER_OSNOISE);
	f.results.cpu[0].periods = (struct noise_summary){
		1, 1000000, 341822, 341822, 32919, 9273, 0, 253, 0, 49 };
	expect_piped(&f, render_osnoise_top, 2, 2,
		     "rtla72-osnoise-top-pipe.txt");
}

/* timerlat top -c 0 -d 2s | cat, user-space threads: the same (at 3 s). */
static void test_timerlat_top_piped_matches_rtla72(void **state)
{
	struct histogram *hist;
	struct fixture f;

	setup_cpu0(&f, TRACER_TIMERLAT);
	hist = f.results.cpu[0].hist;
	set_summary(&hist[CTX_IRQ], 1797, 46, 225, 21264);
	hist[CTX_IRQ].stats.cur = 73;
	set_summary(&hist[CTX_THREAD], 1797, 62, 263, 21498);
	hist[CTX_THREAD].stats.cur = 102;
	set_summary(&hist[CTX_USER], 1797, 75, 280, 21564);
	hist[CTX_USER].stats.cur = 117;
	expect_piped(&f, render_timerlat_top, 2, 3,
		     "rtla72-timerlat-top-pipe.txt");
}

static void test_hist_options(void **state)
{
	struct fixture f;
	char *got;

	setup(&f, TRACER_TIMERLAT, MODE_HIST, 10, 10);
	f.params.hist.no_irq = true;
	f.params.hist.with_zeros = true;
	f.results.divisor = 1;
	f.results.elapsed_s = 3723;
	histogram_add(&f.results.cpu[1].hist[CTX_THREAD], 5);
	histogram_add(&f.results.cpu[1].hist[CTX_THREAD], 25);
	histogram_add(&f.results.cpu[1].hist[CTX_THREAD], 27);
	histogram_add(&f.results.cpu[1].hist[CTX_THREAD], 1000);
	f.results.cpu[1].lost_events = 2;
	got = render(&f, render_hist);
	assert_string_equal(got,
		"# RTLA timerlat histogram\n"
		"# Time unit is nanoseconds (ns)\n"
		"# Duration:   0 01:02:03\n"
		"Index   Thr-001\n"
		"0             1 \n"
		"10            0 \n"
		"20            2 \n"
		"30            0 \n"
		"40            0 \n"
		"50            0 \n"
		"60            0 \n"
		"70            0 \n"
		"80            0 \n"
		"90            0 \n"
		"over:         1 \n"
		"count:        4 \n"
		"min:          5 \n"
		"avg:        264 \n"
		"max:       1000 \n"
		"lost:         2 \n"
		"ALL:        Thr\n"
		"count:        4 \n"
		"min:          5 \n"
		"avg:        264 \n"
		"max:       1000 \n"
		"lost:         2 \n");
	free(got);

	f.params.hist.with_zeros = false;
	f.params.hist.no_header = true;
	f.params.hist.no_index = true;
	f.params.hist.no_summary = true;
	got = render(&f, render_hist);
	/* rtla 6.1 and 7.2 leave out the column titles with the header */
	assert_string_equal(got,
		"        1 \n"
		"        2 \n"
		"        1 \n");
	free(got);
	teardown(&f);
}

static void test_hist_percentiles(void **state)
{
	struct fixture f;
	uint64_t i;
	char *got;

	setup(&f, TRACER_OSNOISE, MODE_HIST, 100, 1);
	f.params.display.percentiles = true;
	f.params.hist.no_header = true;
	for (i = 0; i < 100; i++)
		histogram_add(&f.results.cpu[0].hist[CTX_NOISE], i);
	histogram_add(&f.results.cpu[1].hist[CTX_NOISE], 500);
	got = render(&f, render_hist);
	assert_non_null(strstr(got,
		"max:         99       500 \n"
		"p50:         49      over \n"
		"p90:         89      over \n"
		"p99:         98      over \n"
		"p99.9:       99      over \n"
		"p99.99:      99      over \n"));
	assert_non_null(strstr(got, "avg:      49.50    500.00 \n"));
	assert_null(strstr(got, "ALL:"));
	free(got);
	teardown(&f);
}

static void test_hist_empty_column(void **state)
{
	struct fixture f;
	char *got;

	setup(&f, TRACER_TIMERLAT, MODE_HIST, 10, 1);
	histogram_add(&f.results.cpu[0].hist[CTX_IRQ], 3);
	got = render(&f, render_hist);
	assert_non_null(strstr(got, "Index   IRQ-000   Thr-000\n"));
	assert_non_null(strstr(got, "min:          3         - \n"));
	assert_null(strstr(got, "IRQ-001"));
	free(got);
	teardown(&f);
}

static void test_hwnoise_top(void **state)
{
	struct fixture f;
	char *got;

	setup(&f, TRACER_OSNOISE, MODE_TOP, 0, 1);
	f.params.hwnoise = true;
	f.results.cpu[1].periods = (struct noise_summary){
		3, 3000000, 30, 12, 4, 9, 1, 0, 0, 0 };
	got = render(&f, render_osnoise_top);
	/* rtla 7.2's layout, without colours off a terminal */
	assert_non_null(strstr(got, "                                          Hardware-related Noise                                   \n"));
	assert_non_null(strstr(got, "Max Single          HW          NMI\n"));
	assert_non_null(strstr(got,
		"  1 #3           3000000           30    99.99900          12            4           9            1 \n"));
	assert_null(strchr(got, '\033'));
	assert_null(strstr(got, "  0 #"));
	free(got);
	teardown(&f);
}

static void test_format_duration(void **state)
{
	char buf[32];

	format_duration(buf, sizeof(buf), 0);
	assert_string_equal(buf, "  0 00:00:00");
	format_duration(buf, sizeof(buf), 86400 * 3 + 3600 * 23 + 61);
	assert_string_equal(buf, "  3 23:01:01");
}

/* User-space threads add a Usr column per CPU and to the ALL block. */
static void test_hist_user_context(void **state)
{
	struct fixture f;
	char *got;

	setup(&f, TRACER_TIMERLAT, MODE_HIST, 10, 1);
	f.params.threads.user_threads = true;
	histogram_add(&f.results.cpu[0].hist[CTX_IRQ], 1);
	histogram_add(&f.results.cpu[0].hist[CTX_THREAD], 3);
	histogram_add(&f.results.cpu[0].hist[CTX_USER], 4);
	histogram_add(&f.results.cpu[1].hist[CTX_IRQ], 2);
	histogram_add(&f.results.cpu[1].hist[CTX_THREAD], 5);
	histogram_add(&f.results.cpu[1].hist[CTX_USER], 12);
	got = render(&f, render_hist);
	assert_string_equal(got,
		"# RTLA timerlat histogram\n"
		"# Time unit is microseconds (us)\n"
		"# Duration:   0 00:00:05\n"
		"Index   IRQ-000   Thr-000   Usr-000   IRQ-001   Thr-001   Usr-001\n"
		"1             1         0         0         0         0         0 \n"
		"2             0         0         0         1         0         0 \n"
		"3             0         1         0         0         0         0 \n"
		"4             0         0         1         0         0         0 \n"
		"5             0         0         0         0         1         0 \n"
		"over:         0         0         0         0         0         1 \n"
		"count:        1         1         1         1         1         1 \n"
		"min:          1         3         4         2         5        12 \n"
		"avg:          1         3         4         2         5        12 \n"
		"max:          1         3         4         2         5        12 \n"
		"ALL:        IRQ       Thr       Usr\n"
		"count:        2         2         2 \n"
		"min:          1         3         4 \n"
		"avg:          1         4         8 \n"
		"max:          2         5        12 \n");
	free(got);
	teardown(&f);
}

/* rtla 7.2's layout of the three-context top table. */
static void test_top_user_context(void **state)
{
	struct fixture f;
	char *got, want[1024];

	setup(&f, TRACER_TIMERLAT, MODE_TOP, 0, 1);
	f.params.threads.user_threads = true;
	f.results.elapsed_s = 4;
	histogram_add(&f.results.cpu[0].hist[CTX_IRQ], 80);
	histogram_add(&f.results.cpu[0].hist[CTX_THREAD], 114);
	histogram_add(&f.results.cpu[0].hist[CTX_USER], 134);
	got = render(&f, render_timerlat_top);
	snprintf(want, sizeof(want),
		"                                     Timer Latency"
		"%87s\n"
		"  0 00:00:04   |          IRQ Timer Latency (us)        |         Thread Timer Latency (us)      |    Ret user Timer Latency (us)\n"
		"CPU COUNT      |      cur       min       avg       max |      cur       min       avg       max |      cur       min       avg       max\n"
		"  0 #1         |       80        80        80        80 |      114       114       114       114 |      134       134       134       134\n"
		"---------------|----------------------------------------|----------------------------------------|---------------------------------------\n"
		"ALL #1      e0 |                 80        80        80 |                114       114       114 |                134       134       134\n",
		"");
	assert_string_equal(got, want);
	free(got);
	teardown(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timerlat_hist_matches_rtla61),
		cmocka_unit_test(test_osnoise_hist_matches_rtla61),
		cmocka_unit_test(test_timerlat_top_matches_rtla61),
		cmocka_unit_test(test_osnoise_top_matches_rtla61),
		cmocka_unit_test(test_top_display),
		cmocka_unit_test(test_osnoise_top_piped_matches_rtla72),
		cmocka_unit_test(test_timerlat_top_piped_matches_rtla72),
		cmocka_unit_test(test_hist_options),
		cmocka_unit_test(test_hist_percentiles),
		cmocka_unit_test(test_hist_empty_column),
		cmocka_unit_test(test_hwnoise_top),
		cmocka_unit_test(test_format_duration),
		cmocka_unit_test(test_hist_user_context),
		cmocka_unit_test(test_top_user_context),
	};

	return RUN_SUITE("render", tests);
}
