// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "model/results.h"
#include "model/sources.h"

static bool cpu_measured(const struct rtla_results *results, int cpu)
{
	return cpu >= 0 && cpu < results->nr_cpus && cpu < CPU_SETSIZE &&
	       CPU_ISSET(cpu, &results->cpus);
}

uint64_t results_histogram_bytes(const struct results_layout *layout,
				 int nr_cpus)
{
	const struct tracer_desc *tracer = tracer_desc(layout->tracer);
	uint64_t cpus = 0;
	int cpu;

	for (cpu = 0; cpu < nr_cpus && cpu < CPU_SETSIZE; cpu++)
		cpus += CPU_ISSET(cpu, &layout->cpus) ? 1 : 0;
	return cpus * tracer->nr_contexts * layout->entries *
	       sizeof(((struct histogram *)NULL)->buckets[0]);
}

int results_alloc(struct rtla_results *results,
		  const struct results_layout *layout, int nr_cpus)
{
	const struct tracer_desc *tracer = tracer_desc(layout->tracer);
	struct cpu_results *slot;
	int cpu, c;

	memset(results, 0, sizeof(*results));
	results->cpu = calloc(nr_cpus, sizeof(*results->cpu));
	if (!results->cpu)
		return -1;
	results->tracer = tracer;
	results->collector = "tracefs";
	results->nr_cpus = nr_cpus;
	results->cpus = layout->cpus;
	results->divisor = layout->divisor;
	results->entries = layout->entries;
	results->bucket_size = layout->bucket_size;
	results->view = layout->view;
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		if (!cpu_measured(results, cpu))
			continue;
		slot = &results->cpu[cpu];
		for (c = 0; c < tracer->nr_contexts; c++)
			if (histogram_alloc(&slot->hist[tracer->contexts[c].id],
					    results->entries,
					    results->bucket_size)) {
				results_free(results);
				return -1;
			}
	}
	return 0;
}

void results_free(struct rtla_results *results)
{
	int cpu, c;

	for (cpu = 0; results->cpu && cpu < results->nr_cpus; cpu++)
		for (c = 0; c < NR_CONTEXTS; c++)
			histogram_free(&results->cpu[cpu].hist[c]);
	free(results->cpu);
	results->cpu = NULL;
	results->nr_cpus = 0;
}

void results_add_sample(struct rtla_results *results, int cpu,
			enum sample_context context, uint64_t value_ns)
{
	struct histogram *hist;

	if (!cpu_measured(results, cpu) || context >= NR_CONTEXTS)
		return;
	hist = &results->cpu[cpu].hist[context];
	/* not allocated: not a context of this run's tracer */
	if (hist->bucket_size)
		histogram_add(hist, value_ns / results->divisor);
}

/* osnoise's noise where no source counts the hardware's part of it */
static bool hw_derived(const struct rtla_results *results, int cpu)
{
	return results->tracer->id != TRACER_TIMERLAT && results->sources &&
	       !results->sources->hw_counted &&
	       results->cpu[cpu].periods.periods;
}

uint64_t results_sources_whole(const struct rtla_results *results, int cpu)
{
	if (!cpu_measured(results, cpu))
		return 0;
	if (hw_derived(results, cpu))
		return results->cpu[cpu].periods.noise * 1000;
	if (results->tracer->id != TRACER_TIMERLAT)
		return 0;
	return results->cpu[cpu].hist[CTX_THREAD].stats.sum * results->divisor;
}

int results_sources_view(const struct rtla_results *results, int cpu,
			 struct sources_view *view)
{
	const struct noise_sources *s = results->sources;
	struct sources_rest_as hw = { .kind = SOURCE_HW, .name = "hardware" };
	bool derived = cpu_measured(results, cpu) && hw_derived(results, cpu);

	if (derived)
		hw.count = results->cpu[cpu].periods.hw;
	return sources_view(s, cpu, s->top, results_sources_whole(results, cpu),
			    derived ? &hw : NULL, view);
}

void results_add_samples(struct rtla_results *results, int cpu,
			 enum sample_context context, uint64_t value_ns,
			 uint64_t count)
{
	struct histogram *hist;

	if (!cpu_measured(results, cpu) || context >= NR_CONTEXTS)
		return;
	hist = &results->cpu[cpu].hist[context];
	if (hist->bucket_size)
		histogram_add_n(hist, value_ns / results->divisor, count);
}

void results_add_period(struct rtla_results *results, int cpu,
			const struct noise_period *period)
{
	if (cpu_measured(results, cpu))
		noise_summary_add(&results->cpu[cpu].periods, period);
}

static void sink_sample(void *ctx, int cpu, enum sample_context context,
			uint64_t value_ns)
{
	results_add_sample(ctx, cpu, context, value_ns);
}

static void sink_period(void *ctx, int cpu, const struct noise_period *period)
{
	results_add_period(ctx, cpu, period);
}

struct sample_sink results_sink(struct rtla_results *results)
{
	struct sample_sink sink = { sink_sample, sink_period, results };

	return sink;
}

/* As rtla always did: a CPU is shown when measured and it has samples. */
bool results_cpu_shown(const struct rtla_results *results, int cpu)
{
	const struct cpu_results *slot;
	int c;

	if (!cpu_measured(results, cpu))
		return false;
	slot = &results->cpu[cpu];
	for (c = 0; c < NR_CONTEXTS; c++)
		if (slot->hist[c].stats.count)
			return true;
	return slot->periods.periods;
}

uint64_t results_lost_total(const struct rtla_results *results)
{
	uint64_t total = results->dropped;
	int i;

	for (i = 0; i < results->nr_cpus; i++)
		total += results->cpu[i].lost_events;
	return total;
}

int results_merge_all(const struct rtla_results *results,
		      enum sample_context context, struct histogram *merged)
{
	int cpu;

	if (histogram_alloc(merged, results->entries, results->bucket_size))
		return -1;
	for (cpu = 0; cpu < results->nr_cpus; cpu++)
		if (results_cpu_shown(results, cpu))
			histogram_merge(merged, &results->cpu[cpu].hist[context]);
	return 0;
}

void results_reset(struct rtla_results *results)
{
	struct cpu_results *slot;
	int cpu, c;

	for (cpu = 0; cpu < results->nr_cpus; cpu++) {
		slot = &results->cpu[cpu];
		for (c = 0; c < NR_CONTEXTS; c++)
			histogram_clear(&slot->hist[c]);
		memset(&slot->periods, 0, sizeof(slot->periods));
	}
	results->dropped = 0;
}

void results_window_restart(struct rtla_results *results)
{
	int cpu, c;

	for (cpu = 0; cpu < results->nr_cpus; cpu++)
		for (c = 0; c < NR_CONTEXTS; c++)
			histogram_window_restart(&results->cpu[cpu].hist[c]);
}
