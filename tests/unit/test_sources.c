// SPDX-License-Identifier: GPL-2.0
/* --sources: the model, the hist files' parser, the text and reports. */
#include "testutil.h"

#include "layout_helper.h"

#include "params/params.h"
#include "collect/hist_trigger.h"
#include "collect/source_hist.h"
#include "model/results.h"
#include "model/sources.h"
#include "model/system_facts.h"
#include "output/render.h"
#include "output/report.h"

#define US	1000ull

static void add(struct noise_sources *s, int cpu, enum source_kind kind,
		const char *name, int id, uint64_t count, uint64_t total,
		uint64_t max)
{
	assert_int_equal(sources_add(s, cpu, kind, name,
				     name ? strlen(name) : 0, id, count, total,
				     max), 0);
}

static void test_rank_and_other(void **state)
{
	struct noise_sources s;
	struct sources_view v;
	uint64_t shares = 0;
	int i;

	assert_int_equal(sources_alloc(&s, 2, 2, false), 0);
	add(&s, 1, SOURCE_IRQ, "local_timer", 236, 100, 300 * US, 9 * US);
	add(&s, 1, SOURCE_THREAD, "noisy", 42, 10, 700 * US, 100 * US);
	add(&s, 1, SOURCE_SOFTIRQ, NULL, 1, 5, 50 * US, 20 * US);
	add(&s, 1, SOURCE_NMI, NULL, 0, 1, 25 * US, 25 * US);
	add(&s, 1, SOURCE_HW, NULL, 0, 2, 25 * US, 15 * US);
	/* the same source again adds up; its max is the larger */
	add(&s, 1, SOURCE_IRQ, "local_timer", 236, 1, 100 * US, 50 * US);
	assert_int_equal(sources_cpu_total(&s, 1), 1200 * US);
	assert_int_equal(sources_cpu_total(&s, 0), 0);

	assert_int_equal(sources_view(&s, 1, s.top, 0, NULL, &v), 0);
	assert_int_equal(v.nr, 5);
	assert_int_equal(v.shown, 2);
	assert_string_equal(v.rank[0]->name, "noisy:42");
	assert_string_equal(v.rank[1]->name, "local_timer");
	assert_int_equal(v.rank[1]->count, 101);
	assert_int_equal(v.rank[1]->total_ns, 400 * US);
	assert_int_equal(v.rank[1]->max_ns, 50 * US);
	/* ties by kind: nmi before hw */
	assert_string_equal(v.rank[2]->name, "TIMER");
	assert_string_equal(v.rank[3]->name, "nmi");
	assert_string_equal(v.rank[4]->name, "hardware");
	assert_int_equal(v.other.count, 8);
	assert_int_equal(v.other.total_ns, 100 * US);
	assert_int_equal(v.other.max_ns, 25 * US);
	assert_int_equal(v.total_ns, 1200 * US);
	/* rounded, the shares still make 100 % */
	for (i = 0; i <= v.shown; i++)
		shares += sources_view_share(&v, i);
	assert_int_equal(shares, 10000);
	assert_int_equal(sources_view_share(&v, 0), 5833);
	sources_view_free(&v);

	/* an empty CPU has nothing to rank */
	assert_int_equal(sources_view(&s, 0, 5, 0, NULL, &v), 0);
	assert_int_equal(v.nr, 0);
	assert_null(v.rank);
	sources_view_free(&v);

	sources_reset(&s);
	assert_int_equal(sources_cpu_total(&s, 1), 0);
	/* out of range */
	assert_int_equal(sources_add(&s, 2, SOURCE_IRQ, "x", 1, 0, 1, 1, 1),
			 -1);
	sources_free(&s);
	sources_free(&s);
	assert_int_equal(sources_share(1, 0), 0);
}

