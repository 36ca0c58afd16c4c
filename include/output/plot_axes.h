/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_PLOT_AXES_H
#define RTLA_PLOT_AXES_H

#include <stdbool.h>
#include <stdint.h>

#define PLOT_MAX_TICKS		16

/* A value range drawn along one side of the plot. */
struct plot_axis {
	double min;
	double max;
	bool log;		/* log10 scale: min > 0 */
	double step;		/* between ticks of a linear axis */
};

/*
 * 0 to the first multiple at or above @max of a round step (1, 2 or 5
 * times a power of 10) about a fifth of @max.
 */
struct plot_axis plot_axis_linear(double max);
/* 1 to the power of 10 at or above @max: counts on a log scale. */
struct plot_axis plot_axis_log(double max);

/*
 * Where @value falls between the pixels @from (the axis' min) and @to
 * (its max); values past either end are kept at it.
 */
double plot_axis_position(const struct plot_axis *axis, double value,
			  double from, double to);

/*
 * Where a bucket's @count falls on a log count axis running from @from
 * to @to: an empty bucket at @foot, below the axis' 1.
 */
double plot_count_position(const struct plot_axis *axis, uint64_t count,
			   double from, double to, double foot);

/*
 * Tick values, at most @max (and PLOT_MAX_TICKS): each step of a linear
 * axis, each power of 10 of a log one.  Returns how many.
 */
int plot_axis_ticks(const struct plot_axis *axis, double *ticks, int max);

/*
 * The low edge of histogram bucket @bucket in us, for buckets of
 * @bucket_size units of @ns_per_unit ns (1000: the run counted in us).
 */
double plot_bucket_us(unsigned int bucket, unsigned int bucket_size,
		      unsigned int ns_per_unit);

#endif
