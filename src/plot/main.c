// SPDX-License-Identifier: GPL-2.0
/*
 * rtla-plot: rtla plot's program, run by rtla (cli/plot_exec.c).  It
 * alone links cairo.
 */
#include <stdio.h>

#include "cli/plot_args.h"
#include "input/window_file.h"
#include "plot/plot_runs.h"

/* Draw the plot built; 0 or 1, the exit status. */
static int draw(const struct plot_args *args, struct plot_runs *plot)
{
	char why[512];
	int status = 0;

	plot->spec.width = args->width;
	plot->spec.height = args->height;
	plot->spec.format = args->format;
	if (plot_write(args->output, &plot->spec, why, sizeof(why))) {
		fprintf(stderr, "rtla plot: %s\n", why);
		status = 1;
	}
	plot_runs_free(plot);
	return status;
}

/* Saved JSON reports: their histograms. */
static int plot_reports(const struct plot_args *args)
{
	struct saved_run runs[PLOT_MAX_FILES];
	struct plot_runs plot;
	int i, read = 0, status = 1;
	char why[512];

	for (; read < args->nr_files; read++)
		if (saved_run_read(args->files[read], &runs[read], why,
				   sizeof(why))) {
			fprintf(stderr, "rtla plot: %s: %s\n",
				args->files[read], why);
			goto out;
		}
	if (plot_runs_build(&plot, runs, args->files, args->nr_files, why,
			    sizeof(why)))
		fprintf(stderr, "rtla plot: %s\n", why);
	else
		status = draw(args, &plot);
out:
	for (i = 0; i < read; i++)
		saved_run_free(&runs[i]);
	return status;
}

/* timerlat monitor --record series: each window's max over time. */
static int plot_records(const struct plot_args *args)
{
	struct window_series series[PLOT_MAX_FILES];
	struct plot_runs plot;
	int i, read = 0, status = 1;
	char why[512];

	for (; read < args->nr_files; read++)
		if (window_series_read(args->files[read], &series[read], why,
				       sizeof(why))) {
			fprintf(stderr, "rtla plot: %s\n", why);
			goto out;
		}
	if (plot_records_build(&plot, series, args->files, args->nr_files,
			       why, sizeof(why)))
		fprintf(stderr, "rtla plot: %s\n", why);
	else
		status = draw(args, &plot);
out:
	for (i = 0; i < read; i++)
		window_series_free(&series[i]);
	return status;
}

int main(int argc, char **argv)
{
	struct plot_args args;
	int i, records = 0;

	switch (plot_parse_args(argc, argv, &args)) {
	case 1:
		return 129;	/* --help, as rtla 7.2's tools */
	case -1:
		return 1;
	}
	for (i = 0; i < args.nr_files; i++)
		records += window_file_is_record(args.files[i]);
	if (!records)
		return plot_reports(&args);
	if (records == args.nr_files)
		return plot_records(&args);
	fprintf(stderr, "rtla plot: plot JSON reports or monitor --record files, not both\n");
	return 1;
}
