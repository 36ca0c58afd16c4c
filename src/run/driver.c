// SPDX-License-Identifier: GPL-2.0
/* One lifecycle for every tool: set up, measure, finish, undo. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run/run.h"
#include "run/run_end.h"

int run_tool(const struct rtla_tool *tool, struct rtla_params *params,
	     int nr_cpus)
{
	struct run run = {
		.tool = tool,
		.tracer = tracer_desc(tool->id.tracer),
		.params = params,
		.workload.dma_fd = -1,
	};
	int status = RTLA_EXIT_ERROR;

	/* a monitor's lines go to the journal: stderr */
	run.text = params_report_to_stdout(params) || tool->until_signal ?
		   stderr : stdout;
	run_actions_init(&run.on_threshold, &params->actions.on_threshold);
	run_actions_init(&run.on_end, &params->actions.on_end);
	run_catch_signals();
	switch (run_setup(&run, nr_cpus)) {
	case 1:		/* ended by a signal before measuring: nothing to say */
		run_debug(&run, "stopped by signal %d while setting up",
			  (int)run_stop_requested);
		status = tool->until_signal ?
			 run_exit_status_until_stopped(run_stop_requested,
						       RTLA_EXIT_OK) :
			 run_exit_status_after_signal(run_stop_requested,
						      false, RTLA_EXIT_OK);
		break;
	case 0:
		if (tool->measure && tool->measure(&run))
			break;
		if (!tool->measure)
			run_measure(&run);
		status = run_finish(&run);
		/*
		 * a full disk behind "> file" is an error; a closed pipe is
		 * not.  A report on stdout has told its own failure.
		 */
		if (fflush(stdout))
			run.text_errno = errno;
		if (run.text == stdout && ferror(stdout) &&
		    run.text_errno != EPIPE &&
		    run_stop_requested != SIGPIPE) {
			run_error(&run, "cannot write the report to stdout: %s",
				  strerror(run.text_errno ? run.text_errno : EIO));
			status = RTLA_EXIT_ERROR;
		}
		break;
	default:	/* an error, already said */
		break;
	}
	fflush(stdout);
	/* a run that leaves something behind did not end well */
	if (run_teardown(&run) && status == RTLA_EXIT_OK)
		status = RTLA_EXIT_ERROR;
	return status;
}
