// SPDX-License-Identifier: GPL-2.0
/*
 * Print the option values part of the bash completion (completion/rtla.in
 * holds the rest): which option completes which kind of value, read from
 * the option tables of every command, so that an option added there is
 * completed without editing the completion.
 *
 * Exits 1 when two tables give one option name two kinds of value.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/file_command.h"
#include "cli/options.h"

/* Every spelling of an option that completes a value, once. */
#define MAX_NAMES	128

struct named_value {
	char name[40];			/* "-c" or "--cpus" */
	const struct opt_spec *spec;	/* the first entry that spells it */
};

static struct named_value names[MAX_NAMES];
static int nr_names;

static bool same_value(const struct opt_spec *a, const struct opt_spec *b)
{
	return a->value == b->value &&
	       !strcmp(a->words ? a->words : "", b->words ? b->words : "");
}

static int add_name(const char *name, const struct opt_spec *spec)
{
	int i;

	for (i = 0; i < nr_names; i++) {
		if (strcmp(names[i].name, name))
			continue;
		if (same_value(names[i].spec, spec))
			return 0;
		fprintf(stderr, "values: %s completes two kinds of value\n",
			name);
		return -1;
	}
	if (nr_names == MAX_NAMES) {
		fprintf(stderr, "values: more than %d option names\n",
			MAX_NAMES);
		return -1;
	}
	snprintf(names[nr_names].name, sizeof(names[nr_names].name), "%s",
		 name);
	names[nr_names++].spec = spec;
	return 0;
}

static int add_table(const struct opt_spec *specs, size_t count)
{
	char name[40];
	size_t i;

	for (i = 0; i < count; i++) {
		if (specs[i].value == VALUE_ANY)
			continue;
		if (specs[i].short_name) {
			snprintf(name, sizeof(name), "-%c",
				 specs[i].short_name);
			if (add_name(name, &specs[i]))
				return -1;
		}
		snprintf(name, sizeof(name), "--%s", specs[i].long_name);
		if (add_name(name, &specs[i]))
			return -1;
	}
	return 0;
}

/* The bash that completes a value of @spec's kind: $2 is the word. */
static const char *completer(const struct opt_spec *spec)
{
	static char words[160];

	switch (spec->value) {
	case VALUE_FILE:
		return "compgen -f -- \"$2\"";
	case VALUE_CPUS:
		return "compgen -W \"$(cat /sys/devices/system/cpu/online 2>/dev/null)\" -- \"$2\"";
	case VALUE_EVENT:
		return "_rtla_events \"$2\"";
	case VALUE_ACTION:
		return "_rtla_action \"$2\"";
	case VALUE_BUDGET:
		return "_rtla_budget \"$3\" \"$4\" \"$2\"";
	case VALUE_BPF_OBJECT:
		return "_rtla_bpf_objects \"$2\"";
	case VALUE_WORDS:
	case VALUE_WORDS_GO_ON:
		snprintf(words, sizeof(words), "compgen -W '%s' -- \"$2\"",
			 spec->words);
		return words;
	default:
		return NULL;
	}
}

/* How bash shows candidates of @spec's kind, or NULL: as it likes. */
static const char *compopt(const struct opt_spec *spec)
{
	switch (spec->value) {
	case VALUE_FILE:
		return "compopt -o filenames 2>/dev/null";
	case VALUE_ACTION:
	case VALUE_BUDGET:
	case VALUE_WORDS_GO_ON:
		return "compopt -o nospace 2>/dev/null";
	default:
		return NULL;
	}
}

/*
 * One case arm per distinct result of @what, its labels the option
 * names that give it, in table order.
 */
static void print_arms(const char *(*what)(const struct opt_spec *),
		       const char *indent)
{
	bool done[MAX_NAMES] = { false };
	char text[200];
	int i, j;

	for (i = 0; i < nr_names; i++) {
		/* what() may reuse its buffer: keep this arm's text */
		if (done[i] || !what(names[i].spec))
			continue;
		snprintf(text, sizeof(text), "%s", what(names[i].spec));
		printf("\t%s", names[i].name);
		for (j = i + 1; j < nr_names; j++) {
			const char *other = what(names[j].spec);

			if (!done[j] && other && !strcmp(other, text)) {
				printf("|%s", names[j].name);
				done[j] = true;
			}
		}
		printf(")\n%s%s ;;\n", indent, text);
	}
}

int main(void)
{
	const struct file_command *files;
	const struct opt_spec *table;
	size_t count, i;

	table = options_table(&count);
	if (add_table(table, count))
		return 1;
	for (i = 0; i < nr_rtla_commands; i++) {
		files = rtla_commands[i].files;
		if (files && add_table(files->specs, files->count))
			return 1;
	}
	printf("# Generated from rtla's option tables by completion/values.c:\n"
	       "# an option's value kind is set in its table entry.\n\n");
	printf("# _rtla_values OPTION VALUE TRACER MODE: candidates for the value of\n"
	       "# OPTION.\n_rtla_values()\n{\n\tcase $1 in\n");
	print_arms(completer, "\t\t");
	printf("\tesac\n}\n\n");
	printf("# _rtla_compopt OPTION: how bash shows the candidates of OPTION.\n"
	       "_rtla_compopt()\n{\n\tcase $1 in\n");
	print_arms(compopt, "\t\t");
	printf("\tesac\n}\n");
	return 0;
}