static void test_merge_by_comm(void **state)
{
	struct noise_sources by_pid, by_comm;
	struct sources_view v;

	assert_int_equal(sources_alloc(&by_pid, 1, 5, false), 0);
	assert_int_equal(sources_alloc(&by_comm, 1, 5, true), 0);
	/* comm as the kernel gives it: 16 bytes, NUL-padded */
	assert_int_equal(sources_add(&by_comm, 0, SOURCE_THREAD,
				     "kworker/0:1\0\0\0\0", 16, 11, 2, 10 * US,
				     6 * US), 0);
	add(&by_comm, 0, SOURCE_THREAD, "kworker/0:1", 57, 1, 5 * US, 5 * US);
	add(&by_pid, 0, SOURCE_THREAD, "kworker/0:1", 11, 2, 10 * US, 6 * US);
	add(&by_pid, 0, SOURCE_THREAD, "kworker/0:1", 57, 1, 5 * US, 5 * US);

	assert_int_equal(sources_view(&by_comm, 0, 5, 0, NULL, &v), 0);
	assert_int_equal(v.nr, 1);
	assert_string_equal(v.rank[0]->name, "kworker/0:1");
	assert_int_equal(v.rank[0]->count, 3);
	assert_int_equal(v.rank[0]->total_ns, 15 * US);
	assert_int_equal(v.rank[0]->max_ns, 6 * US);
	sources_view_free(&v);

	assert_int_equal(sources_view(&by_pid, 0, 5, 0, NULL, &v), 0);
	assert_int_equal(v.nr, 2);
	assert_string_equal(v.rank[0]->name, "kworker/0:1:11");
	assert_string_equal(v.rank[1]->name, "kworker/0:1:57");
	assert_int_equal(v.other.count, 0);
	sources_view_free(&v);
	sources_free(&by_pid);
	sources_free(&by_comm);
}

static const struct noise_source *find(const struct noise_sources *s, int cpu,
				       const char *name)
{
	int i;

	for (i = 0; i < s->cpu[cpu].nr; i++)
		if (!strcmp(s->cpu[cpu].list[i].name, name))
			return &s->cpu[cpu].list[i];
	fail_msg("no source %s on CPU %d", name, cpu);
	return NULL;
}

static void parse_file(const char *file, enum source_kind kind,
		       struct noise_sources *s, long keys)
{
	char *text = read_data_file(file);
	uint64_t dropped = 1;
	bool has_max = false;

	assert_int_equal(source_hist_parse(text, kind, s, &dropped, &has_max),
			 keys);
	assert_int_equal(dropped, 0);
	assert_true(has_max);
	free(text);
}

static void expect_source(const struct noise_sources *s, int cpu,
			  const char *name, uint64_t count, uint64_t total,
			  uint64_t max)
{
	const struct noise_source *src = find(s, cpu, name);

	assert_int_equal(src->count, count);
	assert_int_equal(src->total_ns, total);
	assert_int_equal(src->max_ns, max);
}

/* Hist files captured from the kernels' own triggers (source_hist.c's). */
static void test_parse_golden(void **state)
{
	struct noise_sources s;

	assert_int_equal(sources_alloc(&s, 2, 5, false), 0);
	parse_file("sources/irq_noise-7.2.hist", SOURCE_IRQ, &s, 6);
	expect_source(&s, 1, "local_timer", 422, 26559841, 429485);
	expect_source(&s, 0, "call_function_single", 10, 195582, 58521);
	parse_file("sources/thread_noise-7.2.hist", SOURCE_THREAD, &s, 24);
	expect_source(&s, 1, "sh:139", 49, 390794328, 34174469);
	find(&s, 1, "kworker/u9:0:83");
	assert_int_equal(s.cpu[0].nr + s.cpu[1].nr, 30);
	sources_reset(&s);

	parse_file("sources/irq_noise-6.1.hist", SOURCE_IRQ, &s, 5);
	expect_source(&s, 1, "local_timer", 242, 265130301, 43172658);
	parse_file("sources/thread_noise-6.1.hist", SOURCE_THREAD, &s, 25);
	expect_source(&s, 1, "sh:114", 8, 101447535, 18355904);
	sources_free(&s);
}

