/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_BUDGET_H
#define RTLA_BUDGET_H

#include <stdbool.h>
#include <stdint.h>

#include "cli/params.h"
#include "model/results.h"
#include "model/tracer.h"

/* Parse "thread:p99.9=50us" for a tool; -1 with *why on bad input. */
int budget_parse(const char *text, enum rtla_tracer tracer,
		 enum rtla_mode mode, struct budget *budget,
		 const char **why);

/* One budget on one CPU, in the results' display unit. */
struct budget_verdict {
	const struct budget *budget;
	int cpu;
	bool pass;
	bool known;		/* false: the percentile is past the histogram */
	uint64_t value;
	uint64_t limit;
};

/* Check every budget on every shown CPU; returns how many verdicts. */
/*
 * Without -n the results are in whole us: a limit that is not is refused
 * rather than rounded.  0, or -1 with *why saying which.
 */
int budgets_check_units(const struct rtla_params *params, const char **why);

int budgets_evaluate(const struct rtla_params *params,
		     const struct rtla_results *results,
		     struct budget_verdict *verdicts, int max);

/* "budget thread:p99=50us violated on CPU 1: 73 us > 50 us" */
void budget_verdict_describe(const struct budget_verdict *verdict,
			     const struct rtla_results *results, char *buf,
			     size_t size);

#endif
