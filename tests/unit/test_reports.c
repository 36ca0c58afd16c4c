// SPDX-License-Identifier: GPL-2.0
/* Percentiles, budgets and the machine-readable reports. */
#include "testutil.h"

#include "layout_helper.h"

#include <unistd.h>

#include <json.h>

#include "model/budget.h"
#include "model/percentile.h"
#include "output/report.h"

/* The budgets of @params judged as a run judges them. */
static int evaluate_params(const struct rtla_params *params,
			   const struct rtla_results *results,
			   struct budget_verdict *verdicts, int max)
{
	struct budget_set set = params_budget_set(params);

	return budgets_evaluate(&set, results, verdicts, max);
}

static int check_range(const struct rtla_params *params, char *reason)
{
	struct budget_set set = params_budget_set(params);

	return budgets_check_range(&set, reason, 320);
}

static void fill(struct histogram *h, uint64_t value, int times)
{
	while (times--)
		histogram_add(h, value);
}

static void test_percentile_uniform(void **state)
{
	struct histogram h;
	uint64_t v, i;

	histogram_alloc(&h, 100, 1);
	for (i = 0; i < 100; i++)
		histogram_add(&h, i);
	assert_int_equal(histogram_percentile(&h, 0.50, &v), PERCENTILE_FOUND);
	assert_int_equal(v, 49);
	assert_int_equal(histogram_percentile(&h, 0.90, &v), PERCENTILE_FOUND);
	assert_int_equal(v, 89);
	assert_int_equal(histogram_percentile(&h, 0.99, &v), PERCENTILE_FOUND);
	assert_int_equal(v, 98);
	assert_int_equal(histogram_percentile(&h, 0.999, &v), PERCENTILE_FOUND);
	assert_int_equal(v, 99);
	assert_int_equal(histogram_percentile(&h, 1.0, &v), PERCENTILE_FOUND);
	assert_int_equal(v, 99);
	histogram_free(&h);
}

static void test_percentile_spike(void **state)
{
	struct histogram h;
	uint64_t v;

	histogram_alloc(&h, 50, 10);
	fill(&h, 12, 999);
	histogram_add(&h, 400);
	assert_int_equal(histogram_percentile(&h, 0.999, &v), PERCENTILE_FOUND);
	assert_int_equal(v, 10);
	assert_int_equal(histogram_percentile(&h, 0.9999, &v), PERCENTILE_FOUND);
	assert_int_equal(v, 400);
	histogram_free(&h);
}

static void test_percentile_overflow_and_empty(void **state)
{
	struct histogram h;
	uint64_t v;

	histogram_alloc(&h, 10, 1);
	assert_int_equal(histogram_percentile(&h, 0.5, &v), PERCENTILE_EMPTY);
	fill(&h, 50, 3);
	assert_int_equal(histogram_percentile(&h, 0.5, &v), PERCENTILE_OVER);
	assert_int_equal(v, 10);
	fill(&h, 1, 7);
	assert_int_equal(histogram_percentile(&h, 0.7, &v), PERCENTILE_FOUND);
	assert_int_equal(v, 1);
	assert_int_equal(histogram_percentile(&h, 0.71, &v), PERCENTILE_OVER);
	histogram_free(&h);
}

static void test_percentile_parse(void **state)
{
	double q;

	assert_int_equal(percentile_parse("p99.9", &q), 0);
	assert_true(q > 0.9989 && q < 0.9991);
	assert_int_equal(percentile_parse("p50", &q), 0);
	assert_int_equal(percentile_parse("p0", &q), -1);
	assert_int_equal(percentile_parse("p101", &q), -1);
	assert_int_equal(percentile_parse("pxx", &q), -1);
	assert_int_equal(percentile_parse("max", &q), -1);
	/* nothing to read past the end of an empty name */
	assert_int_equal(percentile_parse("", &q), -1);
	/* plain decimals only: no exponent, no hexadecimal */
	assert_int_equal(percentile_parse("p1e2", &q), -1);
	assert_int_equal(percentile_parse("p0x32", &q), -1);
	assert_int_equal(percentile_parse("p99.", &q), -1);
	assert_int_equal(percentile_parse("p9.9.9", &q), -1);
	assert_int_equal(percentile_parse("p100", &q), 0);
}

