// SPDX-License-Identifier: GPL-2.0
/* rtla compare BASE NEW: a regression gate between two saved runs. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "input/saved_input.h"
#include "output/compare_report.h"
#include "output/out_file.h"
#include "reports/compare_saved.h"
#include "run/outputs.h"
#include "run/tool.h"

static int json_writer(const void *ctx, FILE *out)
{
	return compare_write_json(ctx, out);
}

static int junit_writer(const void *ctx, FILE *out)
{
	return compare_write_junit(ctx, out);
}

static int write_outputs(const struct compare_args *args,
			 const struct compare_report *report)
{
	int ret = 0;

	if (args->json_file &&
	    out_file_write(args->json_file, json_writer, report)) {
		fprintf(stderr, "rtla compare: cannot write %s: %s\n",
			args->json_file, strerror(errno));
		ret = -1;
	}
	if (args->junit_file &&
	    out_file_write(args->junit_file, junit_writer, report)) {
		fprintf(stderr, "rtla compare: cannot write %s: %s\n",
			args->junit_file, strerror(errno));
		ret = -1;
	}
	return ret;
}

static struct compare_side input_side(const struct compare_args *args,
				      const char *name,
				      const struct saved_input *in)
{
	if (in->record)
		return (struct compare_side){
			.name = name, .view = window_series_view(&in->series),
			.series = &in->series, .choice = args->choice };
	return (struct compare_side){
		.name = name, .view = params_context_view(&in->run.params),
		.results = &in->run.results };
}

static bool input_nano(const struct saved_input *in)
{
	return in->record ? in->series.nano : in->run.params.nano;
}

static int compare_inputs(const struct compare_args *args,
			  struct saved_input in[2])
{
	struct compare_side sides[2];
	struct compare_report report;
	struct comparison cmp;
	char why[256];
	int i, status;

	for (i = 0; i < 2; i++)
		sides[i] = input_side(args, args->files[i], &in[i]);
	if (compare_runs(&sides[0], &sides[1], args->rules, args->nr_rules,
			 &cmp, why, sizeof(why))) {
		fprintf(stderr, "rtla compare: %s\n", why);
		return RTLA_EXIT_ERROR;
	}
	status = compare_count(&cmp, COMPARE_BROKEN) ? RTLA_EXIT_THRESHOLD_HIT :
		 compare_count_firm_undecided(&cmp) ? RTLA_EXIT_ERROR :
		 RTLA_EXIT_OK;
	report = (struct compare_report){
		.base = args->files[0], .new = args->files[1],
		.unit = input_nano(&in[0]) && input_nano(&in[1]) ? "ns" : "us",
		.cmp = &cmp, .exit_status = status,
	};
	render_compare(args->json_file && !strcmp(args->json_file, "-") ?
		       stderr : stdout, &report);
	if (write_outputs(args, &report))
		status = RTLA_EXIT_ERROR;
	compare_free(&cmp);
	return status;
}

int compare_run(const struct compare_args *args)
{
	struct saved_input in[2];
	char why[256];
	int i, status;

	memset(in, 0, sizeof(in));
	if (outputs_check_paths("compare", (const char *const[]){
			args->json_file, args->junit_file }, 2))
		return RTLA_EXIT_ERROR;
	for (i = 0; i < 2; i++) {
		if (!saved_input_read(args->files[i], &in[i], why, sizeof(why)))
			continue;
		fprintf(stderr, "rtla compare: %s: %s\n", args->files[i], why);
		if (i)
			saved_input_free(&in[0]);
		return RTLA_EXIT_ERROR;
	}
	status = compare_inputs(args, in);
	saved_input_free(&in[0]);
	saved_input_free(&in[1]);
	return status;
}
