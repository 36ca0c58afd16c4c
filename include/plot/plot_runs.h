/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_PLOT_RUNS_H
#define RTLA_PLOT_RUNS_H

#include <stddef.h>

#include "input/saved_run.h"
#include "model/window_series.h"
#include "output/plot.h"

/* Saved runs turned into a plot: the spec and what its series point at. */
struct plot_runs {
	struct plot_spec spec;
	struct plot_series *series;
	struct histogram *merged;	/* CPU groups' sums, when grouped */
	int nr_merged;
	struct plot_point *points;	/* the timeline series' */
};

/*
 * The series of @nr runs: a panel per context any of them has, a colour
 * per CPU (or group of CPUs past the palette), a line style per run,
 * named by @names.  0, or -1 with a one-line reason in @why.
 */
int plot_runs_build(struct plot_runs *plot, const struct saved_run *runs,
		    const char *const *names, int nr, char *why, size_t size);
/*
 * The timeline of @nr monitor --record series: each window's max (of
 * the CPU group's) over the minutes since the series' first window (so
 * that runs of different days overlay), a panel per context, a colour
 * per CPU (group), a line style per series.
 */
int plot_records_build(struct plot_runs *plot,
		       const struct window_series *series,
		       const char *const *names, int nr, char *why,
		       size_t size);
void plot_runs_free(struct plot_runs *plot);

#endif
