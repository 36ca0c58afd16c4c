// SPDX-License-Identifier: GPL-2.0
/* Two runs side by side: every statistic, and rules on how much worse. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/value_parse.h"
#include "model/compare.h"
#include "model/percentile.h"
#include "model/tracer.h"

const char *const compare_default_rules[] = {
	"*:max=+20%", "*:p99=+10%", "*:avg=+10%", NULL,
};

static int fail(const char **why, const char *reason)
{
	*why = reason;
	return -1;
}

static const char *const row_stats[] = {
	"max", "avg", "p50", "p90", "p99", "p99.9", "p99.99", "over",
};

#define NR_ROW_STATS	(sizeof(row_stats) / sizeof(row_stats[0]))

static int parse_stat(const char *name, struct compare_rule *rule)
{
	size_t i;

	for (i = 0; i < NR_ROW_STATS; i++)
		if (!strcmp(name, row_stats[i]))
			break;
	if (i == NR_ROW_STATS)
		return -1;
	snprintf(rule->stat_name, sizeof(rule->stat_name), "%s", name);
	if (!strcmp(name, "max"))
		rule->stat = COMPARE_MAX;
	else if (!strcmp(name, "avg"))
		rule->stat = COMPARE_AVG;
	else if (!strcmp(name, "over"))
		rule->stat = COMPARE_OVER;
	else
		rule->stat = COMPARE_PERCENTILE;
	return 0;
}

static int parse_limit(const char *text, struct compare_rule *rule,
		       const char **why)
{
	char *end;
	uint64_t ns;

	if (*text != '+')
		return fail(why, "a limit starts with +: +10% or +20us");
	text++;
	if (text[0] && text[strlen(text) - 1] == '%') {
		rule->limit = strtod(text, &end);
		if (end != text + strlen(text) - 1 || !(rule->limit >= 0) ||
		    text[0] < '0' || text[0] > '9')
			return fail(why, "a percentage is +N% or +N.N%");
		rule->relative = true;
		return 0;
	}
	if (rule->stat == COMPARE_OVER) {
		if (parse_u64(text, &ns, why))
			return -1;
	} else if (parse_time_ns(text, &ns, why)) {
		return -1;
	}
	rule->limit = ns;
	return 0;
}

int compare_rule_parse(const char *text, struct compare_rule *rule,
		       const char **why)
{
	const char *colon = strchr(text, ':'), *equal = strchr(text, '=');
	char stat[16];

	memset(rule, 0, sizeof(*rule));
	if (!colon || !equal || equal < colon ||
	    (size_t)(colon - text) >= sizeof(rule->context) ||
	    colon == text ||
	    (size_t)(equal - colon - 1) >= sizeof(stat) ||
	    strlen(text) >= sizeof(rule->text))
		return fail(why, "expected CTX:STAT=+N% or CTX:STAT=+Nus, e.g. thread:p99=+10%");
	snprintf(rule->text, sizeof(rule->text), "%s", text);
	snprintf(rule->context, sizeof(rule->context), "%.*s",
		 (int)(colon - text), text);
	snprintf(stat, sizeof(stat), "%.*s", (int)(equal - colon - 1),
		 colon + 1);
	if (parse_stat(stat, rule))
		return fail(why, "statistic must be max, avg, over, p50, p90, p99, p99.9 or p99.99");
	return parse_limit(equal + 1, rule, why);
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

/* A statistic of @hist in ns; false when unknown. */
static bool stat_value(const struct histogram *hist, unsigned int divisor,
		       const char *stat, uint64_t *value)
{
	double quantile;

	if (!hist->stats.count)
		return false;
	if (!strcmp(stat, "max")) {
		*value = hist->stats.max * divisor;
	} else if (!strcmp(stat, "avg")) {
		*value = hist->stats.sum * divisor / hist->stats.count;
	} else if (!strcmp(stat, "over")) {
		*value = hist->over;
	} else {
		percentile_parse(stat, &quantile);
		if (histogram_percentile(hist, quantile, value) !=
		    PERCENTILE_FOUND)
			return false;
		*value *= divisor;
	}
	return true;
}

/* A statistic of a recorded window in ns; false when unknown. */
static bool window_stat_value(const struct window_stats *s,
			      const char *stat, uint64_t *value)
{
	int i;

	if (!s->count)
		return false;
	if (!strcmp(stat, "max")) {
		*value = s->max;
		return true;
	}
	if (!strcmp(stat, "avg")) {
		*value = (uint64_t)s->avg;
		return true;
	}
	if (!strcmp(stat, "over")) {
		*value = s->over;
		return true;
	}
	for (i = 0; i < NR_STANDARD_PERCENTILES; i++)
		if (!strcmp(stat, standard_percentiles[i].name)) {
			*value = s->pct[i];
			return s->pct_known[i];
		}
	return false;
}

