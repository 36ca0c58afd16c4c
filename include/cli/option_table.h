/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_OPTION_TABLE_H
#define RTLA_OPTION_TABLE_H

#include <stddef.h>

#include "cli/options.h"

/*
 * The tracers' option table, in two sections (options_tracing.c and
 * options_output.c) holding disjoint groups: concatenated, they are the
 * table options_table() returns, in --help's order.
 */
extern const struct opt_spec tracing_options[];
extern const size_t nr_tracing_options;
extern const struct opt_spec output_options[];
extern const size_t nr_output_options;

/* The tools' masks, short, for the table's rows. */
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
