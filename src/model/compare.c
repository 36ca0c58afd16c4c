// SPDX-License-Identifier: GPL-2.0
/* Two runs side by side: every statistic, and rules on how much worse. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/compare.h"
#include "model/percentile.h"
#include "model/tracer.h"

static const char *const row_stats[] = {
	"max", "avg", "p50", "p90", "p99", "p99.9", "p99.99", "over", "count",
	"lost",
};

#define NR_ROW_STATS	(sizeof(row_stats) / sizeof(row_stats[0]))

/* One statistic of one side: its value, or the bounds it lies within. */
struct side_value {
	bool known;
	uint64_t value, low, high;
};

static void set_known(struct side_value *v, uint64_t value)
{
	*v = (struct side_value){ true, value, value, value };
}

/* The contexts both sides show, by key. */
static void common_contexts(const struct compare_side *base,
			    const struct compare_side *new,
			    struct comparison *cmp)
{
	const struct context_desc *a[NR_CONTEXTS], *b[NR_CONTEXTS];
	int na = tracer_view_contexts(&base->view, a);
	int nb = tracer_view_contexts(&new->view, b);
	int i, j;

	for (i = 0; i < na; i++)
		for (j = 0; j < nb; j++)
			if (!strcmp(a[i]->key, b[j]->key))
				snprintf(cmp->contexts[cmp->nr_contexts++],
					 sizeof(cmp->contexts[0]), "%s",
					 a[i]->key);
}

static int side_nr_cpus(const struct compare_side *side)
{
	return side->results ? side->results->nr_cpus : side->series->nr_cpus;
}

static bool side_cpu_shown(const struct compare_side *side, int cpu)
{
	int line;

	if (cpu >= side_nr_cpus(side))
		return false;
	if (side->results)
		return results_cpu_shown(side->results, cpu);
	for (line = 0; line < side->series->nr_lines; line++)
		if (side->series->lines[line].cpu[cpu].shown)
			return true;
	return false;
}

static const struct histogram *
side_hist(const struct compare_side *side, int cpu, const char *key,
	  struct histogram *merged)
{
	const struct context_desc *ctx =
		tracer_context(side->results->tracer, key);

	if (cpu != COMPARE_ALL_CPUS)
		return &side->results->cpu[cpu].hist[ctx->id];
	if (results_merge_all(side->results, ctx->id, merged))
		return NULL;
	return merged;
}

/* A percentile of @hist in ns, or bounds: the histogram's end, the max. */
static void percentile_value(const struct histogram *hist,
			     unsigned int divisor, const char *stat,
			     struct side_value *v)
{
	double quantile;
	uint64_t value;

	percentile_parse(stat, &quantile);
	if (histogram_percentile(hist, quantile, &value) == PERCENTILE_FOUND) {
		set_known(v, value * divisor);
		return;
	}
	v->low = (uint64_t)hist->entries * hist->bucket_size * divisor;
	v->high = hist->stats.max * divisor;
	/* a file whose max is below its overflow: the bounds still ordered,
	 * so that a run compared with itself never breaks a rule */
	if (v->high < v->low)
		v->high = v->low;
}

/* A statistic of @hist in ns (a count for over and count). */
static void stat_value(const struct histogram *hist, unsigned int divisor,
		       const char *stat, struct side_value *v)
{
	*v = (struct side_value){ .high = UINT64_MAX };
	if (!strcmp(stat, "count"))
		set_known(v, hist->stats.count);
	else if (!hist->stats.count)
		return;
	else if (!strcmp(stat, "max"))
		set_known(v, hist->stats.max * divisor);
	else if (!strcmp(stat, "avg"))
		set_known(v, hist->stats.sum * divisor / hist->stats.count);
	else if (!strcmp(stat, "over"))
		set_known(v, hist->over);
	else
		percentile_value(hist, divisor, stat, v);
}

/*
 * A run without samples (osnoise top) by its periods: count the
 * periods, max the most noise in one, avg the mean noise of one.
 */
