// SPDX-License-Identifier: GPL-2.0
/* rtla plot's command line: the files, the output, its format and size. */
#include <stdlib.h>
#include <string.h>

#include "cli/plot_args.h"

const struct option plot_options[] = {
	{ "output", required_argument, NULL, 'o' },
	{ "format", required_argument, NULL, 'f' },
	{ "size", required_argument, NULL, 's' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

void plot_usage(FILE *out)
{
	fprintf(out,
		"rtla plot: the latency histograms of saved runs, drawn\n"
		"\n"
		"  usage: rtla plot FILE... -o OUT [options]\n"
		"\n"
		"  FILE is a JSON report of a hist run: rtla's --json, or cyclictest's --json;\n"
		"  up to %d, overlaid (- is stdin).  Or all FILEs are timerlat monitor --record\n"
		"  files, FILE.N,...,FILE.1,FILE for one with its rotated files: each window's\n"
		"  max over time.\n"
		"\n"
		"\t  -o/--output OUT: write the plot to OUT (.svg, .png or .pdf)\n"
		"\t     --format FORMAT: svg, png or pdf, whatever OUT's extension\n"
		"\t     --size WxH: the plot's size in pixels (PNG) or points (SVG, PDF); default %dx%d\n"
		"\t  -h/--help: print this help\n"
		"\n"
		"  exit status: 0 ok, 1 error, 129 this help\n",
		PLOT_MAX_FILES, PLOT_DEFAULT_WIDTH, PLOT_DEFAULT_HEIGHT);
}

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

static int check_output(struct plot_args *args)
{
	if (!args->output) {
		fprintf(stderr, "rtla plot: give the output file with -o OUT (rtla plot --help)\n");
		return -1;
	}
	if (args->format == PLOT_NONE)
		args->format = plot_format_of(args->output);
	if (args->format == PLOT_NONE) {
		fprintf(stderr, "rtla plot: %s: name a .svg, .png or .pdf file, or give --format\n",
			args->output);
		return -1;
	}
	return 0;
}

int plot_parse_args(int argc, char **argv, struct plot_args *args)
{
	int opt;

	*args = (struct plot_args){ .format = PLOT_NONE,
				    .width = PLOT_DEFAULT_WIDTH,
				    .height = PLOT_DEFAULT_HEIGHT };
	opterr = 0;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "ho:", plot_options, NULL)) != -1) {
		switch (opt) {
		case 'o':
			args->output = optarg;
			break;
		case 'f':
			args->format = plot_format_named(optarg);
			if (args->format == PLOT_NONE) {
				fprintf(stderr, "rtla plot: --format %s: svg, png or pdf\n",
					optarg);
				return -1;
			}
			break;
		case 's':
			if (parse_size(optarg, &args->width, &args->height)) {
				fprintf(stderr, "rtla plot: --size %s: WIDTHxHEIGHT, each 1 to %d\n",
					optarg, PLOT_MAX_SIDE);
				return -1;
			}
			break;
		case 'h':
			plot_usage(stdout);
			return 1;
		default:
			fprintf(stderr, "rtla plot: unknown option or missing value '%s'\n",
				argv[optind - 1]);
			return -1;
		}
	}
	if (optind == argc) {
		fprintf(stderr, "rtla plot: give one or more report FILEs (rtla plot --help)\n");
		return -1;
	}
	if (argc - optind > PLOT_MAX_FILES) {
		fprintf(stderr, "rtla plot: at most %d files\n", PLOT_MAX_FILES);
		return -1;
	}
	for (; optind < argc; optind++)
		args->files[args->nr_files++] = argv[optind];
	return check_output(args);
}

int plot_check_args(int argc, char **argv)
{
	struct plot_args args;

	return plot_parse_args(argc, argv, &args) < 0 ? -1 : 0;
}
