// SPDX-License-Identifier: GPL-2.0
/*
 * rtla compare on reports made under latency (tests/data/compare/, from
 * the 7.2-rt guest under TCG, rtla-noisy on CPU 1 for the *noisy runs):
 * histograms that overflow, a percentile decided by its bounds, top runs,
 * a count that fell.
 */
#include "testutil.h"

#include <fcntl.h>
#include <stdbool.h>

#include "input/saved_input.h"
#include "input/window_file.h"
#include "model/compare.h"
#include "output/compare_report.h"
#include "cli/commands.h"
#include "run/tool.h"

#define NR_DEFAULT_RULES	4

struct pair {
	struct saved_run runs[2];
	struct compare_rule rules[NR_DEFAULT_RULES];
	struct comparison cmp;
};

static void read_run(const char *name, struct saved_run *run)
{
	const char *dir = getenv("RTLA_TESTDATA");
	char path[512], why[256];

	snprintf(path, sizeof(path), "%s/compare/%s", dir ? dir : "tests/data",
		 name);
	if (saved_report_read(path, run, why, sizeof(why)))
		fail_msg("%s: %s", path, why);
}

/* Compare @base and @new under @rule, or the default rules when NULL. */
static void compare_files(struct pair *p, const char *base, const char *new,
			  const char *rule)
{
	struct compare_side sides[2];
	const char *names[2] = { base, new }, *why;
	char reason[256];
	int i, nr = 0;

	memset(p, 0, sizeof(*p));
	for (i = 0; i < 2; i++) {
		read_run(names[i], &p->runs[i]);
		sides[i] = (struct compare_side){ .name = names[i],
			.view = params_context_view(&p->runs[i].params),
			.results = &p->runs[i].results };
	}
	for (; rule ? nr < 1 : !!compare_default_rules[nr]; nr++) {
		assert_true(nr < NR_DEFAULT_RULES);
		assert_int_equal(compare_rule_parse(rule ? rule :
				compare_default_rules[nr], &p->rules[nr], &why), 0);
		p->rules[nr].is_default = !rule;
	}
	assert_int_equal(compare_runs(&sides[0], &sides[1], p->rules, nr,
				      &p->cmp, reason, sizeof(reason)), 0);
}

static void pair_free(struct pair *p)
{
	compare_free(&p->cmp);
	saved_run_free(&p->runs[0]);
	saved_run_free(&p->runs[1]);
}

/* The row of @stat of @ctx on @cpu. */
static const struct compare_row *find_row(const struct comparison *cmp,
					  int cpu, const char *ctx,
					  const char *stat)
{
	int i;

	for (i = 0; i < cmp->nr_rows; i++)
		if (cmp->rows[i].cpu == cpu &&
		    !strcmp(cmp->rows[i].context, ctx) &&
		    !strcmp(cmp->rows[i].stat, stat))
			return &cmp->rows[i];
	fail_msg("no row CPU %d %s %s", cpu, ctx, stat);
	return NULL;
}

/* The verdict of @stat of @ctx on @cpu. */
static enum compare_result verdict_of(const struct comparison *cmp, int cpu,
				      const char *ctx, const char *stat)
{
	const struct compare_row *row = find_row(cmp, cpu, ctx, stat);
	int i;

	for (i = 0; i < cmp->nr_verdicts; i++)
		if (cmp->verdicts[i].row == row)
			return cmp->verdicts[i].result;
	fail_msg("no verdict on CPU %d %s %s", cpu, ctx, stat);
	return COMPARE_UNDECIDED;
}

/*
 * A default 256-us histogram that overflows (p90 and up past its end):
 * compared with itself, nothing broken and nothing that fails, the
 * percentiles past both ends a note.
 */
static void test_self_overflowing(void **state)
{
	struct compare_report report;
	struct capture cap;
	const char *text;
	char line[320];
	struct pair p;
	int i;

	compare_files(&p, "tlclean.json", "tlclean.json", NULL);
	assert_int_equal(compare_count(&p.cmp, COMPARE_BROKEN), 0);
	assert_int_equal(compare_count_firm_undecided(&p.cmp), 0);
	assert_int_equal(compare_count(&p.cmp, COMPARE_UNDECIDED), 9);
	for (i = 0; i < p.cmp.nr_verdicts; i++) {
		if (p.cmp.verdicts[i].result != COMPARE_UNDECIDED)
			continue;
		assert_true(compare_verdict_is_note(&p.cmp.verdicts[i]));
		assert_string_equal(p.cmp.verdicts[i].row->stat, "p99");
	}
	compare_verdict_describe(&p.cmp.verdicts[9], "us", line, sizeof(line));
	assert_string_equal(line, "rule *:p99=+10% cannot tell on CPU 0 irq: >256 us -> >256 us (a percentile past a histogram: raise -E or -b)");
	/* JUnit: skipped, no error; JSON: notes */
	report = (struct compare_report){ "a", "a", "us", &p.cmp, 0 };
	capture_open(&cap);
	assert_int_equal(compare_write_junit(&report, cap.stream), 0);
	text = capture_close(&cap);
	assert_non_null(strstr(text, "tests=\"36\" failures=\"0\" errors=\"0\" skipped=\"9\""));
	free((char *)text);
	capture_open(&cap);
	assert_int_equal(compare_write_json(&report, cap.stream), 0);
	text = capture_close(&cap);
	assert_non_null(strstr(text, "\"undecided\": 0,\n  \"notes\": 9,"));
	free((char *)text);
	pair_free(&p);
	/* the same undecided, asked for: an error */
	compare_files(&p, "tlclean.json", "tlclean.json", "thread:p99=+10%");
	assert_int_equal(compare_count_firm_undecided(&p.cmp), 3);
	pair_free(&p);
}

