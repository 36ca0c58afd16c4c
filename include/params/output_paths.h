/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_OUTPUT_PATHS_H
#define RTLA_OUTPUT_PATHS_H

#include <stdbool.h>

#include "params/params.h"

/* One file the run writes, and the option that names it. */
struct output_path {
	const char *option;
	const char *path;
};

/* Two paths that name one file: the same text, or one existing file. */
bool output_paths_same(const char *a, const char *b);

/*
 * The first two outputs of @params that name one file (one would replace
 * the other): true with *first and *second set, else false.
 */
bool output_paths_clash(const struct rtla_params *params,
			struct output_path *first, struct output_path *second);

#endif
