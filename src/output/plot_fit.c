// SPDX-License-Identifier: GPL-2.0
/* A plot's axes fitted to its data: no drawing, no cairo. */
#include "output/plot.h"
#include "output/plot_fit.h"

unsigned int plot_used_buckets(const struct histogram *hist)
{
	unsigned int i = hist->buckets ? hist->entries : 0;

	while (i && !hist->buckets[i - 1])
		i--;
	return i;
}

/* Minutes across, max latency in us up (log). */
static struct plot_axes timeline_fit(const struct plot_spec *spec)
{
	double minutes = 0, max_us = 1;
	const struct plot_series *s;
	struct plot_axes axes = { 0 };
	int n, i;

	for (n = 0; n < spec->nr_series; n++) {
		s = &spec->series[n];
		for (i = 0; i < s->nr_points; i++) {
			if (s->points[i].minutes > minutes)
				minutes = s->points[i].minutes;
			if (s->points[i].us > max_us)
				max_us = s->points[i].us;
		}
	}
	axes.x = plot_axis_linear(minutes > 0 ? minutes : 1);
	axes.y = plot_axis_log(max_us);
	return axes;
}

double plot_max_us(const struct plot_series *s)
{
	return (double)s->hist->stats.max * s->ns_per_unit / 1000.0;
}

/* The zone past the histograms: from the last end to the highest max. */
static void over_fit(const struct plot_spec *spec, struct plot_axes *axes,
		     double *max_count)
{
	double end = 0, top = 0;
	const struct plot_series *s;
	int n;

	for (n = 0; n < spec->nr_series; n++) {
		s = &spec->series[n];
		if (!s->hist->over)
			continue;
		axes->over = true;
		if (plot_bucket_us(s->hist->entries, s->hist->bucket_size,
				   s->ns_per_unit) > end)
			end = plot_bucket_us(s->hist->entries,
					     s->hist->bucket_size,
					     s->ns_per_unit);
		if (plot_max_us(s) > top)
			top = plot_max_us(s);
		if (s->hist->over > *max_count)
			*max_count = s->hist->over;
	}
	if (!axes->over)
		return;
	if (!(end > 0))
		end = 1;
	axes->over_x = (struct plot_axis){ end, top > end * 1.001 ?
					   top : end * 10, true, 0 };
}

struct plot_axes plot_axes_fit(const struct plot_spec *spec)
{
	double x_max = 0, max_count = 1, edge;
	const struct plot_series *s;
	unsigned int i, used;
	struct plot_axes axes = { 0 };
	int n;

	if (spec->timeline)
		return timeline_fit(spec);
	for (n = 0; n < spec->nr_series; n++) {
		s = &spec->series[n];
		used = plot_used_buckets(s->hist);
		edge = plot_bucket_us(used, s->hist->bucket_size,
				      s->ns_per_unit);
		if (edge > x_max)
			x_max = edge;
		for (i = 0; i < used; i++)
			if (s->hist->buckets[i] > max_count)
				max_count = s->hist->buckets[i];
	}
	over_fit(spec, &axes, &max_count);
	axes.x = plot_axis_linear(x_max);
	/* the zone starts where the histograms end */
	if (axes.over)
		axes.x.max = axes.over_x.min;
	axes.y = plot_axis_log(max_count);
	return axes;
}
