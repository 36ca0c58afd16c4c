// SPDX-License-Identifier: GPL-2.0
/* Ring-buffer records decoded: samples, noise, auto-analysis. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <event-parse.h>

#include "collect/kernel_context.h"
#include "collect/record_layout.h"
#include "collect/sample_source.h"
#include "model/aa.h"
#include "model/sources.h"

enum { TL_SEQNUM, TL_CONTEXT, TL_LATENCY };
enum { OS_NOISE, OS_RUNTIME, OS_MAX, OS_HW, OS_NMI, OS_IRQ, OS_SOFTIRQ,
       OS_THREAD };
enum { TH_DURATION, TH_INTERFERENCE };
/* auto-analysis records */
enum { NZ_START, NZ_DURATION, NZ_VECTOR };	/* irq, softirq, nmi */
enum { TN_START, TN_DURATION, TN_PID, TN_COMM };
enum { SW_PID, SW_COMM };
enum { KS_SIZE, KS_CALLER };
enum { AA_IRQ_DESC = 3 };

/* The records auto-analysis reads, resolved when it is attached. */
struct aa_layouts {
	struct record_layout irq, nmi, softirq, thread, sched_switch, stack;
	int timerlat_pid_offset;	/* common_pid: -1 when unknown */
	int irq_desc_dynamic;		/* desc is __data_loc (7.2) */
};

struct sample_source {
	struct tep_handle *tep;
	struct sample_sink sink;
	struct record_layout timerlat;
	struct record_layout osnoise;
	struct record_layout threshold;
	uint64_t ignored;
	bool foreign_endian;		/* the records' byte order is not ours */
	struct aa *aa;			/* NULL: no auto-analysis */
	struct noise_sources *sources;	/* NULL: no --sources */
	bool threshold_samples;		/* sample_threshold is the tool's */
	struct aa_layouts aal;
	/* the run's end: sample_source_freeze() */
	bool frozen;
	uint64_t after_end;
	/* per CPU, 1 + the seqnum of the last IRQ sample counted (0: none) */
	uint64_t *irq_period;
	int nr_irq_periods;
};

static const char *const timerlat_fields[] = {
	"seqnum", "context", "timer_latency", NULL,
};

static const char *const osnoise_fields[] = {
	"noise", "runtime", "max_sample", "hw_count", "nmi_count",
	"irq_count", "softirq_count", "thread_count", NULL,
};

static const char *const threshold_fields[] = {
	"duration", "interference", NULL,
};

static const char *const irq_noise_fields[] = {
	"start", "duration", "vector", "desc", NULL,
};
static const char *const nmi_noise_fields[] = { "start", "duration", NULL };
static const char *const softirq_noise_fields[] = {
	"start", "duration", "vector", NULL,
};
static const char *const thread_noise_fields[] = {
	"start", "duration", "pid", "comm", NULL,
};
static const char *const sched_switch_fields[] = {
	"next_pid", "next_comm", NULL,
};
static const char *const kernel_stack_fields[] = { "size", "caller", NULL };

/* @layout of @system:@name's fields @names, every one a number. */
static void resolve(struct tep_handle *tep, const char *system,
		    const char *name, const char *const *names,
		    struct record_layout *layout)
{
	record_layout_resolve(tep, system, name, names, RECORD_ALL_NUMBERS,
			      layout);
}

struct sample_source *sample_source_alloc(struct tep_handle *tep,
					  const struct sample_sink *sink)
{
	struct sample_source *source = calloc(1, sizeof(*source));

	if (!source)
		return NULL;
	source->tep = tep;
	source->sink = *sink;
	source->foreign_endian = tep_is_file_bigendian(tep) !=
				 tep_is_local_bigendian(tep);
	resolve(tep, "ftrace", "timerlat", timerlat_fields, &source->timerlat);
	resolve(tep, "ftrace", "osnoise", osnoise_fields, &source->osnoise);
	resolve(tep, "osnoise", "sample_threshold", threshold_fields,
		&source->threshold);
	source->threshold_samples = true;
	return source;
}

