// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "model/budget.h"
#include "model/value_parse.h"
#include "model/percentile.h"

const char *const budget_result_names[] = {
	[BUDGET_MET] = "met",
	[BUDGET_MISSED] = "violated",
	[BUDGET_UNDECIDED] = "undecided",
};

static int fail(const char **why, const char *reason)
{
	*why = reason;
	return -1;
}

/* Why a context is refused: the contexts each tracer's table holds. */
static const char *const context_reasons[] = {
	[TRACER_TIMERLAT] = "timerlat budgets are on irq, thread or user",
	[TRACER_OSNOISE] = "osnoise budgets are on noise",
};

static int parse_stat(const char *name, struct budget *budget)
{
	if (!strcmp(name, "max"))
		budget->stat = BUDGET_MAX;
	else if (!strcmp(name, "avg"))
		budget->stat = BUDGET_AVG;
	else if (!strcmp(name, "over"))
		budget->stat = BUDGET_OVER;
	else if (!percentile_parse(name, &budget->quantile))
		budget->stat = BUDGET_PERCENTILE;
	else
		return -1;
	return 0;
}

static int parse_limit(const char *text, struct budget *budget,
		       const char **why)
{
	char with_unit[64];
	size_t len = strlen(text);

	if (budget->stat == BUDGET_OVER)
		return parse_u64(text, &budget->limit, why);
	/* a bare number is in microseconds, as rtla's other options */
	if (len && text[len - 1] >= '0' && text[len - 1] <= '9' &&
	    len + 3 < sizeof(with_unit)) {
		snprintf(with_unit, sizeof(with_unit), "%sus", text);
		text = with_unit;
	}
	return parse_time_ns(text, &budget->limit, why);
}

int budget_parse(const char *text, enum rtla_tracer tracer,
		 enum rtla_mode mode, struct budget *budget,
		 const char **why)
{
	char context[16], stat[16];
	const char *colon = strchr(text, ':'), *equal = strchr(text, '=');
	const struct context_desc *ctx;

	memset(budget, 0, sizeof(*budget));
	if (!colon || !equal || equal < colon ||
	    (size_t)(colon - text) >= sizeof(context) ||
	    (size_t)(equal - colon - 1) >= sizeof(stat) ||
	    strlen(text) >= sizeof(budget->text))
		return fail(why, "expected CTX:STAT=VALUE, e.g. thread:p99.9=50us");
	snprintf(budget->text, sizeof(budget->text), "%s", text);
	snprintf(context, sizeof(context), "%.*s", (int)(colon - text), text);
	snprintf(stat, sizeof(stat), "%.*s", (int)(equal - colon - 1),
		 colon + 1);
	ctx = tracer_context(tracer_desc(tracer), context);
	if (!ctx)
		return fail(why, context_reasons[tracer]);
	budget->context = ctx->id;
	if (parse_stat(stat, budget))
		return fail(why, "statistic must be max, avg, over or a percentile like p99.9");
	if (budget->stat == BUDGET_PERCENTILE && budget->quantile >= 1)
		return fail(why, "p100 is the max: write max");
	if (mode == MODE_TOP && (budget->stat == BUDGET_PERCENTILE ||
				 budget->stat == BUDGET_OVER))
		return fail(why, "percentiles and over need hist mode");
	if (tracer == TRACER_OSNOISE && mode == MODE_TOP &&
	    budget->stat == BUDGET_AVG)
		return fail(why, "osnoise top has no average single noise: use max");
	return parse_limit(equal + 1, budget, why);
}

/* The measured value; false when the percentile is past the histogram. */
static bool measure(const struct budget *budget, const struct cpu_results *cpu,
		    bool osnoise_top, uint64_t *value)
{
	const struct histogram *hist = &cpu->hist[budget->context];

	switch (budget->stat) {
	case BUDGET_MAX:
		*value = osnoise_top ? cpu->periods.max_single :
				       hist->stats.max;
		return true;
	case BUDGET_AVG:
		*value = series_avg(&hist->stats);
		return true;
	case BUDGET_OVER:
		*value = hist->over;
		return true;
	default:
		return histogram_percentile(hist, budget->quantile, value) !=
		       PERCENTILE_OVER;
	}
}

/*
 * A percentile past the histogram is at least its end and at most the
 * max: under the limit when the max is, over it when the end is.
 */