/*
 * NEW's CPU 1 p99 past a 20-ms histogram's end (87 of 1905 samples
 * over): over 20000 us, which breaks +10% of BASE's 3970 us; the other
 * way round its max bounds it, and +10% holds.
 */
static void test_bounds_decide(void **state)
{
	const struct compare_row *row;
	char line[320];
	struct pair p;

	compare_files(&p, "tl20clean.json", "tl20noisy.json", "thread:p99=+10%");
	row = find_row(&p.cmp, 1, "thread", "p99");
	assert_false(row->known[1]);
	assert_int_equal(row->low[1], 20000000);
	assert_int_equal(row->high[1], 239160000);
	assert_int_equal(verdict_of(&p.cmp, 1, "thread", "p99"), COMPARE_BROKEN);
	assert_int_equal(compare_count(&p.cmp, COMPARE_UNDECIDED), 0);
	compare_verdict_describe(&p.cmp.verdicts[1], "us", line, sizeof(line));
	assert_string_equal(line, "rule thread:p99=+10% broken on CPU 1 thread: 3970 us -> >20000 us");
	pair_free(&p);

	compare_files(&p, "tl20noisy.json", "tl20clean.json", "thread:p99=+10%");
	assert_int_equal(verdict_of(&p.cmp, 1, "thread", "p99"), COMPARE_KEPT);
	assert_int_equal(compare_count(&p.cmp, COMPARE_BROKEN), 0);
	assert_int_equal(compare_count(&p.cmp, COMPARE_UNDECIDED), 0);
	pair_free(&p);
}

/* osnoise top holds no samples: its periods' max, avg and count. */
static void test_osnoise_top(void **state)
{
	const struct compare_row *row;
	struct pair p;

	compare_files(&p, "ostop.json", "ostop.json", "*:max=+20%");
	assert_int_equal(compare_count(&p.cmp, COMPARE_UNDECIDED), 0);
	assert_int_equal(compare_count(&p.cmp, COMPARE_BROKEN), 0);
	row = find_row(&p.cmp, 1, "noise", "max");
	assert_true(row->known[0]);
	assert_int_equal(row->value[0], 941012000);
	row = find_row(&p.cmp, COMPARE_ALL_CPUS, "noise", "avg");
	assert_int_equal(row->value[0], (1840065000ull + 1763914000) / 4);
	assert_int_equal(find_row(&p.cmp, 0, "noise", "count")->value[0], 2);
	pair_free(&p);

	compare_files(&p, "ostop.json", "ostopnoisy.json", NULL);
	assert_int_equal(verdict_of(&p.cmp, 1, "noise", "max"), COMPARE_BROKEN);
	assert_int_equal(compare_count(&p.cmp, COMPARE_UNDECIDED), 0);
	pair_free(&p);
	/* timerlat top: max, avg, count, no percentile */
	compare_files(&p, "tltop.json", "tltop.json", NULL);
	assert_int_equal(p.cmp.nr_verdicts, 27);
	assert_int_equal(compare_count(&p.cmp, COMPARE_KEPT), 27);
	pair_free(&p);
}

/*
 * CPU 1 lost half its wake-ups to the disturber: fewer samples over the
 * histogram reads as better, the count row tells, and the default rule
 * on it breaks.
 */
