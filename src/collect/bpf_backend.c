// SPDX-License-Identifier: GPL-2.0
/*
 * The bpf backend: samples counted in the kernel by a BPF program, a
 * stop threshold's hit sent through its ring buffer.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event-parse.h>
#include <tracefs.h>

#include "collect/bpf_loader.h"
#include "collect/collector_backend.h"
#include "collect/reader.h"
#include "collect/source_counter.h"

#define NOISE_SYSTEM	"osnoise"
#define NSEC_PER_SEC	1000000000L

struct bpf_backend {
	struct collector base;
	struct bpf_loader *bpf;
	bool sources;		/* @bpf counts --sources too */
	bool hit;		/* a stop threshold was hit */
};

static const struct collector_ops bpf_backend_ops;

static struct bpf_backend *to_bpf(struct collector *c)
{
	return (struct bpf_backend *)c;
}

/* Where the program finds timer_latency and context in the records. */
static int timerlat_sample_offsets(struct bpf_loader_config *config)
{
	struct tep_handle *tep = reader_load_format(NOISE_SYSTEM,
						    "timerlat_sample");
	int ret;

	if (!tep)
		return -1;
	ret = bpf_sample_offsets(tep, config);
	tep_free(tep);
	return ret;
}

/*
 * The program, set for @c's run: NULL (the reason said with -D) where the
 * kernel has no tracepoint for it or refuses it.  @counts: it counts the
 * samples, else it is there only for --bpf-action (no histogram).
 */
static struct bpf_loader *open_program(struct collector *c, bool counts)
{
	const struct collector_config *config = &c->config;
	const struct rtla_results *results = config->results;
	struct bpf_loader_config bpf = {
		.entries = counts ? results->entries : 0,
		.bucket_size = results->bucket_size,
		.divisor = results->divisor,
		/* osnoise stops in the kernel, at osnoise/stop_tracing_us */
		.irq_stop_us = config->timerlat ? config->irq_stop_us : 0,
		.thread_stop_us = config->timerlat ? config->thread_stop_us : 0,
		.noise = !config->timerlat,
		.nr_cpus = config->nr_measured_cpus,
	};
	const char *event = bpf.noise ? "sample_threshold" : "timerlat_sample";
	const char *instead = counts ? (bpf.noise ? "a hist trigger" :
					"reading every record") :
			      "no BPF action";
	struct bpf_loader *loader;
	char why[160];

	if (!tracefs_event_file_exists(NULL, NOISE_SYSTEM, event, "format")) {
		collector_say(c, false, "%s: this kernel has no %s:%s for the BPF collector",
			      instead, NOISE_SYSTEM, event);
		return NULL;
	}
	if (!bpf.noise && timerlat_sample_offsets(&bpf)) {
		collector_say(c, false, "%s: osnoise:timerlat_sample has no u64 timer_latency and int context for the BPF collector",
			      instead);
		return NULL;
	}
	bpf.sources = counts && results->sources &&
		      source_counter_bpf_possible(config);
	loader = bpf_loader_open(&bpf, why, sizeof(why));
	if (!loader) {
		collector_say(c, false, "%s: no BPF collector: %s", instead,
			      why);
		return NULL;
	}
	if (counts)
		to_bpf(c)->sources = bpf.sources;
	if (counts && bpf.sources)
		collector_say(c, false, "sources counted by the BPF program on %s:irq_noise, softirq_noise, thread_noise and nmi_noise%s",
			      NOISE_SYSTEM, bpf.noise ? "" :
			      ", IRQs and NMIs in the threads' windows");
	if (counts)
		collector_say(c, false, "samples counted in the kernel by a BPF program on %s:%s",
			      NOISE_SYSTEM, event);
	else
		collector_say(c, false, "a BPF program on %s:%s for --bpf-action only",
			      NOISE_SYSTEM, event);
	return loader;
}

/*
 * The program counts the samples where no record is to be read: not
 * with -t or -a for timerlat, not with auto-analysis.
 */
static struct bpf_loader *load(struct bpf_backend *bb)
{
	const struct collector_config *config = &bb->base.config;

	if (config->timerlat && config->records_needed) {
		collector_say(&bb->base, false, "reading every record: the trace (-t, -a) needs them");
		return NULL;
	}
	if (config->aa) {
		collector_say(&bb->base, false, "reading every record: auto-analysis needs them (--no-aa counts in the kernel)");
		return NULL;
	}
	return open_program(&bb->base, true);
}

