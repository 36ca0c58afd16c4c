/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_COMMANDS_H
#define RTLA_COMMANDS_H

#include <stdio.h>

#include "cli/file_command.h"
#include "run/tool.h"

/*
 * One of rtla's commands, declared once: "rtla --help", the dispatch,
 * the docs tests and the completion's checks read this table.
 */
struct rtla_command {
	const char *name;
	const char *summary;		/* its line in "rtla --help" */
	/* a tracer: its tool in each mode (hist NULL: it has no modes) */
	const struct rtla_tool *top;
	const struct rtla_tool *hist;
	const struct rtla_tool *monitor;
	/* a command over saved files: its options, and what runs it */
	const struct file_command *files;
	int (*run)(int argc, char **argv);
};

extern const struct rtla_command rtla_commands[];
extern const size_t nr_rtla_commands;

/* The command called @name, or NULL. */
const struct rtla_command *command_find(const char *name);

/* "rtla --help": every command and its summary. */
void commands_usage(FILE *out);

/* "rtla: unknown command 'X' (osnoise, ... or plot)" on stderr. */
void commands_unknown(const char *name);

/* "rtla timerlat --help": a tracer's modes. */
void command_modes_usage(const struct rtla_command *cmd, FILE *out);

#endif