static void test_count_fell(void **state)
{
	const struct compare_row *row;
	struct compare_rule rule;
	const char *why;
	struct pair p;

	compare_files(&p, "tlclean.json", "tlnoisy.json", NULL);
	row = find_row(&p.cmp, 1, "thread", "count");
	assert_true(row->is_count);
	assert_int_equal(row->value[0], 4947);
	assert_int_equal(row->value[1], 2564);
	assert_int_equal(verdict_of(&p.cmp, 1, "thread", "count"),
			 COMPARE_BROKEN);
	pair_free(&p);
	/* a count that grew is no regression */
	compare_files(&p, "tlnoisy.json", "tlclean.json", "*:count=-10%");
	assert_int_equal(compare_count(&p.cmp, COMPARE_BROKEN), 0);
	pair_free(&p);
	/* 48% fewer: kept by -50%, broken by -40%, and by -2000 samples */
	compare_files(&p, "tlclean.json", "tlnoisy.json", "thread:count=-50%");
	assert_int_equal(verdict_of(&p.cmp, 1, "thread", "count"), COMPARE_KEPT);
	pair_free(&p);
	compare_files(&p, "tlclean.json", "tlnoisy.json", "thread:count=-40%");
	assert_int_equal(verdict_of(&p.cmp, 1, "thread", "count"),
			 COMPARE_BROKEN);
	pair_free(&p);
	compare_files(&p, "tlclean.json", "tlnoisy.json", "thread:count=-2000");
	assert_int_equal(verdict_of(&p.cmp, 1, "thread", "count"),
			 COMPARE_BROKEN);
	assert_int_equal(verdict_of(&p.cmp, 0, "thread", "count"), COMPARE_KEPT);
	pair_free(&p);

	assert_int_equal(compare_rule_parse("thread:count=+10%", &rule, &why), -1);
	assert_string_equal(why, "a count's limit starts with -: how far it may fall, -10% or -100");
	assert_int_equal(compare_rule_parse("thread:max=-10%", &rule, &why), -1);
}

/* Events the ring buffer lost: a row per CPU when any, under irq. */
static void test_lost(void **state)
{
	struct compare_side sides[2];
	const struct compare_row *row;
	char reason[256];
	const char *why;
	struct pair p;
	int i;

	memset(&p, 0, sizeof(p));
	for (i = 0; i < 2; i++) {
		read_run("tlclean.json", &p.runs[i]);
		sides[i] = (struct compare_side){ .name = "tlclean.json",
			.view = params_context_view(&p.runs[i].params),
			.results = &p.runs[i].results };
	}
	p.runs[1].results.cpu[1].lost_events = 40;
	assert_int_equal(compare_rule_parse("*:lost=+0", &p.rules[0], &why), 0);
	assert_int_equal(compare_runs(&sides[0], &sides[1], p.rules, 1,
				      &p.cmp, reason, sizeof(reason)), 0);
	row = find_row(&p.cmp, 1, "irq", "lost");
	assert_int_equal(row->value[0], 0);
	assert_int_equal(row->value[1], 40);
	assert_int_equal(find_row(&p.cmp, COMPARE_ALL_CPUS, "irq",
				  "lost")->value[1], 40);
	/* CPU 1 and all, not CPU 0 (none), not under thread nor user */
	assert_int_equal(p.cmp.nr_verdicts, 2);
	assert_int_equal(compare_count(&p.cmp, COMPARE_BROKEN), 2);
	pair_free(&p);
	/* none lost: no row */
	compare_files(&p, "tlclean.json", "tlclean.json", "thread:max=+1%");
	for (i = 0; i < p.cmp.nr_rows; i++)
		assert_string_not_equal(p.cmp.rows[i].stat, "lost");
	pair_free(&p);
}

/* A file whose max lies below its overflow: still no regression on itself. */
static void test_max_below_end(void **state)
{
	struct compare_side side;
	char reason[256];
	const char *why;
	struct pair p;

	memset(&p, 0, sizeof(p));
	read_run("tlclean.json", &p.runs[0]);
	p.runs[0].results.cpu[1].hist[CTX_THREAD].stats.max = 10;
	side = (struct compare_side){ .name = "tlclean.json",
		.view = params_context_view(&p.runs[0].params),
		.results = &p.runs[0].results };
	assert_int_equal(compare_rule_parse("thread:p99=+0%", &p.rules[0],
					    &why), 0);
	assert_int_equal(compare_runs(&side, &side, p.rules, 1, &p.cmp,
				      reason, sizeof(reason)), 0);
	assert_int_equal(compare_count(&p.cmp, COMPARE_BROKEN), 0);
	compare_free(&p.cmp);
	saved_run_free(&p.runs[0]);
}

