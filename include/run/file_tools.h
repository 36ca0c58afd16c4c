/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_FILE_TOOLS_H
#define RTLA_FILE_TOOLS_H

#include <getopt.h>

/* rtla report FILE...: a saved run printed and written again. */
int report_main(int argc, char **argv);
/* rtla compare BASE NEW: a regression gate between two saved runs. */
int compare_main(int argc, char **argv);

/* Their options, and a parse of the arguments alone: for the docs tests. */
extern const struct option report_options[];
extern const struct option compare_options[];
int report_check_args(int argc, char **argv);
int compare_check_args(int argc, char **argv);

#endif