/* Each row statistic of @side's @key on @cpu into @known and @value. */
static int side_values(const struct compare_side *side, int cpu,
		       const char *key, bool known[], uint64_t value[])
{
	const struct context_desc *ctx =
		tracer_context(tracer_desc(side->view.tracer), key);
	struct histogram merged = { 0 };
	const struct histogram *hist;
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
			known[s] = window_stat_value(&picked, row_stats[s],
						     &value[s]);
		return 0;
	}
	hist = side_hist(side, cpu, key, &merged);
	if (!hist)
		return -1;
	for (s = 0; s < NR_ROW_STATS; s++)
		known[s] = stat_value(hist, side->results->divisor,
				      row_stats[s], &value[s]);
	histogram_free(&merged);
	return 0;
}

static bool stat_applies(const struct compare_side *side, int cpu,
			 const char *stat)
{
	if (!strcmp(stat, "max") || !strcmp(stat, "avg"))
		return true;
	/* percentiles and over need a histogram on both sides */
	if (side->results)
		return side->results->entries;
	/* ... or a record, which has them per CPU only */
	return cpu != COMPARE_ALL_CPUS || !strcmp(stat, "over");
}

static int add_rows(const struct compare_side *sides[2], int cpu,
		    const char *key, struct comparison *cmp)
{
	uint64_t value[2][NR_ROW_STATS];
	bool known[2][NR_ROW_STATS];
	struct compare_row *row;
	size_t s;
	int i;

	for (i = 0; i < 2; i++)
		if (side_values(sides[i], cpu, key, known[i], value[i]))
			return -1;
	for (s = 0; s < NR_ROW_STATS; s++) {
		if (!stat_applies(sides[0], cpu, row_stats[s]) ||
		    !stat_applies(sides[1], cpu, row_stats[s]))
			continue;
		row = &cmp->rows[cmp->nr_rows++];
		row->cpu = cpu;
		row->context = tracer_context(tracer_desc(sides[0]->view.tracer),
					      key)->key;
		snprintf(row->stat, sizeof(row->stat), "%s", row_stats[s]);
		row->is_count = !strcmp(row->stat, "over");
		for (i = 0; i < 2; i++) {
			row->known[i] = known[i][s];
			row->value[i] = value[i][s];
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

/* What @rule says of @row; false when the rule is not about it. */
static bool judge(const struct compare_rule *rule,
		  const struct compare_row *row, enum compare_result *result)
{
	double growth;

	if (strcmp(rule->context, "*") && strcmp(rule->context, row->context))
		return false;
	if (strcmp(rule->stat_name, row->stat))
		return false;
	if (!row->known[0] || !row->known[1]) {
		*result = COMPARE_UNDECIDED;
		return true;
	}
	growth = (double)row->value[1] - (double)row->value[0];
	if (rule->relative)
		*result = growth <= 0 || (row->value[0] &&
			  growth * 100 <= rule->limit * row->value[0]) ?
			  COMPARE_KEPT : COMPARE_BROKEN;
	else
		*result = growth <= rule->limit ? COMPARE_KEPT : COMPARE_BROKEN;
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
			if (!judge(&rules[r], &cmp->rows[i], &result))
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

uint64_t compare_in_unit(uint64_t ns, const char *unit)
{
	return strcmp(unit, "ns") ? (ns + 500) / 1000 : ns;
}

static void format_value(const struct compare_row *row, int side,
			 const char *unit, char *buf, size_t size)
{
	if (!row->known[side])
		snprintf(buf, size, "?");
	else if (row->is_count)
		snprintf(buf, size, "%" PRIu64, row->value[side]);
	else
		snprintf(buf, size, "%" PRIu64 " %s",
			 compare_in_unit(row->value[side], unit), unit);
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
	format_value(row, 0, unit, a, sizeof(a));
	format_value(row, 1, unit, b, sizeof(b));
	snprintf(buf, size, "rule %s %s on %s %s: %s -> %s%s",
		 v->rule->text, words[v->result], where, row->context, a, b,
		 v->result == COMPARE_UNDECIDED ?
		 " (a percentile past a histogram: raise -E or -b)" : "");
}
