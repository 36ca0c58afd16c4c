/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_TOOL_MAIN_H
#define RTLA_TOOL_MAIN_H

#include "run/tool.h"

/* Parse argv for @tool and run it: returns the exit status. */
int tool_main(const struct rtla_tool *tool, int argc, char **argv,
	      const char *cmdline);

#endif
