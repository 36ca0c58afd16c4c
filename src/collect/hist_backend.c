// SPDX-License-Identifier: GPL-2.0
/*
 * The hist-trigger backend: osnoise's samples counted by a hist trigger
 * in the kernel, the longer ones (past what it keeps) read from the ring
 * buffers by a tracefs backend.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <tracefs.h>

#include "collect/collector_backend.h"
#include "collect/hist_trigger.h"
#include "collect/kernel_context.h"

#define NOISE_SYSTEM	"osnoise"
#define NOISE_EVENT	"sample_threshold"

struct hist_backend {
	struct collector base;
	struct tracefs_backend *reader;
	char *trigger;
	struct hist_trigger_seen seen;	/* the hist file at the last read */
};

static const struct collector_ops hist_backend_ops;

static struct hist_backend *to_hist(struct collector *c)
{
	return (struct hist_backend *)c;
}

static int write_trigger(const struct collector_config *config,
			 const char *spec)
{
	return tracefs_event_file_append(config->instance, NOISE_SYSTEM,
					 NOISE_EVENT, "trigger", spec) < 0 ?
	       -1 : 0;
}

static void remove_trigger(const struct collector_config *config,
			   const char *spec)
{
	char *off;

	if (asprintf(&off, "!%s", spec) < 0)
		return;
	write_trigger(config, off);
	free(off);
}

/* The trigger and its event's filter; -1 when the kernel refuses them. */
static int set_trigger(struct hist_backend *hb)
{
	const struct collector_config *config = &hb->base.config;
	const struct rtla_results *results = config->results;
	struct hist_trigger_plan plan;
	char trigger[256], filter[64];

	hist_trigger_plan(&plan, results->divisor, results->entries,
			  results->bucket_size, config->nr_measured_cpus);
	if (hist_trigger_spec(&plan, trigger, sizeof(trigger)) ||
	    hist_trigger_filter(&plan, filter, sizeof(filter)) ||
	    hist_trigger_seen_alloc(&hb->seen, plan.size))
		return -1;
	if (write_trigger(config, trigger)) {
		collector_say(&hb->base, false, "no hist trigger on %s:%s (%s): reading every record",
			      NOISE_SYSTEM, NOISE_EVENT, strerror(errno));
		return -1;
	}
	/* the ring buffer gets only what the trigger does not keep */
	if (tracefs_event_file_write(config->instance, NOISE_SYSTEM,
				     NOISE_EVENT, "filter", filter) < 0) {
		collector_say(&hb->base, false, "cannot filter %s:%s (%s): reading every record",
			      NOISE_SYSTEM, NOISE_EVENT, strerror(errno));
		remove_trigger(config, trigger);
		return -1;
	}
	hb->trigger = strdup(trigger);
	if (!hb->trigger) {
		remove_trigger(config, trigger);
		tracefs_event_file_write(config->instance, NOISE_SYSTEM,
					 NOISE_EVENT, "filter", "0");
		return -1;
	}
	collector_say(&hb->base, false, "noise samples counted in the kernel: %s; the ring buffer gets %s",
		      trigger, filter);
	return 0;
}

struct collector *hist_backend_open(const struct collector_config *config,
				    struct tracefs_backend *reader)
{
	struct hist_backend *hb = calloc(1, sizeof(*hb));

	if (!hb)
		return NULL;
	hb->base.ops = &hist_backend_ops;
	hb->base.config = *config;
	if (set_trigger(hb)) {
		hist_trigger_seen_free(&hb->seen);
		free(hb);
		return NULL;
	}
	hb->reader = reader;
	return &hb->base;
}

static int hist_start(struct collector *c)
{
	struct collector *reader = &to_hist(c)->reader->base;

	return reader->ops->start(reader);
}

static void hist_drain(struct collector *c)
{
	struct collector *reader = &to_hist(c)->reader->base;

	reader->ops->drain(reader);
}

static void add_noise(void *ctx, int cpu, uint64_t value_ns, uint64_t count)
{
	results_add_samples(ctx, cpu, kernel_context(true, 0), value_ns,
			    count);
}

/*
 * The trigger's counts add to the longer samples the reader took: only
 * those since the last read, the hist file going on counting.
 */
static void hist_snapshot(struct collector *c)
{
	struct rtla_results *results = c->config.results;
	struct hist_backend *hb = to_hist(c);
	uint64_t dropped;
	char *text;
	long keys;

	text = tracefs_event_file_read(c->config.instance, NOISE_SYSTEM,
				       NOISE_EVENT, "hist", NULL);
	if (!text) {
		collector_say(c, true, "cannot read the kernel's histogram of %s:%s: %s",
			      NOISE_SYSTEM, NOISE_EVENT, strerror(errno));
		return;
	}
	keys = hist_trigger_parse_new(text, &hb->seen, add_noise, results,
				      &dropped);
	free(text);
	if (keys < 0) {
		collector_say(c, true, "the kernel's histogram of %s:%s cannot be read",
			      NOISE_SYSTEM, NOISE_EVENT);
		return;
	}
	results->dropped += dropped;
	collector_say(c, false, "%ld keys read from the kernel's histogram, %llu samples dropped",
		      keys, (unsigned long long)dropped);
}

/*
 * Its event's filter puts the trigger ahead of tracing_on: only a pause
 * stops it counting while the run ends.
 */
static void hist_freeze(struct collector *c)
{
	struct hist_backend *hb = to_hist(c);
	char pause[300];

	if (hist_trigger_command(hb->trigger, "pause", pause, sizeof(pause)))
		return;
	if (write_trigger(&c->config, pause))
		collector_say(c, false, "cannot pause the hist trigger: %s",
			      strerror(errno));
}

static void hist_reset(struct collector *c)
{
	struct hist_backend *hb = to_hist(c);
	char clear[300];

	hist_trigger_seen_clear(&hb->seen);
	if (!hist_trigger_command(hb->trigger, "clear", clear, sizeof(clear)) &&
	    !write_trigger(&c->config, clear))
		return;
	/* a trigger removed and set again starts from zero */
	remove_trigger(&c->config, hb->trigger);
	if (write_trigger(&c->config, hb->trigger))
		collector_say(c, true, "cannot set the hist trigger again: %s",
			      strerror(errno));
}

static void hist_lost(struct collector *c)
{
	struct collector *reader = &to_hist(c)->reader->base;

	reader->ops->lost(reader);
}

static void hist_close(struct collector *c)
{
	struct hist_backend *hb = to_hist(c);

	hb->reader->base.ops->close(&hb->reader->base);
	remove_trigger(&c->config, hb->trigger);
	free(hb->trigger);
	hist_trigger_seen_free(&hb->seen);
	free(hb);
}

static const struct collector_ops hist_backend_ops = {
	.name = "hist-trigger",
	.start = hist_start,
	.drain = hist_drain,
	.stopped = collector_instance_stopped,
	.resume = collector_instance_resume,
	.snapshot = hist_snapshot,
	.collect = hist_snapshot,
	.reset = hist_reset,
	.freeze = hist_freeze,
	.stop = collector_instance_stop,
	.lost = hist_lost,
	.close = hist_close,
};