static void test_parse_edges(void **state)
{
	static const char no_max[] =
		"{ cpu:          3, vector:          1 } hitcount:          4  duration:       8000\n"
		"{ cpu:          3 } hitcount:          1  duration:        100\n"
		"\nTotals:\n    Hits: 5\n    Entries: 2\n    Dropped: 7\n";
	static const char hw[] =
		"{ cpu:          0 } hitcount:          2  duration:      30000\n"
		"\tmax:      20000  start: 1234\n"
		"\nTotals:\n    Hits: 2\n    Entries: 1\n    Dropped: 0\n";
	const struct noise_source *src;
	struct noise_sources s;
	uint64_t dropped;
	bool has_max;

	assert_int_equal(sources_alloc(&s, 4, 5, false), 0);
	assert_int_equal(source_hist_parse("not a hist", SOURCE_IRQ, &s,
					   &dropped, &has_max), -1);
	assert_int_equal(source_hist_parse(NULL, SOURCE_IRQ, &s, &dropped,
					   &has_max), -1);
	/* the second key has no vector: not a softirq's, skipped */
	assert_int_equal(source_hist_parse(no_max, SOURCE_SOFTIRQ, &s,
					   &dropped, &has_max), 1);
	assert_int_equal(dropped, 7);
	assert_false(has_max);
	src = find(&s, 3, "TIMER");
	assert_int_equal(src->total_ns, 8000);
	assert_int_equal(source_hist_parse(hw, SOURCE_HW, &s, &dropped,
					   &has_max), 1);
	assert_true(has_max);
	src = find(&s, 0, "hardware");
	assert_int_equal(src->count, 2);
	assert_int_equal(src->max_ns, 20000);
	sources_free(&s);
}

static void count_noise(void *ctx, int cpu, uint64_t value_ns,
			uint64_t count)
{
	uint64_t *seen = ctx;

	assert_int_equal(cpu, 1);
	assert_int_equal(value_ns, 2000);
	*seen += count;
}

/* osnoise hist's trigger and --sources' hw one share sample_threshold. */
static void test_shared_hist_file(void **state)
{
	static const char text[] =
		"# event histogram\n#\n"
		"# trigger info: hist:keys=common_cpu,duration.buckets=1000:vals=hitcount:sort=hitcount:size=256 if duration < 256000 [active]\n"
		"#\n\n"
		"{ cpu:          1, duration: ~ 2000-2999 } hitcount:          5\n"
		"\nTotals:\n    Hits: 5\n    Entries: 1\n    Dropped: 3\n\n"
		"# event histogram\n#\n"
		"# trigger info: hist:keys=common_cpu:vals=hitcount,duration:d=duration:sort=hitcount:size=256:onmax($d).save(start) if interference == 0 [active]\n"
		"#\n\n"
		"{ cpu:          1 } hitcount:          2  duration:      30000\n"
		"\tmax:      20000  start: 1234\n"
		"\nTotals:\n    Hits: 2\n    Entries: 1\n    Dropped: 0\n";
	struct noise_sources s;
	uint64_t dropped, seen = 0;
	bool has_max;

	assert_int_equal(hist_trigger_parse(text, count_noise, &seen, &dropped),
			 1);
	assert_int_equal(seen, 5);
	assert_int_equal(dropped, 3);
	assert_int_equal(sources_alloc(&s, 2, 5, false), 0);
	assert_int_equal(source_hist_parse(text, SOURCE_HW, &s, &dropped,
					   &has_max), 1);
	assert_int_equal(dropped, 0);
	assert_int_equal(find(&s, 1, "hardware")->total_ns, 30000);
	sources_free(&s);
}

static void test_triggers(void **state)
{
	char buf[256];

	assert_int_equal(source_hist_trigger(SOURCE_IRQ, true, 8, buf,
					     sizeof(buf)), 0);
	assert_string_equal(buf, "hist:keys=cpu,desc:d=duration:vals=hitcount,duration:size=256:onmax($d).save(vector)");
	assert_int_equal(source_hist_trigger(SOURCE_THREAD, false, 8, buf,
					     sizeof(buf)), 0);
	assert_string_equal(buf, "hist:keys=cpu,comm,pid:vals=hitcount,duration:size=8192");
	assert_int_equal(source_hist_trigger(SOURCE_HW, true, 1, buf,
					     sizeof(buf)), 0);
	assert_string_equal(buf, "hist:keys=cpu:d=duration:vals=hitcount,duration:size=128:onmax($d).save(start) if interference == 0");
	assert_string_equal(source_event_name(SOURCE_NMI), "nmi_noise");
	assert_int_equal(source_hist_trigger(SOURCE_IRQ, true, 1, buf, 10), -1);
	assert_int_equal(source_hist_trigger(NR_SOURCE_KINDS, true, 1, buf,
					     sizeof(buf)), -1);
}