static void test_budget_parse(void **state)
{
	const char *why = NULL;
	struct budget b;

	assert_int_equal(budget_parse("thread:p99.9=50us", TRACER_TIMERLAT,
				      MODE_HIST, &b, &why), 0);
	assert_int_equal(b.context, CTX_THREAD);
	assert_int_equal(b.stat, BUDGET_PERCENTILE);
	assert_int_equal(b.limit, 50000);
	assert_int_equal(budget_parse("irq:max=20", TRACER_TIMERLAT, MODE_TOP,
				      &b, &why), 0);
	assert_int_equal(b.limit, 20000);
	assert_int_equal(budget_parse("thread:over=0", TRACER_TIMERLAT,
				      MODE_HIST, &b, &why), 0);
	assert_int_equal(b.stat, BUDGET_OVER);
	assert_int_equal(b.limit, 0);
	assert_int_equal(budget_parse("noise:avg=2ms", TRACER_OSNOISE,
				      MODE_HIST, &b, &why), 0);
	assert_int_equal(b.limit, 2000000);

	assert_int_equal(budget_parse("thread:p99=50us", TRACER_TIMERLAT,
				      MODE_TOP, &b, &why), -1);
	assert_string_equal(why, "percentiles and over need hist mode");
	assert_int_equal(budget_parse("noise:max=5", TRACER_TIMERLAT,
				      MODE_HIST, &b, &why), -1);
	assert_string_equal(why, "timerlat budgets are on irq, thread or user");
	assert_int_equal(budget_parse("thread:max=5", TRACER_OSNOISE,
				      MODE_HIST, &b, &why), -1);
	assert_string_equal(why, "osnoise budgets are on noise");
	assert_int_equal(budget_parse("thread:p1e2=5", TRACER_TIMERLAT,
				      MODE_HIST, &b, &why), -1);
	assert_string_equal(why, "statistic must be max, avg, over or a percentile like p99.9");
	assert_int_equal(budget_parse("user:max=7us", TRACER_TIMERLAT,
				      MODE_TOP, &b, &why), 0);
	assert_int_equal(b.context, CTX_USER);
	assert_int_equal(b.limit, 7000);
	assert_int_equal(budget_parse("thread:median=5", TRACER_TIMERLAT,
				      MODE_HIST, &b, &why), -1);
	assert_int_equal(budget_parse("thread:max", TRACER_TIMERLAT,
				      MODE_HIST, &b, &why), -1);
	assert_int_equal(budget_parse("thread:max=5h", TRACER_TIMERLAT,
				      MODE_HIST, &b, &why), -1);
	assert_int_equal(budget_parse("thread:over=1us", TRACER_TIMERLAT,
				      MODE_HIST, &b, &why), -1);
	assert_int_equal(budget_parse("noise:avg=5", TRACER_OSNOISE,
				      MODE_TOP, &b, &why), -1);
}

/* A two-CPU timerlat hist run: CPU 0 quiet, CPU 1 with a spike. */
struct model {
	struct rtla_params params;
	struct rtla_results results;
	struct system_facts system;
	struct budget_verdict verdicts[16];
	struct run_report report;
};

