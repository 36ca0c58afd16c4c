/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_WINDOW_SERIES_H
#define RTLA_WINDOW_SERIES_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "model/context.h"
#include "model/percentile.h"
#include "model/tracer.h"

/* What one context of one CPU did in one window; times in ns. */
struct window_stats {
	uint64_t count;
	uint64_t max;			/* with avg: only when count */
	double avg;
	bool pct_known[NR_STANDARD_PERCENTILES];
	uint64_t pct[NR_STANDARD_PERCENTILES];
	uint64_t over;
};

struct window_cpu {
	bool shown;
	struct window_stats ctx[NR_CONTEXTS];
	uint64_t lost;
};

/* One line of a timerlat monitor --record file. */
struct window_line {
	time_t end;
	unsigned int seq;		/* read order: ties keep it */
	struct window_cpu *cpu;		/* nr_cpus of the series */
};

/*
 * A monitor's windows read back from its --record files, oldest first,
 * every line with the series' CPUs (those no line shows are not shown).
 */
struct window_series {
	struct window_line *lines;
	int nr_lines;
	int nr_cpus;
	bool nano;			/* the record counted in ns */
	bool has_ctx[NR_CONTEXTS];	/* some line shows the context */
};

/* Which window of a series a comparison takes, per CPU and context. */
enum window_choice {
	WINDOW_WORST,		/* the one with the highest max */
	WINDOW_LAST,		/* the last */
	WINDOW_ALL,		/* all merged */
};

/* "worst", "last" or "all" into @choice; -1 when it is none. */
int window_choice_parse(const char *name, enum window_choice *choice);

/* The contexts the series shows, as a run's view. */
struct context_view window_series_view(const struct window_series *series);

/*
 * @cpu's @ctx as @choice picks it into @out: false when no window has a
 * sample of it.  All merged: the highest max, the count-weighted avg,
 * the summed counts and overs, and each percentile the highest of the
 * windows' (the records keep no histogram to merge: an upper bound).
 */
bool window_series_pick(const struct window_series *series,
			enum window_choice choice, int cpu,
			enum sample_context ctx, struct window_stats *out);

/* The same over every shown CPU; no percentile is known. */
bool window_series_pick_all_cpus(const struct window_series *series,
				 enum window_choice choice,
				 enum sample_context ctx,
				 struct window_stats *out);

void window_series_free(struct window_series *series);

#endif
