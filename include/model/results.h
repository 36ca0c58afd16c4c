/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_RESULTS_H
#define RTLA_RESULTS_H

#include <sched.h>
#include <stdbool.h>
#include <stdint.h>

#include "cli/params.h"
#include "model/stats.h"

enum timerlat_context {
	CONTEXT_IRQ = 0,
	CONTEXT_THREAD = 1,
};

struct cpu_results {
	struct histogram irq;		/* timerlat IRQ latency */
	struct histogram thread;	/* timerlat thread latency */
	struct histogram noise;		/* osnoise single-noise durations */
	struct noise_summary periods;	/* osnoise per-period records */
	uint64_t lost_events;
};

/* What a run measured: the one model every renderer prints from. */
struct rtla_results {
	int nr_cpus;
	cpu_set_t cpus;			/* the CPUs measured */
	unsigned int divisor;		/* ns per displayed unit */
	uint64_t elapsed_s;
	bool stopped;			/* a stop threshold was hit */
	struct cpu_results *cpu;
};

int results_alloc(struct rtla_results *results,
		  const struct rtla_params *params, int nr_cpus);
void results_free(struct rtla_results *results);

void results_add_latency(struct rtla_results *results, int cpu, int context,
			 uint64_t latency_ns);
void results_add_period(struct rtla_results *results, int cpu,
			const struct noise_period *period);
void results_add_noise(struct rtla_results *results, int cpu,
		       uint64_t duration_ns);

bool results_cpu_shown(const struct rtla_results *results, int cpu);
uint64_t results_lost_total(const struct rtla_results *results);

#endif
