// SPDX-License-Identifier: GPL-2.0
/*
 * Saved runs: rtla's JSON read back prints as the live run printed it;
 * cyclictest's JSON becomes a thread context per CPU; bad files are
 * refused in one line.  Then rtla compare's rules and table.
 */
#include "testutil.h"

#include "layout_helper.h"

#include "input/saved_run.h"
#include "model/compare.h"
#include "output/compare_report.h"
#include "output/render.h"
#include "output/report.h"
#include "run/tool.h"

/* A two-CPU timerlat hist run: CPU 1 with a spike past the buckets. */
struct live {
	struct rtla_params params;
	struct rtla_results results;
	struct system_facts system;
};

static void live_init(struct live *l, uint64_t spike)
{
	int i;

	memset(l, 0, sizeof(*l));
	params_alloc(&l->params, TRACER_TIMERLAT, MODE_HIST);
	l->params.hist.entries = 100;
	l->params.hist.bucket_size = 2;
	CPU_SET(0, &l->params.threads.cpu_set);
	CPU_SET(1, &l->params.threads.cpu_set);
	assert_int_equal(results_alloc_params(&l->results, &l->params, 2), 0);
	for (i = 0; i < 90; i++) {
		histogram_add(&l->results.cpu[0].hist[CTX_IRQ], 3 + i % 5);
		histogram_add(&l->results.cpu[0].hist[CTX_THREAD], 9 + i % 7);
		histogram_add(&l->results.cpu[1].hist[CTX_IRQ], 4);
		histogram_add(&l->results.cpu[1].hist[CTX_THREAD], 11);
	}
	histogram_add(&l->results.cpu[1].hist[CTX_THREAD], spike);
	l->results.elapsed_s = 10;
	l->system.cpu_dma_latency_us = -1;
}

static char *live_json(struct live *l)
{
	struct run_report report = {
		.tool_name = "timerlat hist", .version = "9.9",
		.params = &l->params, .results = &l->results,
		.system = &l->system, .start_time = 1000, .end_time = 1010,
		.end_reason = "duration", .period_us = 1000,
	};
	struct capture cap;

	capture_open(&cap);
	assert_int_equal(report_write_json(&report, cap.stream), 0);
	return (char *)capture_close(&cap);
}

static char *rendered(const struct rtla_params *params,
		      const struct rtla_results *results)
{
	struct render_view view = tool_render_view(params);
	struct capture cap;

	capture_open(&cap);
	render_hist(cap.stream, &view, results);
	return (char *)capture_close(&cap);
}

static void test_rtla_round_trip(void **state)
{
	struct saved_run run;
	struct live l;
	char why[256], *json, *live_text, *saved_text;

	live_init(&l, 500);
	json = live_json(&l);
	assert_int_equal(saved_run_parse(json, strlen(json), &run, why,
					 sizeof(why)), 0);
	assert_string_equal(run.tool, "timerlat hist");
	assert_int_equal(run.source, SAVED_RTLA);
	assert_int_equal(run.params.hist.entries, 100);
	assert_int_equal(run.params.hist.bucket_size, 2);
	assert_int_equal(run.params.knobs.period_us, 1000);
	assert_int_equal(run.results.cpu[1].hist[CTX_THREAD].over, 1);
	assert_int_equal(run.results.cpu[1].hist[CTX_THREAD].stats.max, 500);
	assert_int_equal(run.start_time, 1000);
	assert_int_equal(run.end_time, 1010);
	/* printed again, it is the live run's text to the byte */
	live_text = rendered(&l.params, &l.results);
	saved_text = rendered(&run.params, &run.results);
	assert_string_equal(saved_text, live_text);
	free(live_text);
	free(saved_text);
	saved_run_free(&run);
	free(json);
	results_free(&l.results);
	params_free(&l.params);
}

static void test_cyclictest(void **state)
{
	char *json = read_data_file("cyclictest-h50.json"), why[256];
	const struct histogram *h;
	struct saved_run run;

	assert_int_equal(saved_run_parse(json, strlen(json), &run, why,
					 sizeof(why)), 0);
	assert_int_equal(run.source, SAVED_CYCLICTEST);
	assert_string_equal(run.tool, "cyclictest");
	/* -h 50 in its command line; only the thread context */
	assert_int_equal(run.params.hist.entries, 50);
	assert_true(run.params.hist.no_irq);
	assert_int_equal(run.params.knobs.period_us, 1000);
	h = &run.results.cpu[0].hist[CTX_THREAD];
	assert_int_equal(h->stats.count, 1751);
	assert_int_equal(h->stats.max, 24980);
	assert_int_equal(h->buckets[17], 1);
	assert_int_equal(h->buckets[45], 1);
	/* what lies past -h is not in cyclictest's histogram: over */
	assert_int_equal(h->over, 1751 - 4);
	assert_int_equal(h->stats.sum, 442005);	/* 252.43 x 1751 */
	assert_int_equal(run.results.cpu[1].hist[CTX_THREAD].stats.count, 1970);
	saved_run_free(&run);
	free(json);
}

