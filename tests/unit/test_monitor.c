// SPDX-License-Identifier: GPL-2.0
/* The monitor's pieces: bucket bounds, windows and the exposition. */
#include <limits.h>
#include <pthread.h>
#include <time.h>

#include "testutil.h"

#include "layout_helper.h"

#include "model/buckets.h"
#include "model/sources.h"
#include "model/windows.h"
#include "output/monitor_metrics.h"
#include "output/prom.h"

static void fill(struct histogram *h, uint64_t value, int times)
{
	while (times--)
		histogram_add(h, value);
}

static void test_bucket_bounds_parse(void **state)
{
	struct bucket_bounds b;
	const char *why = NULL;

	assert_int_equal(bucket_bounds_parse("500ns,10,1ms,2s", &b, &why), 0);
	assert_int_equal(b.nr, 4);
	assert_int_equal(b.ns[0], 500);
	assert_int_equal(b.ns[1], 10000);
	assert_int_equal(b.ns[2], 1000000);
	assert_int_equal(b.ns[3], 2000000000ULL);
	assert_int_equal(bucket_bounds_parse("10us,10us", &b, &why), -1);
	assert_string_equal(why, "the bounds are not in ascending order");
	assert_int_equal(bucket_bounds_parse("10us,,20us", &b, &why), -1);
	assert_string_equal(why, "a bound is not a positive duration (10us, 1ms)");
	assert_int_equal(bucket_bounds_parse("0", &b, &why), -1);
	assert_int_equal(bucket_bounds_parse("5h", &b, &why), -1);
	assert_int_equal(bucket_bounds_parse("-5us", &b, &why), -1);
	assert_int_equal(bucket_bounds_parse("", &b, &why), -1);
	assert_int_equal(bucket_bounds_parse("99999999999999999999s", &b, &why), -1);
	assert_int_equal(default_bucket_bounds.nr, 16);
	assert_int_equal(default_bucket_bounds.ns[0], 1000);
	assert_int_equal(default_bucket_bounds.ns[15], 100000000);
}

static void test_bucket_bounds_too_many(void **state)
{
	char list[1024] = "";
	struct bucket_bounds b;
	const char *why;
	int i;

	for (i = 1; i <= MAX_BUCKET_BOUNDS; i++)
		snprintf(list + strlen(list), sizeof(list) - strlen(list),
			 "%s%dus", i > 1 ? "," : "", i);
	assert_int_equal(bucket_bounds_parse(list, &b, &why), 0);
	assert_int_equal(b.nr, MAX_BUCKET_BOUNDS);
	strcat(list, ",1000us");
	assert_int_equal(bucket_bounds_parse(list, &b, &why), -1);
	assert_string_equal(why, "more than 64 bounds");
}

/* Fine buckets of 10 us: a bound inside one waits for its top. */
static void test_cumulative(void **state)
{
	struct histogram h;

	histogram_alloc(&h, 10, 10);
	fill(&h, 3, 2);		/* bucket 0: 0..9 us */
	fill(&h, 15, 3);	/* bucket 1: 10..19 us */
	fill(&h, 99, 1);	/* bucket 9 */
	fill(&h, 250, 4);	/* over */
	assert_int_equal(prom_cumulative(&h, 1000, 8000), 0);
	assert_int_equal(prom_cumulative(&h, 1000, 9000), 2);
	assert_int_equal(prom_cumulative(&h, 1000, 9999), 2);
	assert_int_equal(prom_cumulative(&h, 1000, 19000), 5);
	assert_int_equal(prom_cumulative(&h, 1000, 98000), 5);
	assert_int_equal(prom_cumulative(&h, 1000, 99000), 6);
	/* past the fine histogram, the over samples are not claimed */
	assert_int_equal(prom_cumulative(&h, 1000, 1000000), 6);
	/* in ns units the same bucket tops are 9 ns, 19 ns... */
	assert_int_equal(prom_cumulative(&h, 1, 9), 2);
	assert_int_equal(prom_cumulative(&h, 1, 8), 0);
	histogram_free(&h);
}