/*
 * The maps grow with the CPUs measured, in powers of two within the
 * kernel's bounds (128 to 131072 entries).
 */
static void test_map_sizes(void **state)
{
	assert_int_equal(source_hist_map_size(SOURCE_THREAD, 1), 1024);
	assert_int_equal(source_hist_map_size(SOURCE_THREAD, 3), 4096);
	assert_int_equal(source_hist_map_size(SOURCE_THREAD, 0), 1024);
	assert_int_equal(source_hist_map_size(SOURCE_THREAD, 4096), 131072);
	assert_int_equal(source_hist_map_size(SOURCE_IRQ, 1), 128);
	assert_int_equal(source_hist_map_size(SOURCE_IRQ, 5), 256);
	assert_int_equal(source_hist_map_size(SOURCE_SOFTIRQ, 64), 1024);
	assert_int_equal(source_hist_map_size(SOURCE_NMI, 200), 256);
	assert_int_equal(source_hist_map_size(NR_SOURCE_KINDS, 1), 0);
}

struct fixture {
	struct rtla_params params;
	struct rtla_results results;
	struct noise_sources sources;
};

/* @tracer's results for CPU 1 of 2, with --sources=2 and no source yet. */
static void fixture_alloc(struct fixture *f, enum rtla_tracer tracer,
			  enum rtla_mode mode, bool max_exact)
{
	memset(f, 0, sizeof(*f));
	params_alloc(&f->params, tracer, mode);
	CPU_ZERO(&f->params.cpu_set);
	CPU_SET(1, &f->params.cpu_set);
	assert_int_equal(results_alloc_params(&f->results, &f->params, 2), 0);
	assert_int_equal(sources_alloc(&f->sources, 2, 2, false), 0);
	f->sources.max_exact = max_exact;
	f->sources.collector = "bpf";
	f->results.sources = &f->sources;
}

static void fixture_init(struct fixture *f, enum rtla_mode mode,
			 bool max_exact)
{
	struct noise_period period = { .runtime = 1000000, .noise = 405000 };

	fixture_alloc(f, TRACER_OSNOISE, mode, max_exact);
	add(&f->sources, 1, SOURCE_THREAD, "noisy", 321, 400, 401234567,
	    1001234);
	add(&f->sources, 1, SOURCE_IRQ, "local_timer", 236, 1000, 2500000,
	    9000);
	add(&f->sources, 1, SOURCE_SOFTIRQ, NULL, 1, 50, 500000, 30000);
	add(&f->sources, 1, SOURCE_HW, NULL, 0, 3, 60000, 40000);
	/* counted, as osnoise hist counts it */
	f->sources.hw_counted = true;
	results_add_period(&f->results, 1, &period);
}

static void fixture_free(struct fixture *f)
{
	f->results.sources = NULL;
	sources_free(&f->sources);
	results_free(&f->results);
	params_free(&f->params);
}

static void test_render_golden(void **state)
{
	static const char expected[] =
		"\n"
		"Noise sources, top 2 a CPU by total time | time is in us\n"
		"CPU kind     source                               count         total           max           avg   share\n"
		"  1 thread   noisy:321                              400    401234.567      1001.234      1003.086  99.24%\n"
		"  1 irq      local_timer                           1000      2500.000         9.000         2.500   0.62%\n"
		"  1 other    (2 more sources)                        53       560.000        40.000        10.566   0.14%\n";
	struct capture cap;
	struct fixture f;

	fixture_init(&f, MODE_TOP, true);
	capture_open(&cap);
	render_sources(cap.stream, &f.results);
	assert_string_equal(capture_close(&cap), expected);
	free(cap.text);

	/* without onmax() no max is shown */
	f.sources.max_exact = false;
	capture_open(&cap);
	render_sources(cap.stream, &f.results);
	assert_non_null(strstr(capture_close(&cap),
		"  1 irq      local_timer                           1000      2500.000             -         2.500   0.62%\n"));
	free(cap.text);
	fixture_free(&f);
}

