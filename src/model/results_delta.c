// SPDX-License-Identifier: GPL-2.0
/* A window of the monitor: two cumulative results, one minus the other. */
#include <string.h>

#include "model/results_delta.h"

static void histogram_copy(struct histogram *to, const struct histogram *from)
{
	unsigned int n = to->entries < from->entries ? to->entries :
			 from->entries;

	if (n)
		memcpy(to->buckets, from->buckets, n * sizeof(*to->buckets));
	to->over = from->over;
	to->stats = from->stats;
}

void results_copy(struct rtla_results *to, const struct rtla_results *from)
{
	int cpu, c;

	for (cpu = 0; cpu < to->nr_cpus && cpu < from->nr_cpus; cpu++) {
		for (c = 0; c < NR_CONTEXTS; c++)
			histogram_copy(&to->cpu[cpu].hist[c],
				       &from->cpu[cpu].hist[c]);
		to->cpu[cpu].periods = from->cpu[cpu].periods;
		to->cpu[cpu].lost_events = from->cpu[cpu].lost_events;
	}
	to->dropped = from->dropped;
	to->threshold_hits = from->threshold_hits;
}

/* The highest (or lowest) value of the buckets @window filled. */
static uint64_t bucket_edge(const struct histogram *window, bool highest)
{
	unsigned int i, size = window->bucket_size;

	for (i = 0; i < window->entries; i++) {
		unsigned int b = highest ? window->entries - 1 - i : i;

		if (window->buckets[b])
			return highest ? (uint64_t)(b + 1) * size - 1 :
			       (uint64_t)b * size;
	}
	return (uint64_t)window->entries * size;
}

static void window_extremes(struct histogram *window,
			    const struct series_stats *now,
			    const struct series_stats *before)
{
	struct series_stats *s = &window->stats;
	bool fresh = !before->count;

	if (fresh || now->max > before->max)
		s->max = now->max;
	else if (window->over || !window->entries)
		s->max = now->max;
	else
		s->max = bucket_edge(window, true);
	if (s->max > now->max)
		s->max = now->max;
	if (fresh || now->min < before->min || !window->entries)
		s->min = now->min;
	else
		s->min = bucket_edge(window, false);
	if (s->min > s->max)
		s->min = s->max;
}

static void histogram_delta(struct histogram *window,
			    const struct histogram *now,
			    const struct histogram *before)
{
	unsigned int i;

	for (i = 0; i < window->entries && i < now->entries &&
		    i < before->entries; i++)
		window->buckets[i] = now->buckets[i] - before->buckets[i];
	window->over = now->over - before->over;
	memset(&window->stats, 0, sizeof(window->stats));
	window->stats.count = now->stats.count - before->stats.count;
	if (!window->stats.count)
		return;
	window->stats.sum = now->stats.sum - before->stats.sum;
	window->stats.cur = now->stats.cur;
	window_extremes(window, &now->stats, &before->stats);
}

void results_delta(struct rtla_results *window,
		   const struct rtla_results *now,
		   const struct rtla_results *before)
{
	int cpu, c;

	for (cpu = 0; cpu < window->nr_cpus && cpu < now->nr_cpus &&
		      cpu < before->nr_cpus; cpu++) {
		for (c = 0; c < NR_CONTEXTS; c++)
			histogram_delta(&window->cpu[cpu].hist[c],
					&now->cpu[cpu].hist[c],
					&before->cpu[cpu].hist[c]);
		window->cpu[cpu].lost_events = now->cpu[cpu].lost_events -
					       before->cpu[cpu].lost_events;
	}
	window->dropped = now->dropped - before->dropped;
	window->threshold_hits = now->threshold_hits - before->threshold_hits;
}