static void model_init(struct model *m)
{
	const char *why;

	memset(m, 0, sizeof(*m));
	params_alloc(&m->params, TRACER_TIMERLAT, MODE_HIST);
	m->params.hist.entries = 100;
	CPU_SET(0, &m->params.threads.cpu_set);
	CPU_SET(1, &m->params.threads.cpu_set);
	m->params.reports.cmdline = strdup("rtla timerlat hist -d 1s");
	assert_int_equal(budget_parse("thread:p99=50us", TRACER_TIMERLAT,
				      MODE_HIST, &m->params.reports.budgets[0],
				      &why), 0);
	assert_int_equal(budget_parse("irq:max=20us", TRACER_TIMERLAT,
				      MODE_HIST, &m->params.reports.budgets[1],
				      &why), 0);
	m->params.reports.nr_budgets = 2;
	assert_int_equal(results_alloc_params(&m->results, &m->params, 2), 0);
	fill(&m->results.cpu[0].hist[CTX_IRQ], 5, 100);
	fill(&m->results.cpu[0].hist[CTX_THREAD], 10, 100);
	fill(&m->results.cpu[1].hist[CTX_IRQ], 6, 99);
	histogram_add(&m->results.cpu[1].hist[CTX_IRQ], 30);
	fill(&m->results.cpu[1].hist[CTX_THREAD], 12, 98);
	fill(&m->results.cpu[1].hist[CTX_THREAD], 500, 2);
	m->results.cpu[1].lost_events = 4;
	m->results.elapsed_s = 1;
	snprintf(m->system.sysname, sizeof(m->system.sysname), "Linux");
	snprintf(m->system.clocksource, sizeof(m->system.clocksource), "tsc");
	m->system.realtime = true;
	m->system.cpu_dma_latency_us = -1;
	m->report = (struct run_report){
		.tool_name = "timerlat hist", .version = "9.9",
		.params = &m->params, .results = &m->results,
		.system = &m->system, .start_time = 1000, .end_time = 1001,
		.exit_status = 2, .verdicts = m->verdicts,
		.end_reason = "duration", .period_us = 1000,
	};
	m->report.nr_verdicts = evaluate_params(&m->params, &m->results,
						 m->verdicts, 16);
}

static void model_free(struct model *m)
{
	results_free(&m->results);
	params_free(&m->params);
}

static void test_budget_evaluate(void **state)
{
	struct model m;
	char line[256];

	model_init(&m);
	assert_int_equal(m.report.nr_verdicts, 4);
	/* thread p99 on CPU 0: 10, on CPU 1: past the buckets */
	assert_int_equal(m.verdicts[0].result, BUDGET_MET);
	assert_int_equal(m.verdicts[0].value, 10);
	assert_int_equal(m.verdicts[0].limit, 50);
	assert_int_equal(m.verdicts[1].result, BUDGET_MISSED);
	assert_true(m.verdicts[1].past_end);
	budget_verdict_describe(&m.verdicts[1], &m.results, line, sizeof(line));
	assert_string_equal(line, "budget thread:p99=50us violated on CPU 1: beyond the histogram (>= 100 us) > 50 us");
	/* irq max: CPU 0 5 us, CPU 1 30 us */
	assert_int_equal(m.verdicts[2].result, BUDGET_MET);
	assert_int_equal(m.verdicts[3].result, BUDGET_MISSED);
	budget_verdict_describe(&m.verdicts[3], &m.results, line, sizeof(line));
	assert_string_equal(line, "budget irq:max=20us violated on CPU 1: 30 us > 20 us");
	model_free(&m);
}

/*
 * CPU 1's thread p99 is past the histogram (>= 100 us), its max 500 us:
 * a limit at or over the max is met, one under the histogram's end is
 * missed, and one between the two cannot be told.
 */