/* @text with its first @from past @after replaced by @to; @text freed. */
static char *str_replace_alloc(char *text, const char *after,
			       const char *from, const char *to)
{
	char *at = strstr(text, after), *out;

	assert_non_null(at);
	at = strstr(at, from);

	assert_non_null(at);
	out = malloc(strlen(text) + strlen(to) + 1);
	assert_non_null(out);
	sprintf(out, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
	free(text);
	return out;
}

static void expect_refused(const char *json, const char *reason)
{
	struct saved_run run;
	char why[256] = "";

	assert_int_equal(saved_run_parse(json, strlen(json), &run, why,
					 sizeof(why)), -1);
	assert_string_equal(why, reason);
}

static void test_refused(void **state)
{
	struct live l;
	char *json, *at;

	expect_refused("{\"rtla\": {\"tool\": ", "truncated JSON (it ends at byte 18)");
	expect_refused("[1, 2]", "not a JSON object");
	expect_refused("{} x", "not valid JSON (trailing data, at byte 3)");
	expect_refused("{\"a\": 1}", "neither rtla's nor cyclictest's JSON report");
	expect_refused("{\"rtla\": {\"tool\": \"ls\"}}", "unknown tool \"ls\"");
	expect_refused("{\"rtla\": {\"tool\": \"timerlat top\", \"cpus\": {\"x\": {}}}}",
		       "CPU \"x\" is not a CPU number");
	/* a count that disagrees with the histogram */
	live_init(&l, 7);
	json = live_json(&l);
	at = strstr(json, "\"count\": 91");
	assert_non_null(at);
	memcpy(at, "\"count\": 92", 11);
	expect_refused(json, "CPU 1 thread: the histogram holds 91 samples, the count says 92");
	free(json);
	/* bucket counts whose sum wraps to the count: refused, not read */
	json = live_json(&l);
	json = str_replace_alloc(json, "\"count\": 91", "\"10\": 90",
				 "\"10\": 18446744073709551615");
	json = str_replace_alloc(json, "", "\"count\": 91", "\"count\": 0");
	expect_refused(json, "histogram bucket \"10\": more samples than rtla can count");
	free(json);
	/* a bucket past -E */
	l.params.hist.entries = 4;
	json = live_json(&l);
	at = strstr(json, "\"entries\": 4");
	assert_non_null(at);
	memcpy(at, "\"entries\": 3", 12);
	expect_refused(json, "histogram bucket 6 lies past the histogram's 3 entries");
	free(json);
	results_free(&l.results);
	params_free(&l.params);
}

/* Compare a run with a copy of itself whose CPU 1 had @spike. */
static void compare_spike(uint64_t spike, const char *rule_text,
			  struct comparison *cmp, struct live *base,
			  struct live *new, struct compare_rule *rule)
{
	struct compare_side a, b;
	const char *why;
	char reason[256];

	live_init(base, 60);
	live_init(new, spike);
	a = (struct compare_side){ .name = "base.json",
		.view = params_context_view(&base->params),
		.results = &base->results };
	b = (struct compare_side){ .name = "new.json",
		.view = params_context_view(&new->params),
		.results = &new->results };
	assert_int_equal(compare_rule_parse(rule_text, rule, &why), 0);
	assert_int_equal(compare_runs(&a, &b, rule, 1, cmp, reason,
				      sizeof(reason)), 0);
}

static void live_free(struct live *l)
{
	results_free(&l->results);
	params_free(&l->params);
}

static void test_compare_rules(void **state)
{
	struct compare_rule rule;
	struct comparison cmp;
	struct live base, new;
	char line[320];
	const char *why;
	int i;

	/* max 60 -> 72 us on CPU 1: +20% is kept, +19% broken */
	compare_spike(72, "thread:max=+20%", &cmp, &base, &new, &rule);
	assert_int_equal(cmp.nr_verdicts, 3);	/* CPU 0, CPU 1, all */
	assert_int_equal(compare_count(&cmp, COMPARE_BROKEN), 0);
	compare_free(&cmp);
	live_free(&base);
	live_free(&new);
	compare_spike(72, "thread:max=+19%", &cmp, &base, &new, &rule);
	assert_int_equal(compare_count(&cmp, COMPARE_BROKEN), 2);
	for (i = 0; i < cmp.nr_verdicts; i++)
		if (cmp.verdicts[i].result == COMPARE_BROKEN)
			break;
	compare_verdict_describe(&cmp.verdicts[i], "us", line, sizeof(line));
	assert_string_equal(line, "rule thread:max=+19% broken on CPU 1 thread: 60 us -> 72 us");
	compare_free(&cmp);
	live_free(&base);
	live_free(&new);
	/* absolute: +12us is kept, +11us broken */
	compare_spike(72, "*:max=+12us", &cmp, &base, &new, &rule);
	assert_int_equal(cmp.nr_verdicts, 6);	/* irq and thread */
	assert_int_equal(compare_count(&cmp, COMPARE_BROKEN), 0);
	compare_free(&cmp);
	live_free(&base);
	live_free(&new);
	compare_spike(72, "*:max=+11us", &cmp, &base, &new, &rule);
	assert_int_equal(compare_count(&cmp, COMPARE_BROKEN), 2);
	compare_free(&cmp);
	live_free(&base);
	live_free(&new);
	/* a spike past the histogram (200 us): its p99.99 is over 200 us,
	 * which already breaks +50% of BASE's 60 us ... */
	compare_spike(500, "thread:p99.99=+50%", &cmp, &base, &new, &rule);
	assert_int_equal(compare_count(&cmp, COMPARE_BROKEN), 2);
	assert_int_equal(compare_count(&cmp, COMPARE_UNDECIDED), 0);
	compare_free(&cmp);
	live_free(&base);
	live_free(&new);
	/* ... but not +300% (240 us): somewhere from 200 to 500 us */
	compare_spike(500, "thread:p99.99=+300%", &cmp, &base, &new, &rule);
	assert_int_equal(compare_count(&cmp, COMPARE_UNDECIDED), 2);
	assert_int_equal(compare_count_firm_undecided(&cmp), 2);
	compare_free(&cmp);
	live_free(&base);
	live_free(&new);

	assert_int_equal(compare_rule_parse("thread:max=10%", &rule, &why), -1);
	assert_string_equal(why, "a limit starts with +: +10% or +20us");
	assert_int_equal(compare_rule_parse("thread:p95=+1%", &rule, &why), -1);
	assert_int_equal(compare_rule_parse("thread:max=+x%", &rule, &why), -1);
	assert_int_equal(compare_rule_parse("max=+1%", &rule, &why), -1);
	assert_int_equal(compare_rule_parse("thread:over=+3", &rule, &why), 0);
	assert_int_equal(rule.limit, 3);
}

static void test_compare_mismatch(void **state)
{
	struct compare_rule rule;
	struct comparison cmp;
	struct live base, new;
	struct compare_side a, b;
	const char *why;
	char reason[256];

	live_init(&base, 60);
	live_init(&new, 60);
	a = (struct compare_side){ .name = "base.json",
		.view = params_context_view(&base.params),
		.results = &base.results };
	b = (struct compare_side){ .name = "new.json",
		.view = params_context_view(&new.params),
		.results = &new.results };
	CPU_CLR(0, &new.results.cpus);
	assert_int_equal(compare_rule_parse("irq:max=+1%", &rule, &why), 0);
	assert_int_equal(compare_runs(&a, &b, &rule, 1, &cmp, reason,
				      sizeof(reason)), -1);
	assert_string_equal(reason, "CPU 0 is in base.json only: compare runs of the same CPUs");
	CPU_SET(0, &new.results.cpus);
	new.params.hist.no_irq = true;
	b.view = params_context_view(&new.params);
	assert_int_equal(compare_runs(&a, &b, &rule, 1, &cmp, reason,
				      sizeof(reason)), -1);
	assert_string_equal(reason, "rule irq:max=+1% applies to nothing: both runs need context irq (and a histogram for percentiles and over)");
	live_free(&base);
	live_free(&new);
}

static void test_compare_table(void **state)
{
	struct compare_rule rule;
	struct comparison cmp;
	struct live base, new;
	struct compare_report report;
	struct capture cap;
	const char *text;

	compare_spike(72, "thread:max=+19%", &cmp, &base, &new, &rule);
	report = (struct compare_report){ "base.json", "new.json", "us",
					  &cmp, 2 };
	capture_open(&cap);
	render_compare(cap.stream, &report);
	text = capture_close(&cap);
	assert_non_null(strstr(text, "# RTLA comparison: BASE base.json, NEW new.json\n"));
	assert_non_null(strstr(text, "CPU  CTX     STAT            BASE          NEW  CHANGE\n"));
	assert_non_null(strstr(text, "1    thread  max               60           72  +12 (+20.0%)\n"));
	assert_non_null(strstr(text, "ALL  thread  max               60           72  +12 (+20.0%)\n"));
	assert_non_null(strstr(text, "0    irq     p50                4            4  +0 (+0.0%)\n"));
	assert_non_null(strstr(text, "rtla compare: 3 rule checks, 2 broken\n"));
	free((char *)text);
	capture_open(&cap);
	assert_int_equal(compare_write_junit(&report, cap.stream), 0);
	text = capture_close(&cap);
	assert_non_null(strstr(text, "tests=\"3\" failures=\"2\" errors=\"0\""));
	assert_non_null(strstr(text, "name=\"thread:max=+19% thread cpu1\""));
	free((char *)text);
	compare_free(&cmp);
	live_free(&base);
	live_free(&new);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rtla_round_trip),
		cmocka_unit_test(test_cyclictest),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_compare_rules),
		cmocka_unit_test(test_compare_mismatch),
		cmocka_unit_test(test_compare_table),
	};

	return RUN_SUITE("saved runs", tests);
}
