// SPDX-License-Identifier: GPL-2.0
/*
 * What every backend of the collector shares, below the dispatcher
 * (collector.c): its lines, and the tracer instance's on and off.
 */
#include <stdarg.h>
#include <stdio.h>

#include <tracefs.h>

#include "collect/collector_backend.h"

static void vsay(const struct collector_config *config, bool error,
		 const char *fmt, va_list ap)
{
	char line[512];

	if (!config->say)
		return;
	vsnprintf(line, sizeof(line), fmt, ap);
	config->say(config->say_ctx, error, line);
}

void collector_config_say(const struct collector_config *config, bool error,
			  const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(config, error, fmt, ap);
	va_end(ap);
}

void collector_say(const struct collector *c, bool error, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(&c->config, error, fmt, ap);
	va_end(ap);
}

bool collector_instance_stopped(struct collector *c)
{
	return !tracefs_trace_is_on(c->config.instance);
}

void collector_instance_resume(struct collector *c)
{
	tracefs_trace_on(c->config.instance);
}

void collector_instance_stop(struct collector *c)
{
	tracefs_trace_off(c->config.instance);
}