static enum budget_result judge(const struct budget_verdict *v)
{
	if (!v->past_end)
		return v->value <= v->limit ? BUDGET_MET : BUDGET_MISSED;
	if (v->max <= v->limit)
		return BUDGET_MET;
	if (v->value > v->limit)
		return BUDGET_MISSED;
	return BUDGET_UNDECIDED;
}

int budgets_evaluate(const struct budget_set *set,
		     const struct rtla_results *results,
		     struct budget_verdict *verdicts, int max)
{
	const struct budget *budget;
	const struct cpu_results *cpu_results;
	struct budget_verdict *v;
	int i, cpu, count = 0;

	for (i = 0; i < set->count; i++) {
		budget = &set->budgets[i];
		for (cpu = 0; cpu < results->nr_cpus && count < max; cpu++) {
			if (!results_cpu_shown(results, cpu))
				continue;
			cpu_results = &results->cpu[cpu];
			v = &verdicts[count++];
			v->budget = budget;
			v->cpu = cpu;
			v->limit = budget->stat == BUDGET_OVER ? budget->limit :
				   budget->limit / results->divisor;
			v->past_end = !measure(budget, cpu_results, set->osnoise_top,
					       &v->value);
			v->max = cpu_results->hist[budget->context].stats.max;
			v->result = judge(v);
		}
	}
	return count;
}

int budget_verdicts_count(const struct budget_verdict *verdicts, int count,
			  enum budget_result result)
{
	int i, n = 0;

	for (i = 0; i < count; i++)
		n += verdicts[i].result == result;
	return n;
}

void budget_verdict_describe(const struct budget_verdict *v,
			     const struct rtla_results *results, char *buf,
			     size_t size)
{
	const char *unit = v->budget->stat == BUDGET_OVER ? "" :
			   results->divisor == 1 ? " ns" : " us";
	const char *text = v->budget->text;

	if (!v->past_end)
		snprintf(buf, size,
			 "budget %s %s on CPU %d: %" PRIu64 "%s %s %" PRIu64 "%s",
			 text, v->result == BUDGET_MET ? "met" : "violated",
			 v->cpu, v->value, unit,
			 v->result == BUDGET_MET ? "<=" : ">", v->limit, unit);
	else if (v->result == BUDGET_MET)
		snprintf(buf, size,
			 "budget %s met on CPU %d: beyond the histogram (>= %" PRIu64 "%s), max %" PRIu64 "%s <= %" PRIu64 "%s",
			 text, v->cpu, v->value, unit, v->max, unit, v->limit,
			 unit);
	else if (v->result == BUDGET_MISSED)
		snprintf(buf, size,
			 "budget %s violated on CPU %d: beyond the histogram (>= %" PRIu64 "%s) > %" PRIu64 "%s",
			 text, v->cpu, v->value, unit, v->limit, unit);
	else
		snprintf(buf, size,
			 "budget %s cannot tell on CPU %d: beyond the histogram (>= %" PRIu64 "%s), max %" PRIu64 "%s > %" PRIu64 "%s: raise -E or -b",
			 text, v->cpu, v->value, unit, v->max, unit, v->limit,
			 unit);
}

int budgets_check_units(const struct budget_set *set, char *why,
			size_t size)
{
	const struct budget *budget;
	int i;

	if (set->nano)
		return 0;
	for (i = 0; i < set->count; i++) {
		budget = &set->budgets[i];
		if (budget->stat == BUDGET_OVER || !(budget->limit % 1000))
			continue;
		snprintf(why, size,
			 "budget %s is not a whole number of us: give -n to compare in ns",
			 budget->text);
		return -1;
	}
	return 0;
}

int budgets_check_range(const struct budget_set *set, char *why,
			size_t size)
{
	uint64_t unit_ns = set->nano ? 1 : 1000;
	const struct budget *budget;
	int i;

	if (!set->hist_end_ns)
		return 0;
	for (i = 0; i < set->count; i++) {
		budget = &set->budgets[i];
		if (budget->stat != BUDGET_PERCENTILE ||
		    budget->limit < set->hist_end_ns)
			continue;
		snprintf(why, size,
			 "budget %s lies beyond the histogram's end (%" PRIu64 " %s): past it, only the max decides; raise -E or -b",
			 budget->text, set->hist_end_ns / unit_ns,
			 set->nano ? "ns" : "us");
		return -1;
	}
	return 0;
}
