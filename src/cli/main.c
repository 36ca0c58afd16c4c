// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli/plot_exec.h"
#include "run/file_tools.h"
#include "cli/tool_main.h"
#include "version.h"

struct command {
	const char *name;
	const char *help;
	const struct rtla_tool *top;	/* the default mode */
	const struct rtla_tool *hist;	/* NULL: no modes */
	const struct rtla_tool *monitor;	/* NULL: no monitor mode */
};

static const struct command commands[] = {
	{ "osnoise", "measure the operating system noise",
	  &osnoise_top_tool, &osnoise_hist_tool, NULL },
	{ "timerlat", "measure the timer IRQ and thread latency",
	  &timerlat_top_tool, &timerlat_hist_tool, &timerlat_monitor_tool },
	{ "hwnoise", "measure hardware-related noise (osnoise with IRQs off)",
	  &hwnoise_tool, NULL, NULL },
};

#define NR_COMMANDS	(sizeof(commands) / sizeof(commands[0]))

static void usage(FILE *out)
{
	size_t i;

	fprintf(out, "\nrtla version %s\n\n  usage: rtla COMMAND ...\n\n  commands:\n",
		RTLA_VERSION);
	for (i = 0; i < NR_COMMANDS; i++)
		fprintf(out, "     %-9s- %s\n", commands[i].name,
			commands[i].help);
	fprintf(out, "     %-9s- %s\n", "report",
		"print and write a saved JSON report again (rtla's or cyclictest's)");
	fprintf(out, "     %-9s- %s\n", "compare",
		"compare two saved reports: a regression gate");
	fprintf(out, "     %-9s- %s\n", "plot",
		"draw the latency histograms of saved reports (SVG, PNG, PDF)");
	fprintf(out, "\n  modes of osnoise and timerlat: top (the default), hist; timerlat monitor\n");
	fprintf(out, "  rtla COMMAND [MODE] --help describes the options\n\n");
}

/* "rtla timerlat --help": the command's modes, in rtla 7.2's layout. */
static void command_usage(const struct command *cmd, FILE *out)
{
	fprintf(out, "\n%s version %s\n\n  usage: [rtla] %s [MODE] ...\n\n",
		cmd->name, RTLA_VERSION, cmd->name);
	fprintf(out, "  modes:\n     top   - %s\n     hist  - %s\n",
		cmd->top->id.summary, cmd->hist->id.summary);
	if (cmd->monitor)
		fprintf(out, "     monitor - %s\n", cmd->monitor->id.summary);
	fprintf(out, "\nwithout a MODE, top runs with the arguments given\n\n");
}

static bool is_help(const char *arg)
{
	return !strcmp(arg, "-h") || !strcmp(arg, "--help") ||
	       !strcmp(arg, "help");
}

static bool is_version(const char *arg)
{
	return !strcmp(arg, "--version") || !strcmp(arg, "-V");
}

static int print_version(void)
{
	printf("rtla version %s\n", RTLA_VERSION);
	return RTLA_EXIT_OK;
}

static char cmdline[4096];

static void save_cmdline(int argc, char **argv)
{
	size_t len = 0;
	int i;

	for (i = 0; i < argc && len < sizeof(cmdline); i++)
		len += snprintf(cmdline + len, sizeof(cmdline) - len, "%s%s",
				i ? " " : "", argv[i]);
}

static int run_command(const struct command *cmd, int argc, char **argv)
{
	/* "timerlat --version" through the link, or "rtla timerlat -V" */
	if (argc == 2 && is_version(argv[1]))
		return print_version();
	if (!cmd->hist)
		return tool_main(cmd->top, argc, argv, cmdline);
	if (argc < 2 || argv[1][0] == '-') {
		if (argc == 2 && is_help(argv[1])) {
			command_usage(cmd, stdout);
			return RTLA_EXIT_USAGE;	/* rtla 7.2's, for help too */
		}
		return tool_main(cmd->top, argc, argv, cmdline);
	}
	if (!strcmp(argv[1], "top"))
		return tool_main(cmd->top, argc - 1, argv + 1, cmdline);
	if (!strcmp(argv[1], "hist"))
		return tool_main(cmd->hist, argc - 1, argv + 1, cmdline);
	if (cmd->monitor && !strcmp(argv[1], "monitor"))
		return tool_main(cmd->monitor, argc - 1, argv + 1, cmdline);
	if (is_help(argv[1])) {
		command_usage(cmd, stdout);
		return RTLA_EXIT_USAGE;
	}
	fprintf(stderr, "rtla %s: unknown mode '%s' (top, hist%s)\n",
		cmd->name, argv[1], cmd->monitor ? " or monitor" : "");
	return RTLA_EXIT_USAGE;
}

/* The command called @name, or NULL. */
static const struct command *find_command(const char *name)
{
	size_t i;

	for (i = 0; i < NR_COMMANDS; i++)
		if (!strcmp(name, commands[i].name))
			return &commands[i];
	return NULL;
}

static int dispatch(int argc, char **argv)
{
	const char *self = strrchr(argv[0], '/');
	const struct command *cmd;

	save_cmdline(argc, argv);
	/* run as "osnoise ..." or "timerlat ...", links to rtla */
	cmd = find_command(self ? self + 1 : argv[0]);
	if (cmd)
		return run_command(cmd, argc, argv);
	if (argc < 2) {
		usage(stderr);
		return RTLA_EXIT_USAGE;
	}
	if (is_help(argv[1])) {
		usage(stdout);
		return RTLA_EXIT_USAGE;
	}
	if (is_version(argv[1]))
		return print_version();
	cmd = find_command(argv[1]);
	if (cmd)
		return run_command(cmd, argc - 1, argv + 1);
	if (!strcmp(argv[1], "report"))
		return report_main(argc - 1, argv + 1);
	if (!strcmp(argv[1], "compare"))
		return compare_main(argc - 1, argv + 1);
	if (!strcmp(argv[1], "plot"))
		return plot_exec(argc - 1, argv + 1);
	fprintf(stderr, "rtla: unknown command '%s' (osnoise, timerlat, hwnoise, report, compare or plot)\n",
		argv[1]);
	return RTLA_EXIT_USAGE;
}

/*
 * What went to stdout must have got there: help, a version or a report
 * sent to a full disk is an error, said once.  A measuring run already
 * said it (and exits 1); a closed pipe is the reader's choice.
 */
static int check_stdout(int status)
{
	if (!fflush(stdout) && !ferror(stdout))
		return status;
	if (status == RTLA_EXIT_ERROR || errno == EPIPE)
		return status;
	fprintf(stderr, "rtla: cannot write to stdout: %s\n",
		strerror(errno ? errno : EIO));
	return RTLA_EXIT_ERROR;
}

int main(int argc, char **argv)
{
	return check_stdout(dispatch(argc, argv));
}
