// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "model/results.h"

int results_alloc(struct rtla_results *results,
		  const struct rtla_params *params, int nr_cpus)
{
	unsigned int entries = params->mode == MODE_HIST ? params->entries : 0;
	struct cpu_results *cpu;
	int i;

	memset(results, 0, sizeof(*results));
	results->cpu = calloc(nr_cpus, sizeof(*results->cpu));
	if (!results->cpu)
		return -1;
	results->nr_cpus = nr_cpus;
	results->cpus = params->cpu_set;
	results->divisor = params->nano ? 1 : 1000;
	for (i = 0; i < nr_cpus; i++) {
		cpu = &results->cpu[i];
		if (histogram_alloc(&cpu->irq, entries, params->bucket_size) ||
		    histogram_alloc(&cpu->thread, entries, params->bucket_size) ||
		    histogram_alloc(&cpu->noise, entries, params->bucket_size)) {
			results_free(results);
			return -1;
		}
	}
	return 0;
}

void results_free(struct rtla_results *results)
{
	int i;

	for (i = 0; results->cpu && i < results->nr_cpus; i++) {
		histogram_free(&results->cpu[i].irq);
		histogram_free(&results->cpu[i].thread);
		histogram_free(&results->cpu[i].noise);
	}
	free(results->cpu);
	results->cpu = NULL;
	results->nr_cpus = 0;
}

static struct cpu_results *cpu_slot(struct rtla_results *results, int cpu)
{
	if (cpu < 0 || cpu >= results->nr_cpus)
		return NULL;
	return &results->cpu[cpu];
}

void results_add_latency(struct rtla_results *results, int cpu, int context,
			 uint64_t latency_ns)
{
	struct cpu_results *slot = cpu_slot(results, cpu);
	uint64_t value = latency_ns / results->divisor;

	if (!slot)
		return;
	if (context == CONTEXT_IRQ)
		histogram_add(&slot->irq, value);
	else if (context == CONTEXT_THREAD)
		histogram_add(&slot->thread, value);
}

void results_add_period(struct rtla_results *results, int cpu,
			const struct noise_period *period)
{
	struct cpu_results *slot = cpu_slot(results, cpu);

	if (slot)
		noise_summary_add(&slot->periods, period);
}

void results_add_noise(struct rtla_results *results, int cpu,
		       uint64_t duration_ns)
{
	struct cpu_results *slot = cpu_slot(results, cpu);

	if (slot)
		histogram_add(&slot->noise, duration_ns / 1000);
}

/* As rtla always did: a CPU is shown when measured and it has samples. */
bool results_cpu_shown(const struct rtla_results *results, int cpu)
{
	const struct cpu_results *slot = &results->cpu[cpu];

	if (cpu >= CPU_SETSIZE || !CPU_ISSET(cpu, &results->cpus))
		return false;
	return slot->irq.stats.count || slot->thread.stats.count ||
	       slot->noise.stats.count || slot->periods.periods;
}

uint64_t results_lost_total(const struct rtla_results *results)
{
	uint64_t total = 0;
	int i;

	for (i = 0; i < results->nr_cpus; i++)
		total += results->cpu[i].lost_events;
	return total;
}
