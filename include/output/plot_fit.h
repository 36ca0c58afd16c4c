/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_PLOT_FIT_H
#define RTLA_PLOT_FIT_H

#include <stdbool.h>

#include "output/plot_axes.h"

struct histogram;
struct plot_series;
struct plot_spec;

/*
 * The axes every panel shares; with samples past a histogram, a zone
 * right of it with its own log latency axis, from the histogram's end to
 * the highest max, where each series' overflow is a shelf at its count
 * reaching to its max.
 */
struct plot_axes {
	struct plot_axis x;		/* us */
	struct plot_axis y;		/* samples, log */
	bool over;			/* the zone is drawn */
	struct plot_axis over_x;	/* us, log: end of histogram to max */
};

/*
 * The axes that hold @spec's data: a histogram's buckets (and the zone
 * past them), or a timeline's points.
 */
struct plot_axes plot_axes_fit(const struct plot_spec *spec);

/* The last bucket with samples, plus one; 0 for an empty histogram. */
unsigned int plot_used_buckets(const struct histogram *hist);
/* @s's max latency, in us. */
double plot_max_us(const struct plot_series *s);

#endif
