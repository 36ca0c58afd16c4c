// SPDX-License-Identifier: GPL-2.0
/*
 * rtla-plot: rtla plot's program, run by rtla (cli/plot_exec.c).  It
 * alone links cairo.
 */
#include <stdio.h>

#include "cli/file_command.h"
#include "cli/plot_args.h"
#include "input/saved_input.h"
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
static int plot_reports(const struct plot_args *args,
			const struct saved_input *in)
{
	struct saved_run runs[PLOT_MAX_FILES];
	struct plot_runs plot;
	char why[512];
	int i;

	for (i = 0; i < args->nr_files; i++)
		runs[i] = in[i].run;
	if (!plot_runs_build(&plot, runs, args->files, args->nr_files, why,
			     sizeof(why)))
		return draw(args, &plot);
	fprintf(stderr, "rtla plot: %s\n", why);
	return 1;
}

/* timerlat monitor --record series: each window's max over time. */
static int plot_records(const struct plot_args *args,
			const struct saved_input *in)
{
	struct window_series series[PLOT_MAX_FILES];
	struct plot_runs plot;
	char why[512];
	int i;

	for (i = 0; i < args->nr_files; i++)
		series[i] = in[i].series;
	if (!plot_records_build(&plot, series, args->files, args->nr_files,
				why, sizeof(why)))
		return draw(args, &plot);
	fprintf(stderr, "rtla plot: %s\n", why);
	return 1;
}

/* Every file read, once (a pipe will do): 0, or 1 after saying why. */
static int read_inputs(const struct plot_args *args,
		       struct saved_input *in, int *records)
{
	char why[512];
	int i;

	*records = 0;
	for (i = 0; i < args->nr_files; i++) {
		if (saved_input_read(args->files[i], &in[i], why,
				     sizeof(why))) {
			fprintf(stderr, "rtla plot: %s: %s\n", args->files[i],
				why);
			while (i--)
				saved_input_free(&in[i]);
			return 1;
		}
		*records += in[i].record;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct saved_input in[PLOT_MAX_FILES];
	enum options_result result;
	struct plot_args args;
	int i, records, status = 1;

	result = plot_parse_args(argc, argv, &args);
	if (result != OPTIONS_OK)
		return file_command_status(result);
	if (read_inputs(&args, in, &records))
		return 1;
	if (!records)
		status = plot_reports(&args, in);
	else if (records == args.nr_files)
		status = plot_records(&args, in);
	else
		fprintf(stderr, "rtla plot: plot JSON reports or monitor --record files, not both\n");
	for (i = 0; i < args.nr_files; i++)
		saved_input_free(&in[i]);
	return status;
}