/* The osnoise:*_noise layouts, for auto-analysis and --sources. */
static void resolve_noise(struct sample_source *source)
{
	struct tep_handle *tep = source->tep;
	struct aa_layouts *l = &source->aal;
	struct tep_format_field *field;
	struct tep_event *event;

	record_layout_resolve(tep, "osnoise", "irq_noise", irq_noise_fields, 3,
			      &l->irq);
	resolve(tep, "osnoise", "nmi_noise", nmi_noise_fields, &l->nmi);
	resolve(tep, "osnoise", "softirq_noise", softirq_noise_fields,
		&l->softirq);
	record_layout_resolve(tep, "osnoise", "thread_noise", thread_noise_fields, 3,
			      &l->thread);
	event = tep_find_event_by_name(tep, "osnoise", "irq_noise");
	field = event ? tep_find_field(event, "desc") : NULL;
	l->irq_desc_dynamic = field && (field->flags & TEP_FIELD_IS_DYNAMIC);
}

void sample_source_set_sources(struct sample_source *source,
			       struct noise_sources *sources,
			       bool threshold_samples)
{
	source->sources = sources;
	source->threshold_samples = threshold_samples;
	resolve_noise(source);
}

void sample_source_set_aa(struct sample_source *source, struct aa *aa)
{
	struct tep_handle *tep = source->tep;
	struct aa_layouts *l = &source->aal;
	struct tep_event *event;
	struct tep_format_field *field;

	source->aa = aa;
	resolve_noise(source);
	record_layout_resolve(tep, "sched", "sched_switch", sched_switch_fields, 1,
			      &l->sched_switch);
	record_layout_resolve(tep, "ftrace", "kernel_stack", kernel_stack_fields, 1,
			      &l->stack);
	/* a stack holds as many callers as it has, not the format's 8 */
	if (l->stack.id != -1)
		l->stack.min_size = l->stack.fields[KS_CALLER].offset;
	l->timerlat_pid_offset = -1;
	event = tep_find_event_by_name(tep, "ftrace", "timerlat");
	field = event ? tep_find_common_field(event, "common_pid") : NULL;
	if (field && field->size == 4)
		l->timerlat_pid_offset = field->offset;
}

void sample_source_free(struct sample_source *source)
{
	if (source)
		free(source->irq_period);
	free(source);
}

void sample_source_freeze(struct sample_source *source)
{
	source->frozen = true;
}

uint64_t sample_source_after_end(const struct sample_source *source)
{
	return source->after_end;
}

/* Grows once a CPU, never a record: a CPU it cannot keep is forgotten. */
static void note_irq_period(struct sample_source *source, int cpu,
			    uint64_t seqnum)
{
	uint64_t *grown;
	int nr;

	if (cpu < 0)
		return;
	if (cpu >= source->nr_irq_periods) {
		nr = cpu < 64 ? 64 : 2 * cpu;
		grown = realloc(source->irq_period, nr * sizeof(*grown));
		if (!grown)
			return;
		memset(grown + source->nr_irq_periods, 0,
		       (nr - source->nr_irq_periods) * sizeof(*grown));
		source->irq_period = grown;
		source->nr_irq_periods = nr;
	}
	source->irq_period[cpu] = seqnum + 1;
}

/*
 * Whether a latency sample is one of the run's.  After the end no
 * osnoise period, noise sample or source counts, and no new timerlat
 * period (the IRQs of user threads being stopped would, with
 * no thread sample beside them), but the thread and return samples
 * of a period whose IRQ sample was counted complete it.
 */
