/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_OPTIONS_H
#define RTLA_OPTIONS_H

#include <stdio.h>

#include "cli/opt_engine.h"
#include "params/params.h"

unsigned int tool_mask(const struct tool_id *tool);
const struct opt_spec *options_table(size_t *count);

enum options_result options_parse(const struct tool_id *tool, int argc,
				  char **argv, int nr_cpus,
				  struct rtla_params *params, FILE *err);
void options_usage(const struct tool_id *tool, FILE *out);

#endif
