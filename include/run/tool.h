/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_TOOL_H
#define RTLA_TOOL_H

#include <stdio.h>

#include "cli/options.h"
#include "cli/params.h"
#include "model/results.h"

/* A tool is a descriptor over the shared layers, run by one driver. */
struct rtla_tool {
	struct tool_id id;
	const char *tracer;		/* the kernel tracer's name */
	const char *kconfig;		/* the option that builds it */
	const char *main_event;		/* "system:event" the stats need, or NULL */
	void (*render)(FILE *out, const struct rtla_params *params,
		       const struct rtla_results *results);
	bool live;			/* a screen refreshed once a second */
};

extern const struct rtla_tool timerlat_top_tool;
extern const struct rtla_tool timerlat_hist_tool;
extern const struct rtla_tool osnoise_top_tool;
extern const struct rtla_tool osnoise_hist_tool;
extern const struct rtla_tool hwnoise_tool;

/* Exit statuses. */
#define RTLA_EXIT_OK		0
#define RTLA_EXIT_ERROR		1
#define RTLA_EXIT_STOPPED	2

/* Parse argv for @tool and run it: returns the exit status. */
int tool_main(const struct rtla_tool *tool, int argc, char **argv,
	      const char *cmdline);

#endif
