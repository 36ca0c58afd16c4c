/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_PLOT_ARGS_H
#define RTLA_PLOT_ARGS_H

#include <getopt.h>
#include <stdio.h>

#include "output/plot_layout.h"
#include "output/plot_format.h"

#define PLOT_DEFAULT_WIDTH	1000
#define PLOT_DEFAULT_HEIGHT	700
#define PLOT_MAX_SIDE		10000

/* rtla plot FILE... -o OUT [--format F] [--size WxH] */
struct plot_args {
	const char *files[PLOT_MAX_FILES];
	int nr_files;
	const char *output;
	enum plot_format format;
	int width;
	int height;
};

extern const struct option plot_options[];

void plot_usage(FILE *out);

/*
 * Parse rtla plot's arguments (@argv[0] is the command): 0 to go on, 1
 * after --help, -1 on a usage error, said in one line on stderr.
 */
int plot_parse_args(int argc, char **argv, struct plot_args *args);

/* The same, the result dropped: for the docs tests. */
int plot_check_args(int argc, char **argv);

#endif
