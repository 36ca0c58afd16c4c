// SPDX-License-Identifier: GPL-2.0
/*
 * rtla-plot: rtla plot's program, run by rtla (cli/plot_exec.c).  It
 * alone links cairo.
 */
#include <stdio.h>

#include "cli/plot_args.h"
#include "plot/plot_runs.h"

int main(int argc, char **argv)
{
	struct saved_run runs[PLOT_MAX_FILES];
	struct plot_args args;
	struct plot_runs plot;
	char why[512];
	int i, read = 0, status = 1;

	switch (plot_parse_args(argc, argv, &args)) {
	case 1:
		return 0;
	case -1:
		return 1;
	}
	for (; read < args.nr_files; read++)
		if (saved_run_read(args.files[read], &runs[read], why,
				   sizeof(why))) {
			fprintf(stderr, "rtla plot: %s: %s\n",
				args.files[read], why);
			goto out;
		}
	if (plot_runs_build(&plot, runs, args.files, args.nr_files, why,
			    sizeof(why))) {
		fprintf(stderr, "rtla plot: %s\n", why);
		goto out;
	}
	plot.spec.width = args.width;
	plot.spec.height = args.height;
	plot.spec.format = args.format;
	if (plot_write(args.output, &plot.spec, why, sizeof(why)))
		fprintf(stderr, "rtla plot: %s\n", why);
	else
		status = 0;
	plot_runs_free(&plot);
out:
	for (i = 0; i < read; i++)
		saved_run_free(&runs[i]);
	return status;
}
