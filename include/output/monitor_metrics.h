/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_MONITOR_METRICS_H
#define RTLA_MONITOR_METRICS_H

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#include "model/buckets.h"
#include "model/results.h"
#include "model/sources.h"
#include "model/tracer.h"
#include "model/windows.h"
#include "output/prom.h"

/* What a scrape of the monitor shows. */
struct monitor_metrics {
	const struct rtla_results *results;	/* since the start */
	const struct monitor_windows *windows;	/* the last closed window */
	const struct bucket_bounds *bounds;	/* NULL: the default */
	/* the contexts measured (tracer_shown_contexts()) */
	const struct context_desc *const *contexts;
	int nr_contexts;
	const char *version;
	const char *kernel_release;
	uint64_t threshold_hits;
	uint64_t unmeasured_ns;		/* handling hits, not measuring */
	/* --sources: each CPU's other series, which never decreases */
	struct other_counter *other;
	/*
	 * The histograms' fine buckets summed per bound, from
	 * monitor_metrics_sum_buckets(); NULL: summed as they are written.
	 */
	const uint64_t *per_bound;
};

/* How many sums monitor_metrics_sum_buckets() needs room for. */
size_t monitor_metrics_sums(const struct monitor_metrics *metrics);

/*
 * Every shown histogram's fine buckets summed per bound into @per_bound,
 * @step fine buckets at a time, each step with @lock held: whoever adds
 * samples under @lock waits for one step, however large -E makes the
 * histograms, and the rest of the exposition is written from the sums.
 */
void monitor_metrics_sum_buckets(const struct monitor_metrics *metrics,
				 uint64_t *per_bound, pthread_mutex_t *lock,
				 unsigned int step);

/*
 * The whole exposition in @format: per shown CPU and context a latency
 * histogram in seconds with @bounds' cumulative buckets, the max since the
 * start and of the last closed window; hits, lost samples and unmeasured
 * time as counters; rtla_build_info.  At most CPUs x contexts x (bounds +
 * 5) series.  -1 when @out failed.
 */
int monitor_metrics_write(const struct monitor_metrics *metrics,
			  enum prom_format format, FILE *out);

/*
 * --textfile PATH: the text format, for node_exporter's textfile
 * collector, written beside @path and renamed over it when whole.  0, or
 * -1 with errno.
 */
int monitor_metrics_write_textfile(const struct monitor_metrics *metrics,
				   const char *path);

#endif
