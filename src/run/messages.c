// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>

#include "run/run.h"

void run_error(const struct run *run, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "rtla %s: ", run->tool->id.name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void run_debug(const struct run *run, const char *fmt, ...)
{
	va_list ap;

	if (!run->params->debug)
		return;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void run_debug_line(const char *line)
{
	fprintf(stderr, "%s\n", line);
}
