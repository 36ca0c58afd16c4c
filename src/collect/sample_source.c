// SPDX-License-Identifier: GPL-2.0
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <event-parse.h>

#include "collect/kernel_context.h"
#include "collect/sample_source.h"
#include "model/aa.h"

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
	struct aa_layouts aal;
};

static const char *const timerlat_fields[] = {
	"seqnum", "context", "timer_latency", NULL,
};

static const char *const osnoise_fields[] = {
	"noise", "runtime", "max_sample", "hw_count", "nmi_count",
	"irq_count", "softirq_count", "thread_count", NULL,
};

static const char *const threshold_fields[] = { "duration", NULL };

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

/*
 * Find the fields @names of system:name once.  Fields are numbers of 8
 * bytes at most, but for those from index @first_raw on (strings and
 * arrays), which are read as bytes.
 */
static void resolve_fields(struct tep_handle *tep, const char *system,
			   const char *name, const char *const *names,
			   int first_raw, struct record_layout *layout)
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
		    (i < first_raw && field->size > 8))
			return;
		layout->fields[i].offset = field->offset;
		layout->fields[i].size = field->size;
		if (field->offset + field->size > layout->min_size)
			layout->min_size = field->offset + field->size;
	}
	layout->id = event->id;
}

static void resolve(struct tep_handle *tep, const char *system,
		    const char *name, const char *const *names,
		    struct record_layout *layout)
{
	resolve_fields(tep, system, name, names, 8, layout);
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
	return source;
}

void sample_source_set_aa(struct sample_source *source, struct aa *aa)
{
	struct tep_handle *tep = source->tep;
	struct aa_layouts *l = &source->aal;
	struct tep_event *event;
	struct tep_format_field *field;

	source->aa = aa;
	resolve_fields(tep, "osnoise", "irq_noise", irq_noise_fields, 3,
		       &l->irq);
	resolve(tep, "osnoise", "nmi_noise", nmi_noise_fields, &l->nmi);
	resolve(tep, "osnoise", "softirq_noise", softirq_noise_fields,
		&l->softirq);
	resolve_fields(tep, "osnoise", "thread_noise", thread_noise_fields, 3,
		       &l->thread);
	resolve_fields(tep, "sched", "sched_switch", sched_switch_fields, 1,
		       &l->sched_switch);
	resolve_fields(tep, "ftrace", "kernel_stack", kernel_stack_fields, 1,
		       &l->stack);
	/* a stack holds as many callers as it has, not the format's 8 */
	if (l->stack.id != -1)
		l->stack.min_size = l->stack.fields[KS_CALLER].offset;
	event = tep_find_event_by_name(tep, "osnoise", "irq_noise");
	field = event ? tep_find_field(event, "desc") : NULL;
	l->irq_desc_dynamic = field && (field->flags & TEP_FIELD_IS_DYNAMIC);
	l->timerlat_pid_offset = -1;
	event = tep_find_event_by_name(tep, "ftrace", "timerlat");
	field = event ? tep_find_common_field(event, "common_pid") : NULL;
	if (field && field->size == 4)
		l->timerlat_pid_offset = field->offset;
}

void sample_source_free(struct sample_source *source)
{
	free(source);
}

