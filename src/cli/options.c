// SPDX-License-Identifier: GPL-2.0
/*
 * The tracers' command lines: which of the table's options a tool takes,
 * its --help, and rtla 7.2's words for what it refuses.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/monitor_options.h"
#include "cli/opt_engine.h"
#include "cli/options_output.h"
#include "cli/options_tracing.h"
#include "cli/options.h"
#include "params/params_check.h"
#include "output/render.h"

#define OPTION_TABLE_SIZE	96

/* The two sections of the table, end to end: filled once. */
static struct opt_spec option_table[OPTION_TABLE_SIZE];

const struct opt_spec *options_table(size_t *count)
{
	static size_t filled;

	/* a table grown past its room: every test that parses stops here */
	if (nr_tracing_options + nr_output_options > OPTION_TABLE_SIZE)
		abort();
	if (!filled) {
		memcpy(option_table, tracing_options,
		       nr_tracing_options * sizeof(struct opt_spec));
		memcpy(option_table + nr_tracing_options, output_options,
		       nr_output_options * sizeof(struct opt_spec));
		filled = nr_tracing_options + nr_output_options;
	}
	*count = filled;
	return option_table;
}

unsigned int tool_mask(const struct tool_id *tool)
{
	if (tool->hwnoise)
		return FOR_HWNOISE;
	if (tool->monitor)
		return FOR_TIMERLAT | FOR_MONITOR;
	return (tool->tracer == TRACER_TIMERLAT ? FOR_TIMERLAT : FOR_OSNOISE) |
	       (tool->mode == MODE_HIST ? FOR_HIST : FOR_TOP);
}

static bool option_applies(const struct opt_spec *spec, unsigned int mask)
{
	if (mask & FOR_HWNOISE)
		return spec->tools & FOR_HWNOISE;
	return (spec->tools & mask & FOR_TRACERS) &&
	       (spec->tools & mask & (FOR_MODES | FOR_MONITOR));
}

/* The options of one tool, in table order. */
static size_t tool_options(const struct tool_id *tool,
			   const struct opt_spec **specs)
{
	unsigned int mask = tool_mask(tool);
	const struct opt_spec *table;
	size_t i, total, count = 0;

	table = options_table(&total);
	for (i = 0; i < total && count < OPT_MAX_SPECS; i++)
		if (option_applies(&table[i], mask))
			specs[count++] = &table[i];
	return count;
}

static const char *const group_titles[NR_OPT_GROUPS] = {
	[GROUP_TRACING] = "Tracing Options",
	[GROUP_EVENTS] = "Event Configuration",
	[GROUP_CPUS] = "CPU Configuration",
	[GROUP_THREADS] = "Thread Configuration",
	[GROUP_HISTOGRAM] = "Histogram Options",
	[GROUP_OUTPUT] = "Output",
	[GROUP_TUNING] = "System Tuning",
	[GROUP_ACTIONS] = "Auto Analysis and Actions",
	[GROUP_BUDGETS] = "Budgets",
	[GROUP_MONITOR] = "Monitor Options",
	[GROUP_GENERAL] = "General",
};

/* Where descriptions start; an option longer than the gap before it
   gets its own line. */
#define HELP_DESC_COLUMN	26

/* "    -p, --period <us>": one option's name and value. */
static void print_option(const struct opt_spec *spec, FILE *out)
{
	char name[128];
	int len;

	len = snprintf(name, sizeof(name), "    %c%c%c --%s",
		       spec->short_name ? '-' : ' ',
		       spec->short_name ? spec->short_name : ' ',
		       spec->short_name ? ',' : ' ', spec->long_name);
	if (spec->arg_name && spec->has_arg == optional_argument)
		len += snprintf(name + len, sizeof(name) - len, "%s",
				spec->arg_name);
	else if (spec->arg_name)
		len += snprintf(name + len, sizeof(name) - len, " <%s>",
				spec->arg_name);
	if (len <= HELP_DESC_COLUMN - 2)
		fprintf(out, "%-*s%s\n", HELP_DESC_COLUMN, name, spec->help);
	else
		fprintf(out, "%s\n%*s%s\n", name, HELP_DESC_COLUMN, "",
			spec->help);
}

