// SPDX-License-Identifier: GPL-2.0
/*
 * The one option engine: a command's opt_spec rows into getopt's tables,
 * each option through its setter, the operands in order, and every
 * refusal handed to the command to say.
 */
#include <getopt.h>
#include <string.h>

#include "cli/opt_engine.h"

struct getopt_tables {
	struct option longopts[OPT_MAX_SPECS + 1];
	char shortopts[3 * OPT_MAX_SPECS + 3];
};

static void build_getopt(const struct opt_command *cmd,
			 struct getopt_tables *tables)
{
	char *s = tables->shortopts;
	size_t i;

	*s++ = '+';	/* no permutation: "-t FILE" may consume the next word */
	*s++ = ':';
	for (i = 0; i < cmd->count; i++) {
		const struct opt_spec *spec = cmd->specs[i];

		tables->longopts[i] = (struct option){
			.name = spec->long_name, .has_arg = spec->has_arg,
			.flag = NULL, .val = 256 + i };
		if (!spec->short_name)
			continue;
		*s++ = spec->short_name;
		if (spec->has_arg == required_argument)
			*s++ = ':';
		else if (spec->has_arg == optional_argument) {
			*s++ = ':';
			*s++ = ':';
		}
	}
	*s = '\0';
	memset(&tables->longopts[cmd->count], 0, sizeof(struct option));
}

static const struct opt_spec *find_spec(const struct opt_command *cmd,
					int opt)
{
	size_t i;

	if (opt >= 256 && (size_t)(opt - 256) < cmd->count)
		return cmd->specs[opt - 256];
	for (i = 0; i < cmd->count; i++)
		if (cmd->specs[i]->short_name == opt)
			return cmd->specs[i];
	return NULL;
}

/* Run @spec's setter on @arg: 0, or -1 with the refusal said. */
static int set_option(const struct opt_command *cmd, struct opt_ctx *ctx,
		      const struct opt_spec *spec, int opt, const char *arg,
		      FILE *err)
{
	struct opt_refusal refusal = {
		.kind = OPT_BAD_VALUE, .spec = spec, .arg = arg };
	char spelled[64];

	ctx->line = NULL;
	if (!spec->set(ctx, arg, &refusal.why))
		return 0;
	if (opt >= 256)
		snprintf(spelled, sizeof(spelled), "--%s", spec->long_name);
	else
		snprintf(spelled, sizeof(spelled), "-%c", opt);
	refusal.spelled = spelled;
	cmd->refused(cmd, &refusal, ctx, err);
	return -1;
}

/* getopt's '?' or ':' at @word: said as the command says it. */
static enum options_result refuse_usage(const struct opt_command *cmd,
					const struct opt_ctx *ctx, int opt,
					const char *word, FILE *err)
{
	struct opt_refusal refusal = {
		.kind = opt == ':' ? OPT_NEEDS_VALUE : OPT_UNKNOWN,
		.word = word,
		.short_name = optopt && optopt < 256 ? optopt : 0 };

	cmd->refused(cmd, &refusal, ctx, err);
	return OPTIONS_USAGE;
}

enum options_result opt_engine_parse(const struct opt_command *cmd,
				     struct opt_ctx *ctx, int argc,
				     char **argv, FILE *err)
{
	struct getopt_tables tables;
	const struct opt_spec *spec;
	const char *arg;
	int opt;

	build_getopt(cmd, &tables);
	optind = 0;
	opterr = 0;
	for (;;) {
		opt = getopt_long(argc, argv, tables.shortopts,
				  tables.longopts, NULL);
		/* a word that is no option: an operand, and on */
		if (opt == -1 && optind < argc &&
		    strcmp(argv[optind - 1], "--")) {
			cmd->operand(ctx, argv[optind++]);
			continue;
		}
		if (opt == -1)
			break;
		if (opt == '?' || opt == ':')
			return refuse_usage(cmd, ctx, opt, argv[optind - 1],
					    err);
		spec = find_spec(cmd, opt);
		if (!spec->set)
			return OPTIONS_HELP;
		arg = optarg;
		/* "-t FILE": an optional argument given as the next word */
		if (spec->has_arg == optional_argument && !arg &&
		    optind < argc && argv[optind][0] != '-')
			arg = argv[optind++];
		if (set_option(cmd, ctx, spec, opt, arg, err))
			return OPTIONS_ERROR;
	}
	while (optind < argc)
		cmd->operand(ctx, argv[optind++]);
	return OPTIONS_OK;
}