static void periods_value(const struct noise_summary *sum,
			  unsigned int divisor, const char *stat,
			  struct side_value *v)
{
	*v = (struct side_value){ .high = UINT64_MAX };
	if (!strcmp(stat, "count"))
		set_known(v, sum->periods);
	else if (!sum->periods)
		return;
	else if (!strcmp(stat, "max"))
		set_known(v, sum->max_noise * divisor);
	else if (!strcmp(stat, "avg"))
		set_known(v, sum->noise * divisor / sum->periods);
}

/* @cpu's periods, or every CPU's summed (the max of their max). */
static void side_periods(const struct rtla_results *results, int cpu,
			 struct noise_summary *sum)
{
	const struct noise_summary *one;
	int i;

	memset(sum, 0, sizeof(*sum));
	for (i = 0; i < results->nr_cpus; i++) {
		if (cpu != COMPARE_ALL_CPUS && i != cpu)
			continue;
		one = &results->cpu[i].periods;
		sum->periods += one->periods;
		sum->noise += one->noise;
		if (one->max_noise > sum->max_noise)
			sum->max_noise = one->max_noise;
	}
}

/* A double as a whole number, clamped: a corrupt file's 1e300 or NaN. */
static uint64_t clamp_u64(double d)
{
	if (!(d > 0))
		return 0;
	return d >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)d;
}

/* A statistic of a recorded window in ns (a count for over and count). */
static void window_stat_value(const struct window_stats *s,
			      const char *stat, struct side_value *v)
{
	int i;

	*v = (struct side_value){ .high = UINT64_MAX };
	if (!strcmp(stat, "count")) {
		set_known(v, s->count);
		return;
	}
	if (!s->count)
		return;
	if (!strcmp(stat, "max"))
		set_known(v, s->max);
	else if (!strcmp(stat, "avg"))
		set_known(v, clamp_u64(s->avg));
	else if (!strcmp(stat, "over"))
		set_known(v, s->over);
	for (i = 0; i < NR_STANDARD_PERCENTILES; i++) {
		if (strcmp(stat, standard_percentiles[i].name))
			continue;
		if (s->pct_known[i])
			set_known(v, s->pct[i]);
		else
			v->high = s->max;
	}
}

/* Each row statistic of @side's @key on @cpu into @v. */
static int side_values(const struct compare_side *side, int cpu,
		       const char *key, struct side_value v[])
{
	const struct context_desc *ctx =
		tracer_context(tracer_desc(side->view.tracer), key);
	struct histogram merged = { 0 };
	const struct histogram *hist;
	struct noise_summary periods;
	struct window_stats picked;
	size_t s;

	if (!side->results) {
		if (cpu == COMPARE_ALL_CPUS)
			window_series_pick_all_cpus(side->series, side->choice,
						    ctx->id, &picked);
		else
			window_series_pick(side->series, side->choice, cpu,
					   ctx->id, &picked);
		for (s = 0; s < NR_ROW_STATS; s++)
			window_stat_value(&picked, row_stats[s], &v[s]);
		return 0;
	}
	hist = side_hist(side, cpu, key, &merged);
	if (!hist)
		return -1;
	side_periods(side->results, cpu, &periods);
	for (s = 0; s < NR_ROW_STATS; s++)
		if (!strcmp(row_stats[s], "lost"))
			set_known(&v[s], cpu == COMPARE_ALL_CPUS ?
				  results_lost_total(side->results) :
				  side->results->cpu[cpu].lost_events);
		else if (!hist->stats.count && periods.periods)
			periods_value(&periods, side->results->divisor,
				      row_stats[s], &v[s]);
		else
			stat_value(hist, side->results->divisor, row_stats[s],
				   &v[s]);
	histogram_free(&merged);
	return 0;
}

static bool stat_applies(const struct compare_side *side, int cpu,
			 const char *stat)
{
	if (!strcmp(stat, "max") || !strcmp(stat, "avg") ||
	    !strcmp(stat, "count"))
		return true;
	/* the events the ring buffer lost: a report's, per CPU */
	if (!strcmp(stat, "lost"))
		return side->results;
	/* percentiles and over need a histogram on both sides */
	if (side->results)
		return side->results->entries;
	/* ... or a record, which has them per CPU only */
	return cpu != COMPARE_ALL_CPUS || !strcmp(stat, "over");
}