void options_usage(const struct tool_id *tool, FILE *out)
{
	const struct opt_spec *specs[OPT_MAX_SPECS];
	size_t i, count = tool_options(tool, specs);
	const char *space = strchr(tool->name, ' ');
	bool listed;
	int group;

	/* "rtla timerlat [top]": top is the mode run without one */
	if (space && tool->mode == MODE_TOP)
		fprintf(out, "\n Usage: rtla %.*s [top] [<options>] [-h|--help]\n\n",
			(int)(space - tool->name), tool->name);
	else
		fprintf(out, "\n Usage: rtla %s [<options>] [-h|--help]\n\n",
			tool->name);
	for (group = 0; group < NR_OPT_GROUPS; group++) {
		listed = false;
		for (i = 0; i < count; i++) {
			if (specs[i]->group != (enum opt_group)group)
				continue;
			if (!listed)
				fprintf(out, "%s:\n", group_titles[group]);
			listed = true;
			print_option(specs[i], out);
		}
		if (listed)
			fputc('\n', out);
	}
	if (tool->monitor)
		fprintf(out, "Exit status: 0 ended by SIGTERM or SIGINT, 1 an error, 129 this\n"
			"help or a usage error.\n\n");
	else
		fprintf(out, "Exit status: 0 the run completed, 1 an error, 2 a stop threshold or\n"
			"a budget was hit, 129 this help or a usage error, 128 + N signal N.\n\n");
}

/*
 * A long option getopt refused: a value given to a flag that takes none,
 * a prefix of more than one option, or no option at all.
 */
static void explain_long(const struct opt_command *cmd, const char *word,
			 FILE *err)
{
	const char *name = word + 2, *equal = strchr(word, '=');
	size_t len = equal ? (size_t)(equal - name) : strlen(name);
	size_t i, matches = 0;

	if (strncmp(word, "--", 2))
		goto unknown;
	for (i = 0; i < cmd->count; i++) {
		if (strncmp(cmd->specs[i]->long_name, name, len))
			continue;
		if (strlen(cmd->specs[i]->long_name) == len) {
			if (equal && cmd->specs[i]->has_arg == no_argument) {
				fprintf(err, "rtla %s: option '--%s' takes no value\n",
					cmd->name, cmd->specs[i]->long_name);
				return;
			}
			goto unknown;
		}
		matches++;
	}
	if (matches < 2)
		goto unknown;
	fprintf(err, "rtla %s: ambiguous option '%.*s':", cmd->name,
		(int)len + 2, word);
	for (i = 0, matches = 0; i < cmd->count; i++)
		if (!strncmp(cmd->specs[i]->long_name, name, len))
			fprintf(err, "%s --%s", matches++ ? "," : "",
				cmd->specs[i]->long_name);
	fputc('\n', err);
	return;
unknown:
	fprintf(err, "rtla %s: unknown option '%s'\n", cmd->name, word);
}

/*
 * rtla 7.2's own line for a refused value of these options, printed
 * instead of ours (scripts may look for it); "%s" in it is the value.
 */
static const struct {
	const char *option;
	const char *line;
} refused_lines[] = {
	{ "cpus", "Invalid -c cpu list" },
	{ "duration", "Invalid -d duration" },
	{ "priority", "Invalid -P priority" },
	{ "house-keeping", "Error parsing house keeping CPUs" },
	{ "bucket-size", "Bucket size needs to be > 0 and <= 1000000" },
	{ "entries", "Entries must be > 10 and < 10000000" },
	{ "on-threshold", "Invalid action %s" },
	{ "on-end", "Invalid action %s" },
};

/*
 * Print rtla 7.2's line for @spec's refused value @arg (and @why): false
 * if none.
 */
static bool print_refused(const struct opt_spec *spec, const char *arg,
			  const char *why, FILE *err)
{
	const char *line, *value;
	size_t i;

	for (i = 0; i < sizeof(refused_lines) / sizeof(refused_lines[0]); i++)
		if (!strcmp(refused_lines[i].option, spec->long_name))
			break;
	if (i == sizeof(refused_lines) / sizeof(refused_lines[0]))
		return false;
	line = refused_lines[i].line;
	value = strstr(line, "%s");
	if (value && arg)
		fprintf(err, "%.*s%s%s\n", (int)(value - line), line, arg,
			value + 2);
	else
		fprintf(err, "%s\n", line);
	/* rtla 7.2's line stays first for scripts; ours says why */
	if (arg && why)
		fprintf(err, "  '%s': %s\n", arg, why);
	return true;
}

