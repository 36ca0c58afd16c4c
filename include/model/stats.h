/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_STATS_H
#define RTLA_STATS_H

#include <stdbool.h>
#include <stdint.h>

/* Count, extremes and sum of a series of values; cur is the last one. */
struct series_stats {
	uint64_t count;
	uint64_t min;
	uint64_t max;
	uint64_t sum;
	uint64_t cur;
};

/*
 * A histogram of values: bucket i holds [i * bucket_size, (i + 1) *
 * bucket_size); values past the last bucket count as over. With no
 * buckets (entries == 0) only the series stats are kept.
 */
struct histogram {
	unsigned int entries;
	unsigned int bucket_size;
	uint64_t *buckets;
	uint64_t over;
	struct series_stats stats;
	/* the samples since histogram_window_restart(): a monitor's window */
	struct series_stats window;
};

void series_add(struct series_stats *stats, uint64_t value);
void series_merge(struct series_stats *into, const struct series_stats *from);
uint64_t series_avg(const struct series_stats *stats);

int histogram_alloc(struct histogram *hist, unsigned int entries,
		    unsigned int bucket_size);
void histogram_free(struct histogram *hist);
/* Fault the buckets' pages in before measuring. */
void histogram_prefault(struct histogram *hist);
/* Empty every bucket and the stats. */
void histogram_clear(struct histogram *hist);
void histogram_add(struct histogram *hist, uint64_t value);
/* @count samples of @value at once (counted in the kernel). */
void histogram_add_n(struct histogram *hist, uint64_t value, uint64_t count);
void histogram_merge(struct histogram *into, const struct histogram *from);
/* A new window begins: its own extremes start empty. */
void histogram_window_restart(struct histogram *hist);

/* One osnoise period record, values in us as the kernel reports them. */
struct noise_period {
	uint64_t runtime;
	uint64_t noise;
	uint64_t max_single;
	uint32_t hw;
	uint32_t nmi;
	uint32_t irq;
	uint32_t softirq;
	uint32_t thread;
};

struct noise_summary {
	uint64_t periods;
	uint64_t runtime;
	uint64_t noise;
	uint64_t max_noise;
	uint64_t max_single;
	uint64_t hw;
	uint64_t nmi;
	uint64_t irq;
	uint64_t softirq;
	uint64_t thread;
};

void noise_summary_add(struct noise_summary *sum,
		       const struct noise_period *period);
/* The share of runtime free of noise, in units of 1e-7 percent. */
uint64_t noise_available_scaled(const struct noise_summary *sum);

#endif
