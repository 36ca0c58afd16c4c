/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_OPT_ENGINE_H
#define RTLA_OPT_ENGINE_H

#include <stdio.h>

#include "cli/options.h"

/* The most options one command takes. */
#define OPT_MAX_SPECS	64

/* Why the engine stopped at a word of the command line. */
enum opt_refusal_kind {
	OPT_UNKNOWN,		/* no option of the command, or ambiguous */
	OPT_NEEDS_VALUE,	/* its value is missing */
	OPT_BAD_VALUE,		/* its setter refused the value */
};

struct opt_refusal {
	enum opt_refusal_kind kind;
	const char *word;		/* the word of argv refused */
	int short_name;			/* the unknown -X; 0: a long option */
	const struct opt_spec *spec;	/* OPT_BAD_VALUE: the option */
	const char *spelled;		/* OPT_BAD_VALUE: "-p" or "--period" */
	const char *arg;		/* OPT_BAD_VALUE: its value, or NULL */
	const char *why;		/* OPT_BAD_VALUE: the setter's reason */
};

/* One command's options, as the engine parses them. */
struct opt_command {
	const char *name;		/* in messages: "timerlat hist" */
	const struct opt_spec *const *specs;
	size_t count;
	/* Say @refusal on @err, in the command's own words. */
	void (*refused)(const struct opt_command *cmd,
			const struct opt_refusal *refusal,
			const struct opt_ctx *ctx, FILE *err);
	/* A word that is no option (an operand), in order. */
	void (*operand)(struct opt_ctx *ctx, const char *word);
};

/*
 * Parse @argv (@argv[0] is the command) into @ctx through @cmd's setters:
 * OPTIONS_OK; OPTIONS_HELP at an option without a setter (--help), for
 * the caller to print its help; OPTIONS_USAGE for an unknown option or a
 * missing value and OPTIONS_ERROR for a refused value, both said.
 */
enum options_result opt_engine_parse(const struct opt_command *cmd,
				     struct opt_ctx *ctx, int argc,
				     char **argv, FILE *err);

#endif
