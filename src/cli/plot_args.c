// SPDX-License-Identifier: GPL-2.0
/* rtla plot's command line: the files, the output, its format and size. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli/file_command.h"
#include "cli/plot_args.h"

/* "WxH" into @width and @height: 0, or -1. */
static int parse_size(const char *text, int *width, int *height)
{
	unsigned long w, h;
	char *end;

	if (*text < '0' || *text > '9')
		return -1;
	w = strtoul(text, &end, 10);
	if (*end != 'x' || end[1] < '0' || end[1] > '9')
		return -1;
	h = strtoul(end + 1, &end, 10);
	if (*end || !w || !h || w > PLOT_MAX_SIDE || h > PLOT_MAX_SIDE)
		return -1;
	*width = w;
	*height = h;
	return 0;
}

DEFINE_ARG_SETTER(struct plot_args, output)

static int set_format(struct opt_ctx *ctx, const char *arg, const char **why)
{
	struct plot_args *args = ctx->args;

	args->format = plot_format_named(arg);
	if (args->format != PLOT_NONE)
		return 0;
	*why = "svg, png or pdf";
	return -1;
}

static int set_size(struct opt_ctx *ctx, const char *arg, const char **why)
{
	struct plot_args *args = ctx->args;

	if (!parse_size(arg, &args->width, &args->height))
		return 0;
	snprintf(ctx->reason, sizeof(ctx->reason),
		 "WIDTHxHEIGHT, each 1 to %d", PLOT_MAX_SIDE);
	*why = ctx->reason;
	return -1;
}

static void add_file(struct opt_ctx *ctx, const char *word)
{
	struct plot_args *args = ctx->args;

	if (args->nr_files < PLOT_MAX_FILES)
		args->files[args->nr_files] = word;
	args->nr_files++;
}

#define STRING(x)	#x
#define NUMBER(x)	STRING(x)

static enum options_result plot_parse(int argc, char **argv, void *args);

static const struct opt_spec plot_options[] = {
	{ "output", 'o', required_argument, 0, "OUT",
	  "write the plot to OUT (.svg, .png or .pdf)", set_output, GROUP_GENERAL },
	{ "format", 0, required_argument, 0, "FORMAT",
	  "svg, png or pdf, whatever OUT's extension", set_format, GROUP_GENERAL },
	{ "size", 0, required_argument, 0, "WxH",
	  "the plot's size in pixels (PNG) or points (SVG, PDF); default "
	  NUMBER(PLOT_DEFAULT_WIDTH) "x" NUMBER(PLOT_DEFAULT_HEIGHT), set_size, GROUP_GENERAL },
	{ "help", 'h', no_argument, 0, NULL, "print this help", NULL, GROUP_GENERAL },
};

const struct file_command plot_command = {
	.name = "plot",
	.synopsis =
		"rtla plot: the latency histograms of saved runs, drawn\n"
		"\n"
		"  usage: rtla plot FILE... -o OUT [options]\n"
		"\n"
		"  FILE is a JSON report of a hist run: rtla's --json, or cyclictest's --json;\n"
		"  up to " NUMBER(PLOT_MAX_FILES) ", overlaid (- is stdin).  Or all FILEs are timerlat monitor --record\n"
		"  files, FILE.N,...,FILE.1,FILE for one with its rotated files: each window's\n"
		"  max over time.\n"
		"\n",
	.footer = "\n  exit status: 0 ok, 1 error, 129 this help or a usage error\n",
	.specs = plot_options,
	.count = sizeof(plot_options) / sizeof(plot_options[0]),
	.operand = add_file,
	.parse = plot_parse,
	.args_size = sizeof(struct plot_args),
};

static enum options_result check_output(struct plot_args *args)
{
	if (!args->output)
		return file_command_usage_error(&plot_command,
			"give the output file with -o OUT (rtla plot --help)");
	if (args->format == PLOT_NONE)
		args->format = plot_format_of(args->output);
	if (args->format == PLOT_NONE) {
		fprintf(stderr, "rtla plot: %s: name a .svg, .png or .pdf file, or give --format\n",
			args->output);
		return OPTIONS_ERROR;
	}
	return OPTIONS_OK;
}

enum options_result plot_parse_args(int argc, char **argv,
				    struct plot_args *args)
{
	enum options_result result;

	*args = (struct plot_args){ .format = PLOT_NONE,
				    .width = PLOT_DEFAULT_WIDTH,
				    .height = PLOT_DEFAULT_HEIGHT };
	result = file_command_parse(&plot_command, args, argc, argv);
	if (result != OPTIONS_OK)
		return result;
	if (!args->nr_files)
		return file_command_usage_error(&plot_command,
			"give one or more report FILEs (rtla plot --help)");
	if (args->nr_files > PLOT_MAX_FILES)
		return file_command_usage_error(&plot_command,
			"at most " NUMBER(PLOT_MAX_FILES) " files");
	return check_output(args);
}

static enum options_result plot_parse(int argc, char **argv, void *args)
{
	return plot_parse_args(argc, argv, args);
}