static void test_budget_past_histogram(void **state)
{
	static const struct {
		const char *budget;
		enum budget_result result;
		const char *line;
	} cases[] = {
		{ "thread:p99=1s", BUDGET_MET,
		  "budget thread:p99=1s met on CPU 1: beyond the histogram (>= 100 us), max 500 us <= 1000000 us" },
		{ "thread:p99=500us", BUDGET_MET, NULL },
		{ "thread:p99=499us", BUDGET_UNDECIDED,
		  "budget thread:p99=499us cannot tell on CPU 1: beyond the histogram (>= 100 us), max 500 us > 499 us: raise -E or -b" },
		{ "thread:p99=100us", BUDGET_UNDECIDED, NULL },
		{ "thread:p99=99us", BUDGET_MISSED,
		  "budget thread:p99=99us violated on CPU 1: beyond the histogram (>= 100 us) > 99 us" },
	};
	struct budget_verdict verdicts[4];
	const char *why;
	char line[320];
	struct model m;
	size_t i;

	model_init(&m);
	m.params.reports.nr_budgets = 1;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(budget_parse(cases[i].budget, TRACER_TIMERLAT,
					      MODE_HIST,
					      &m.params.reports.budgets[0],
					      &why), 0);
		assert_int_equal(evaluate_params(&m.params, &m.results,
						  verdicts, 4), 2);
		assert_int_equal(verdicts[0].result, BUDGET_MET);
		assert_int_equal(verdicts[1].result, cases[i].result);
		assert_true(verdicts[1].past_end);
		assert_int_equal(verdicts[1].max, 500);
		if (!cases[i].line)
			continue;
		budget_verdict_describe(&verdicts[1], &m.results, line,
					sizeof(line));
		assert_string_equal(line, cases[i].line);
	}
	assert_int_equal(budget_verdicts_count(verdicts, 2, BUDGET_MISSED), 1);
	model_free(&m);
}

/* A percentile limit at or past -E x -b is warned of before the run. */
static void test_budget_range_warning(void **state)
{
	struct rtla_params params;
	char reason[320];
	const char *why;

	params_alloc(&params, TRACER_TIMERLAT, MODE_HIST);
	params.reports.nr_budgets = 1;
	assert_int_equal(budget_parse("thread:p99=255us", TRACER_TIMERLAT,
				      MODE_HIST, &params.reports.budgets[0],
				      &why), 0);
	assert_int_equal(check_range(&params, reason), 0);
	assert_int_equal(budget_parse("thread:p99=1s", TRACER_TIMERLAT,
				      MODE_HIST, &params.reports.budgets[0],
				      &why), 0);
	assert_int_equal(check_range(&params, reason), -1);
	assert_string_equal(reason, "budget thread:p99=1s lies beyond the histogram's end (256 us): past it, only the max decides; raise -E or -b");
	params.hist.entries = 1000;
	params.hist.bucket_size = 1001;
	assert_int_equal(check_range(&params, reason), 0);
	/* the max is always known */
	params.hist.entries = 256;
	params.hist.bucket_size = 1;
	assert_int_equal(budget_parse("thread:max=1s", TRACER_TIMERLAT,
				      MODE_HIST, &params.reports.budgets[0],
				      &why), 0);
	assert_int_equal(check_range(&params, reason), 0);
	assert_int_equal(budget_parse("thread:p100=1s", TRACER_TIMERLAT,
				      MODE_HIST, &params.reports.budgets[0],
				      &why), -1);
	assert_string_equal(why, "p100 is the max: write max");
	params_free(&params);
}

static struct json_object *path(struct json_object *obj, const char *keys)
{
	char copy[256], *key, *save = NULL;

	snprintf(copy, sizeof(copy), "%s", keys);
	for (key = strtok_r(copy, ".", &save); key && obj;
	     key = strtok_r(NULL, ".", &save))
		if (!json_object_object_get_ex(obj, key, &obj))
			return NULL;
	return obj;
}

static int64_t int_at(struct json_object *root, const char *keys)
{
	struct json_object *obj = path(root, keys);

	if (!obj)
		fail_msg("no %s in the JSON", keys);
	return json_object_get_int64(obj);
}