/* What @write makes of @report. */
static char *report_text(const struct run_report *report,
			 int (*write)(const struct run_report *, FILE *))
{
	struct capture cap;

	capture_open(&cap);
	assert_int_equal(write(report, cap.stream), 0);
	return (char *)capture_close(&cap);
}

/* Each of @wanted (NULL-terminated) is in @text. */
static void expect_all(const char *text, const char *const *wanted)
{
	for (; *wanted; wanted++)
		if (!strstr(text, *wanted))
			fail_msg("missing: %s", *wanted);
}

/*
 * @f's JSON and OpenMetrics reports, as @tool writes them, have each of
 * @json and @metrics; the metrics not @absent (if not NULL).
 */
static void expect_reports(struct fixture *f, const char *tool,
			   const char *const *json, const char *const *metrics,
			   const char *absent)
{
	struct system_facts system = { .cpu_dma_latency_us = -1 };
	struct run_report report = { .tool_name = tool, .version = "test",
				     .system = &system };
	char *text;

	f->results.collector = "hist-trigger";
	report.params = &f->params;
	report.results = &f->results;
	text = report_text(&report, report_write_openmetrics);
	expect_all(text, metrics);
	if (absent)
		assert_null(strstr(text, absent));
	free(text);
	text = report_text(&report, report_write_json);
	expect_all(text, json);
	free(text);
}

/*
 * Where hardware noise is not counted (osnoise top, hwnoise), it is the
 * noise no other source accounts for: a source ranked with the others,
 * its count the periods' HW, its longest unknown.  The shares are of the
 * noise.
 */
static void test_derived_hw(void **state)
{
	static const char expected[] =
		"\n"
		"Noise sources, top 5 a CPU by total time | time is in us\n"
		"CPU kind     source                               count         total           max           avg   share\n"
		"  1 thread   noisy:321                              400    401234.567      1001.234      1003.086  99.07%\n"
		"  1 irq      local_timer                           1000      2500.000         9.000         2.500   0.62%\n"
		"  1 hw       hardware                                 7       765.433             -       109.347   0.19%\n"
		"  1 softirq  TIMER                                   50       500.000        30.000        10.000   0.12%\n";
	static const char *const json[] = {
		"\"kind\": \"hw\",\n              \"source\": \"hardware\",\n              \"count\": 7,\n              \"total_ns\": 765433,\n              \"max_ns\": null,\n",
		"\"total_ns\": 405000000,\n",
		NULL,
	};
	static const char *const metrics[] = {
		"rtla_osnoise_source_seconds_total{cpu=\"1\",kind=\"hw\",source=\"hardware\"} 0.000765433\n",
		NULL,
	};
	struct noise_period period = { .runtime = 1000000, .noise = 405000,
				       .hw = 7 };
	struct capture cap;
	struct fixture f;

	fixture_alloc(&f, TRACER_OSNOISE, MODE_TOP, true);
	f.sources.top = 5;
	add(&f.sources, 1, SOURCE_THREAD, "noisy", 321, 400, 401234567,
	    1001234);
	add(&f.sources, 1, SOURCE_IRQ, "local_timer", 236, 1000, 2500000,
	    9000);
	add(&f.sources, 1, SOURCE_SOFTIRQ, NULL, 1, 50, 500000, 30000);
	results_add_period(&f.results, 1, &period);
	capture_open(&cap);
	render_sources(cap.stream, &f.results);
	assert_string_equal(capture_close(&cap), expected);
	free(cap.text);
	expect_reports(&f, "osnoise top", json, metrics, NULL);

	/* sources over the noise: nothing left for the hardware */
	add(&f.sources, 1, SOURCE_THREAD, "noisy", 321, 1, 5000000, 5000000);
	capture_open(&cap);
	render_sources(cap.stream, &f.results);
	assert_null(strstr(capture_close(&cap), "hardware"));
	free(cap.text);
	fixture_free(&f);
}

