// SPDX-License-Identifier: GPL-2.0
/*
 * --sources: a BPF program's counts (the backend's or one of their own),
 * or the hist triggers set, read and removed, or the records read.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <tracefs.h>

#include "collect/bpf_loader.h"
#include "collect/collector_backend.h"
#include "collect/sample_source.h"
#include "collect/source_counter.h"
#include "collect/source_hist.h"

#define SOURCE_SYSTEM	"osnoise"

struct source_counter {
	const struct collector_config *config;
	char *spec[NR_SOURCE_KINDS];	/* as written; NULL: not set */
	/*
	 * the program that counts them, or NULL: the backend's, counting
	 * timerlat's inside the threads' windows, or their own (@own_bpf)
	 */
	struct bpf_loader *bpf;
	bool own_bpf;			/* frozen, reset and closed here */
	bool frozen;			/* read at the window's end */
	bool records;			/* decoded by the reader's sample source */
};

static int write_trigger(struct source_counter *t, enum source_kind kind,
			 const char *spec)
{
	return tracefs_event_file_append(t->config->instance, SOURCE_SYSTEM,
					 source_event_name(kind), "trigger",
					 spec) < 0 ? -1 : 0;
}

static void remove_triggers(struct source_counter *t)
{
	char *off;
	int k;

	for (k = 0; k < NR_SOURCE_KINDS; k++) {
		if (!t->spec[k])
			continue;
		if (asprintf(&off, "!%s", t->spec[k]) >= 0) {
			write_trigger(t, k, off);
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
static bool counts_hw(const struct collector_config *config)
{
	return config->event_name &&
	       !strcmp(config->event_name, source_event_name(SOURCE_HW));
}

/* Hardware noise is never a BPF program's: it is a sample's. */
static bool counted_by_bpf(const struct source_counter *t, enum source_kind k)
{
	return t->bpf && k != SOURCE_HW;
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

bool source_counter_bpf_possible(const struct collector_config *config)
{
	static const char *const events[] = {
		"irq_noise", "softirq_noise", "thread_noise", "nmi_noise",
	};
	unsigned int i;

	if (config->choice == COLLECTOR_NO_BPF)
		return false;
	for (i = 0; i < sizeof(events) / sizeof(events[0]); i++) {
		if (event_exists(events[i]))
			continue;
		collector_config_say(config, false, "no BPF program for the sources: no %s:%s",
				     SOURCE_SYSTEM, events[i]);
		return false;
	}
	return true;
}

/*
 * Where the collector's program counts no sources: a program of their
 * own, timerlat's IRQs and NMIs all along (it sees no window).
 */
static void open_program(struct source_counter *t)
{
	struct bpf_loader_config config = {
		.sources_only = true,
		.nr_cpus = t->config->nr_measured_cpus,
	};
	char why[160];

	if (t->bpf || !bpf_loader_built() ||
	    !source_counter_bpf_possible(t->config))
		return;
	t->bpf = bpf_loader_open(&config, why, sizeof(why));
	t->own_bpf = t->bpf;
	if (t->bpf)
		collector_config_say(t->config, false, "sources counted by a BPF program on %s:irq_noise, softirq_noise, thread_noise and nmi_noise",
				     SOURCE_SYSTEM);
	else
		collector_config_say(t->config, false, "no BPF program for the sources: %s",
				     why);
}

/* Every kind's trigger the programs leave, with onmax() where it is taken. */
static int set_triggers(struct source_counter *t)
{
	const struct collector_config *config = t->config;
	struct noise_sources *s = config->results->sources;
	int k, cpus = config->nr_measured_cpus;
	char spec[256], off[260];

	for (k = 0; k < NR_SOURCE_KINDS; k++) {
		if ((k == SOURCE_HW && !counts_hw(config)) ||
		    counted_by_bpf(t, k))
			continue;
		if (source_hist_trigger(k, true, cpus, spec, sizeof(spec)))
			goto fail;
		if (write_trigger(t, k, spec)) {
			if (source_hist_trigger(k, false, cpus, spec,
						sizeof(spec)) ||
			    write_trigger(t, k, spec))
				goto fail;
			s->max_exact = false;
		}
		/* set: removed by remove_triggers() from here on */
		t->spec[k] = strdup(spec);
		if (!t->spec[k]) {
			snprintf(off, sizeof(off), "!%s", spec);
			write_trigger(t, k, off);
			goto fail;
		}
		collector_config_say(config, false, "sources counted in the kernel: %s:%s %s",
				     SOURCE_SYSTEM, source_event_name(k), spec);
	}
	return 0;
fail:
	collector_config_say(config, false, "no hist trigger on %s:%s (%s): reading its records",
			     SOURCE_SYSTEM, source_event_name(k),
			     strerror(errno));
	remove_triggers(t);
	return -1;
}

/* The fallback: the records, decoded one by one. */
static void read_records(const struct collector_config *config,
			 struct tracefs_backend *reader)
{
	int k;

	for (k = 0; k < NR_SOURCE_KINDS; k++)
		if ((k != SOURCE_HW || counts_hw(config)) &&
		    tracefs_event_enable(config->instance, SOURCE_SYSTEM,
					 source_event_name(k)))
			collector_config_say(config, false, "sources without %s:%s: %s",
					     SOURCE_SYSTEM, source_event_name(k),
					     strerror(errno));
	sample_source_set_sources(reader->source, config->results->sources,
				  counts_hw(config));
	config->results->sources->collector = "tracefs";
	collector_config_say(config, false, "sources read from the ring buffers");
}

/* The kernel counts them into @t: a BPF program, else hist triggers. */
static int count_in_kernel(struct source_counter *t,
			   struct bpf_loader *window_program)
{
	struct noise_sources *s = t->config->results->sources;

	t->bpf = window_program;
	open_program(t);
	if (set_triggers(t)) {
		if (t->own_bpf)
			bpf_loader_close(t->bpf);
		t->bpf = NULL;
		t->own_bpf = false;
		return -1;
	}
	s->collector = t->bpf ? "bpf" : "hist-trigger";
	s->windows = window_program && t->config->timerlat;
	return 0;
}

struct source_counter *source_counter_open(const struct collector_config *config,
					   struct bpf_loader *window_program,
					   struct tracefs_backend *reader)
{
	struct source_counter *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->config = config;
	config->results->sources->hw_counted = counts_hw(config);
	if (config->choice != COLLECTOR_TRACEFS &&
	    !count_in_kernel(t, window_program))
		return t;
	t->records = true;
	if (reader) {
		read_records(config, reader);
		return t;
	}
	collector_config_say(config, true, "--sources needs a BPF program or hist triggers on the osnoise events, or RTLA_COLLECTOR=tracefs");
	free(t);
	return NULL;
}

void source_counter_snapshot(struct source_counter *t)
{
	struct noise_sources *s;
	uint64_t dropped, all = 0;
	long keys, total = 0;
	bool has_max;
	char *text;
	int k;

	if (!t || t->frozen || t->records)
		return;
	s = t->config->results->sources;
	sources_reset(s);
	for (k = 0; k < NR_SOURCE_KINDS; k++) {
		if (!t->spec[k])
			continue;
		text = tracefs_event_file_read(t->config->instance,
					       SOURCE_SYSTEM,
					       source_event_name(k), "hist",
					       NULL);
		keys = source_hist_parse(text, k, s, &dropped, &has_max);
		free(text);
		if (keys < 0) {
			collector_config_say(t->config, true, "the kernel's histogram of %s:%s cannot be read",
					     SOURCE_SYSTEM, source_event_name(k));
			continue;
		}
		if (!has_max)
			s->max_exact = false;
		total += keys;
		all += dropped;
	}
	s->dropped = all;
	collector_config_say(t->config, false, "%ld sources read from the kernel's histograms, %llu events dropped",
			     total, (unsigned long long)all);
	if (t->bpf && bpf_loader_read_sources(t->bpf, s))
		collector_config_say(t->config, true, "the sources a BPF program counted cannot be read: %s",
				     strerror(errno));
}

/*
 * onmax()'s variable makes the kernel refuse a trigger's pause and clear
 * commands (the variable would be defined twice): the counts are read
 * when the window ends, and a trigger is cleared by setting it again.
 */
void source_counter_freeze(struct source_counter *t)
{
	if (!t || t->frozen || t->records)
		return;
	source_counter_snapshot(t);
	t->frozen = true;
	if (t->own_bpf)
		bpf_loader_freeze(t->bpf);
}

/*
 * Whether @kind's histogram is still empty: then it needs no clearing
 * (the tracer of 6.1 counts with tracing off, those of later kernels do
 * not).  What it parses into the sources is reset by the caller.
 */
static bool counted_nothing(struct source_counter *t, enum source_kind kind)
{
	char *text = tracefs_event_file_read(t->config->instance,
					     SOURCE_SYSTEM,
					     source_event_name(kind), "hist",
					     NULL);
	uint64_t dropped;
	bool has_max, empty;

	/* no key line at all, ours or another trigger's */
	empty = source_hist_parse(text, kind, t->config->results->sources,
				  &dropped, &has_max) == 0 &&
		!dropped && !strstr(text, "\n{");
	free(text);
	return empty;
}

void source_counter_reset(struct source_counter *t)
{
	char off[260];
	int k;

	if (!t)
		return;
	for (k = 0; k < NR_SOURCE_KINDS; k++) {
		if (!t->spec[k] || counted_nothing(t, k))
			continue;
		snprintf(off, sizeof(off), "!%s", t->spec[k]);
		if (write_trigger(t, k, off) || write_trigger(t, k, t->spec[k]))
			collector_config_say(t->config, true, "cannot set the hist trigger of %s:%s again: %s",
					     SOURCE_SYSTEM, source_event_name(k),
					     strerror(errno));
	}
	if (t->own_bpf && bpf_loader_reset(t->bpf))
		collector_config_say(t->config, true, "cannot clear the sources' BPF maps: %s",
				     strerror(errno));
	sources_reset(t->config->results->sources);
}

void source_counter_close(struct source_counter *t)
{
	if (!t)
		return;
	remove_triggers(t);
	if (t->own_bpf)
		bpf_loader_close(t->bpf);
	free(t);
}
