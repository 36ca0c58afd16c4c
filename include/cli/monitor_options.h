/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_MONITOR_OPTIONS_H
#define RTLA_MONITOR_OPTIONS_H

#include <stdio.h>

#include "cli/opt_engine.h"

/* The setters of timerlat monitor's own options (options.c's table). */
int set_interval(struct opt_ctx *ctx, const char *arg, const char **why);
int set_listen(struct opt_ctx *ctx, const char *arg, const char **why);
int set_web_config(struct opt_ctx *ctx, const char *arg, const char **why);
int set_buckets(struct opt_ctx *ctx, const char *arg, const char **why);
int set_record(struct opt_ctx *ctx, const char *arg, const char **why);
int set_record_size(struct opt_ctx *ctx, const char *arg, const char **why);
int set_record_keep(struct opt_ctx *ctx, const char *arg, const char **why);
int set_textfile(struct opt_ctx *ctx, const char *arg, const char **why);
int set_keep_traces(struct opt_ctx *ctx, const char *arg, const char **why);

/* The rules between them, after parsing: -1 with a line on @err. */
int monitor_options_check(const struct tool_id *tool,
			  const struct rtla_params *params, FILE *err);

#endif
