// SPDX-License-Identifier: GPL-2.0
/*
 * What every backend of the collector shares, below the dispatcher
 * (collector.c): its lines, and the tracer instance's on and off.
 */
#include <stdarg.h>
#include <stdio.h>

#include <tracefs.h>

#include "collect/collector_backend.h"

void collector_say(const struct collector *c, bool error, const char *fmt, ...)
{
	char line[512];
	va_list ap;

	if (!c->config.say)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	c->config.say(c->config.say_ctx, error, line);
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