static uint64_t field(const struct sample_source *source, const void *data,
		      const struct record_layout *layout, int index)
{
	const struct field_ref *ref = &layout->fields[index];
	const char *at = (const char *)data + ref->offset;
	uint64_t u64;
	uint32_t u32;
	uint16_t u16;

	if (source->foreign_endian)
		return tep_read_number(source->tep, at, ref->size);
	switch (ref->size) {
	case 8:
		memcpy(&u64, at, 8);
		return u64;
	case 4:
		memcpy(&u32, at, 4);
		return u32;
	case 2:
		memcpy(&u16, at, 2);
		return u16;
	case 1:
		return *(const uint8_t *)at;
	default:
		return tep_read_number(source->tep, at, ref->size);
	}
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

static int decode_latency(struct sample_source *source, const void *data,
			  int cpu, uint64_t ts)
{
	const struct record_layout *l = &source->timerlat;
	enum sample_context context =
		kernel_context(false, field(source, data, l, TL_CONTEXT));
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
		aa_sample(source->aa, cpu, ts, pid, context,
			  field(source, data, l, TL_SEQNUM),
			  field(source, data, l, TL_LATENCY));
	}
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

/* The bytes of a string field: fixed (char[16]) or __data_loc. */
static const char *string_field(const struct sample_source *source,
				const void *data, int size,
				const struct field_ref *ref, bool dynamic,
				int *len)
{
	uint32_t loc;

	if (!dynamic) {
		*len = ref->size;
		return (const char *)data + ref->offset;
	}
	loc = tep_read_number(source->tep, (const char *)data + ref->offset, 4);
	*len = loc >> 16;
	if ((int)(loc & 0xffff) + *len > size) {
		*len = 0;
		return NULL;
	}
	return (const char *)data + (loc & 0xffff);
}

/* One of the records only auto-analysis reads: 1 when it was one. */
static int decode_aa(struct sample_source *source, int id, const void *data,
		     int size, int cpu)
{
	const struct aa_layouts *l = &source->aal;
	uint64_t callers[AA_MAX_STACK];
	const char *name;
	int len, i, count;

	if (id == l->irq.id && fits(source, &l->irq, size)) {
		name = string_field(source, data, size,
				    &l->irq.fields[AA_IRQ_DESC],
				    l->irq_desc_dynamic, &len);
		aa_noise(source->aa, cpu, AA_IRQ,
			 field(source, data, &l->irq, NZ_START),
			 field(source, data, &l->irq, NZ_DURATION), name, len,
			 (int)field(source, data, &l->irq, NZ_VECTOR));
	} else if (id == l->softirq.id && fits(source, &l->softirq, size)) {
		i = (int)field(source, data, &l->softirq, NZ_VECTOR);
		name = aa_softirq_name(i);
		aa_noise(source->aa, cpu, AA_SOFTIRQ,
			 field(source, data, &l->softirq, NZ_START),
			 field(source, data, &l->softirq, NZ_DURATION), name,
			 (int)strlen(name), i);
	} else if (id == l->nmi.id && fits(source, &l->nmi, size)) {
		aa_noise(source->aa, cpu, AA_NMI,
			 field(source, data, &l->nmi, NZ_START),
			 field(source, data, &l->nmi, NZ_DURATION), NULL, 0, 0);
	} else if (id == l->thread.id && fits(source, &l->thread, size)) {
		name = string_field(source, data, size,
				    &l->thread.fields[TN_COMM], false, &len);
		aa_noise(source->aa, cpu, AA_THREAD,
			 field(source, data, &l->thread, TN_START),
			 field(source, data, &l->thread, TN_DURATION), name,
			 len, (int)field(source, data, &l->thread, TN_PID));
	} else if (id == l->sched_switch.id &&
		   fits(source, &l->sched_switch, size)) {
		name = string_field(source, data, size,
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

int sample_source_decode(struct sample_source *source, int event_id,
			 const void *data, int size, int cpu)
{
	return sample_source_decode_at(source, event_id, data, size, cpu, 0);
}

int sample_source_decode_at(struct sample_source *source, int event_id,
			    const void *data, int size, int cpu, uint64_t ts)
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
		return decode_latency(source, data, cpu, ts);
	if (event_id == source->osnoise.id) {
		decode_period(source, data, cpu);
		return 1;
	}
	if (event_id == source->threshold.id) {
		if (sink->sample)
			sink->sample(sink->ctx, cpu, kernel_context(true, 0),
				     field(source, data, &source->threshold,
					   TH_DURATION));
		return 1;
	}
	if (source->aa && event_id != -1 &&
	    decode_aa(source, event_id, data, size, cpu))
		return 0;
	source->ignored++;
	return 0;
}

uint64_t sample_source_ignored(const struct sample_source *source)
{
	return source->ignored;
}