/*
 * Bounds up to the fine histogram's end (100 us) are exposed, those past
 * it, which it cannot count to, left out: 1 ms would claim 5 of 9.
 */
static void test_histogram_bounds(void **state)
{
	static const uint64_t bounds[] = { 5000, 9000, 20000, 100000, 1000000 };
	struct capture cap;
	struct histogram h;
	const char *text;

	histogram_alloc(&h, 10, 10);
	fill(&h, 3, 2);
	fill(&h, 15, 3);
	fill(&h, 250, 4);
	capture_open(&cap);
	prom_histogram(cap.stream, "x", "cpu=\"0\"", &h, 1000, bounds, 5);
	text = capture_close(&cap);
	assert_string_equal(text,
		"x_bucket{cpu=\"0\",le=\"5e-06\"} 0\n"
		"x_bucket{cpu=\"0\",le=\"9e-06\"} 2\n"
		"x_bucket{cpu=\"0\",le=\"2e-05\"} 5\n"
		"x_bucket{cpu=\"0\",le=\"0.0001\"} 5\n"
		"x_bucket{cpu=\"0\",le=\"+Inf\"} 9\n"
		"x_sum{cpu=\"0\"} 0.001051\n"
		"x_count{cpu=\"0\"} 9\n");
	free((char *)text);
	histogram_free(&h);
}

static void test_label_escape(void **state)
{
	struct capture cap;
	const char *text;

	capture_open(&cap);
	prom_label_value(cap.stream, "a\"b\\c\nd");
	text = capture_close(&cap);
	assert_string_equal(text, "a\\\"b\\\\c\\nd");
	free((char *)text);
}

static void test_windows(void **state)
{
	struct monitor_windows w;
	const struct window_cell *c;

	assert_int_equal(windows_alloc(&w, 0), -1);
	assert_int_equal(windows_alloc(&w, 2), 0);
	windows_add(&w, 0, CTX_IRQ, 7, 1);
	windows_add(&w, 0, CTX_IRQ, 3, 1);
	windows_add(&w, 1, CTX_THREAD, 40, 10);
	windows_add(&w, 2, CTX_THREAD, 99, 1);	/* no such CPU: ignored */
	windows_add(&w, 1, CTX_USER, 1000, 0);	/* no samples: nothing */
	c = windows_cell(&w, w.current, 0, CTX_IRQ);
	assert_int_equal(c->count, 2);
	assert_int_equal(c->max, 7);
	assert_null(windows_cell(&w, w.current, 2, CTX_IRQ));
	assert_int_equal(windows_cell(&w, w.current, 1, CTX_USER)->count, 0);

	windows_end(&w);
	assert_int_equal(w.closed, 1);
	assert_int_equal(windows_cell(&w, w.current, 0, CTX_IRQ)->count, 0);
	assert_int_equal(windows_cell(&w, w.last, 0, CTX_IRQ)->max, 7);
	assert_int_equal(windows_cell(&w, w.last, 1, CTX_THREAD)->count, 10);
	assert_int_equal(windows_cell(&w, w.total, 1, CTX_THREAD)->max, 40);

	/* a quieter window: the last window's max falls, the total's not */
	windows_add(&w, 0, CTX_IRQ, 2, 5);
	windows_end(&w);
	assert_int_equal(w.closed, 2);
	c = windows_cell(&w, w.last, 0, CTX_IRQ);
	assert_int_equal(c->count, 5);
	assert_int_equal(c->max, 2);
	c = windows_cell(&w, w.total, 0, CTX_IRQ);
	assert_int_equal(c->count, 7);
	assert_int_equal(c->max, 7);
	c = windows_cell(&w, w.last, 1, CTX_THREAD);
	assert_int_equal(c->count, 0);
	assert_int_equal(c->max, 0);
	assert_int_equal(windows_cell(&w, w.total, 1, CTX_THREAD)->count, 10);

	/* a closed empty window keeps nothing of the one before */
	windows_end(&w);
	assert_int_equal(windows_cell(&w, w.last, 0, CTX_IRQ)->count, 0);
	assert_int_equal(windows_cell(&w, w.total, 0, CTX_IRQ)->count, 7);
	windows_free(&w);
	windows_free(&w);
}

