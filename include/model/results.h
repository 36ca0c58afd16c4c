/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_RESULTS_H
#define RTLA_RESULTS_H

#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "model/context.h"
#include "model/stats.h"
#include "model/tracer.h"

enum rtla_mode {
	MODE_TOP,
	MODE_HIST,
};

/* How the results are laid out, from the command line or a saved run. */
struct results_layout {
	enum rtla_tracer tracer;
	cpu_set_t cpus;			/* the CPUs measured */
	unsigned int divisor;		/* ns per displayed unit */
	unsigned int entries;		/* histogram buckets; 0 in top mode */
	unsigned int bucket_size;
	struct context_view view;	/* the contexts measured and shown */
};

struct cpu_results {
	struct histogram hist[NR_CONTEXTS];	/* by enum sample_context */
	struct noise_summary periods;		/* osnoise per-period records */
	uint64_t lost_events;
};

/* What a run measured: the one model every renderer prints from. */
struct rtla_results {
	const struct tracer_desc *tracer;
	int nr_cpus;
	cpu_set_t cpus;			/* the CPUs measured */
	unsigned int divisor;		/* ns per displayed unit */
	unsigned int entries;		/* histogram buckets; 0 in top mode */
	unsigned int bucket_size;
	struct context_view view;	/* the contexts measured and shown */
	uint64_t elapsed_s;
	time_t start_time;		/* the measured window's */
	time_t end_time;
	bool stopped;			/* a stop threshold ended the run */
	uint64_t threshold_hits;	/* ... or was hit, and it went on */
	const char *collector;		/* how samples reached rtla */
	uint64_t dropped;		/* samples an in-kernel map had no
					   room for (lost, with lost_events) */
	struct cpu_results *cpu;
	struct noise_sources *sources;	/* --sources, or NULL */
};

/* The bytes results_alloc() takes for the buckets of @layout's histograms. */
uint64_t results_histogram_bytes(const struct results_layout *layout,
				 int nr_cpus);
/*
 * Room for @nr_cpus CPUs; histogram buckets only for the CPUs and
 * contexts the run measures.
 */
int results_alloc(struct rtla_results *results,
		  const struct results_layout *layout, int nr_cpus);
void results_free(struct rtla_results *results);

/* Forget every sample, keeping the buckets (after a warm-up). */
void results_reset(struct rtla_results *results);
/* A monitor's window begins: each histogram's window extremes emptied. */
void results_window_restart(struct rtla_results *results);

/* Where decoded samples go: the sample source calls these. */
struct sample_sink {
	void (*sample)(void *ctx, int cpu, enum sample_context context,
		       uint64_t value_ns);
	void (*period)(void *ctx, int cpu, const struct noise_period *period);
	void *ctx;
};

/* The sink that adds samples to @results. */
struct sample_sink results_sink(struct rtla_results *results);

void results_add_sample(struct rtla_results *results, int cpu,
			enum sample_context context, uint64_t value_ns);
/* @count samples of @value_ns counted in the kernel. */
void results_add_samples(struct rtla_results *results, int cpu,
			 enum sample_context context, uint64_t value_ns,
			 uint64_t count);
void results_add_period(struct rtla_results *results, int cpu,
			const struct noise_period *period);

/*
 * What --sources' shares on @cpu are of: timerlat's thread latency (the
 * sum of its thread samples, to the displayed unit); osnoise's noise
 * where hardware noise is not counted (osnoise top, hwnoise), the rest
 * of it being the hardware's; 0 for osnoise hist, whose shares are of the
 * sources' own sum.
 */
uint64_t results_sources_whole(const struct rtla_results *results, int cpu);

struct sources_view;
/* @cpu's --sources (sources_view(), its top N), against the whole above. */
int results_sources_view(const struct rtla_results *results, int cpu,
			 struct sources_view *view);

bool results_cpu_shown(const struct rtla_results *results, int cpu);
uint64_t results_lost_total(const struct rtla_results *results);

/*
 * Every shown CPU's @context merged into @merged, which it allocates with
 * the results' buckets: histogram_free() it after use.
 */
int results_merge_all(const struct rtla_results *results,
		      enum sample_context context, struct histogram *merged);

#endif
