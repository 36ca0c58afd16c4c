/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_TOOL_H
#define RTLA_TOOL_H

#include <stdbool.h>
#include <stdio.h>

#include "params/params.h"
#include "model/results.h"

struct run;
struct render_view;

/* A tool is a descriptor over the shared layers, run by one driver. */
struct rtla_tool {
	struct tool_id id;
	/* an event the statistics need in the main instance, or NULL */
	const char *event_system;
	const char *event_name;
	/* the event's samples can be counted by a hist trigger */
	bool kernel_hist;
	/* tracing stays off from the tracer's start to the measured window */
	bool trace_from_window;
	/*
	 * The periods the tracer reports until it is stopped count, as in
	 * rtla 7.2 (else what follows the end of -d is dropped)
	 */
	bool periods_to_stop;
	void (*render)(FILE *out, const struct render_view *view,
		       const struct rtla_results *results);
	bool live;			/* a screen refreshed once a second */
	/* before the tracer is touched, what it needs (-1: said, no run) */
	int (*prepare)(struct run *run);
	/* its own measuring loop (NULL: run_measure()); -1: not started */
	int (*measure)(struct run *run);
	/* SIGTERM and SIGINT are how it ends: exit 0, not 128 + N */
	bool until_signal;
};

extern const struct rtla_tool timerlat_top_tool;
extern const struct rtla_tool timerlat_hist_tool;
extern const struct rtla_tool timerlat_monitor_tool;
extern const struct rtla_tool osnoise_top_tool;
extern const struct rtla_tool osnoise_hist_tool;
extern const struct rtla_tool hwnoise_tool;

/* Exit statuses: a CI gate tells "measured, and too slow" from "broken". */
#define RTLA_EXIT_OK			0
#define RTLA_EXIT_ERROR			1
#define RTLA_EXIT_THRESHOLD_HIT		2	/* a stop threshold ended it */
#define RTLA_EXIT_BUDGET_MISSED		2	/* a --budget was exceeded */
#define RTLA_EXIT_USAGE			129	/* --help, or a usage error */

/* The printed summary @params ask for. */
struct render_view tool_render_view(const struct rtla_params *params);

struct rtla_params;
/* Run @tool as @params (parsed) say: returns the exit status. */
int run_tool(const struct rtla_tool *tool, struct rtla_params *params,
	     int nr_cpus);

#endif
