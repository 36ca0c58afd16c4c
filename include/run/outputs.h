/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_RUN_OUTPUTS_H
#define RTLA_RUN_OUTPUTS_H

#include <stddef.h>

/*
 * Before anything is printed: can each of @paths (NULL: none) be
 * written?  0, or -1 with one line on stderr for each that cannot.
 */
int outputs_check_paths(const char *command, const char *const paths[],
			size_t nr);

#endif
