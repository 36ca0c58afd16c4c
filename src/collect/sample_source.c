// SPDX-License-Identifier: GPL-2.0
#include <stdbool.h>
#include <stdlib.h>

#include <event-parse.h>

#include "collect/sample_source.h"

struct field_ref {
	int offset;
	int size;
};

struct record_layout {
	int id;			/* -1: the kernel has no such record */
	int min_size;		/* the end of the last field read */
	struct field_ref fields[8];
};

enum { TL_SEQNUM, TL_CONTEXT, TL_LATENCY };
enum { OS_NOISE, OS_RUNTIME, OS_MAX, OS_HW, OS_NMI, OS_IRQ, OS_SOFTIRQ,
       OS_THREAD };
enum { TH_DURATION };

struct sample_source {
	struct tep_handle *tep;
	struct sample_sink sink;
	struct record_layout timerlat;
	struct record_layout osnoise;
	struct record_layout threshold;
	uint64_t ignored;
};

static const char *const timerlat_fields[] = {
	"seqnum", "context", "timer_latency", NULL,
};

static const char *const osnoise_fields[] = {
	"noise", "runtime", "max_sample", "hw_count", "nmi_count",
	"irq_count", "softirq_count", "thread_count", NULL,
};

static const char *const threshold_fields[] = { "duration", NULL };

static void resolve(struct tep_handle *tep, const char *system,
		    const char *name, const char *const *names,
		    struct record_layout *layout)
{
	struct tep_event *event = tep_find_event_by_name(tep, system, name);
	struct tep_format_field *field;
	int i;

	layout->id = -1;
	if (!event)
		return;
	for (i = 0; names[i]; i++) {
		field = tep_find_field(event, names[i]);
		if (!field)
			return;
		if (field->offset < 0 || field->size <= 0 ||
		    field->size > 8)
			return;
		layout->fields[i].offset = field->offset;
		layout->fields[i].size = field->size;
		if (field->offset + field->size > layout->min_size)
			layout->min_size = field->offset + field->size;
	}
	layout->id = event->id;
}

struct sample_source *sample_source_alloc(struct tep_handle *tep,
					  const struct sample_sink *sink)
{
	struct sample_source *source = calloc(1, sizeof(*source));

	if (!source)
		return NULL;
	source->tep = tep;
	source->sink = *sink;
	resolve(tep, "ftrace", "timerlat", timerlat_fields, &source->timerlat);
	resolve(tep, "ftrace", "osnoise", osnoise_fields, &source->osnoise);
	resolve(tep, "osnoise", "sample_threshold", threshold_fields,
		&source->threshold);
	return source;
}

void sample_source_free(struct sample_source *source)
{
	free(source);
}

static uint64_t field(const struct sample_source *source, const void *data,
		      const struct record_layout *layout, int index)
{
	const struct field_ref *ref = &layout->fields[index];

	return tep_read_number(source->tep, (const char *)data + ref->offset,
			       ref->size);
}

static void decode_period(struct sample_source *source, const void *data,
			  int cpu)
{
	const struct record_layout *l = &source->osnoise;
	struct noise_period period = {
		.runtime = field(source, data, l, OS_RUNTIME),
		.noise = field(source, data, l, OS_NOISE),
		.max_single = field(source, data, l, OS_MAX),
		.hw = field(source, data, l, OS_HW),
		.nmi = field(source, data, l, OS_NMI),
		.irq = field(source, data, l, OS_IRQ),
		.softirq = field(source, data, l, OS_SOFTIRQ),
		.thread = field(source, data, l, OS_THREAD),
	};

	if (source->sink.period)
		source->sink.period(source->sink.ctx, cpu, &period);
}

/* The kernel's timerlat context numbers, as ours. */
static const enum sample_context timerlat_contexts[] = {
	[0] = CTX_IRQ,
	[1] = CTX_THREAD,
	[2] = CTX_USER,
};

#define NR_TIMERLAT_CONTEXTS \
	(sizeof(timerlat_contexts) / sizeof(timerlat_contexts[0]))

static int decode_latency(struct sample_source *source, const void *data,
			  int cpu)
{
	const struct record_layout *l = &source->timerlat;
	uint64_t context = field(source, data, l, TL_CONTEXT);

	if (context >= NR_TIMERLAT_CONTEXTS) {
		source->ignored++;
		return 0;
	}
	if (source->sink.sample)
		source->sink.sample(source->sink.ctx, cpu,
				    timerlat_contexts[context],
				    field(source, data, l, TL_LATENCY));
	return 1;
}

/* A record too short for its format is not read: it counts as ignored. */
static bool fits(struct sample_source *source,
		 const struct record_layout *layout, int size)
{
	if (size >= layout->min_size)
		return true;
	source->ignored++;
	return false;
}

int sample_source_decode(struct sample_source *source, int event_id,
			 const void *data, int size, int cpu)
{
	const struct sample_sink *sink = &source->sink;

	if (event_id == -1) {
		source->ignored++;
		return 0;
	}
	if ((event_id == source->timerlat.id &&
	     !fits(source, &source->timerlat, size)) ||
	    (event_id == source->osnoise.id &&
	     !fits(source, &source->osnoise, size)) ||
	    (event_id == source->threshold.id &&
	     !fits(source, &source->threshold, size)))
		return 0;

	if (event_id == source->timerlat.id)
		return decode_latency(source, data, cpu);
	if (event_id == source->osnoise.id) {
		decode_period(source, data, cpu);
		return 1;
	}
	if (event_id == source->threshold.id) {
		if (sink->sample)
			sink->sample(sink->ctx, cpu, CTX_NOISE,
				     field(source, data, &source->threshold,
					   TH_DURATION));
		return 1;
	}
	source->ignored++;
	return 0;
}

uint64_t sample_source_ignored(const struct sample_source *source)
{
	return source->ignored;
}
