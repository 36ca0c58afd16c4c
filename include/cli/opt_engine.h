/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_OPT_ENGINE_H
#define RTLA_OPT_ENGINE_H

#include <stdio.h>

#include "params/params.h"
#include "model/value_parse.h"

/* Which tools take an option: a mask of these bits. */
#define FOR_OSNOISE	(1U << 0)
#define FOR_TIMERLAT	(1U << 1)
#define FOR_TOP		(1U << 2)
#define FOR_HIST	(1U << 3)
#define FOR_HWNOISE	(1U << 4)
#define FOR_MONITOR	(1U << 5)	/* timerlat monitor: only options
					   that name it */
#define FOR_TRACERS	(FOR_OSNOISE | FOR_TIMERLAT)
#define FOR_MODES	(FOR_TOP | FOR_HIST)
#define FOR_ALL		(FOR_TRACERS | FOR_MODES | FOR_HWNOISE)

/* What an option's setter works on. */
struct opt_ctx {
	struct rtla_params *params;	/* the tracers' */
	void *args;			/* another command's arguments; the
					   tracers' words after the options */
	int nr_cpus;
	const char *line;	/* set with a refusal: rtla 7.2's own line,
				   printed instead of ours */
	char reason[RANGE_REASON_SIZE];	/* a refusal that names the range */
};

/* The groups of --help, in the order printed (rtla 7.2's, and ours). */
enum opt_group {
	GROUP_TRACING,
	GROUP_EVENTS,
	GROUP_CPUS,
	GROUP_THREADS,
	GROUP_HISTOGRAM,
	GROUP_OUTPUT,
	GROUP_TUNING,
	GROUP_ACTIONS,
	GROUP_BUDGETS,
	GROUP_MONITOR,
	GROUP_GENERAL,
	NR_OPT_GROUPS,
};

struct opt_spec {
	const char *long_name;
	int short_name;			/* 0: long form only */
	int has_arg;			/* getopt's no/required/optional_argument */
	unsigned int tools;		/* FOR_* mask */
	const char *arg_name;		/* for --help: "us" shows as <us>; an
					   optional one is shown as written */
	const char *help;
	int (*set)(struct opt_ctx *ctx, const char *arg, const char **why);
	enum opt_group group;		/* where --help lists it */
};

enum options_result {
	OPTIONS_OK = 0,
	OPTIONS_HELP = 1,	/* --help was printed: exit 129 */
	OPTIONS_ERROR = -1,	/* one line was printed: exit 1 */
	OPTIONS_USAGE = -2,	/* a usage error (unknown option, missing
				   value), in one line: exit 129 */
};

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