static void test_json(void **state)
{
	struct json_object *root, *obj;
	struct capture cap;
	struct model m;
	const char *text;

	model_init(&m);
	capture_open(&cap);
	assert_int_equal(report_write_json(&m.report, cap.stream), 0);
	text = capture_close(&cap);
	root = json_tokener_parse(text);
	assert_non_null(root);

	/* the rt-tests layout */
	assert_int_equal(int_at(root, "file_version"), 1);
	assert_string_equal(json_object_get_string(path(root, "cmdline")),
			    "rtla timerlat hist -d 1s");
	assert_string_equal(json_object_get_string(path(root, "rt_test_version")), "9.9");
	assert_non_null(path(root, "start_time"));
	assert_non_null(path(root, "end_time"));
	assert_int_equal(int_at(root, "return_code"), 2);
	assert_string_equal(json_object_get_string(path(root, "sysinfo.sysname")), "Linux");
	assert_int_equal(int_at(root, "sysinfo.realtime"), 1);
	assert_int_equal(int_at(root, "num_threads"), 2);
	assert_int_equal(int_at(root, "resolution_in_ns"), 1000);
	assert_int_equal(int_at(root, "thread.1.cycles"), 100);
	assert_int_equal(int_at(root, "thread.1.min"), 12);
	assert_int_equal(int_at(root, "thread.1.max"), 500);
	assert_int_equal(int_at(root, "thread.1.cpu"), 1);
	assert_int_equal(int_at(root, "thread.1.histogram.12"), 98);
	assert_null(path(root, "thread.1.histogram.500"));
	obj = path(root, "thread.0.avg");
	assert_true(json_object_get_double(obj) == 10.0);

	/* our extension */
	assert_int_equal(int_at(root, "rtla.cpus.1.irq.max"), 30);
	assert_int_equal(int_at(root, "rtla.cpus.1.thread.over"), 2);
	assert_int_equal(int_at(root, "rtla.cpus.1.lost_events"), 4);
	assert_int_equal(int_at(root, "rtla.cpus.0.thread.percentiles.p99"), 10);
	assert_true(json_object_is_type(path(root, "rtla.cpus.1.thread.percentiles.p99"),
					json_type_null));
	assert_string_equal(json_object_get_string(json_object_array_get_idx(
		path(root, "rtla.cpus.1.thread.percentiles_over"), 0)), "p99");
	assert_int_equal(int_at(root, "rtla.all.thread.count"), 200);
	assert_int_equal(int_at(root, "rtla.all.irq.max"), 30);
	assert_int_equal(int_at(root, "rtla.all.lost_events"), 4);
	assert_int_equal(int_at(root, "rtla.lost_events"), 4);
	assert_string_equal(json_object_get_string(path(root, "rtla.unit")), "us");
	assert_int_equal(json_object_array_length(path(root, "rtla.budgets")), 4);
	obj = json_object_array_get_idx(path(root, "rtla.budgets"), 1);
	assert_true(json_object_is_type(path(obj, "value"), json_type_null));
	assert_int_equal(int_at(obj, "at_least"), 100);
	assert_string_equal(json_object_get_string(path(obj, "result")), "violated");
	obj = json_object_array_get_idx(path(root, "rtla.budgets"), 3);
	assert_false(json_object_get_boolean(path(obj, "pass")));
	assert_string_equal(json_object_get_string(path(obj, "result")), "violated");
	assert_int_equal(int_at(obj, "value"), 30);
	assert_int_equal(int_at(obj, "limit"), 20);
	assert_int_equal(int_at(obj, "cpu"), 1);
	assert_string_equal(json_object_get_string(path(root, "rtla.system.clocksource")), "tsc");
	assert_true(json_object_is_type(path(root, "rtla.system.cpu_dma_latency_us"),
					json_type_null));
	assert_false(json_object_get_boolean(path(root, "rtla.system.cpu_dma_latency_limited")));
	assert_string_equal(json_object_get_string(path(root, "rtla.version")), "9.9");
	assert_string_equal(json_object_get_string(path(root, "rtla.end_reason")), "duration");
	assert_false(json_object_get_boolean(path(root, "rtla.interrupted")));
	/* the values used, given or not */
	assert_int_equal(int_at(root, "rtla.params.period_us"), 1000);
	json_object_put(root);
	free((char *)text);
	model_free(&m);
}