/* A record's avg of 1.8e19 us is more ns than 64 bits hold: clamped. */
static void test_huge_avg(void **state)
{
	static const char line[] =
		"{\"time\":\"2026-12-06T03:00:00Z\",\"unit\":\"us\",\"cpus\":{\"0\":{\"thread\":{\"count\":2,\"max\":18446744073709551,\"avg\":18446744073709551,\"over\":0},\"lost\":0}}}\n";
	char path[] = "/tmp/rtla-compare-XXXXXX", why[256], reason[256];
	struct window_series series;
	struct compare_rule rule;
	struct compare_side side;
	struct comparison cmp;
	const char *text;
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, line, sizeof(line) - 1), sizeof(line) - 1);
	close(fd);
	if (window_series_read(path, &series, why, sizeof(why)))
		fail_msg("%s", why);
	unlink(path);
	side = (struct compare_side){ .name = "huge.jsonl",
		.view = window_series_view(&series), .series = &series };
	assert_int_equal(compare_rule_parse("*:avg=+10%", &rule, &text), 0);
	assert_int_equal(compare_runs(&side, &side, &rule, 1, &cmp, reason,
				      sizeof(reason)), 0);
	assert_int_equal(find_row(&cmp, 0, "thread", "avg")->value[0],
			 UINT64_MAX);
	/* in us, rounded without wrapping to 0 */
	assert_int_equal(compare_in_unit(UINT64_MAX, "us"),
			 UINT64_MAX / 1000 + 1);
	assert_int_equal(compare_count(&cmp, COMPARE_BROKEN), 0);
	compare_free(&cmp);
	window_series_free(&series);
}

/* @main(@argv) with stdout into @out (its first bytes); its status. */
static int run_command(int (*main_fn)(int, char **), char **argv,
		       char *out, size_t size)
{
	char path[] = "/tmp/rtla-compare-out-XXXXXX";
	int saved = dup(1), fd = mkstemp(path), argc = 0, status;
	ssize_t len;

	assert_true(fd >= 0 && saved >= 0);
	while (argv[argc])
		argc++;
	fflush(stdout);
	dup2(fd, 1);
	status = main_fn(argc, argv);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	len = pread(fd, out, size - 1, 0);
	out[len > 0 ? len : 0] = '\0';
	close(fd);
	unlink(path);
	return status;
}

static char clean[512], noisy[512];

/* The paths of tlclean.json and tlnoisy.json, in clean and noisy. */
static void data_paths(void)
{
	const char *dir = getenv("RTLA_TESTDATA");

	snprintf(clean, sizeof(clean), "%s/compare/tlclean.json",
		 dir ? dir : "tests/data");
	snprintf(noisy, sizeof(noisy), "%s/compare/tlnoisy.json",
		 dir ? dir : "tests/data");
}

/* The statuses: itself 0, disturbed 2, a --rule undecided 1, help 129. */
static void test_statuses(void **state)
{
	char *self[] = { "compare", clean, clean,
			 NULL };
	char *worse[] = { "compare", clean,
			  noisy, NULL };
	char *asked[] = { "compare", "--rule", "thread:p99=+10%",
			  clean, clean, NULL };
	char *help[] = { "compare", "--help", NULL };
	char *report_help[] = { "report", "--help", NULL };
	char out[16384];

	data_paths();

	assert_int_equal(run_command(compare_main, self, out, sizeof(out)), 0);
	assert_non_null(strstr(out, "36 rule checks, 0 broken, 9 notes"));
	assert_int_equal(run_command(compare_main, worse, out, sizeof(out)), 2);
	assert_non_null(strstr(out, "\n1    thread  count           4947         2564  -2383 (-48.2%)\n"));
	assert_non_null(strstr(out, "rule *:count=-10% broken on CPU 1 thread: 4947 -> 2564"));
	assert_int_equal(run_command(compare_main, asked, out, sizeof(out)), 1);
	assert_int_equal(run_command(compare_main, help, out, sizeof(out)),
			 RTLA_EXIT_USAGE);
	assert_int_equal(run_command(report_main, report_help, out,
				     sizeof(out)), RTLA_EXIT_USAGE);
}

/* An output that cannot be written: refused before any table. */
static void test_outputs_first(void **state)
{
	char *compare[] = { "compare", "--junit", "/nonexistent/c.xml",
			    clean, noisy, NULL };
	char *report[] = { "report", "--json", "/tmp/rtla-report.json",
			   "--openmetrics", "/nonexistent/r.prom",
			   clean, NULL };
	char out[16384];

	data_paths();
	assert_int_equal(run_command(compare_main, compare, out, sizeof(out)),
			 1);
	assert_string_equal(out, "");
	assert_int_equal(run_command(report_main, report, out, sizeof(out)), 1);
	assert_string_equal(out, "");
	assert_int_equal(access("/tmp/rtla-report.json", F_OK), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_self_overflowing),
		cmocka_unit_test(test_bounds_decide),
		cmocka_unit_test(test_osnoise_top),
		cmocka_unit_test(test_count_fell),
		cmocka_unit_test(test_lost),
		cmocka_unit_test(test_max_below_end),
		cmocka_unit_test(test_huge_avg),
		cmocka_unit_test(test_statuses),
		cmocka_unit_test(test_outputs_first),
	};

	return run_suite("compare", tests, sizeof(tests) / sizeof(tests[0]));
}