static void test_reports(void **state)
{
	static const char *const metrics[] = {
		"# TYPE rtla_osnoise_source_seconds_total counter\n",
		"rtla_osnoise_source_seconds_total{cpu=\"1\",kind=\"thread\",source=\"noisy:321\"} 0.401234567\n",
		"rtla_osnoise_source_seconds_total{cpu=\"1\",kind=\"irq\",source=\"local_timer\"} 0.0025\n",
		"rtla_osnoise_source_seconds_total{cpu=\"1\",kind=\"other\",source=\"other\"} 0.00056\n",
		NULL,
	};
	static const char *const json[] = {
		"\"source\": \"TIMER\",\n              \"count\": 50,\n              \"total_ns\": 500000,\n              \"max_ns\": 30000,\n              \"avg_ns\": 10000,\n              \"share_percent\": 0.12\n",
		"\"share_percent\": 99.24\n",
		"\"source\": \"hardware\"",
		"\"total_ns\": 404294567",
		"\"max_exact\": true",
		"\"collector\": \"bpf\"",
		"\"windows\": false",
		NULL,
	};
	struct fixture f;

	fixture_init(&f, MODE_HIST, true);
	/* every source in the JSON, only the top 2 and other in metrics */
	expect_reports(&f, "osnoise hist", json, metrics, "source=\"TIMER\"");
	fixture_free(&f);
}

/*
 * timerlat: the shares are of the CPU's thread latency, the part no
 * source accounts for in the other line with the sources past N.
 */
static void test_timerlat_share(void **state)
{
	static const char expected[] =
		"\n"
		"Sources of thread latency, top 2 a CPU by total time, share of the thread latency | time is in us\n"
		"CPU kind     source                               count         total           max           avg   share\n"
		"  1 thread   noisy:321                                2      1500.000      1000.000       750.000  37.50%\n"
		"  1 irq      local_timer                              4       400.000       150.000       100.000  10.00%\n"
		"  1 other    (1 more sources, the rest)               1      2100.000        50.000       100.000  52.50%\n";
	static const char *const json[] = {
		"\"total_ns\": 2000000,\n          \"rest_ns\": 2000000,\n          \"rest_share_percent\": 50.00,\n",
		"\"source\": \"noisy:321\",\n              \"count\": 2,\n              \"total_ns\": 1500000,\n              \"max_ns\": 1000000,\n              \"avg_ns\": 750000,\n              \"share_percent\": 37.50\n",
		"\"source\": \"TIMER\",\n              \"count\": 1,\n              \"total_ns\": 100000,\n              \"max_ns\": 50000,\n              \"avg_ns\": 100000,\n              \"share_percent\": 2.50\n",
		NULL,
	};
	static const char *const metrics[] = {
		"# HELP rtla_timerlat_source_seconds_total Thread latency by source",
		"rtla_timerlat_source_seconds_total{cpu=\"1\",kind=\"thread\",source=\"noisy:321\"} 0.0015\n",
		"rtla_timerlat_source_seconds_total{cpu=\"1\",kind=\"irq\",source=\"local_timer\"} 0.0004\n",
		"rtla_timerlat_source_seconds_total{cpu=\"1\",kind=\"other\",source=\"other\"} 0.0021\n",
		NULL,
	};
	struct sources_view v;
	struct capture cap;
	struct fixture f;

	fixture_alloc(&f, TRACER_TIMERLAT, MODE_HIST, true);
	add(&f.sources, 1, SOURCE_THREAD, "noisy", 321, 2, 1500000, 1000000);
	add(&f.sources, 1, SOURCE_IRQ, "local_timer", 236, 4, 400000, 150000);
	add(&f.sources, 1, SOURCE_SOFTIRQ, NULL, 1, 1, 100000, 50000);
	/* 4 ms of thread latency, 2 of them in no source */
	results_add_sample(&f.results, 1, CTX_THREAD, 1000000);
	results_add_sample(&f.results, 1, CTX_THREAD, 1000000);
	results_add_sample(&f.results, 1, CTX_THREAD, 2000000);
	results_add_sample(&f.results, 1, CTX_IRQ, 500000);
	assert_int_equal(results_sources_whole(&f.results, 1), 4000000);
	assert_int_equal(results_sources_whole(&f.results, 0), 0);

	capture_open(&cap);
	render_sources(cap.stream, &f.results);
	assert_string_equal(capture_close(&cap), expected);
	free(cap.text);

	expect_reports(&f, "timerlat hist", json, metrics, NULL);

	/* a whole below the sources' sum: the shares are of the sources */
	assert_int_equal(sources_view(&f.sources, 1, 5, 1000, NULL, &v), 0);
	assert_false(v.has_other);
	assert_int_equal(v.rest_ns, 0);
	assert_int_equal(v.total_ns, 2000000);
	sources_view_free(&v);
	/* a CPU with latency and no source: all of it the rest */
	assert_int_equal(sources_view(&f.sources, 0, 5, 3000, NULL, &v), 0);
	assert_true(v.has_other);
	assert_int_equal(v.shown, 0);
	assert_int_equal(v.other.total_ns, 3000);
	assert_int_equal(sources_view_share(&v, 0), 10000);
	sources_view_free(&v);
	fixture_free(&f);
}

