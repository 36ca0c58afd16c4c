// SPDX-License-Identifier: GPL-2.0
/*
 * --sources: a BPF program's counts, or the hist triggers set, read and
 * removed, or the records read.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <tracefs.h>

#include "collect/bpf_collector.h"
#include "collect/collector_backend.h"
#include "collect/sample_source.h"
#include "collect/source_counts.h"
#include "collect/source_hist.h"

#define SOURCE_SYSTEM	"osnoise"

struct source_triggers {
	char *spec[NR_SOURCE_KINDS];	/* as written; NULL: not set */
	struct bpf_collector *bpf;	/* the sources' own program, or NULL */
	bool frozen;			/* read at the window's end */
};

static int write_trigger(struct collector *c, enum source_kind kind,
			 const char *spec)
{
	return tracefs_event_file_append(c->config.instance, SOURCE_SYSTEM,
					 source_event_name(kind), "trigger",
					 spec) < 0 ? -1 : 0;
}

static void remove_triggers(struct collector *c)
{
	struct source_triggers *t = c->source_triggers;
	char *off;
	int k;

	for (k = 0; t && k < NR_SOURCE_KINDS; k++) {
		if (!t->spec[k])
			continue;
		if (asprintf(&off, "!%s", t->spec[k]) >= 0) {
			write_trigger(c, k, off);
			free(off);
		}
		free(t->spec[k]);
		t->spec[k] = NULL;
	}
}

/*
 * Hardware noise is counted where the tool reads osnoise:sample_threshold
 * anyway (osnoise hist).  Elsewhere a handler on it would measure itself:
 * the osnoise thread reads the clock again after the event, so the
 * handler's time is in the next gap, which under emulation exceeds the
 * threshold and makes one gap a sample (osnoise top -p 100000 on 7.2-rt:
 * 0.84 s of noise, 3.9 s with a hist trigger on it).  There the
 * hardware's share is derived: the noise no other source accounts for
 * (results_sources_view()).
 */
static bool counts_hw(const struct collector *c)
{
	return c->config.event_name &&
	       !strcmp(c->config.event_name, source_event_name(SOURCE_HW));
}

/* Hardware noise is never a BPF program's: it is a sample's. */
static bool counted_by_bpf(const struct collector *c, enum source_kind k)
{
	return (c->window_sources || c->source_triggers->bpf) && k != SOURCE_HW;
}

/*
 * Whether the kernel has osnoise:@event (the top tracing directory's
 * file: libtracefs 1.6's tracefs_event_file_exists() ignores a
 * directory set with tracefs_set_tracing_dir()).
 */
static bool event_exists(const char *event)
{
	char name[96], *path;
	bool exists;

	snprintf(name, sizeof(name), "events/%s/%s/format", SOURCE_SYSTEM,
		 event);
	path = tracefs_get_tracing_file(name);
	exists = path && !access(path, F_OK);
	tracefs_put_tracing_file(path);
	return exists;
}

bool source_counts_bpf_possible(struct collector *c)
{
	static const char *const events[] = {
		"irq_noise", "softirq_noise", "thread_noise", "nmi_noise",
	};
	unsigned int i;

	if (c->config.choice == COLLECTOR_NO_BPF)
		return false;
	for (i = 0; i < sizeof(events) / sizeof(events[0]); i++) {
		if (event_exists(events[i]))
			continue;
		collector_say(c, false, "no BPF program for the sources: no %s:%s",
			      SOURCE_SYSTEM, events[i]);
		return false;
	}
	return true;
}

/*
 * Where the collector's program counts no sources: a program of their
 * own, timerlat's IRQs and NMIs all along (it sees no window).
 */
static void open_program(struct collector *c)
{
	struct bpf_collector_config config = {
		.sources_only = true,
		.nr_cpus = c->config.nr_measured_cpus,
	};
	char why[160];

	if (c->window_sources || !bpf_collector_built() ||
	    !source_counts_bpf_possible(c))
		return;
	c->source_triggers->bpf = bpf_collector_open(&config, why, sizeof(why));
	if (c->source_triggers->bpf)
		collector_say(c, false, "sources counted by a BPF program on %s:irq_noise, softirq_noise, thread_noise and nmi_noise",
			      SOURCE_SYSTEM);
	else
		collector_say(c, false, "no BPF program for the sources: %s",
			      why);
}

/* Every kind's trigger the programs leave, with onmax() where it is taken. */
static int set_triggers(struct collector *c)
{
	struct noise_sources *s = c->config.results->sources;
	int k, cpus = c->config.nr_measured_cpus;
	char spec[256], off[260];

	for (k = 0; k < NR_SOURCE_KINDS; k++) {
		if ((k == SOURCE_HW && !counts_hw(c)) || counted_by_bpf(c, k))
			continue;
		if (source_hist_trigger(k, true, cpus, spec, sizeof(spec)))
			goto fail;
		if (write_trigger(c, k, spec)) {
			if (source_hist_trigger(k, false, cpus, spec,
						sizeof(spec)) ||
			    write_trigger(c, k, spec))
				goto fail;
			s->max_exact = false;
		}
		/* set: removed by remove_triggers() from here on */
		c->source_triggers->spec[k] = strdup(spec);
		if (!c->source_triggers->spec[k]) {
			snprintf(off, sizeof(off), "!%s", spec);
			write_trigger(c, k, off);
			goto fail;
		}
		collector_say(c, false, "sources counted in the kernel: %s:%s %s",
			      SOURCE_SYSTEM, source_event_name(k), spec);
	}
	return 0;
fail:
	collector_say(c, false, "no hist trigger on %s:%s (%s): reading its records",
		      SOURCE_SYSTEM, source_event_name(k), strerror(errno));
	remove_triggers(c);
	return -1;
}

