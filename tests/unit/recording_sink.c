// SPDX-License-Identifier: GPL-2.0
/* The unit tests' sample sink: it records what a sample source sends. */
#include "recording_sink.h"

static void count_cpu(struct recorded *rec, int cpu)
{
	if (cpu >= 0 && cpu < RECORDED_CPUS)
		rec->per_cpu[cpu]++;
	rec->cpu = cpu;
}

static void on_sample(void *ctx, int cpu, enum sample_context context,
		      uint64_t ns)
{
	struct recorded *rec = ctx;

	rec->value = ns;
	if (context == CTX_NOISE) {
		rec->noises++;
		rec->cpu = cpu;
		return;
	}
	rec->latencies++;
	rec->latency_sum += ns;
	rec->context = context;
	count_cpu(rec, cpu);
}

static void on_period(void *ctx, int cpu, const struct noise_period *p)
{
	struct recorded *rec = ctx;

	rec->periods++;
	rec->period = *p;
	count_cpu(rec, cpu);
}

struct sample_sink recording_sink(struct recorded *rec)
{
	return (struct sample_sink){
		.sample = on_sample, .period = on_period, .ctx = rec,
	};
}