static int add_rows(const struct compare_side *sides[2], int cpu,
		    const char *key, struct comparison *cmp)
{
	struct side_value value[2][NR_ROW_STATS];
	struct compare_row *row;
	size_t s;
	int i;

	for (i = 0; i < 2; i++)
		if (side_values(sides[i], cpu, key, value[i]))
			return -1;
	for (s = 0; s < NR_ROW_STATS; s++) {
		if (!stat_applies(sides[0], cpu, row_stats[s]) ||
		    !stat_applies(sides[1], cpu, row_stats[s]))
			continue;
		/* the CPU's, once, under the first context, when any */
		if (!strcmp(row_stats[s], "lost") &&
		    (strcmp(key, cmp->contexts[0]) ||
		     !(value[0][s].value || value[1][s].value)))
			continue;
		row = &cmp->rows[cmp->nr_rows++];
		row->cpu = cpu;
		row->context = tracer_context(tracer_desc(sides[0]->view.tracer),
					      key)->key;
		snprintf(row->stat, sizeof(row->stat), "%s", row_stats[s]);
		row->is_count = !strcmp(row->stat, "over") ||
				!strcmp(row->stat, "count") ||
				!strcmp(row->stat, "lost");
		for (i = 0; i < 2; i++) {
			row->known[i] = value[i][s].known;
			row->value[i] = value[i][s].value;
			row->low[i] = value[i][s].low;
			row->high[i] = value[i][s].high;
		}
	}
	return 0;
}

static bool same_cpus(const struct compare_side *base,
		      const struct compare_side *new, char *why, size_t size)
{
	int cpu, max = side_nr_cpus(base) > side_nr_cpus(new) ?
		       side_nr_cpus(base) : side_nr_cpus(new);
	bool a, b;

	for (cpu = 0; cpu < max; cpu++) {
		a = side_cpu_shown(base, cpu);
		b = side_cpu_shown(new, cpu);
		if (a == b)
			continue;
		snprintf(why, size, "CPU %d is in %s only: compare runs of the same CPUs",
			 cpu, a ? base->name : new->name);
		return false;
	}
	return true;
}

static int apply_rules(const struct compare_rule *rules, int nr_rules,
		       struct comparison *cmp, char *why, size_t size)
{
	struct compare_verdict *v;
	enum compare_result result;
	int r, i, matched;

	for (r = 0; r < nr_rules; r++) {
		matched = 0;
		for (i = 0; i < cmp->nr_rows; i++) {
			if (!compare_rule_judge(&rules[r], &cmp->rows[i], &result))
				continue;
			v = &cmp->verdicts[cmp->nr_verdicts++];
			v->rule = &rules[r];
			v->row = &cmp->rows[i];
			v->result = result;
			matched++;
		}
		if (!matched && strcmp(rules[r].context, "*")) {
			snprintf(why, size, "rule %s applies to nothing: both runs need context %s (and a histogram for percentiles and over)",
				 rules[r].text, rules[r].context);
			return -1;
		}
	}
	return 0;
}

int compare_runs(const struct compare_side *base,
		 const struct compare_side *new,
		 const struct compare_rule *rules, int nr_rules,
		 struct comparison *cmp, char *why, size_t size)
{
	const struct compare_side *sides[2] = { base, new };
	size_t max_rows;
	int c, cpu;

