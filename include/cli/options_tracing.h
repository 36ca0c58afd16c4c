/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_OPTIONS_TRACING_H
#define RTLA_OPTIONS_TRACING_H

#include <stddef.h>

#include "cli/opt_engine.h"

/*
 * The tracers' option table is in two sections of disjoint groups, this
 * and output_options (options_output.h): end to end, they are the table
 * options_table() returns, in --help's order.
 */
extern const struct opt_spec tracing_options[];
extern const size_t nr_tracing_options;

/* The tools' masks, short, for the table's rows (both sections). */
#define OSN	(FOR_OSNOISE | FOR_MODES | FOR_HWNOISE)
#define TLAT	(FOR_TIMERLAT | FOR_MODES)
#define ANY	FOR_ALL
#define HIST(t)	((t) | FOR_HIST)
#define MON	FOR_MONITOR

/* set_FIELD(): a flag option that sets params->FIELD. */
#define DEFINE_FLAG_SETTER(field)					\
static int set_##field(struct opt_ctx *ctx, const char *arg,		\
		       const char **why)				\
{									\
	ctx->params->field = true;					\
	return 0;							\
}

#endif