/* Two CPUs of timerlat hist, 1 us buckets: the monitor's golden case. */
struct monitor_model {
	struct rtla_params params;
	struct rtla_results results;
	struct monitor_windows windows;
	const struct context_desc *shown[NR_CONTEXTS];
	struct monitor_metrics metrics;
	struct noise_sources sources;
};

static void monitor_model_init(struct monitor_model *m)
{
	memset(m, 0, sizeof(*m));
	params_alloc(&m->params, TRACER_TIMERLAT, MODE_HIST);
	m->params.entries = 200;
	CPU_SET(0, &m->params.cpu_set);
	CPU_SET(1, &m->params.cpu_set);
	assert_int_equal(results_alloc_params(&m->results, &m->params, 2), 0);
	m->results.collector = "bpf";
	assert_int_equal(windows_alloc(&m->windows, 2), 0);

	/* a first window, closed */
	fill(&m->results.cpu[0].hist[CTX_IRQ], 1, 50);
	fill(&m->results.cpu[0].hist[CTX_THREAD], 4, 50);
	fill(&m->results.cpu[1].hist[CTX_IRQ], 2, 49);
	fill(&m->results.cpu[1].hist[CTX_IRQ], 150, 1);
	fill(&m->results.cpu[1].hist[CTX_THREAD], 6, 49);
	fill(&m->results.cpu[1].hist[CTX_THREAD], 300, 1);	/* over */
	windows_add_results(&m->windows, &m->results);
	windows_end(&m->windows);
	/* the current window, not closed yet */
	fill(&m->results.cpu[0].hist[CTX_IRQ], 3, 10);
	windows_add(&m->windows, 0, CTX_IRQ, 3, 10);
	m->results.cpu[1].lost_events = 3;
	/* --sources=1: CPU 1's first source and the rest, CPU 0 all rest */
	assert_int_equal(sources_alloc(&m->sources, 2, 1, false), 0);
	m->results.sources = &m->sources;
	assert_int_equal(sources_add(&m->sources, 1, SOURCE_THREAD, "noisy", 5,
				     321, 2, 120000, 70000), 0);
	assert_int_equal(sources_add(&m->sources, 1, SOURCE_IRQ,
				     "local_timer", 11, 236, 50, 40000, 2000),
			 0);

	m->metrics = (struct monitor_metrics){
		.results = &m->results, .windows = &m->windows,
		.contexts = m->shown,
		.nr_contexts = tracer_shown_contexts(&m->params, m->shown),
		.version = "9.9", .kernel_release = "7.2.0-rt3 \"test\"",
		.threshold_hits = 2, .unmeasured_ns = 1500000,
	};
}

static void monitor_model_free(struct monitor_model *m)
{
	m->results.sources = NULL;
	sources_free(&m->sources);
	windows_free(&m->windows);
	results_free(&m->results);
	params_free(&m->params);
}

/*
 * A golden file differs: with RTLA_GOLDEN_OUT=DIR, what was written goes
 * to DIR/<golden> for review (and to replace the golden when meant).
 */
static void save_and_fail(const char *golden, const char *text)
{
	const char *dir = getenv("RTLA_GOLDEN_OUT");
	char path[512];
	FILE *f;

	if (dir) {
		snprintf(path, sizeof(path), "%s/%s", dir, strrchr(golden, '/') + 1);
		f = fopen(path, "w");
		if (f) {
			fputs(text, f);
			fclose(f);
		}
	}
	fail_msg("%s differs (RTLA_GOLDEN_OUT=DIR saves what was written)",
		 golden);
}

