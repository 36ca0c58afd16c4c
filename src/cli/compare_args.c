// SPDX-License-Identifier: GPL-2.0
/* rtla compare's command line: its options, BASE and NEW, its help. */
#include <getopt.h>
#include <string.h>

#include "cli/file_command.h"
#include "reports/compare_saved.h"
#include "run/tool.h"

static int add_rule(struct opt_ctx *ctx, const char *arg, const char **why)
{
	struct compare_args *args = ctx->args;

	if (args->nr_rules == COMPARE_MAX_RULES) {
		snprintf(ctx->reason, sizeof(ctx->reason), "at most %d rules",
			 COMPARE_MAX_RULES);
		ctx->line = ctx->reason;
		return -1;
	}
	if (compare_rule_parse(arg, &args->rules[args->nr_rules], why))
		return -1;
	args->nr_rules++;
	return 0;
}

DEFINE_ARG_SETTER(struct compare_args, json_file)
DEFINE_ARG_SETTER(struct compare_args, junit_file)

static int set_window(struct opt_ctx *ctx, const char *arg, const char **why)
{
	struct compare_args *args = ctx->args;

	if (!window_choice_parse(arg, &args->choice))
		return 0;
	*why = "worst, last or all";
	return -1;
}

static void add_file(struct opt_ctx *ctx, const char *word)
{
	struct compare_args *args = ctx->args;

	if (args->nr_files < 2)
		args->files[args->nr_files] = word;
	args->nr_files++;
}

static enum options_result compare_parse(int argc, char **argv, void *data);

static const struct opt_spec compare_options[] = {
	{ "rule", 0, required_argument, 0, "CTX:STAT=+LIMIT",
	  "how much worse NEW may be than BASE on any CPU: CTX irq, thread, user, noise or *; STAT max, avg, over, lost, p50, p90, p99, p99.9 or p99.99; LIMIT +N% or +N with a time unit (a count for over and lost); or CTX:count=-LIMIT, how far the samples may fall; repeatable (default: *:max=+20% *:p99=+10% *:avg=+10% *:count=-10%, undecided ones a note)",
	  add_rule, GROUP_GENERAL },
	{ "json", 0, required_argument, 0, "FILE",
	  "write the table and the verdicts as JSON to FILE (- is stdout)",
	  set_json_file, GROUP_GENERAL },
	{ "junit", 0, required_argument, 0, "FILE",
	  "write one JUnit test case per rule and CPU to FILE", set_junit_file, GROUP_GENERAL },
	{ "window", 0, required_argument, 0, "worst|last|all",
	  "the window of a --record series compared, per CPU and context: the one with the highest max (default), the last, or all merged",
	  set_window, GROUP_GENERAL },
	{ "help", 'h', no_argument, 0, NULL, "print this help", NULL, GROUP_GENERAL },
};

const struct file_command compare_command = {
	.name = "compare",
	.synopsis =
		"rtla compare: a regression gate between two saved runs\n"
		"\n"
		"  usage: rtla compare BASE NEW [options]\n"
		"\n"
		"  BASE and NEW are JSON reports: rtla's --json, or cyclictest's --json;\n"
		"  or timerlat monitor --record files, FILE or FILE.N,...,FILE.1,FILE for one\n"
		"  series with its rotated files.\n"
		"\n",
	.footer =
		"\n"
		"  exit status: 0 no rule broken, 1 error or a rule given that cannot be decided, 2 a rule broken, 129 this help or a usage error\n",
	.specs = compare_options,
	.count = sizeof(compare_options) / sizeof(compare_options[0]),
	.operand = add_file,
	.parse = compare_parse,
	.args_size = sizeof(struct compare_args),
};

/* Without --rule, the default rules, each a note when undecided. */
static void add_default_rules(struct compare_args *args)
{
	struct opt_ctx ctx = { .args = args };
	const char *why;
	int i;

	for (i = 0; compare_default_rules[i]; i++) {
		add_rule(&ctx, compare_default_rules[i], &why);
		args->rules[i].is_default = true;
	}
}

static enum options_result compare_parse(int argc, char **argv, void *data)
{
	struct compare_args *args = data;
	enum options_result result;

	result = file_command_parse(&compare_command, args, argc, argv);
	if (result == OPTIONS_OK && args->nr_files != 2)
		return file_command_usage_error(&compare_command,
			"give two reports, BASE and NEW (rtla compare --help)");
	if (result != OPTIONS_OK)
		return result;
	if (!args->nr_rules)
		add_default_rules(args);
	if (args->json_file && args->junit_file &&
	    !strcmp(args->json_file, args->junit_file)) {
		fprintf(stderr, "rtla compare: --json and --junit both write %s: give each its own file\n",
			args->json_file);
		return OPTIONS_ERROR;
	}
	return OPTIONS_OK;
}

int compare_main(int argc, char **argv)
{
	struct compare_args args = { 0 };
	enum options_result result = compare_parse(argc, argv, &args);

	if (result != OPTIONS_OK)
		return file_command_status(result);
	return compare_run(&args);
}
