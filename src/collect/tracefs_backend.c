// SPDX-License-Identifier: GPL-2.0
/* The tracefs backend: every record read from the ring buffers. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <event-parse.h>
#include <tracefs.h>

#include "collect/collector_backend.h"
#include "collect/reader.h"
#include "collect/sample_source.h"

static struct tracefs_backend *to_tracefs(struct collector *c)
{
	return (struct tracefs_backend *)c;
}

static int enable_event(struct tracefs_backend *tb, char *why, size_t len)
{
	const struct collector_config *config = &tb->base.config;

	if (!config->event_system ||
	    !tracefs_event_enable(config->instance, config->event_system,
				  config->event_name))
		return 0;
	snprintf(why, len, "cannot enable event %s%s%s: %s",
		 config->event_system, config->event_name ? ":" : "",
		 config->event_name ? config->event_name : "",
		 errno == ENOENT ? "no such event" : strerror(errno));
	return -1;
}

struct tracefs_backend *tracefs_backend_open(const struct collector_config *config,
					     char *why, size_t len)
{
	struct sample_sink sink = results_sink(config->results);
	struct tracefs_backend *tb = calloc(1, sizeof(*tb));

	if (!tb) {
		snprintf(why, len, "out of memory");
		return NULL;
	}
	tb->base.ops = &tracefs_backend_ops;
	tb->base.config = *config;
	tb->tep = reader_load_formats();
	if (!tb->tep) {
		snprintf(why, len, "cannot read the event formats from tracefs");
		goto fail;
	}
	tb->source = sample_source_alloc(tb->tep, &sink);
	if (!tb->source) {
		snprintf(why, len, "out of memory");
		goto fail;
	}
	if (config->aa)
		sample_source_set_aa(tb->source, config->aa);
	if (enable_event(tb, why, len))
		goto fail;
	return tb;
fail:
	tracefs_backend_ops.close(&tb->base);
	return NULL;
}

/* An open trace_pipe_raw pins the tracer: opened after it is set. */
static int tracefs_start(struct collector *c)
{
	struct tracefs_backend *tb = to_tracefs(c);

	tb->reader = reader_open(tb->tep, c->config.instance,
				 c->config.results->nr_cpus);
	if (tb->reader)
		return 0;
	collector_say(c, true, "cannot open the trace buffers: %s",
		      strerror(errno));
	return -1;
}

/*
 * timerlat: from the buffer size and the period (see
 * reader_poll_interval_ns()); other tracers every 100 ms.
 */
static long tracefs_interval_ns(struct collector *c)
{
	const struct collector_config *config = &c->config;
	ssize_t kb;
	long ns;

	if (!config->timerlat)
		return COLLECTOR_DEFAULT_INTERVAL_NS;
	kb = tracefs_instance_get_buffer_size(config->instance, 0);
	if (kb <= 0)
		return COLLECTOR_DEFAULT_INTERVAL_NS;
	ns = reader_poll_interval_ns((uint64_t)kb * 1024, config->period_us,
				     config->records_per_period);
	collector_say(c, false, "reading the ring buffers every %ld ms (%zd kB a CPU, %u records a period)",
		      ns / 1000000, kb, config->records_per_period);
	return ns;
}

static void tracefs_drain(struct collector *c)
{
	struct tracefs_backend *tb = to_tracefs(c);

	if (tb->reader && reader_drain(tb->reader, tb->source) < 0)
		collector_say(c, false, "reading the trace buffers failed: %s",
			      strerror(errno));
}

/* What the buffers hold now is the run's; of what follows, less. */
static void tracefs_freeze(struct collector *c)
{
	struct tracefs_backend *tb = to_tracefs(c);

	tracefs_drain(c);
	sample_source_freeze(tb->source);
}

static void tracefs_lost(struct collector *c)
{
	struct rtla_results *results = c->config.results;
	struct tracefs_backend *tb = to_tracefs(c);
	int cpu;

	for (cpu = 0; tb->reader && cpu < results->nr_cpus; cpu++)
		results->cpu[cpu].lost_events =
			reader_lost_events(c->config.instance, cpu);
	collector_say(c, false, "%llu records were not samples, %llu samples came after the end",
		      (unsigned long long)sample_source_ignored(tb->source),
		      (unsigned long long)sample_source_after_end(tb->source));
}

static void tracefs_close(struct collector *c)
{
	struct tracefs_backend *tb = to_tracefs(c);

	/* an instance with an open trace_pipe_raw cannot be removed */
	reader_close(tb->reader);
	sample_source_free(tb->source);
	if (tb->tep)
		tep_free(tb->tep);
	free(tb);
}

const struct collector_ops tracefs_backend_ops = {
	.name = "tracefs",
	.start = tracefs_start,
	.interval_ns = tracefs_interval_ns,
	.drain = tracefs_drain,
	.freeze = tracefs_freeze,
	.stopped = collector_instance_stopped,
	.resume = collector_instance_resume,
	.stop = collector_instance_stop,
	.lost = tracefs_lost,
	.close = tracefs_close,
};