static void test_openmetrics(void **state)
{
	struct capture cap;
	struct model m;
	const char *text;

	model_init(&m);
	capture_open(&cap);
	assert_int_equal(report_write_openmetrics(&m.report, cap.stream), 0);
	text = capture_close(&cap);
	assert_non_null(strstr(text, "# TYPE rtla_timerlat_latency_seconds histogram\n"));
	/* cumulative: 98 samples at 12 us, then the 2 at 500 us only in +Inf */
	assert_non_null(strstr(text, "rtla_timerlat_latency_seconds_bucket{cpu=\"1\",context=\"thread\",le=\"1.1e-05\"} 0\n"));
	assert_non_null(strstr(text, "rtla_timerlat_latency_seconds_bucket{cpu=\"1\",context=\"thread\",le=\"1.2e-05\"} 98\n"));
	assert_non_null(strstr(text, "rtla_timerlat_latency_seconds_bucket{cpu=\"1\",context=\"thread\",le=\"9.9e-05\"} 98\n"));
	assert_non_null(strstr(text, "rtla_timerlat_latency_seconds_bucket{cpu=\"1\",context=\"thread\",le=\"+Inf\"} 100\n"));
	assert_non_null(strstr(text, "rtla_timerlat_latency_seconds_count{cpu=\"1\",context=\"thread\"} 100\n"));
	assert_non_null(strstr(text, "rtla_timerlat_latency_seconds_sum{cpu=\"1\",context=\"thread\"} 0.002176\n"));
	assert_non_null(strstr(text, "rtla_timerlat_latency_max_seconds{cpu=\"1\",context=\"irq\"} 3e-05\n"));
	assert_non_null(strstr(text, "rtla_timerlat_latency_percentile_seconds{cpu=\"0\",context=\"thread\",percentile=\"p99\"} 1e-05\n"));
	assert_null(strstr(text, "cpu=\"1\",context=\"thread\",percentile=\"p99\""));
	assert_non_null(strstr(text, "rtla_lost_events_total{cpu=\"1\"} 4\n"));
	free((char *)text);
	model_free(&m);
}

static void test_junit(void **state)
{
	struct capture cap;
	struct model m;
	const char *text;

	model_init(&m);
	capture_open(&cap);
	assert_int_equal(report_write_junit(&m.report, cap.stream), 0);
	text = capture_close(&cap);
	/* the run itself, then 2 budgets on 2 CPUs */
	assert_non_null(strstr(text, "<testsuites name=\"rtla\" tests=\"5\" failures=\"2\" errors=\"0\""));
	assert_non_null(strstr(text, "<property name=\"end_reason\" value=\"duration\"/>"));
	assert_non_null(strstr(text, "name=\"run\" time=\"1\"><system-out>ended by duration; 0 stop threshold hits measured past</system-out>"));
	assert_non_null(strstr(text, "name=\"thread:p99=50us cpu0\""));
	assert_non_null(strstr(text, "<failure message=\"budget irq:max=20us violated on CPU 1: 30 us &gt; 20 us\""));
	free((char *)text);
	model_free(&m);
}

/* Without budgets the run is still a test; a signal before -d an error. */
static void test_junit_interrupted(void **state)
{
	struct capture cap;
	struct model m;
	const char *text;

	model_init(&m);
	m.params.duration_s = 30;
	m.report.nr_verdicts = 0;
	m.report.end_reason = "SIGTERM";
	m.report.interrupted = true;
	capture_open(&cap);
	assert_int_equal(report_write_junit(&m.report, cap.stream), 0);
	text = capture_close(&cap);
	assert_non_null(strstr(text, "<testsuites name=\"rtla\" tests=\"1\" failures=\"0\" errors=\"1\""));
	assert_non_null(strstr(text, "<error message=\"ended by SIGTERM after 1 of 30 s\" type=\"interrupted\"/>"));
	free((char *)text);

	m.report.interrupted = false;
	m.report.end_reason = "threshold";
	m.results.stopped = true;
	m.results.threshold_hits = 1;
	capture_open(&cap);
	assert_int_equal(report_write_junit(&m.report, cap.stream), 0);
	text = capture_close(&cap);
	assert_non_null(strstr(text, "tests=\"1\" failures=\"1\" errors=\"0\""));
	assert_non_null(strstr(text, "<failure message=\"a stop threshold was hit 1 time\" type=\"threshold\"/>"));
	free((char *)text);

	/* --on-threshold continue went on past 3 hits: not a failure */
	m.results.stopped = false;
	m.results.threshold_hits = 3;
	m.report.end_reason = "duration";
	capture_open(&cap);
	assert_int_equal(report_write_junit(&m.report, cap.stream), 0);
	text = capture_close(&cap);
	assert_non_null(strstr(text, "tests=\"1\" failures=\"0\" errors=\"0\""));
	assert_non_null(strstr(text, "ended by duration; 3 stop threshold hits measured past"));
	free((char *)text);
	model_free(&m);
}

