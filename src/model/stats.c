// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "model/stats.h"

/* @count samples of @value into @stats. */
static void series_add_n(struct series_stats *stats, uint64_t value,
			 uint64_t count)
{
	if (!stats->count || value < stats->min)
		stats->min = value;
	if (value > stats->max)
		stats->max = value;
	stats->sum += value * count;
	stats->cur = value;
	stats->count += count;
}

void series_add(struct series_stats *stats, uint64_t value)
{
	series_add_n(stats, value, 1);
}

void series_merge(struct series_stats *into, const struct series_stats *from)
{
	if (!from->count)
		return;
	if (!into->count || from->min < into->min)
		into->min = from->min;
	if (from->max > into->max)
		into->max = from->max;
	into->sum += from->sum;
	into->cur = from->cur;
	into->count += from->count;
}

uint64_t series_avg(const struct series_stats *stats)
{
	return stats->count ? stats->sum / stats->count : 0;
}

int histogram_alloc(struct histogram *hist, unsigned int entries,
		    unsigned int bucket_size)
{
	memset(hist, 0, sizeof(*hist));
	if (!bucket_size) {
		errno = EINVAL;
		return -1;
	}
	hist->bucket_size = bucket_size;
	if (!entries)
		return 0;
	hist->buckets = calloc(entries, sizeof(*hist->buckets));
	if (!hist->buckets)
		return -1;
	hist->entries = entries;
	return 0;
}

void histogram_free(struct histogram *hist)
{
	free(hist->buckets);
	hist->buckets = NULL;
	hist->entries = 0;
}

void histogram_prefault(struct histogram *hist)
{
	size_t size = hist->entries * sizeof(*hist->buckets);
	long page = sysconf(_SC_PAGESIZE);
	uintptr_t start, end;
	size_t i;

	if (!hist->buckets)
		return;
	start = (uintptr_t)hist->buckets & ~(uintptr_t)(page - 1);
	end = (uintptr_t)hist->buckets + size;
#ifdef MADV_POPULATE_WRITE
	if (!madvise((void *)start, end - start, MADV_POPULATE_WRITE))
		return;
#endif
	/* kernels before 5.14: touch each page (the buckets are zero) */
	for (i = 0; i < size; i += page)
		((volatile char *)hist->buckets)[i] = 0;
}

void histogram_clear(struct histogram *hist)
{
	if (hist->buckets)
		memset(hist->buckets, 0, hist->entries * sizeof(*hist->buckets));
	hist->over = 0;
	memset(&hist->stats, 0, sizeof(hist->stats));
	histogram_window_restart(hist);
}

void histogram_window_restart(struct histogram *hist)
{
	memset(&hist->window, 0, sizeof(hist->window));
}

void histogram_add_n(struct histogram *hist, uint64_t value, uint64_t count)
{
	uint64_t bucket = value / hist->bucket_size;

	if (!count)
		return;
	series_add_n(&hist->stats, value, count);
	series_add_n(&hist->window, value, count);
	if (!hist->entries)
		return;
	if (bucket < hist->entries)
		hist->buckets[bucket] += count;
	else
		hist->over += count;
}

void histogram_add(struct histogram *hist, uint64_t value)
{
	histogram_add_n(hist, value, 1);
}

void histogram_merge(struct histogram *into, const struct histogram *from)
{
	unsigned int i;

	series_merge(&into->stats, &from->stats);
	series_merge(&into->window, &from->window);
	into->over += from->over;
	for (i = 0; i < into->entries && i < from->entries; i++)
		into->buckets[i] += from->buckets[i];
}

void noise_summary_add(struct noise_summary *sum,
		       const struct noise_period *period)
{
	sum->periods++;
	sum->runtime += period->runtime;
	sum->noise += period->noise;
	if (period->noise > sum->max_noise)
		sum->max_noise = period->noise;
	if (period->max_single > sum->max_single)
		sum->max_single = period->max_single;
	sum->hw += period->hw;
	sum->nmi += period->nmi;
	sum->irq += period->irq;
	sum->softirq += period->softirq;
	sum->thread += period->thread;
}

uint64_t noise_available_scaled(const struct noise_summary *sum)
{
	unsigned __int128 free_time;

	if (!sum->runtime || sum->noise >= sum->runtime)
		return 0;
	free_time = sum->runtime - sum->noise;
	return (uint64_t)(free_time * 10000000 / sum->runtime);
}
