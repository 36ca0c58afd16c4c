/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_FILE_TOOLS_H
#define RTLA_FILE_TOOLS_H

#include <getopt.h>
#include <stddef.h>

/* rtla report FILE...: a saved run printed and written again. */
int report_main(int argc, char **argv);
/* rtla compare BASE NEW: a regression gate between two saved runs. */
int compare_main(int argc, char **argv);

/*
 * Before anything is printed: can each of @paths (NULL: none) be
 * written?  0, or -1 with one line on stderr for each that cannot.
 */
int outputs_check_paths(const char *command, const char *const paths[],
			size_t nr);

/* Their options, and a parse of the arguments alone: for the docs tests. */
extern const struct option report_options[];
extern const struct option compare_options[];
int report_check_args(int argc, char **argv);
int compare_check_args(int argc, char **argv);

#endif
