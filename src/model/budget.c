// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "model/budget.h"
#include "cli/parse.h"
#include "model/percentile.h"

static int fail(const char **why, const char *reason)
{
	*why = reason;
	return -1;
}

/* "timerlat budgets are on irq or thread", from the tracer's table. */
static const char *context_list(enum rtla_tracer tracer)
{
	const struct tracer_desc *desc = tracer_desc(tracer);
	static char text[128];
	size_t len;
	int i;

	len = snprintf(text, sizeof(text), "%s budgets are on", desc->name);
	for (i = 0; i < desc->nr_contexts && len < sizeof(text); i++)
		len += snprintf(text + len, sizeof(text) - len, "%s %s",
				!i ? "" : i == desc->nr_contexts - 1 ? " or" : ",",
				desc->contexts[i].key);
	return text;
}

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
		return fail(why, context_list(tracer));
	budget->context = ctx->id;
	if (parse_stat(stat, budget))
		return fail(why, "statistic must be max, avg, over or a percentile like p99.9");
	if (mode == MODE_TOP && (budget->stat == BUDGET_PERCENTILE ||
				 budget->stat == BUDGET_OVER))
		return fail(why, "percentiles and over need hist mode");
	if (tracer == TRACER_OSNOISE && mode == MODE_TOP &&
	    budget->stat == BUDGET_AVG)
		return fail(why, "osnoise top has no average single noise: use max");
	return parse_limit(equal + 1, budget, why);
}

/* The measured value; false when it is unknown (past the histogram). */
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

int budgets_evaluate(const struct rtla_params *params,
		     const struct rtla_results *results,
		     struct budget_verdict *verdicts, int max)
{
	bool osnoise_top = params->tracer == TRACER_OSNOISE &&
			   params->mode == MODE_TOP;
	const struct budget *budget;
	struct budget_verdict *v;
	int i, cpu, count = 0;

	for (i = 0; i < params->nr_budgets; i++) {
		budget = &params->budgets[i];
		for (cpu = 0; cpu < results->nr_cpus && count < max; cpu++) {
			if (!results_cpu_shown(results, cpu))
				continue;
			v = &verdicts[count++];
			v->budget = budget;
			v->cpu = cpu;
			v->limit = budget->stat == BUDGET_OVER ? budget->limit :
				   budget->limit / results->divisor;
			v->known = measure(budget, &results->cpu[cpu],
					   osnoise_top, &v->value);
			v->pass = v->known && v->value <= v->limit;
		}
	}
	return count;
}

void budget_verdict_describe(const struct budget_verdict *v,
			     const struct rtla_results *results, char *buf,
			     size_t size)
{
	const char *unit = v->budget->stat == BUDGET_OVER ? "" :
			   results->divisor == 1 ? " ns" : " us";

	if (!v->known)
		snprintf(buf, size,
			 "budget %s violated on CPU %d: beyond the histogram (>= %" PRIu64 "%s) > %" PRIu64 "%s",
			 v->budget->text, v->cpu, v->value, unit, v->limit,
			 unit);
	else
		snprintf(buf, size,
			 "budget %s %s on CPU %d: %" PRIu64 "%s %s %" PRIu64 "%s",
			 v->budget->text, v->pass ? "met" : "violated", v->cpu,
			 v->value, unit, v->pass ? "<=" : ">", v->limit, unit);
}

int budgets_check_units(const struct rtla_params *params, const char **why)
{
	static char text[128];
	const struct budget *budget;
	int i;

	if (params->nano)
		return 0;
	for (i = 0; i < params->nr_budgets; i++) {
		budget = &params->budgets[i];
		if (budget->stat == BUDGET_OVER || !(budget->limit % 1000))
			continue;
		snprintf(text, sizeof(text),
			 "budget %s is not a whole number of us: give -n to compare in ns",
			 budget->text);
		return fail(why, text);
	}
	return 0;
}
