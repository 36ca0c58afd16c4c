// SPDX-License-Identifier: GPL-2.0
/* The collector interface: the backend chosen once, then dispatched to. */
#include <errno.h>
#include <stdio.h>
#include <time.h>

#include <tracefs.h>

#include "collect/bpf_loader.h"
#include "collect/collector_backend.h"
#include "collect/source_counter.h"

#define NSEC_PER_SEC	1000000000L

/* collector_say() before there is a collector. */
static void say_debug(const struct collector_config *config, const char *line)
{
	if (config->say)
		config->say(config->say_ctx, false, line);
}

/*
 * timerlat: the BPF program, unless ruled out; osnoise: the hist trigger
 * where the tool has one, the BPF program only when asked for.  Not the
 * default for osnoise: where recording a sample costs more than the
 * threshold (under emulation), the hist trigger's cost shows up as noise
 * in the next sample, as it does for rtla, and the BPF program's does
 * not, so the counts are not rtla's.
 */
static bool try_bpf(const struct collector_config *config)
{
	if (config->choice == COLLECTOR_TRACEFS) {
		say_debug(config, "RTLA_COLLECTOR=tracefs: reading every record");
		return false;
	}
	if (config->timerlat && config->choice == COLLECTOR_NO_BPF) {
		say_debug(config, "RTLA_NO_BPF=1: reading every record");
		return false;
	}
	if (config->timerlat)
		return true;
	return config->kernel_hist && config->choice == COLLECTOR_BPF;
}

static bool try_hist(const struct collector_config *config)
{
	return !config->timerlat && config->kernel_hist &&
	       config->choice != COLLECTOR_TRACEFS;
}

/* --sources on @c, whatever its backend; NULL when it cannot be had. */
static struct collector *with_sources(struct collector *c,
				      struct tracefs_backend *reader,
				      char *why, size_t len)
{
	if (!c->config.results->sources)
		return c;
	c->sources = source_counter_open(&c->config,
					 bpf_backend_sources_program(c), reader);
	if (c->sources)
		return c;
	snprintf(why, len, "--sources cannot be counted here");
	collector_close(c);
	return NULL;
}

/* The backend for @config's samples, with --sources' counts. */
static struct collector *open_backend(const struct collector_config *config,
				      char *why, size_t len)
{
	struct tracefs_backend *reader;
	struct collector *c = NULL;

	if (try_bpf(config))
		c = bpf_backend_open(config);
	if (c)
		return with_sources(c, NULL, why, len);
	reader = tracefs_backend_open(config, why, len);
	if (!reader)
		return NULL;
	if (try_hist(config))
		c = hist_backend_open(config, reader);
	return with_sources(c ? c : &reader->base, reader, why, len);
}

struct collector *collector_open(const struct collector_config *config,
				 char *why, size_t len)
{
	struct collector *c;

	/* rtla 7.x's tracefs-only mode: its switches rule BPF out */
	if (config->bpf_action && config->timerlat &&
	    (config->choice == COLLECTOR_TRACEFS ||
	     config->choice == COLLECTOR_NO_BPF)) {
		snprintf(why, len, "%s", COLLECTOR_NO_BPF_ACTION);
		errno = EOPNOTSUPP;
		return NULL;
	}
	c = open_backend(config, why, len);
	if (c && config->bpf_action && bpf_action_attach(c, why, len)) {
		int err = errno;

		collector_close(c);
		errno = err;
		return NULL;
	}
	return c;
}

void collector_close(struct collector *c)
{
	if (!c)
		return;
	source_counter_close(c->sources);
	bpf_loader_close(c->action);
	c->ops->close(c);
}

const char *collector_name(const struct collector *c)
{
	return c->ops->name;
}

int collector_start(struct collector *c)
{
	return c->ops->start ? c->ops->start(c) : 0;
}

long collector_interval_ns(struct collector *c)
{
	return c->ops->interval_ns ? c->ops->interval_ns(c) :
	       COLLECTOR_DEFAULT_INTERVAL_NS;
}

void collector_wait(struct collector *c, long timeout_ns)
{
	struct timespec ts = {
		.tv_sec = timeout_ns / NSEC_PER_SEC,
		.tv_nsec = timeout_ns % NSEC_PER_SEC,
	};

	if (c->ops->wait)
		c->ops->wait(c, timeout_ns);
	else
		nanosleep(&ts, NULL);
}

void collector_drain(struct collector *c)
{
	if (c->ops->drain)
		c->ops->drain(c);
}

bool collector_stopped(struct collector *c)
{
	return c->ops->stopped(c);
}

void collector_resume(struct collector *c)
{
	if (c->action)
		bpf_loader_resume(c->action);
	c->ops->resume(c);
}

void collector_snapshot(struct collector *c)
{
	if (c->ops->snapshot)
		c->ops->snapshot(c);
	source_counter_snapshot(c->sources);
}

void collector_close_window(struct collector *c)
{
	if (c->ops->close_window)
		c->ops->close_window(c);
}

/*
 * --sources' triggers are set again, which takes long (the kernel waits
 * for its tracepoints' readers), before the backend's own clear: the
 * noise is not counted from longer before the window than its sources.
 */
void collector_reset(struct collector *c)
{
	source_counter_reset(c->sources);
	if (c->ops->reset)
		c->ops->reset(c);
}

void collector_freeze(struct collector *c)
{
	if (c->action)
		bpf_loader_freeze(c->action);
	if (c->ops->freeze)
		c->ops->freeze(c);
	source_counter_freeze(c->sources);
}

void collector_stop(struct collector *c)
{
	c->ops->stop(c);
}

void collector_collect(struct collector *c)
{
	if (c->ops->collect)
		c->ops->collect(c);
	source_counter_snapshot(c->sources);
}

uint64_t collector_lost(struct collector *c)
{
	if (c->ops->lost)
		c->ops->lost(c);
	return results_lost_total(c->config.results);
}