struct collector *bpf_backend_open(const struct collector_config *config)
{
	struct bpf_backend *bb = calloc(1, sizeof(*bb));

	if (!bb)
		return NULL;
	bb->base.ops = &bpf_backend_ops;
	bb->base.config = *config;
	bb->bpf = load(bb);
	if (!bb->bpf) {
		free(bb);
		return NULL;
	}
	/*
	 * The tracer still writes its records to the instance, which would
	 * only cost time: no CPU of it records (tracing_on must stay on, or
	 * the tracer stops).
	 */
	if (tracefs_instance_file_write(config->instance, "tracing_cpumask",
					"0") < 0)
		collector_say(&bb->base, false, "cannot empty the tracing_cpumask of the main instance: %s",
			      strerror(errno));
	return &bb->base;
}

/* The maps need no reading: a second, or less when a hit wakes it. */
static long bpf_interval_ns(struct collector *c)
{
	return NSEC_PER_SEC;
}

static void bpf_wait(struct collector *c, long timeout_ns)
{
	bpf_loader_wait(to_bpf(c)->bpf, timeout_ns);
}

static bool bpf_stopped(struct collector *c)
{
	struct bpf_backend *bb = to_bpf(c);
	int hits;

	if (!bb->hit) {
		hits = bpf_loader_poll(bb->bpf);
		if (hits < 0)
			collector_say(c, false, "reading the BPF ring buffer failed: %s",
				      strerror(errno));
		bb->hit = hits > 0;
	}
	return bb->hit || collector_instance_stopped(c);
}

static void bpf_resume(struct collector *c)
{
	struct bpf_backend *bb = to_bpf(c);

	collector_instance_resume(c);
	bpf_loader_resume(bb->bpf);
	bb->hit = false;
}

/* The maps hold everything so far: the results are made anew. */
static void bpf_snapshot(struct collector *c)
{
	struct rtla_results *results = c->config.results;
	struct bpf_backend *bb = to_bpf(c);
	int cpu;

	results_reset(results);
	if (bpf_loader_read(bb->bpf, results))
		collector_say(c, true, "cannot read the BPF collector's maps: %s",
			      strerror(errno));
	results->dropped = bpf_loader_lost(bb->bpf);
	for (cpu = 0; cpu < results->nr_cpus; cpu++)
		results->cpu[cpu].lost_events = 0;
}

static void bpf_close_window(struct collector *c)
{
	if (bpf_loader_close_window(to_bpf(c)->bpf, c->config.results))
		collector_say(c, true, "cannot read the BPF collector's window: %s",
			      strerror(errno));
}

static void bpf_reset(struct collector *c)
{
	if (bpf_loader_reset(to_bpf(c)->bpf))
		collector_say(c, true, "cannot clear the BPF collector's maps: %s",
			      strerror(errno));
}

struct bpf_loader *bpf_backend_sources_program(struct collector *c)
{
	if (c->ops != &bpf_backend_ops || !to_bpf(c)->sources)
		return NULL;
	return to_bpf(c)->bpf;
}

static void bpf_freeze(struct collector *c)
{
	bpf_loader_freeze(to_bpf(c)->bpf);
}

static void bpf_close(struct collector *c)
{
	bpf_loader_close(to_bpf(c)->bpf);
	free(c);
}

int bpf_action_attach(struct collector *c, char *why, size_t len)
{
	const char *path = c->config.bpf_action;
	struct bpf_loader *own;

	if (c->ops == &bpf_backend_ops) {
		if (!bpf_loader_set_action(to_bpf(c)->bpf, path, why, len))
			return 0;
		errno = EINVAL;
		return -1;
	}
	own = open_program(c, false);
	if (!own) {
		snprintf(why, len, "%s", COLLECTOR_NO_BPF_ACTION);
		errno = EOPNOTSUPP;
		return -1;
	}
	if (bpf_loader_set_action(own, path, why, len)) {
		bpf_loader_close(own);
		errno = EINVAL;
		return -1;
	}
	c->action = own;
	return 0;
}

static const struct collector_ops bpf_backend_ops = {
	.name = "bpf",
	.interval_ns = bpf_interval_ns,
	.wait = bpf_wait,
	.stopped = bpf_stopped,
	.resume = bpf_resume,
	.snapshot = bpf_snapshot,
	.close_window = bpf_close_window,
	.reset = bpf_reset,
	.freeze = bpf_freeze,
	.stop = collector_instance_stop,
	.collect = bpf_snapshot,
	.close = bpf_close,
};
