// SPDX-License-Identifier: GPL-2.0
/* rtla report, compare and plot's command lines, through the one engine. */
#include <getopt.h>

#include "cli/file_command.h"
#include "cli/opt_engine.h"
#include "run/tool.h"

/* "\t  -o/--output OUT: write the plot to OUT": one option's line. */
static void print_option(const struct opt_spec *spec, FILE *out)
{
	if (spec->short_name)
		fprintf(out, "\t  -%c/", spec->short_name);
	else
		fprintf(out, "\t     ");
	fprintf(out, "--%s%s%s: %s\n", spec->long_name,
		spec->arg_name ? " " : "",
		spec->arg_name ? spec->arg_name : "", spec->help);
}

void file_command_usage(const struct file_command *cmd, FILE *out)
{
	size_t i;

	fputs(cmd->synopsis, out);
	for (i = 0; i < cmd->count; i++)
		print_option(&cmd->specs[i], out);
	fputs(cmd->footer, out);
}

/* A refusal, in one line: the word, or the option, its value and why. */
static void file_command_refused(const struct opt_command *cmd,
				 const struct opt_refusal *refusal,
				 const struct opt_ctx *ctx, FILE *err)
{
	if (refusal->kind != OPT_BAD_VALUE)
		fprintf(err, "rtla %s: unknown option or missing value '%s'\n",
			cmd->name, refusal->word);
	else if (ctx->line)
		fprintf(err, "rtla %s: %s\n", cmd->name, ctx->line);
	else
		fprintf(err, "rtla %s: --%s %s: %s\n", cmd->name,
			refusal->spec->long_name, refusal->arg, refusal->why);
}

enum options_result file_command_parse(const struct file_command *cmd,
				       void *args, int argc, char **argv)
{
	const struct opt_spec *specs[OPT_MAX_SPECS];
	struct opt_command engine = {
		.name = cmd->name, .specs = specs, .count = cmd->count,
		.refused = file_command_refused, .operand = cmd->operand };
	struct opt_ctx ctx = { .args = args };
	enum options_result result;
	size_t i;

	for (i = 0; i < cmd->count && i < OPT_MAX_SPECS; i++)
		specs[i] = &cmd->specs[i];
	engine.count = i;
	result = opt_engine_parse(&engine, &ctx, argc, argv, stderr);
	if (result == OPTIONS_HELP)
		file_command_usage(cmd, stdout);
	return result;
}

enum options_result file_command_usage_error(const struct file_command *cmd,
					     const char *what)
{
	fprintf(stderr, "rtla %s: %s\n", cmd->name, what);
	return OPTIONS_USAGE;
}

int file_command_status(enum options_result result)
{
	return result == OPTIONS_ERROR ? RTLA_EXIT_ERROR : RTLA_EXIT_USAGE;
}
