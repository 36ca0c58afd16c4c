/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_OPTIONS_OUTPUT_H
#define RTLA_OPTIONS_OUTPUT_H

#include <stddef.h>

#include "cli/opt_engine.h"

/* The table's second section (see tracing_options). */
extern const struct opt_spec output_options[];
extern const size_t nr_output_options;

#endif