static char *other_line(struct fixture *f, struct other_counter *other)
{
	struct capture cap;
	char *line, *end;

	capture_open(&cap);
	metrics_write_sources(cap.stream, "s", &f->results, other);
	capture_close(&cap);
	line = strstr(cap.text, "s_total{cpu=\"1\",kind=\"other\"");
	assert_non_null(line);
	end = strchr(line, '\n');
	assert_non_null(end);
	line = strndup(line, end - line);
	free(cap.text);
	return line;
}

/*
 * The monitor's other never decreases: sources counted ahead of the
 * whole lower the rest, and the series holds its highest value until the
 * rest has caught up.  A report's other is the view's.
 */
static void test_other_never_decreases(void **state)
{
	struct other_counter other[2] = { { 0 } };
	struct other_counter c = { 0 };
	struct fixture f;
	char *line;

	assert_int_equal(other_counter_update(&c, 5), 5);
	assert_int_equal(other_counter_update(&c, 3), 5);
	assert_int_equal(other_counter_update(&c, 9), 9);

	fixture_alloc(&f, TRACER_TIMERLAT, MODE_HIST, true);
	f.sources.top = 1;
	add(&f.sources, 1, SOURCE_THREAD, "noisy", 321, 2, 1500000, 1000000);
	add(&f.sources, 1, SOURCE_IRQ, "local_timer", 236, 4, 400000, 150000);
	results_add_sample(&f.results, 1, CTX_THREAD, 4000000);
	/* other: local_timer's 0.4 ms and 2.1 ms of rest */
	line = other_line(&f, other);
	assert_string_equal(line, "s_total{cpu=\"1\",kind=\"other\",source=\"other\"} 0.0025");
	free(line);
	/* 1 ms more of sources, no more thread latency yet: a dip, held */
	add(&f.sources, 1, SOURCE_THREAD, "noisy", 321, 1, 1000000, 1000000);
	line = other_line(&f, other);
	assert_string_equal(line, "s_total{cpu=\"1\",kind=\"other\",source=\"other\"} 0.0025");
	free(line);
	line = other_line(&f, NULL);
	assert_string_equal(line, "s_total{cpu=\"1\",kind=\"other\",source=\"other\"} 0.0015");
	free(line);
	/* the whole catches up: other rises past its highest */
	results_add_sample(&f.results, 1, CTX_THREAD, 3000000);
	line = other_line(&f, other);
	assert_string_equal(line, "s_total{cpu=\"1\",kind=\"other\",source=\"other\"} 0.0045");
	free(line);
	assert_int_equal(other[0].value, 0);
	fixture_free(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_other_never_decreases),
		cmocka_unit_test(test_derived_hw),
		cmocka_unit_test(test_rank_and_other),
		cmocka_unit_test(test_merge_by_comm),
		cmocka_unit_test(test_parse_golden),
		cmocka_unit_test(test_parse_edges),
		cmocka_unit_test(test_shared_hist_file),
		cmocka_unit_test(test_triggers),
		cmocka_unit_test(test_map_sizes),
		cmocka_unit_test(test_render_golden),
		cmocka_unit_test(test_reports),
		cmocka_unit_test(test_timerlat_share),
	};

	return RUN_SUITE("sources", tests);
}
