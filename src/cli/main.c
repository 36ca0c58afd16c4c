// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/tool_main.h"
#include "version.h"

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

static int run_command(const struct rtla_command *cmd, int argc, char **argv)
{
	/* "timerlat --version" through the link, or "rtla timerlat -V" */
	if (argc == 2 && is_version(argv[1]))
		return print_version();
	if (!cmd->hist)
		return tool_main(cmd->top, argc, argv, cmdline);
	if (argc < 2 || argv[1][0] == '-') {
		if (argc == 2 && is_help(argv[1])) {
			command_modes_usage(cmd, stdout);
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
		command_modes_usage(cmd, stdout);
		return RTLA_EXIT_USAGE;
	}
	fprintf(stderr, "rtla %s: unknown mode '%s' (top, hist%s)\n",
		cmd->name, argv[1], cmd->monitor ? " or monitor" : "");
	return RTLA_EXIT_USAGE;
}

static int dispatch(int argc, char **argv)
{
	const char *self = strrchr(argv[0], '/');
	const struct rtla_command *cmd;

	save_cmdline(argc, argv);
	/* run as "osnoise ..." or "timerlat ...", links to rtla */
	cmd = command_find(self ? self + 1 : argv[0]);
	if (cmd && cmd->top)
		return run_command(cmd, argc, argv);
	if (argc < 2) {
		commands_usage(stderr);
		return RTLA_EXIT_USAGE;
	}
	if (is_help(argv[1])) {
		commands_usage(stdout);
		return RTLA_EXIT_USAGE;
	}
	if (is_version(argv[1]))
		return print_version();
	cmd = command_find(argv[1]);
	if (cmd && cmd->run)
		return cmd->run(argc - 1, argv + 1);
	if (cmd)
		return run_command(cmd, argc - 1, argv + 1);
	commands_unknown(argv[1]);
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