	memset(cmp, 0, sizeof(*cmp));
	if (!same_cpus(base, new, why, size))
		return -1;
	common_contexts(base, new, cmp);
	if (!cmp->nr_contexts) {
		snprintf(why, size, "%s and %s share no context (irq, thread, user, noise)",
			 base->name, new->name);
		return -1;
	}
	max_rows = (size_t)(side_nr_cpus(base) + 1) * cmp->nr_contexts *
		   NR_ROW_STATS;
	cmp->rows = calloc(max_rows, sizeof(*cmp->rows));
	cmp->verdicts = calloc(max_rows * (nr_rules ? nr_rules : 1),
			       sizeof(*cmp->verdicts));
	if (!cmp->rows || !cmp->verdicts) {
		compare_free(cmp);
		snprintf(why, size, "out of memory");
		return -1;
	}
	for (c = 0; c < cmp->nr_contexts; c++) {
		for (cpu = 0; cpu < side_nr_cpus(base); cpu++)
			if (side_cpu_shown(base, cpu) &&
			    add_rows(sides, cpu, cmp->contexts[c], cmp))
				goto oom;
		if (add_rows(sides, COMPARE_ALL_CPUS, cmp->contexts[c], cmp))
			goto oom;
	}
	if (apply_rules(rules, nr_rules, cmp, why, size)) {
		compare_free(cmp);
		return -1;
	}
	return 0;
oom:
	compare_free(cmp);
	snprintf(why, size, "out of memory");
	return -1;
}

void compare_free(struct comparison *cmp)
{
	free(cmp->rows);
	free(cmp->verdicts);
	cmp->rows = NULL;
	cmp->verdicts = NULL;
}

int compare_count(const struct comparison *cmp, enum compare_result result)
{
	int i, n = 0;

	for (i = 0; i < cmp->nr_verdicts; i++)
		n += cmp->verdicts[i].result == result;
	return n;
}

bool compare_verdict_is_note(const struct compare_verdict *v)
{
	return v->result == COMPARE_UNDECIDED && v->rule->is_default;
}

int compare_count_firm_undecided(const struct comparison *cmp)
{
	int i, n = 0;

	for (i = 0; i < cmp->nr_verdicts; i++)
		n += cmp->verdicts[i].result == COMPARE_UNDECIDED &&
		     !compare_verdict_is_note(&cmp->verdicts[i]);
	return n;
}

uint64_t compare_in_unit(uint64_t ns, const char *unit)
{
	/* rounded, without (ns + 500) overflowing */
	return strcmp(unit, "ns") ? ns / 1000 + (ns % 1000 >= 500) : ns;
}

void compare_format_value(const struct compare_row *row, int side,
			  const char *unit, bool with_unit, char *buf,
			  size_t size)
{
	uint64_t shown = row->is_count ?
			 (row->known[side] ? row->value[side] : row->low[side]) :
			 compare_in_unit(row->known[side] ? row->value[side] :
					 row->low[side], unit);
	const char *sep = with_unit && !row->is_count ? " " : "";

	if (!row->known[side] && !row->low[side])
		snprintf(buf, size, "?");
	else
		snprintf(buf, size, "%s%" PRIu64 "%s%s",
			 row->known[side] ? "" : ">", shown, sep,
			 *sep ? unit : "");
}

static const char *undecided_why(const struct compare_row *row)
{
	if (row->stat[0] != 'p')
		return " (a run without samples)";
	if (row->low[0] || row->low[1])
		return " (a percentile past a histogram: raise -E or -b)";
	return " (a percentile not known)";
}

void compare_verdict_describe(const struct compare_verdict *v,
			      const char *unit, char *buf, size_t size)
{
	static const char *const words[] = {
		[COMPARE_KEPT] = "kept", [COMPARE_BROKEN] = "broken",
		[COMPARE_UNDECIDED] = "cannot tell",
	};
	const struct compare_row *row = v->row;
	char where[16], a[32], b[32];

	if (row->cpu == COMPARE_ALL_CPUS)
		snprintf(where, sizeof(where), "all CPUs");
	else
		snprintf(where, sizeof(where), "CPU %d", row->cpu);
	compare_format_value(row, 0, unit, true, a, sizeof(a));
	compare_format_value(row, 1, unit, true, b, sizeof(b));
	snprintf(buf, size, "rule %s %s on %s %s: %s -> %s%s",
		 v->rule->text, words[v->result], where, row->context, a, b,
		 v->result == COMPARE_UNDECIDED ? undecided_why(row) : "");
}
