/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_PLOT_ARGS_H
#define RTLA_PLOT_ARGS_H

#include "cli/opt_engine.h"
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

/*
 * Parse rtla plot's arguments (@argv[0] is the command): OPTIONS_OK to
 * go on, else as opt_engine_parse (help printed, errors said).
 */
enum options_result plot_parse_args(int argc, char **argv,
				    struct plot_args *args);

#endif
