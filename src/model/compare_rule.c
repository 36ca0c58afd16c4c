// SPDX-License-Identifier: GPL-2.0
/* A comparison's rules: "thread:p99=+10%" parsed, and judged on a row. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/compare.h"
#include "model/value_parse.h"

/*
 * The rules used when none are given: each decidable on any run but for
 * a percentile past both histograms, which is then a note.  A count that
 * fell by more than a tenth is as bad as a slower max: the samples lost
 * are the wake-ups the disturber delayed the most.
 */
const char *const compare_default_rules[] = {
	"*:max=+20%", "*:p99=+10%", "*:avg=+10%", "*:count=-10%", NULL,
};

static const struct {
	const char *name;
	enum compare_stat stat;
} stat_names[] = {
	{ "max", COMPARE_MAX }, { "avg", COMPARE_AVG },
	{ "p50", COMPARE_PERCENTILE }, { "p90", COMPARE_PERCENTILE },
	{ "p99", COMPARE_PERCENTILE }, { "p99.9", COMPARE_PERCENTILE },
	{ "p99.99", COMPARE_PERCENTILE }, { "over", COMPARE_OVER },
	{ "count", COMPARE_COUNT }, { "lost", COMPARE_LOST },
};

#define NR_STAT_NAMES	(sizeof(stat_names) / sizeof(stat_names[0]))

static int fail(const char **why, const char *reason)
{
	*why = reason;
	return -1;
}

static int parse_stat(const char *name, struct compare_rule *rule)
{
	size_t i;

	for (i = 0; i < NR_STAT_NAMES; i++) {
		if (strcmp(name, stat_names[i].name))
			continue;
		snprintf(rule->stat_name, sizeof(rule->stat_name), "%s", name);
		rule->stat = stat_names[i].stat;
		return 0;
	}
	return -1;
}

static bool is_count(const struct compare_rule *rule)
{
	return rule->stat == COMPARE_OVER || rule->stat == COMPARE_COUNT ||
	       rule->stat == COMPARE_LOST;
}

static int parse_limit(const char *text, struct compare_rule *rule,
		       const char **why)
{
	char sign = rule->stat == COMPARE_COUNT ? '-' : '+';
	char *end;
	uint64_t n;

	if (*text != sign)
		return fail(why, sign == '-' ?
			    "a count's limit starts with -: how far it may fall, -10% or -100" :
			    "a limit starts with +: +10% or +20us");
	text++;
	rule->drop = sign == '-';
	if (text[0] && text[strlen(text) - 1] == '%') {
		rule->limit = strtod(text, &end);
		if (end != text + strlen(text) - 1 || !(rule->limit >= 0) ||
		    text[0] < '0' || text[0] > '9')
			return fail(why, "a percentage is +N% or +N.N%");
		rule->relative = true;
		return 0;
	}
	if (is_count(rule)) {
		if (parse_u64(text, &n, why))
			return -1;
	} else if (parse_time_ns(text, &n, why)) {
		return -1;
	}
	rule->limit = n;
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
		return fail(why, "statistic must be max, avg, over, count, lost, p50, p90, p99, p99.9 or p99.99");
	return parse_limit(equal + 1, rule, why);
}

/* Is NEW's @new worse than BASE's @base by more than @rule allows? */
static bool breaks(const struct compare_rule *rule, double base, double new)
{
	double worse = rule->drop ? base - new : new - base;

	if (worse <= 0)
		return false;
	if (!rule->relative)
		return worse > rule->limit;
	return !base || worse * 100 > rule->limit * base;
}

bool compare_rule_judge(const struct compare_rule *rule,
			const struct compare_row *row,
			enum compare_result *result)
{
	double sure_base, sure_new, might_base, might_new;

	if (strcmp(rule->context, "*") && strcmp(rule->context, row->context))
		return false;
	if (strcmp(rule->stat_name, row->stat))
		return false;
	/*
	 * An unknown value lies between its bounds: broken when the ends
	 * kindest to NEW break the rule, kept when the harshest keep it.
	 */
	sure_base = rule->drop ? row->low[0] : row->high[0];
	sure_new = rule->drop ? row->high[1] : row->low[1];
	might_base = rule->drop ? row->high[0] : row->low[0];
	might_new = rule->drop ? row->low[1] : row->high[1];
	if (breaks(rule, sure_base, sure_new))
		*result = COMPARE_BROKEN;
	else if (!breaks(rule, might_base, might_new))
		*result = COMPARE_KEPT;
	else
		*result = COMPARE_UNDECIDED;
	return true;
}