/* The fallback: the records, decoded one by one. */
static int read_records(struct collector *c, struct tracefs_backend *reader)
{
	int k;

	for (k = 0; k < NR_SOURCE_KINDS; k++)
		if ((k != SOURCE_HW || counts_hw(c)) &&
		    tracefs_event_enable(c->config.instance, SOURCE_SYSTEM,
					 source_event_name(k)))
			collector_say(c, false, "sources without %s:%s: %s",
				      SOURCE_SYSTEM, source_event_name(k),
				      strerror(errno));
	sample_source_set_sources(reader->source, c->config.results->sources,
				  counts_hw(c));
	c->config.results->sources->collector = "tracefs";
	collector_say(c, false, "sources read from the ring buffers");
	return 0;
}

int source_counts_open(struct collector *c, struct tracefs_backend *reader)
{
	struct noise_sources *s = c->config.results->sources;

	s->hw_counted = counts_hw(c);
	if (c->config.choice != COLLECTOR_TRACEFS) {
		c->source_triggers = calloc(1, sizeof(*c->source_triggers));
		if (!c->source_triggers)
			return -1;
		open_program(c);
		if (!set_triggers(c)) {
			s->collector = c->window_sources || c->source_triggers->bpf ?
				       "bpf" : "hist-trigger";
			s->windows = c->window_sources && c->config.timerlat;
			return 0;
		}
		source_counts_close(c);
	}
	if (reader)
		return read_records(c, reader);
	collector_say(c, true, "--sources needs a BPF program or hist triggers on the osnoise events, or RTLA_COLLECTOR=tracefs");
	return -1;
}

void source_counts_read(struct collector *c)
{
	struct noise_sources *s = c->config.results->sources;
	uint64_t dropped, all = 0;
	long keys, total = 0;
	bool has_max;
	char *text;
	int k;

	if (!c->source_triggers || c->source_triggers->frozen)
		return;
	sources_reset(s);
	for (k = 0; k < NR_SOURCE_KINDS; k++) {
		if (!c->source_triggers->spec[k])
			continue;
		text = tracefs_event_file_read(c->config.instance, SOURCE_SYSTEM,
					       source_event_name(k), "hist",
					       NULL);
		keys = source_hist_parse(text, k, s, &dropped, &has_max);
		free(text);
		if (keys < 0) {
			collector_say(c, true, "the kernel's histogram of %s:%s cannot be read",
				      SOURCE_SYSTEM, source_event_name(k));
			continue;
		}
		if (!has_max)
			s->max_exact = false;
		total += keys;
		all += dropped;
	}
	s->dropped = all;
	collector_say(c, false, "%ld sources read from the kernel's histograms, %llu events dropped",
		      total, (unsigned long long)all);
	if ((c->window_sources && c->ops->sources && c->ops->sources(c, s)) ||
	    (c->source_triggers->bpf &&
	     bpf_collector_read_sources(c->source_triggers->bpf, s)))
		collector_say(c, true, "the sources a BPF program counted cannot be read: %s",
			      strerror(errno));
}

/*
 * onmax()'s variable makes the kernel refuse a trigger's pause and clear
 * commands (the variable would be defined twice): the counts are read
 * when the window ends, and a trigger is cleared by setting it again.
 */
void source_counts_freeze(struct collector *c)
{
	if (!c->source_triggers || c->source_triggers->frozen)
		return;
	source_counts_read(c);
	c->source_triggers->frozen = true;
	if (c->source_triggers->bpf)
		bpf_collector_freeze(c->source_triggers->bpf);
}

/*
 * Whether @kind's histogram is still empty: then it needs no clearing
 * (the tracer of 6.1 counts with tracing off, those of later kernels do
 * not).  What it parses into the sources is reset by the caller.
 */
static bool counted_nothing(struct collector *c, enum source_kind kind)
{
	char *text = tracefs_event_file_read(c->config.instance, SOURCE_SYSTEM,
					     source_event_name(kind), "hist",
					     NULL);
	uint64_t dropped;
	bool has_max, empty;

	/* no key line at all, ours or another trigger's */
	empty = source_hist_parse(text, kind, c->config.results->sources,
				  &dropped, &has_max) == 0 &&
		!dropped && !strstr(text, "\n{");
	free(text);
	return empty;
}

void source_counts_reset(struct collector *c)
{
	struct noise_sources *s = c->config.results->sources;
	struct source_triggers *t = c->source_triggers;
	char off[260];
	int k;

	for (k = 0; t && k < NR_SOURCE_KINDS; k++) {
		if (!t->spec[k] || counted_nothing(c, k))
			continue;
		snprintf(off, sizeof(off), "!%s", t->spec[k]);
		if (write_trigger(c, k, off) || write_trigger(c, k, t->spec[k]))
			collector_say(c, true, "cannot set the hist trigger of %s:%s again: %s",
				      SOURCE_SYSTEM, source_event_name(k),
				      strerror(errno));
	}
	if (t && t->bpf && bpf_collector_reset(t->bpf))
		collector_say(c, true, "cannot clear the sources' BPF maps: %s",
			      strerror(errno));
	if (s)
		sources_reset(s);
}

void source_counts_close(struct collector *c)
{
	if (!c->source_triggers)
		return;
	remove_triggers(c);
	bpf_collector_close(c->source_triggers->bpf);
	free(c->source_triggers);
	c->source_triggers = NULL;
}