static bool in_run(struct sample_source *source, int cpu,
		   enum sample_context context, uint64_t seqnum)
{
	if (!source->frozen) {
		if (context == CTX_IRQ)
			note_irq_period(source, cpu, seqnum);
		return true;
	}
	if (context != CTX_IRQ && cpu >= 0 && cpu < source->nr_irq_periods &&
	    seqnum < source->irq_period[cpu])
		return true;
	source->after_end++;
	return false;
}

/* Field @index of @data, a record of @layout, as a number. */
static uint64_t field(const struct sample_source *source, const void *data,
		      const struct record_layout *layout, int index)
{
	return record_layout_number(source->tep, source->foreign_endian, data,
				    &layout->fields[index]);
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

	if (source->frozen)
		source->after_end++;
	else if (source->sink.period)
		source->sink.period(source->sink.ctx, cpu, &period);
}

static int decode_latency(struct sample_source *source, const void *data,
			  int cpu, uint64_t ts)
{
	const struct record_layout *l = &source->timerlat;
	enum sample_context context =
		kernel_context(false, field(source, data, l, TL_CONTEXT));
	uint64_t seqnum = field(source, data, l, TL_SEQNUM);
	int pid = -1;

	if (context == NR_CONTEXTS) {
		source->ignored++;
		return 0;
	}
	if (source->aa) {
		if (source->aal.timerlat_pid_offset >= 0)
			pid = (int)tep_read_number(source->tep,
				(const char *)data +
				source->aal.timerlat_pid_offset, 4);
		aa_sample(source->aa, cpu, ts, pid, context, seqnum,
			  field(source, data, l, TL_LATENCY));
	}
	if (!in_run(source, cpu, context, seqnum))
		return 0;
	if (source->sink.sample)
		source->sink.sample(source->sink.ctx, cpu, context,
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

/* One osnoise:*_noise record, decoded. */
struct noise_record {
	enum source_kind kind;
	uint64_t start;
	uint64_t duration;
	const char *name;	/* IRQ desc or comm, @len bytes; or NULL */
	int len;
	int id;			/* vector or pid */
};

/* @data as one of the *_noise records: 1 when it is one. */
static int noise_record(struct sample_source *source, int id,
			const void *data, int size, struct noise_record *r)
{
	const struct aa_layouts *l = &source->aal;
	const struct record_layout *layout;

	memset(r, 0, sizeof(*r));
	if (id == l->irq.id && fits(source, &l->irq, size)) {
		layout = &l->irq;
		r->kind = SOURCE_IRQ;
		r->name = record_layout_string(source->tep, data, size,
					       &l->irq.fields[AA_IRQ_DESC],
					       l->irq_desc_dynamic, &r->len);
		r->id = (int)field(source, data, layout, NZ_VECTOR);
	} else if (id == l->softirq.id && fits(source, &l->softirq, size)) {
		layout = &l->softirq;
		r->kind = SOURCE_SOFTIRQ;
		r->id = (int)field(source, data, layout, NZ_VECTOR);
		r->name = source_softirq_name(r->id);
		r->len = (int)strlen(r->name);
	} else if (id == l->nmi.id && fits(source, &l->nmi, size)) {
		layout = &l->nmi;
		r->kind = SOURCE_NMI;
	} else if (id == l->thread.id && fits(source, &l->thread, size)) {
		layout = &l->thread;
		r->kind = SOURCE_THREAD;
		r->name = record_layout_string(source->tep, data, size,
					       &l->thread.fields[TN_COMM], false,
					       &r->len);
		r->id = (int)field(source, data, layout, TN_PID);
	} else {
		return 0;
	}
	/* start and duration come first in every one of them */
	r->start = field(source, data, layout, NZ_START);
	r->duration = field(source, data, layout, NZ_DURATION);
	return 1;
}

static const enum aa_kind aa_kinds[NR_SOURCE_KINDS] = {
	[SOURCE_IRQ] = AA_IRQ,
	[SOURCE_SOFTIRQ] = AA_SOFTIRQ,
	[SOURCE_THREAD] = AA_THREAD,
	[SOURCE_NMI] = AA_NMI,
};

/* A *_noise record to auto-analysis and --sources: 1 when it was one. */
static int decode_noise(struct sample_source *source, int id,
			const void *data, int size, int cpu)
{
	struct noise_record r;

	if (!noise_record(source, id, data, size, &r))
		return 0;
	if (source->aa)
		aa_noise(source->aa, cpu, aa_kinds[r.kind], r.start,
			 r.duration, r.name, r.len, r.id);
	if (source->sources && !source->frozen)
		sources_add(source->sources, cpu, r.kind, r.name,
			    r.len > 0 ? r.len : 0, r.id, 1, r.duration,
			    r.duration);
	return 1;
}

/* One of the records only auto-analysis reads: 1 when it was one. */
static int decode_aa(struct sample_source *source, int id, const void *data,
		     int size, int cpu)
{
	const struct aa_layouts *l = &source->aal;
	uint64_t callers[AA_MAX_STACK];
	const char *name;
	int len, i, count;

	if (decode_noise(source, id, data, size, cpu))
		return 1;
	if (id == l->sched_switch.id &&
		   fits(source, &l->sched_switch, size)) {
		name = record_layout_string(source->tep, data, size,
					    &l->sched_switch.fields[SW_COMM], false,
					    &len);
		aa_switch(source->aa, cpu,
			  (int)field(source, data, &l->sched_switch, SW_PID),
			  name, len);
	} else if (id == l->stack.id && fits(source, &l->stack, size)) {
		count = (int)field(source, data, &l->stack, KS_SIZE);
		len = l->stack.fields[KS_CALLER].offset;
		if (count > (size - len) / 8)
			count = (size - len) / 8;
		if (count > AA_MAX_STACK)
			count = AA_MAX_STACK;
		for (i = 0; i < count; i++)
			callers[i] = tep_read_number(source->tep,
				(const char *)data + len + 8 * i, 8);
		aa_stack(source->aa, cpu, callers, count < 0 ? 0 : count);
	} else {
		return 0;
	}
	return 1;
}

/*
 * osnoise:sample_threshold: a noise sample (osnoise hist's), and for
 * --sources one of hardware noise when nothing interfered.
 */
static void decode_threshold(struct sample_source *source, const void *data,
			     int cpu)
{
	const struct record_layout *l = &source->threshold;
	uint64_t duration = field(source, data, l, TH_DURATION);

	if (source->frozen) {
		source->after_end += source->threshold_samples;
		return;
	}
	if (source->threshold_samples && source->sink.sample)
		source->sink.sample(source->sink.ctx, cpu,
				    kernel_context(true, 0), duration);
	if (source->sources && source->threshold_samples &&
	    !field(source, data, l, TH_INTERFERENCE))
		sources_add(source->sources, cpu, SOURCE_HW, NULL, 0, 0, 1,
			    duration, duration);
}

int sample_source_decode(struct sample_source *source, int event_id,
			 const void *data, int size, int cpu)
{
	return sample_source_decode_at(source, event_id, data, size, cpu, 0);
}

int sample_source_decode_at(struct sample_source *source, int event_id,
			    const void *data, int size, int cpu, uint64_t ts)
{
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
		return decode_latency(source, data, cpu, ts);
	if (event_id == source->osnoise.id) {
		decode_period(source, data, cpu);
		return 1;
	}
	if (event_id == source->threshold.id) {
		decode_threshold(source, data, cpu);
		return source->threshold_samples;
	}
	if (source->aa && event_id != -1 &&
	    decode_aa(source, event_id, data, size, cpu))
		return 0;
	if (source->sources && decode_noise(source, event_id, data, size, cpu))
		return 0;
	source->ignored++;
	return 0;
}

uint64_t sample_source_ignored(const struct sample_source *source)
{
	return source->ignored;
}
