// SPDX-License-Identifier: GPL-2.0
/*
 * Print the options the parser accepts, one line per tool and option:
 *
 *	TOOL<TAB>-X<TAB>--long<TAB>ARG
 *
 * TOOL is "timerlat hist", "hwnoise", ...; -X is "-" for a long-only
 * option; ARG is none, required or optional. The docs tests compare man
 * pages, --help and the bash completion against this list.
 *
 * The option table says which options exist; whether a tool takes one
 * is asked of options_parse() itself, so the list is what users get.
 *
 *	optlist --parse TOOL [ARG...]
 *
 * runs ARG... through the parser of TOOL ("timerlat hist") and exits 0 if
 * it takes them, 1 with the parser's message if not: the docs tests check
 * the man pages' examples with it.
 */
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/options.h"
#include "cli/plot_args.h"
#include "cli/commands.h"
#include "run/tool.h"

#define PROBE_CPUS	4

static const struct rtla_tool *const tools[] = {
	&osnoise_top_tool, &osnoise_hist_tool, &timerlat_top_tool,
	&timerlat_hist_tool, &timerlat_monitor_tool, &hwnoise_tool,
};

/* Does the parser of @tool accept @opt (with a value if it takes one)? */
static int accepts(const struct tool_id *tool, const char *opt, int has_arg)
{
	char *argv[] = { "rtla", (char *)opt, "1", NULL };
	int argc = has_arg == required_argument ? 3 : 2;
	struct rtla_params params;
	char *errors = NULL;
	size_t size = 0;
	int saved, null, known;
	FILE *err;

	err = open_memstream(&errors, &size);
	if (!err) {
		perror("open_memstream");
		exit(2);
	}
	/* --help prints the usage on stdout: keep it out of the list */
	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	null = open("/dev/null", O_WRONLY);
	if (saved < 0 || null < 0 || dup2(null, STDOUT_FILENO) < 0) {
		perror("/dev/null");
		exit(2);
	}
	options_parse(tool, argc, argv, PROBE_CPUS, &params, err);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	close(null);
	params_free(&params);
	fclose(err);
	known = !strstr(errors, "unknown option");
	free(errors);
	return known;
}

static const char *arg_kind(int has_arg)
{
	switch (has_arg) {
	case no_argument:
		return "none";
	case required_argument:
		return "required";
	default:
		return "optional";
	}
}

/*
 * getopt_long() also takes unambiguous abbreviations: an option the tool
 * lacks may be accepted as the prefix of one it has. Count an option as
 * the tool's only if some table entry of that name is meant for the tool.
 */
static int meant_for(const struct opt_spec *table, size_t count,
		     const char *long_name, const struct tool_id *tool)
{
	unsigned int mask = tool_mask(tool);
	size_t i;

	for (i = 0; i < count; i++)
		if (!strcmp(table[i].long_name, long_name) &&
		    (table[i].tools & mask))
			return 1;
	return 0;
}

/* Has an earlier table entry already printed @long_name? */
static int seen(const struct opt_spec *table, size_t index)
{
	size_t i;

	for (i = 0; i < index; i++)
		if (!strcmp(table[i].long_name, table[index].long_name))
			return 1;
	return 0;
}

/* Machines in the examples have up to this many CPUs ("-c 2-7") */
#define PARSE_CPUS	64

/* rtla report, compare and plot: their options, from the command table. */
static void print_file_commands(void)
{
	const struct file_command *files;
	const struct opt_spec *o;
	size_t t;

	for (t = 0; t < nr_rtla_commands; t++) {
		files = rtla_commands[t].files;
		for (o = files ? files->specs : NULL;
		     o && o < files->specs + files->count; o++)
			printf("%s\t-%s\t--%s\t%s\n", files->name,
			       o->short_name ? (char[]){ o->short_name, 0 } : "",
			       o->long_name, arg_kind(o->has_arg));
	}
}

/* Does rtla report, compare or plot take @argv? */
static int parse_files(const struct file_command *files, int argc,
		       char **argv)
{
	void *args = calloc(1, files->args_size);
	enum options_result result;

	if (!args) {
		perror("calloc");
		exit(2);
	}
	result = files->parse(argc, argv, args);
	free(args);
	return result != OPTIONS_OK;
}

static int parse(const char *name, int argc, char **argv)
{
	struct rtla_params params;
	enum options_result result;
	size_t t;

	for (t = 0; t < nr_rtla_commands; t++)
		if (rtla_commands[t].files && !strcmp(rtla_commands[t].name, name))
			return parse_files(rtla_commands[t].files, argc, argv);

	for (t = 0; t < sizeof(tools) / sizeof(tools[0]); t++)
		if (!strcmp(tools[t]->id.name, name))
			break;
	if (t == sizeof(tools) / sizeof(tools[0])) {
		fprintf(stderr, "optlist: no tool '%s'\n", name);
		return 2;
	}
	/* argv[0] stands for "rtla TOOL", as for the real parser */
	result = options_parse(&tools[t]->id, argc, argv, PARSE_CPUS, &params,
			       stderr);
	params_free(&params);
	return result == OPTIONS_OK ? 0 : 1;
}

int main(int argc, char **argv)
{
	const struct opt_spec *table, *spec;
	size_t t, i, count;
	char opt[80];

	if (argc >= 3 && !strcmp(argv[1], "--parse"))
		return parse(argv[2], argc - 2, argv + 2);

	table = options_table(&count);
	for (t = 0; t < sizeof(tools) / sizeof(tools[0]); t++) {
		const struct tool_id *tool = &tools[t]->id;

		for (i = 0; i < count; i++) {
			spec = &table[i];
			if (seen(table, i))
				continue;
			snprintf(opt, sizeof(opt), "--%s", spec->long_name);
			if (!accepts(tool, opt, spec->has_arg) ||
			    !meant_for(table, count, spec->long_name, tool))
				continue;
			snprintf(opt, sizeof(opt), "-%c", spec->short_name);
			printf("%s\t%s\t--%s\t%s\n", tool->name,
			       spec->short_name &&
			       accepts(tool, opt, spec->has_arg) ? opt : "-",
			       spec->long_name, arg_kind(spec->has_arg));
		}
	}
	print_file_commands();
	return 0;
}
