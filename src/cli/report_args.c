// SPDX-License-Identifier: GPL-2.0
/* rtla report's command line: its options, its FILE, its help. */
#include <getopt.h>

#include "cli/file_command.h"
#include "reports/report_saved.h"
#include "run/tool.h"

static int set_budget(struct opt_ctx *ctx, const char *arg, const char **why)
{
	struct report_args *args = ctx->args;

	if (args->nr_budgets == RTLA_MAX_BUDGETS) {
		ctx->line = "too many budgets";
		return -1;
	}
	args->budgets[args->nr_budgets++] = arg;
	return 0;
}

DEFINE_ARG_SETTER(struct report_args, json_file)
DEFINE_ARG_SETTER(struct report_args, openmetrics_file)
DEFINE_ARG_SETTER(struct report_args, junit_file)

static void add_file(struct opt_ctx *ctx, const char *word)
{
	struct report_args *args = ctx->args;

	if (!args->nr_files++)
		args->file = word;
}

static enum options_result report_parse(int argc, char **argv, void *args);

static const struct opt_spec report_options[] = {
	{ "budget", 0, required_argument, 0, "CTX:STAT=VALUE",
	  "judge the run against a budget as the live run does (exit 2 when exceeded); repeatable",
	  set_budget, GROUP_GENERAL },
	{ "json", 0, required_argument, 0, "FILE",
	  "write the run as rtla's JSON to FILE (- is stdout)", set_json_file, GROUP_GENERAL },
	{ "openmetrics", 0, required_argument, 0, "FILE",
	  "write it as Prometheus/OpenMetrics text to FILE", set_openmetrics_file, GROUP_GENERAL },
	{ "junit", 0, required_argument, 0, "FILE",
	  "write the verdicts as JUnit XML to FILE", set_junit_file, GROUP_GENERAL },
	{ "help", 'h', no_argument, 0, NULL, "print this help", NULL, GROUP_GENERAL },
};

const struct file_command report_command = {
	.name = "report",
	.synopsis =
		"rtla report: a saved run printed and written again\n"
		"\n"
		"  usage: rtla report FILE [options]\n"
		"\n"
		"  FILE is a JSON report: rtla's --json, or cyclictest's --json (- is stdin).\n"
		"\n",
	.footer =
		"\n"
		"  exit status: 0 ok, 1 error or an undecided budget, 2 a budget was exceeded, 129 this help or a usage error\n",
	.specs = report_options,
	.count = sizeof(report_options) / sizeof(report_options[0]),
	.operand = add_file,
	.parse = report_parse,
	.args_size = sizeof(struct report_args),
};

static enum options_result report_parse(int argc, char **argv, void *args)
{
	const struct report_args *report = args;
	enum options_result result;

	result = file_command_parse(&report_command, args, argc, argv);
	if (result == OPTIONS_OK && report->nr_files != 1)
		return file_command_usage_error(&report_command,
			"give one report FILE (rtla report --help)");
	return result;
}

int report_main(int argc, char **argv)
{
	struct report_args args = { 0 };
	enum options_result result = report_parse(argc, argv, &args);

	if (result != OPTIONS_OK)
		return file_command_status(result);
	return report_run(&args);
}
