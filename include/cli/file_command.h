/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_FILE_COMMAND_H
#define RTLA_FILE_COMMAND_H

#include <stdio.h>

#include "cli/opt_engine.h"

/*
 * A command over saved files (report, compare, plot): its options, its
 * operands and its --help, declared once and parsed by the one engine.
 */
struct file_command {
	const char *name;		/* "report": "rtla report: ..." */
	const char *synopsis;		/* --help before the options */
	const char *footer;		/* --help after them */
	const struct opt_spec *specs;
	size_t count;
	/* a word that is no option, in order, into ctx->args */
	void (*operand)(struct opt_ctx *ctx, const char *word);
	/* the whole command line into @args (args_size bytes, zeroed) */
	enum options_result (*parse)(int argc, char **argv, void *args);
	size_t args_size;
};

/* set_FIELD(): an option whose value @type's FIELD keeps as given. */
#define DEFINE_ARG_SETTER(type, field)					\
static int set_##field(struct opt_ctx *ctx, const char *arg,		\
		       const char **why)				\
{									\
	((type *)ctx->args)->field = arg;				\
	return 0;							\
}

/* rtla report, compare and plot, for the command table and the docs. */
extern const struct file_command report_command;
extern const struct file_command compare_command;
extern const struct file_command plot_command;

/* rtla report FILE, rtla compare BASE NEW: the exit status. */
int report_main(int argc, char **argv);
int compare_main(int argc, char **argv);

/* The help of @cmd: the synopsis, one line an option, the footer. */
void file_command_usage(const struct file_command *cmd, FILE *out);

/*
 * Parse @argv (@argv[0] is the command) into @args: as opt_engine_parse,
 * the help printed on stdout for OPTIONS_HELP.
 */
enum options_result file_command_parse(const struct file_command *cmd,
				       void *args, int argc, char **argv);

/* A usage error of @cmd's operands, said: OPTIONS_USAGE. */
enum options_result file_command_usage_error(const struct file_command *cmd,
					     const char *what);

/* The exit status for a parse that did not end in OPTIONS_OK. */
int file_command_status(enum options_result result);

#endif