/* The exposition from monitor_metrics_sum_buckets()'s sums, @step a time. */
static char *write_summed(const struct monitor_metrics *metrics,
			  enum prom_format format, unsigned int step)
{
	pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	struct monitor_metrics summed = *metrics;
	struct capture cap;
	uint64_t *sums;

	sums = calloc(monitor_metrics_sums(metrics), sizeof(*sums));
	assert_non_null(sums);
	monitor_metrics_sum_buckets(metrics, sums, &lock, step);
	summed.per_bound = sums;
	capture_open(&cap);
	assert_int_equal(monitor_metrics_write(&summed, format, cap.stream), 0);
	free(sums);
	return (char *)capture_close(&cap);
}

static void assert_golden(const struct monitor_metrics *metrics,
			  enum prom_format format, const char *golden)
{
	struct capture cap;
	const char *text;
	char *want;

	capture_open(&cap);
	assert_int_equal(monitor_metrics_write(metrics, format, cap.stream), 0);
	text = capture_close(&cap);
	want = read_data_file(golden);
	if (strcmp(text, want))
		save_and_fail(golden, text);
	free((char *)text);
	/* a scrape's way: from the buckets summed beforehand, the same */
	text = write_summed(metrics, format, 3);
	if (strcmp(text, want))
		save_and_fail(golden, text);
	free(want);
	free((char *)text);
}

static void test_monitor_golden_text(void **state)
{
	struct monitor_model m;

	monitor_model_init(&m);
	assert_golden(&m.metrics, PROM_TEXT, "monitor/metrics.prom");
	monitor_model_free(&m);
}

static void test_monitor_golden_openmetrics(void **state)
{
	struct monitor_model m;

	monitor_model_init(&m);
	assert_golden(&m.metrics, PROM_OPENMETRICS, "monitor/metrics.om");
	monitor_model_free(&m);
}

/* --textfile: the text golden, replacing what was there, atomically */
static void test_monitor_textfile(void **state)
{
	char dir[] = "/tmp/rtla-textfile-XXXXXX", path[64], cmd[96];
	struct monitor_model m;
	char *want, *got;
	FILE *f;

	monitor_model_init(&m);
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/rtla.prom", dir);
	f = fopen(path, "w");
	fputs("old\n", f);
	fclose(f);
	assert_int_equal(monitor_metrics_write_textfile(&m.metrics, path), 0);
	want = read_data_file("monitor/metrics.prom");
	f = fopen(path, "r");
	got = calloc(1, strlen(want) + 2);
	assert_int_equal(fread(got, 1, strlen(want) + 1, f), strlen(want));
	fclose(f);
	assert_string_equal(got, want);
	snprintf(path, sizeof(path), "%s/no/such/dir", dir);
	assert_int_equal(monitor_metrics_write_textfile(&m.metrics, path), -1);
	free(got);
	free(want);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
	monitor_model_free(&m);
}

/* --buckets, no window closed yet, -u: user context, nanoseconds. */
static void test_monitor_buckets_golden(void **state)
{
	struct bucket_bounds bounds;
	struct monitor_model m;
	const char *why;

	monitor_model_init(&m);
	assert_int_equal(bucket_bounds_parse("2us,5us,150us", &bounds, &why), 0);
	m.metrics.bounds = &bounds;
	m.windows.closed = 0;
	m.params.user_threads = true;
	m.params.no_irq = true;
	m.metrics.nr_contexts = tracer_shown_contexts(&m.params, m.shown);
	fill(&m.results.cpu[0].hist[CTX_USER], 5, 2);
	assert_golden(&m.metrics, PROM_TEXT, "monitor/buckets.prom");
	monitor_model_free(&m);
}

