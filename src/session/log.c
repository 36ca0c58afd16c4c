// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>

#include "session/log.h"

static session_log_fn log_hook;

void session_log_set(session_log_fn fn)
{
	log_hook = fn;
}

void session_log(const char *fmt, ...)
{
	char line[512];
	va_list ap;

	if (!log_hook)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	log_hook(line);
}
