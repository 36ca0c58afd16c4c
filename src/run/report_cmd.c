// SPDX-License-Identifier: GPL-2.0
/*
 * rtla report FILE [--json F] [--openmetrics F] [--junit F] [--budget B]...
 * A saved run (rtla's or cyclictest's JSON) printed as the live tool
 * printed it, its budgets judged again, its reports written again.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "params/output_paths.h"
#include "input/saved_input.h"
#include "output/render.h"
#include "output/report.h"
#include "run/budget_report.h"
#include "run/file_tools.h"
#include "run/tool.h"
#include "session/tracer_config.h"
#include "version.h"

const struct option report_options[] = {
	{ "budget", required_argument, NULL, 'b' },
	{ "json", required_argument, NULL, 'j' },
	{ "openmetrics", required_argument, NULL, 'o' },
	{ "junit", required_argument, NULL, 'J' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

struct report_args {
	const char *file;
	const char *budgets[RTLA_MAX_BUDGETS];
	int nr_budgets;
	const char *json_file;
	const char *openmetrics_file;
	const char *junit_file;
};

static void report_usage(FILE *out)
{
	fprintf(out,
		"rtla report: a saved run printed and written again\n"
		"\n"
		"  usage: rtla report FILE [options]\n"
		"\n"
		"  FILE is a JSON report: rtla's --json, or cyclictest's --json (- is stdin).\n"
		"\n"
		"\t     --budget CTX:STAT=VALUE: judge the run against a budget as the live run does (exit 2 when exceeded); repeatable\n"
		"\t     --json FILE: write the run as rtla's JSON to FILE (- is stdout)\n"
		"\t     --openmetrics FILE: write it as Prometheus/OpenMetrics text to FILE\n"
		"\t     --junit FILE: write the verdicts as JUnit XML to FILE\n"
		"\t  -h/--help: print this help\n"
		"\n"
		"  exit status: 0 ok, 1 error or an undecided budget, 2 a budget was exceeded, 129 this help\n");
}

/* 0 to go on, 1 after --help, -1 on a usage error (said). */
static int parse_args(int argc, char **argv, struct report_args *args)
{
	int opt;

	opterr = 0;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "h", report_options, NULL)) != -1) {
		switch (opt) {
		case 'b':
			if (args->nr_budgets == RTLA_MAX_BUDGETS) {
				fprintf(stderr, "rtla report: too many budgets\n");
				return -1;
			}
			args->budgets[args->nr_budgets++] = optarg;
			break;
		case 'j':
			args->json_file = optarg;
			break;
		case 'o':
			args->openmetrics_file = optarg;
			break;
		case 'J':
			args->junit_file = optarg;
			break;
		case 'h':
			report_usage(stdout);
			return 1;
		default:
			fprintf(stderr, "rtla report: unknown option or missing value '%s'\n",
				argv[optind - 1]);
			return -1;
		}
	}
	if (argc - optind != 1) {
		fprintf(stderr, "rtla report: give one report FILE (rtla report --help)\n");
		return -1;
	}
	args->file = argv[optind];
	return 0;
}

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

static void render(FILE *out, const struct saved_run *run)
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
	render(text, run);
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

int report_main(int argc, char **argv)
{
	struct report_args args = { 0 };
	struct saved_run run;
	char why[256];
	int status;

	switch (parse_args(argc, argv, &args)) {
	case 1:
		return RTLA_EXIT_USAGE;	/* --help, as rtla 7.2's tools */
	case -1:
		return RTLA_EXIT_ERROR;
	}
	if (saved_report_read(args.file, &run, why, sizeof(why))) {
		fprintf(stderr, "rtla report: %s: %s\n", args.file, why);
		return RTLA_EXIT_ERROR;
	}
	status = apply_args(&args, &run) ? RTLA_EXIT_ERROR :
					   report_saved(&run);
	saved_run_free(&run);
	return status;
}

int report_check_args(int argc, char **argv)
{
	struct report_args args = { 0 };

	return parse_args(argc, argv, &args) < 0 ? -1 : 0;
}
