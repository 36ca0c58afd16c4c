// SPDX-License-Identifier: GPL-2.0
/* A tool's command line: parse it, then run the tool. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/options.h"
#include "cli/tool_main.h"

int tool_main(const struct rtla_tool *tool, int argc, char **argv,
	      const char *cmdline)
{
	int nr_cpus = sysconf(_SC_NPROCESSORS_CONF);
	struct rtla_params params;
	int status;

	switch (options_parse(&tool->id, argc, argv, nr_cpus, &params,
			      stderr)) {
	case OPTIONS_HELP:
	case OPTIONS_USAGE:	/* rtla 7.2's status for both */
		params_free(&params);
		return RTLA_EXIT_USAGE;
	case OPTIONS_ERROR:
		params_free(&params);
		return RTLA_EXIT_ERROR;
	case OPTIONS_OK:
		break;
	}
	params.reports.cmdline = strdup(cmdline);
	status = run_tool(tool, &params, nr_cpus);
	params_free(&params);
	return status;
}
