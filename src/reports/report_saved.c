// SPDX-License-Identifier: GPL-2.0
/*
 * rtla report FILE [--json F] [--openmetrics F] [--junit F] [--budget B]...
 * A saved run (rtla's or cyclictest's JSON) printed as the live tool
 * printed it, its budgets judged again, its reports written again.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "params/output_paths.h"
#include "input/saved_input.h"
#include "output/render.h"
#include "output/report.h"
#include "run/budget_report.h"
#include "reports/report_saved.h"
#include "run/outputs.h"
#include "run/tool.h"
#include "session/tracer_config.h"
#include "version.h"

/* The saved run's params take the budgets and outputs of this command. */
static int apply_args(const struct report_args *args, struct saved_run *run)
{
	struct rtla_params *params = &run->params;
	struct output_path first, second;
	struct budget_set budgets;
	char reason[320];
	const char *why;
	int i;

	for (i = 0; i < args->nr_budgets; i++) {
		if (budget_parse(args->budgets[i], params->tracer, params->mode,
				 &params->budgets[i], &why)) {
			fprintf(stderr, "rtla report: --budget %s: %s\n",
				args->budgets[i], why);
			return -1;
		}
	}
	params->nr_budgets = args->nr_budgets;
	budgets = params_budget_set(params);
	if (budgets_check_units(&budgets, reason, sizeof(reason))) {
		fprintf(stderr, "rtla report: %s\n", reason);
		return -1;
	}
	params->json_file = args->json_file ? strdup(args->json_file) : NULL;
	params->openmetrics_file = args->openmetrics_file ?
				   strdup(args->openmetrics_file) : NULL;
	params->junit_file = args->junit_file ? strdup(args->junit_file) : NULL;
	if (output_paths_clash(params, &first, &second)) {
		fprintf(stderr, "rtla report: %s and %s both write %s: give each its own file\n",
			first.option, second.option, second.path);
		return -1;
	}
	return outputs_check_paths("report", (const char *const[]){
		params->json_file, params->openmetrics_file,
		params->junit_file }, 3);
}

static void render_saved(FILE *out, const struct saved_run *run)
{
	struct render_view view = tool_render_view(&run->params);
	const struct rtla_params *params = &run->params;

	if (params->mode == MODE_HIST)
		render_hist(out, &view, &run->results);
	else if (params->tracer == TRACER_TIMERLAT)
		render_timerlat_top(out, &view, &run->results);
	else
		render_osnoise_top(out, &view, &run->results);
}

static int write_reports(const struct saved_run *run,
			 const struct run_report *report)
{
	const struct rtla_params *params = &run->params;
	const struct {
		const char *path;
		int (*writer)(const struct run_report *, FILE *);
	} outputs[] = {
		{ params->json_file, report_write_json },
		{ params->openmetrics_file, report_write_openmetrics },
		{ params->junit_file, report_write_junit },
	};
	size_t i;
	int ret = 0;

	for (i = 0; i < sizeof(outputs) / sizeof(outputs[0]); i++) {
		if (!outputs[i].path ||
		    !report_write_file(report, outputs[i].path,
				       outputs[i].writer))
			continue;
		fprintf(stderr, "rtla report: cannot write %s: %s\n",
			outputs[i].path, strerror(errno));
		ret = -1;
	}
	return ret;
}

static int report_saved(struct saved_run *run)
{
	const struct rtla_params *params = &run->params;
	int max = params->nr_budgets * run->results.nr_cpus, count = 0;
	struct budget_verdict *verdicts = calloc(max + 1, sizeof(*verdicts));
	FILE *text = params_report_to_stdout(params) ? stderr : stdout;
	struct run_report report;
	int status;

	if (!verdicts) {
		fprintf(stderr, "rtla report: out of memory\n");
		return RTLA_EXIT_ERROR;
	}
	render_saved(text, run);
	status = budgets_report(text, "report", params, &run->results,
				verdicts, max, &count);
	report = (struct run_report){
		.tool_name = run->tool, .version = RTLA_VERSION,
		.params = params, .results = &run->results,
		.system = &run->system, .start_time = run->start_time,
		.end_time = run->end_time, .exit_status = status,
		.end_reason = run->results.stopped ? "threshold" : "duration",
		.period_us = tracer_config_period_us(params),
		.runtime_us = tracer_config_runtime_us(params),
		.verdicts = verdicts, .nr_verdicts = count,
	};
	if (write_reports(run, &report))
		status = RTLA_EXIT_ERROR;
	free(verdicts);
	return status;
}

int report_run(const struct report_args *args)
{
	struct saved_run run;
	char why[256];
	int status;

	if (saved_report_read(args->file, &run, why, sizeof(why))) {
		fprintf(stderr, "rtla report: %s: %s\n", args->file, why);
		return RTLA_EXIT_ERROR;
	}
	status = apply_args(args, &run) ? RTLA_EXIT_ERROR :
					  report_saved(&run);
	saved_run_free(&run);
	return status;
}
