// SPDX-License-Identifier: GPL-2.0
/* The axes of a latency plot, as pure functions. */
#include <math.h>

#include "output/plot_axes.h"

/* Tolerance of comparisons on values computed with log10() and pow(). */
#define ROUNDING	1e-9

/* The smallest 1, 2 or 5 times a power of 10 that is >= @value. */
static double round_up(double value)
{
	static const double steps[] = { 1, 2, 5, 10 };
	double power;
	int i;

	if (value <= 0)
		return 1;
	power = pow(10, floor(log10(value)));
	for (i = 0; i < 3; i++)
		if (steps[i] * power >= value * (1 - ROUNDING))
			break;
	return steps[i] * power;
}

struct plot_axis plot_axis_linear(double max)
{
	struct plot_axis axis = { 0, 1, false, 0.2 };

	if (max > 0) {
		axis.step = round_up(max / 5);
		axis.max = ceil(max / axis.step * (1 - ROUNDING)) * axis.step;
	}
	return axis;
}

struct plot_axis plot_axis_log(double max)
{
	struct plot_axis axis = { 1, 10, true, 0 };

	if (max > 10)
		axis.max = pow(10, ceil(log10(max) - ROUNDING));
	return axis;
}

double plot_axis_position(const struct plot_axis *axis, double value,
			  double from, double to)
{
	double share;

	if (value < axis->min)
		value = axis->min;
	if (value > axis->max)
		value = axis->max;
	if (axis->log)
		share = log10(value / axis->min) / log10(axis->max / axis->min);
	else
		share = (value - axis->min) / (axis->max - axis->min);
	return from + share * (to - from);
}

double plot_count_position(const struct plot_axis *axis, uint64_t count,
			   double from, double to, double foot)
{
	if (!count)
		return foot;
	return plot_axis_position(axis, (double)count, from, to);
}

int plot_axis_ticks(const struct plot_axis *axis, double *ticks, int max)
{
	double step, value;
	int n = 0;

	if (max > PLOT_MAX_TICKS)
		max = PLOT_MAX_TICKS;
	if (axis->log) {
		for (value = axis->min; n < max &&
		     value <= axis->max * (1 + ROUNDING); value *= 10)
			ticks[n++] = value;
		return n;
	}
	step = axis->step;
	for (; n < max; n++) {
		value = axis->min + n * step;
		if (value > axis->max + step * ROUNDING)
			break;
		ticks[n] = value;
	}
	return n;
}

double plot_bucket_us(unsigned int bucket, unsigned int bucket_size,
		      unsigned int ns_per_unit)
{
	return (double)bucket * bucket_size * ns_per_unit / 1000.0;
}
