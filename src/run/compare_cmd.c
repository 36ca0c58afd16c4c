// SPDX-License-Identifier: GPL-2.0
/* rtla compare BASE NEW [--rule CTX:STAT=+LIMIT]... [--json F] [--junit F] */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "input/saved_input.h"
#include "output/compare_report.h"
#include "output/out_file.h"
#include "run/file_tools.h"
#include "run/tool.h"

const struct option compare_options[] = {
	{ "rule", required_argument, NULL, 'r' },
	{ "json", required_argument, NULL, 'j' },
	{ "junit", required_argument, NULL, 'J' },
	{ "window", required_argument, NULL, 'w' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

struct compare_args {
	const char *files[2];
	struct compare_rule rules[COMPARE_MAX_RULES];
	int nr_rules;
	const char *json_file;
	const char *junit_file;
	enum window_choice choice;
};

static void compare_usage(FILE *out)
{
	fprintf(out,
		"rtla compare: a regression gate between two saved runs\n"
		"\n"
		"  usage: rtla compare BASE NEW [options]\n"
		"\n"
		"  BASE and NEW are JSON reports: rtla's --json, or cyclictest's --json;\n"
		"  or timerlat monitor --record files, FILE or FILE.N,...,FILE.1,FILE for one\n"
		"  series with its rotated files.\n"
		"\n"
		"\t     --rule CTX:STAT=+LIMIT: how much worse NEW may be than BASE on any CPU: CTX irq, thread, user, noise or *; STAT max, avg, over, lost, p50, p90, p99, p99.9 or p99.99; LIMIT +N%% or +N with a time unit (a count for over and lost); or CTX:count=-LIMIT, how far the samples may fall; repeatable (default: *:max=+20%% *:p99=+10%% *:avg=+10%% *:count=-10%%, undecided ones a note)\n"
		"\t     --json FILE: write the table and the verdicts as JSON to FILE (- is stdout)\n"
		"\t     --junit FILE: write one JUnit test case per rule and CPU to FILE\n"
		"\t     --window worst|last|all: the window of a --record series compared, per CPU and context: the one with the highest max (default), the last, or all merged\n"
		"\t  -h/--help: print this help\n"
		"\n"
		"  exit status: 0 no rule broken, 1 error or a rule given that cannot be decided, 2 a rule broken, 129 this help\n");
}

static int add_rule(struct compare_args *args, const char *text)
{
	const char *why;

	if (args->nr_rules == COMPARE_MAX_RULES) {
		fprintf(stderr, "rtla compare: at most %d rules\n",
			COMPARE_MAX_RULES);
		return -1;
	}
	if (compare_rule_parse(text, &args->rules[args->nr_rules], &why)) {
		fprintf(stderr, "rtla compare: --rule %s: %s\n", text, why);
		return -1;
	}
	args->nr_rules++;
	return 0;
}

/* 0 to go on, 1 after --help, -1 on a usage error (said). */
static int parse_args(int argc, char **argv, struct compare_args *args)
{
	int opt, i;

	opterr = 0;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "h", compare_options, NULL)) != -1) {
		switch (opt) {
		case 'r':
			if (add_rule(args, optarg))
				return -1;
			break;
		case 'j':
			args->json_file = optarg;
			break;
		case 'J':
			args->junit_file = optarg;
			break;
		case 'w':
			if (window_choice_parse(optarg, &args->choice)) {
				fprintf(stderr, "rtla compare: --window %s: worst, last or all\n",
					optarg);
				return -1;
			}
			break;
		case 'h':
			compare_usage(stdout);
			return 1;
		default:
			fprintf(stderr, "rtla compare: unknown option or missing value '%s'\n",
				argv[optind - 1]);
			return -1;
		}
	}
	if (argc - optind != 2) {
		fprintf(stderr, "rtla compare: give two reports, BASE and NEW (rtla compare --help)\n");
		return -1;
	}
	args->files[0] = argv[optind];
	args->files[1] = argv[optind + 1];
	if (!args->nr_rules)
		for (i = 0; compare_default_rules[i]; i++) {
			add_rule(args, compare_default_rules[i]);
			args->rules[i].is_default = true;
		}
	if (args->json_file && args->junit_file &&
	    !strcmp(args->json_file, args->junit_file)) {
		fprintf(stderr, "rtla compare: --json and --junit both write %s: give each its own file\n",
			args->json_file);
		return -1;
	}
	return 0;
}

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

int compare_main(int argc, char **argv)
{
	struct compare_args args = { 0 };
	struct saved_input in[2];
	char why[256];
	int i, status;

	memset(in, 0, sizeof(in));
	switch (parse_args(argc, argv, &args)) {
	case 1:
		return RTLA_EXIT_USAGE;	/* --help, as rtla 7.2's tools */
	case -1:
		return RTLA_EXIT_ERROR;
	}
	if (outputs_check_paths("compare", (const char *const[]){
			args.json_file, args.junit_file }, 2))
		return RTLA_EXIT_ERROR;
	for (i = 0; i < 2; i++) {
		if (!saved_input_read(args.files[i], &in[i], why, sizeof(why)))
			continue;
		fprintf(stderr, "rtla compare: %s: %s\n", args.files[i], why);
		if (i)
			saved_input_free(&in[0]);
		return RTLA_EXIT_ERROR;
	}
	status = compare_inputs(&args, in);
	saved_input_free(&in[0]);
	saved_input_free(&in[1]);
	return status;
}

int compare_check_args(int argc, char **argv)
{
	struct compare_args args = { 0 };

	return parse_args(argc, argv, &args) < 0 ? -1 : 0;
}
