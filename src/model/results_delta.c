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

/* The highest (or lowest) bucket @window filled, in @bucket; false: none. */
static bool filled_bucket(const struct histogram *window, bool highest,
			  uint64_t *bucket)
{
	unsigned int i, b;

	for (i = 0; i < window->entries; i++) {
		b = highest ? window->entries - 1 - i : i;
		if (window->buckets[b]) {
			*bucket = b;
			return true;
		}
	}
	return false;
}

/*
 * The window's own extremes, tracked where its samples were added (@own),
 * kept within what its buckets show: a sample the BPF collector counted
 * as the window closed may be in this window's counts but in the next
 * one's extremes.  Without its own extremes, the buckets' edges, or past
 * them the max since the start, an upper bound.
 */
static void window_extremes(struct histogram *window,
			    const struct series_stats *own,
			    const struct series_stats *now)
{
	uint64_t size = window->bucket_size, end = window->entries * size;
	struct series_stats *s = &window->stats;
	uint64_t high = 0, low = 0, max_floor, min_ceiling = UINT64_MAX;
	bool has_high = filled_bucket(window, true, &high);
	bool has_low = filled_bucket(window, false, &low);

	max_floor = window->over ? end : has_high ? high * size : 0;
	if (has_low)
		min_ceiling = (low + 1) * size - 1;
	if (own->count) {
		s->max = own->max > max_floor ? own->max : max_floor;
		s->min = own->min < min_ceiling ? own->min : min_ceiling;
	} else {
		s->max = window->over || !has_high ? now->max :
			 (high + 1) * size - 1;
		s->min = has_low ? low * size : window->over ? end : now->min;
	}
	if (s->max > now->max)
		s->max = now->max;
	if (s->min < now->min)
		s->min = now->min;
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
	window_extremes(window, &now->window, &now->stats);
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
