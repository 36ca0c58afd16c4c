/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_TRACER_H
#define RTLA_TRACER_H

#include <stdbool.h>

#include "model/context.h"

enum rtla_tracer {
	TRACER_OSNOISE,
	TRACER_TIMERLAT,
};

/* What decides which contexts a run shows: its tracer and options. */
struct context_view {
	enum rtla_tracer tracer;
	bool no_irq;		/* --no-irq */
	bool no_thread;		/* --no-thread */
	bool user;		/* user-space threads or load: the user context */
};

/* How every output names one context of a tracer. */
struct context_desc {
	enum sample_context id;
	const char *key;		/* "thread": budgets, JSON, metrics */
	const char *column;		/* "Thr": hist columns, "Thr-003" */
	const char *all_column;		/* the ALL block's column head */
	const char *top_title;		/* "Thread Timer Latency" */
	int top_indent;			/* spaces before it in top */
	bool fractional_avg;		/* hist prints avg with 2 decimals */
	/* false when the command line leaves it out (--no-thread) */
	bool (*shown)(const struct context_view *view);
};

/* Everything rtla knows of one kernel tracer, in one place. */
struct tracer_desc {
	enum rtla_tracer id;
	const char *name;		/* the kernel's tracer name */
	const char *kconfig;		/* the option that builds it */
	const char *trace_file;		/* -t without a file name */
	enum sample_context main_context;	/* rt-tests' "thread" data */
	bool has_periods;		/* per-period records with counters */
	bool hist_all_block;		/* hist ends with all CPUs merged */
	const struct context_desc *contexts;
	int nr_contexts;
};

const struct tracer_desc *tracer_desc(enum rtla_tracer tracer);

/* The context of @tracer called @key, or NULL. */
const struct context_desc *tracer_context(const struct tracer_desc *tracer,
					  const char *key);

/* The contexts a run shows, in table order; how many. */
int tracer_view_contexts(const struct context_view *view,
			 const struct context_desc *shown[NR_CONTEXTS]);

#endif
