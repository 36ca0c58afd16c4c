/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_SAMPLE_SOURCE_H
#define RTLA_SAMPLE_SOURCE_H

#include <stdint.h>

#include "model/results.h"

struct tep_handle;
struct tep_event;
struct tep_record;

struct sample_source;
struct aa;

/*
 * Resolve the ftrace:timerlat, ftrace:osnoise and osnoise:sample_threshold
 * record layouts in @tep once; events the kernel lacks are skipped.
 */
struct sample_source *sample_source_alloc(struct tep_handle *tep,
					  const struct sample_sink *sink);
void sample_source_free(struct sample_source *source);

/*
 * Feed @aa the timerlat samples and the records auto-analysis needs
 * (osnoise:*_noise, sched:sched_switch, ftrace:kernel_stack), whose
 * layouts are resolved now; those the kernel lacks are left out.
 */
void sample_source_set_aa(struct sample_source *source, struct aa *aa);

struct noise_sources;

/*
 * Count the osnoise:*_noise records in @sources (--sources read from the
 * ring buffers), their layouts resolved now.  When @threshold_samples
 * (the tool reads sample_threshold), its records are samples, and those
 * with no interference hardware noise in @sources too.
 */
void sample_source_set_sources(struct sample_source *source,
			       struct noise_sources *sources,
			       bool threshold_samples);

/*
 * Decode one record of @size bytes; returns 1 when it was a sample, 0
 * when not (a record shorter than its format is not one).
 */
int sample_source_decode(struct sample_source *source, int event_id,
			 const void *data, int size, int cpu);

/* The same, for a record written at @ts (ns, the trace clock). */
int sample_source_decode_at(struct sample_source *source, int event_id,
			    const void *data, int size, int cpu, uint64_t ts);

/*
 * The run has ended: timerlat samples of periods that had begun (their
 * IRQ sample decoded) still count, no other sample, osnoise period or
 * source (auto-analysis still reads every record).
 */
void sample_source_freeze(struct sample_source *source);
/* Samples left out since, a debugging aid. */
uint64_t sample_source_after_end(const struct sample_source *source);

/* Records seen that were none of ours: a debugging aid. */
uint64_t sample_source_ignored(const struct sample_source *source);

#endif