struct summing {
	const struct monitor_metrics *metrics;
	uint64_t *sums;
	pthread_mutex_t lock;
	unsigned int step;
	volatile bool done;
};

static void *sum_all(void *arg)
{
	struct summing *s = arg;

	monitor_metrics_sum_buckets(s->metrics, s->sums, &s->lock, s->step);
	s->done = true;
	return NULL;
}

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* The longest the lock waited while @step buckets at a time were summed. */
static double longest_wait(struct summing *s, unsigned int step)
{
	double t, wait, longest = 0;
	pthread_t thread;

	s->step = step;
	s->done = false;
	assert_int_equal(pthread_create(&thread, NULL, sum_all, s), 0);
	while (!s->done) {
		t = now_ms();
		pthread_mutex_lock(&s->lock);
		wait = now_ms() - t;
		pthread_mutex_unlock(&s->lock);
		if (wait > longest)
			longest = wait;
		usleep(100);
	}
	pthread_join(thread, NULL);
	return longest;
}

/*
 * -E 8000000 on a CPU: while a scrape sums its histograms in steps, the
 * lock the samples are added under waits for one step, not for all of
 * them as when summed at once (a fifth of that at most: room for the
 * scheduler on a busy machine).
 */
static void test_sum_in_steps(void **state)
{
	struct summing s = { .lock = PTHREAD_MUTEX_INITIALIZER };
	double whole, steps;
	struct monitor_model m;
	int try;

	memset(&m, 0, sizeof(m));
	params_alloc(&m.params, TRACER_TIMERLAT, MODE_HIST);
	m.params.entries = 8000000;
	CPU_SET(0, &m.params.cpu_set);
	assert_int_equal(results_alloc_params(&m.results, &m.params, 1), 0);
	histogram_prefault(&m.results.cpu[0].hist[CTX_IRQ]);
	histogram_prefault(&m.results.cpu[0].hist[CTX_THREAD]);
	m.results.collector = "tracefs";
	fill(&m.results.cpu[0].hist[CTX_IRQ], 7, 3);
	fill(&m.results.cpu[0].hist[CTX_THREAD], 7999999, 2);
	m.metrics = (struct monitor_metrics){
		.results = &m.results, .contexts = m.shown,
		.nr_contexts = tracer_shown_contexts(&m.params, m.shown),
	};
	s.metrics = &m.metrics;
	s.sums = calloc(monitor_metrics_sums(&m.metrics), sizeof(*s.sums));
	/* a busy machine's scheduler can stretch one wait: three tries */
	for (try = 0; try < 3; try++) {
		whole = longest_wait(&s, UINT_MAX);
		steps = longest_wait(&s, 65536);
		print_message("the lock waited for %.2f ms at most, %.2f ms when summed at once\n",
			      steps, whole);
		if (steps * 5 < whole)
			break;
	}
	/* valgrind runs one thread at a time: the waits are its time slices */
	if (!getenv("RTLA_TEST_UNDER_VALGRIND"))
		assert_true(steps * 5 < whole);
	/* the sums are those of the whole histograms */
	assert_int_equal(s.sums[CTX_THREAD * (default_bucket_bounds.nr + 1) +
				default_bucket_bounds.nr], 2);
	free(s.sums);
	results_free(&m.results);
	params_free(&m.params);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bucket_bounds_parse),
		cmocka_unit_test(test_bucket_bounds_too_many),
		cmocka_unit_test(test_cumulative),
		cmocka_unit_test(test_histogram_bounds),
		cmocka_unit_test(test_label_escape),
		cmocka_unit_test(test_windows),
		cmocka_unit_test(test_monitor_golden_text),
		cmocka_unit_test(test_monitor_golden_openmetrics),
		cmocka_unit_test(test_monitor_textfile),
		cmocka_unit_test(test_monitor_buckets_golden),
		cmocka_unit_test(test_sum_in_steps),
	};

	return RUN_SUITE("monitor", tests);
}