/* An undecided budget is an error of the gate, not a failure. */
static void test_junit_undecided(void **state)
{
	struct capture cap;
	struct model m;
	const char *text, *why;

	model_init(&m);
	assert_int_equal(budget_parse("thread:p99=300us", TRACER_TIMERLAT,
				      MODE_HIST, &m.params.reports.budgets[0],
				      &why), 0);
	m.params.reports.nr_budgets = 1;
	m.report.nr_verdicts = evaluate_params(&m.params, &m.results,
						m.verdicts, 16);
	capture_open(&cap);
	assert_int_equal(report_write_junit(&m.report, cap.stream), 0);
	text = capture_close(&cap);
	assert_non_null(strstr(text, "tests=\"3\" failures=\"0\" errors=\"1\""));
	assert_non_null(strstr(text, "<error message=\"budget thread:p99=300us cannot tell on CPU 1"));
	free((char *)text);
	model_free(&m);
}

/* osnoise top has no samples: rt-tests' blocks hold its periods. */
static void test_json_osnoise_top(void **state)
{
	struct noise_period period = { 0 };
	struct json_object *root;
	struct capture cap;
	struct model m;
	const char *text;

	memset(&m, 0, sizeof(m));
	params_alloc(&m.params, TRACER_OSNOISE, MODE_TOP);
	CPU_SET(0, &m.params.threads.cpu_set);
	assert_int_equal(results_alloc_params(&m.results, &m.params, 1), 0);
	period.runtime = 1000000;
	period.noise = 300;
	period.max_single = 100;
	results_add_period(&m.results, 0, &period);
	period.noise = 500;
	results_add_period(&m.results, 0, &period);
	m.system.cpu_dma_latency_us = 20;
	m.report = (struct run_report){
		.tool_name = "osnoise top", .version = "9.9",
		.params = &m.params, .results = &m.results,
		.system = &m.system, .end_reason = "SIGINT",
		.period_us = 1000000, .runtime_us = 1000000,
	};
	capture_open(&cap);
	assert_int_equal(report_write_json(&m.report, cap.stream), 0);
	text = capture_close(&cap);
	root = json_tokener_parse(text);
	assert_non_null(root);
	assert_int_equal(int_at(root, "thread.0.cycles"), 2);
	assert_int_equal(int_at(root, "thread.0.max"), 500);
	assert_true(json_object_get_double(path(root, "thread.0.avg")) == 400.0);
	assert_true(json_object_is_type(path(root, "thread.0.min"), json_type_null));
	assert_int_equal(int_at(root, "rtla.params.runtime_us"), 1000000);
	assert_int_equal(int_at(root, "rtla.system.cpu_dma_latency_us"), 20);
	assert_true(json_object_get_boolean(path(root, "rtla.system.cpu_dma_latency_limited")));
	assert_string_equal(json_object_get_string(path(root, "rtla.end_reason")), "SIGINT");
	json_object_put(root);
	free((char *)text);
	model_free(&m);
}

