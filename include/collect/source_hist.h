/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_SOURCE_HIST_H
#define RTLA_SOURCE_HIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/sources.h"

/*
 * --sources counted in the kernel: one hist trigger on each of
 * osnoise:irq_noise, softirq_noise, thread_noise and nmi_noise, keyed by
 * CPU and the source (desc; vector; comm and pid; none), summing
 * duration; onmax() keeps each key's longest duration.  Read once at
 * the end (and at a snapshot): no per-event work in user space.
 */

/* The event of @kind's source records: "irq_noise"... */
const char *source_event_name(enum source_kind kind);

/*
 * The entries of @kind's map for @nr_cpus measured CPUs: a power of two
 * within the kernel's bounds.  Setting and removing a trigger costs in
 * proportion (the kernel allocates every entry up front).
 */
unsigned int source_hist_map_size(enum source_kind kind, int nr_cpus);

/*
 * The trigger for @kind on @nr_cpus measured CPUs, with onmax() when
 * @with_max; -1 if it does not fit in @len.
 */
int source_hist_trigger(enum source_kind kind, bool with_max, int nr_cpus,
			char *buf, size_t len);

/* What marks a --sources trigger among others on the same event. */
#define SOURCE_HIST_VALS	"vals=hitcount,duration"

/* Whether the "# trigger info:" line [@line, @end) is a --sources one. */
bool source_hist_section(const char *line, const char *end);

/*
 * Parse the hist file of @kind's trigger into @s (adding to it); *@dropped
 * gets the events the map had no room for, *@has_max whether every key
 * had its max.  The keys parsed, or -1 when @text is not a hist file.
 */
long source_hist_parse(const char *text, enum source_kind kind,
		       struct noise_sources *s, uint64_t *dropped,
		       bool *has_max);

#endif
