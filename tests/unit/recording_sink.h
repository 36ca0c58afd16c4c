/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_TEST_RECORDING_SINK_H
#define RTLA_TEST_RECORDING_SINK_H

#include <stdint.h>

#include "collect/sample_source.h"

#define RECORDED_CPUS	8

/* What a sample source sent to recording_sink(): counts, and the last. */
struct recorded {
	int latencies, periods, noises;
	uint64_t latency_sum;
	int per_cpu[RECORDED_CPUS];	/* latencies and periods */
	int cpu, context;		/* the last one's */
	uint64_t value;			/* the last latency or noise, ns */
	struct noise_period period;	/* the last period */
};

/* A sink that records into @rec what the source sends it. */
struct sample_sink recording_sink(struct recorded *rec);

#endif