/* With user threads, every report carries the user context too. */
static void test_user_context_reports(void **state)
{
	struct budget_verdict verdicts[8];
	struct capture cap;
	struct json_object *root;
	const char *text, *why;
	struct model m;

	model_init(&m);
	capture_open(&cap);
	assert_int_equal(report_write_json(&m.report, cap.stream), 0);
	text = capture_close(&cap);
	root = json_tokener_parse(text);
	assert_null(path(root, "rtla.cpus.0.user"));
	assert_null(path(root, "rtla.all.user"));
	json_object_put(root);
	free((char *)text);

	m.results.view.user = true;	/* the run measured with user threads */
	fill(&m.results.cpu[0].hist[CTX_USER], 40, 3);
	fill(&m.results.cpu[1].hist[CTX_USER], 45, 1);
	capture_open(&cap);
	assert_int_equal(report_write_json(&m.report, cap.stream), 0);
	text = capture_close(&cap);
	root = json_tokener_parse(text);
	assert_int_equal(int_at(root, "rtla.cpus.0.user.count"), 3);
	assert_int_equal(int_at(root, "rtla.cpus.1.user.max"), 45);
	assert_int_equal(int_at(root, "rtla.all.user.count"), 4);
	assert_int_equal(int_at(root, "rtla.all.user.min"), 40);
	json_object_put(root);
	free((char *)text);

	capture_open(&cap);
	assert_int_equal(report_write_openmetrics(&m.report, cap.stream), 0);
	text = capture_close(&cap);
	assert_non_null(strstr(text, "rtla_timerlat_latency_max_seconds{cpu=\"1\",context=\"user\"} 4.5e-05\n"));
	assert_non_null(strstr(text, "rtla_timerlat_latency_seconds_count{cpu=\"0\",context=\"user\"} 3\n"));
	free((char *)text);

	assert_int_equal(budget_parse("user:max=44us", TRACER_TIMERLAT,
				      MODE_HIST, &m.params.reports.budgets[0],
				      &why), 0);
	m.params.reports.nr_budgets = 1;
	assert_int_equal(evaluate_params(&m.params, &m.results, verdicts, 8), 2);
	assert_int_equal(verdicts[0].result, BUDGET_MET);
	assert_int_equal(verdicts[1].result, BUDGET_MISSED);
	assert_int_equal(verdicts[1].value, 45);
	model_free(&m);
}

static void test_report_file_atomic(void **state)
{
	char dir[] = "/tmp/rtla-report-XXXXXX", file[64];
	struct model m;
	FILE *f;
	char buf[64];

	model_init(&m);
	assert_non_null(mkdtemp(dir));
	snprintf(file, sizeof(file), "%s/out.xml", dir);
	assert_int_equal(report_write_file(&m.report, file, report_write_junit), 0);
	f = fopen(file, "r");
	assert_non_null(f);
	assert_non_null(fgets(buf, sizeof(buf), f));
	assert_string_equal(buf, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fclose(f);
	snprintf(file, sizeof(file), "%s/missing/out.xml", dir);
	assert_int_equal(report_write_file(&m.report, file, report_write_junit), -1);
	snprintf(file, sizeof(file), "%s/out.xml", dir);
	assert_int_equal(unlink(file), 0);
	/* nothing else was left: no temporary file of the failed write */
	assert_int_equal(rmdir(dir), 0);
	model_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_percentile_uniform),
		cmocka_unit_test(test_percentile_spike),
		cmocka_unit_test(test_percentile_overflow_and_empty),
		cmocka_unit_test(test_percentile_parse),
		cmocka_unit_test(test_budget_parse),
		cmocka_unit_test(test_budget_evaluate),
		cmocka_unit_test(test_budget_past_histogram),
		cmocka_unit_test(test_budget_range_warning),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_json_osnoise_top),
		cmocka_unit_test(test_openmetrics),
		cmocka_unit_test(test_junit),
		cmocka_unit_test(test_junit_interrupted),
		cmocka_unit_test(test_junit_undecided),
		cmocka_unit_test(test_user_context_reports),
		cmocka_unit_test(test_report_file_atomic),
	};

	return RUN_SUITE("reports", tests);
}
