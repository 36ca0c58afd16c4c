/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_BUDGET_H
#define RTLA_BUDGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/context.h"
#include "model/results.h"
#include "model/tracer.h"

#define RTLA_MAX_BUDGETS	16

enum budget_stat {
	BUDGET_MAX,
	BUDGET_AVG,
	BUDGET_PERCENTILE,
	BUDGET_OVER,
};

/* A limit checked at the end of a run (--budget CTX:STAT=VALUE). */
struct budget {
	char text[64];			/* as given, for reports */
	enum sample_context context;
	enum budget_stat stat;
	double quantile;		/* BUDGET_PERCENTILE */
	uint64_t limit;			/* ns, or a count for BUDGET_OVER */
};

/* A run's budgets, and what judging them needs to know of the run. */
struct budget_set {
	const struct budget *budgets;
	int count;
	bool osnoise_top;	/* its samples are whole periods' noise */
	bool nano;		/* -n: the results are in ns */
	uint64_t hist_end_ns;	/* where the histogram ends; 0: no histogram */
};

/* Parse "thread:p99.9=50us" for a tool; -1 with *why on bad input. */
int budget_parse(const char *text, enum rtla_tracer tracer,
		 enum rtla_mode mode, struct budget *budget,
		 const char **why);

enum budget_result {
	BUDGET_MET,
	BUDGET_MISSED,
	/* a percentile past the histogram, between its end and the max */
	BUDGET_UNDECIDED,
};

/* "met", "violated", "undecided" */
extern const char *const budget_result_names[];

/* One budget on one CPU, in the results' display unit. */
struct budget_verdict {
	const struct budget *budget;
	int cpu;
	enum budget_result result;
	bool past_end;		/* the percentile is past the histogram:
				   value is the histogram's end */
	uint64_t value;
	uint64_t limit;
	uint64_t max;		/* the context's max, which decides then */
};

/* How many verdicts have @result. */
int budget_verdicts_count(const struct budget_verdict *verdicts, int count,
			  enum budget_result result);

/* Check every budget on every shown CPU; returns how many verdicts. */
/*
 * Without -n the results are in whole us: a limit that is not is refused
 * rather than rounded.  0, or -1 with @why saying which.
 */
int budgets_check_units(const struct budget_set *set, char *why,
			size_t size);

int budgets_evaluate(const struct budget_set *set,
		     const struct rtla_results *results,
		     struct budget_verdict *verdicts, int max);

/*
 * Percentile budgets whose limit lies at or past the end of the histogram
 * (-E x -b): they can then be decided only by the max.  0, or -1 with
 * @why naming the first.
 */
int budgets_check_range(const struct budget_set *set, char *why,
			size_t size);

/* "budget thread:p99=50us violated on CPU 1: 73 us > 50 us" */
void budget_verdict_describe(const struct budget_verdict *verdict,
			     const struct rtla_results *results, char *buf,
			     size_t size);

#endif
