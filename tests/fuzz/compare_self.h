/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_FUZZ_COMPARE_SELF_H
#define RTLA_FUZZ_COMPARE_SELF_H

#include <assert.h>
#include <string.h>

#include "model/compare.h"

/*
 * A side compared with itself under @rule_text: either one refusal line,
 * or no rule broken (a percentile's bounds never break it).
 */
static inline void compare_side_with_itself(const struct compare_side *side,
					    const char *rule_text)
{
	struct compare_rule rule;
	struct comparison cmp;
	const char *why;
	char reason[256];

	assert(!compare_rule_parse(rule_text, &rule, &why));
	if (compare_runs(side, side, &rule, 1, &cmp, reason,
			 sizeof(reason))) {
		assert(*reason && !strchr(reason, '\n'));
		return;
	}
	assert(!compare_count(&cmp, COMPARE_BROKEN));
	compare_free(&cmp);
}

/* ... and under the default rules (count among them): nothing broken. */
static inline void compare_side_with_itself_by_default(
	const struct compare_side *side)
{
	struct compare_rule rules[8];
	struct comparison cmp;
	const char *why;
	char reason[256];
	int n;

	for (n = 0; compare_default_rules[n]; n++) {
		assert(n < 8);
		assert(!compare_rule_parse(compare_default_rules[n], &rules[n],
					   &why));
		rules[n].is_default = true;
	}
	if (compare_runs(side, side, rules, n, &cmp, reason, sizeof(reason)))
		return;
	assert(!compare_count(&cmp, COMPARE_BROKEN));
	compare_free(&cmp);
}

#endif