/* A refusal, in rtla 7.2's words where it has them, else in ours. */
static void tracer_refused(const struct opt_command *cmd,
			   const struct opt_refusal *refusal,
			   const struct opt_ctx *ctx, FILE *err)
{
	switch (refusal->kind) {
	case OPT_UNKNOWN:
		if (refusal->short_name)
			fprintf(err, "rtla %s: unknown option '-%c'\n",
				cmd->name, refusal->short_name);
		else
			explain_long(cmd, refusal->word, err);
		return;
	case OPT_NEEDS_VALUE:
		fprintf(err, "rtla %s: option '%s' needs a value\n",
			cmd->name, refusal->word);
		return;
	case OPT_BAD_VALUE:
		break;
	}
	if (ctx->line)
		fprintf(err, "%s\n", ctx->line);
	else if (print_refused(refusal->spec, refusal->arg, refusal->why, err))
		return;
	else if (refusal->arg)
		fprintf(err, "rtla %s: invalid %s '%s': %s\n", cmd->name,
			refusal->spelled, refusal->arg, refusal->why);
	else
		fprintf(err, "rtla %s: %s: %s\n", cmd->name, refusal->spelled,
			refusal->why);
}

/* The words after the options, for one warning. */
struct extra_words {
	char text[256];
	size_t len;
};

static void extra_word(struct opt_ctx *ctx, const char *word)
{
	struct extra_words *extra = ctx->args;
	size_t room = sizeof(extra->text) - extra->len;
	int n = snprintf(extra->text + extra->len, room, " %s", word);

	extra->len += n < 0 ? 0 : (size_t)n < room ? (size_t)n : room - 1;
}

/* A top's screens (stderr when a report takes stdout) on a terminal. */
static bool live_colours(const struct tool_id *tool,
			 const struct rtla_params *params)
{
	FILE *text = params_report_to_stdout(params) ? stderr : stdout;

	return tool->mode == MODE_TOP &&
	       top_display(params->quiet, isatty(fileno(text))).pretty;
}

/* The params a tool starts from, before its options. */
static void tool_defaults(const struct tool_id *tool, int nr_cpus,
			  struct rtla_params *params)
{
	int cpu;

	params_alloc(params, tool->tracer, tool->mode);
	params->hwnoise = tool->hwnoise;
	params->monitor = tool->monitor;
	if (tool->monitor)
		params->entries = MONITOR_DEFAULT_ENTRIES;
	for (cpu = 0; cpu < nr_cpus && cpu < CPU_SETSIZE; cpu++)
		CPU_SET(cpu, &params->cpu_set);
}

/* The rules between options, said: 0, or -1. */
static int check_params(const struct tool_id *tool,
			const struct rtla_params *params, FILE *err)
{
	struct params_verdict verdict;
	int ret = params_check(params, &verdict);

	if (verdict.warning[0])
		fprintf(err, "rtla %s: warning: %s\n", tool->name,
			verdict.warning);
	if (ret && verdict.own_line)
		fprintf(err, "%s\n", verdict.refusal);
	else if (ret)
		fprintf(err, "rtla %s: %s\n", tool->name, verdict.refusal);
	if (ret)
		return -1;
	return tool->monitor ? monitor_options_check(tool, params, err) : 0;
}

enum options_result options_parse(const struct tool_id *tool, int argc,
				  char **argv, int nr_cpus,
				  struct rtla_params *params, FILE *err)
{
	const struct opt_spec *specs[OPT_MAX_SPECS];
	struct opt_command cmd = {
		.name = tool->name, .specs = specs,
		.count = tool_options(tool, specs),
		.refused = tracer_refused, .operand = extra_word };
	struct extra_words extra = { .len = 0 };
	struct opt_ctx ctx = {
		.params = params, .nr_cpus = nr_cpus, .args = &extra };
	enum options_result result;

	tool_defaults(tool, nr_cpus, params);
	result = opt_engine_parse(&cmd, &ctx, argc, argv, err);
	/* main() says it when stdout could not take it */
	if (result == OPTIONS_HELP)
		options_usage(tool, stdout);
	if (result != OPTIONS_OK)
		return result;
	/* rtla 7.2 runs without a word about them */
	if (extra.len)
		fprintf(err, "rtla %s: ignoring extra arguments:%s\n",
			tool->name, extra.text);
	params_resolve(params);
	params->pretty = live_colours(tool, params);
	if (check_params(tool, params, err))
		return OPTIONS_ERROR;
	return OPTIONS_OK;
}
