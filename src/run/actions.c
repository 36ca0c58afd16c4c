// SPDX-License-Identifier: GPL-2.0
/* --on-threshold and --on-end: save the trace, signal, run a command. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <tracefs.h>

#include "run/command.h"
#include "run/run.h"
#include "run/trace_dat.h"
#include "run/trace_file.h"

/*
 * A *.dat file as trace-cmd's trace.dat; when trace-cmd cannot write it,
 * the text trace goes to @file instead, so that the hit is not lost.
 */
static int save_trace_dat(struct run *run, const char *file)
{
	char why[512] = "";

	if (!trace_dat_save(run->trace, file, why, sizeof(why)))
		return 0;
	run_error(run, "cannot save %s as trace-cmd's trace.dat (%s): saving the text trace there",
		  file, why);
	return trace_file_save_trace(run->trace, file);
}

/* Save the trace to @file, named first as rtla 7.2 does; errors said. */
static int save_trace(struct run *run, const char *file)
{
	int err;

	fprintf(run->text, "  Saving trace to %s\n", file);
	fflush(run->text);
	if (!run->trace) {
		errno = ENOENT;
	} else {
		tracefs_trace_off(run->trace);
		if (trace_dat_wanted(file) ? !save_trace_dat(run, file) :
		    !trace_file_save_trace(run->trace, file))
			return 0;
	}
	err = errno;
	run_error(run, "cannot save the trace to %s: %s", file, strerror(err));
	errno = err;
	return -1;
}

/* Orphaned, or started by systemd: rtla's parent is init, left alone. */
static int send_signal(const struct action *action, const char **why)
{
	pid_t pid = action->to_parent ? getppid() : action->pid;

	if (pid == INIT_PID) {
		*why = "rtla's parent is PID 1 (init), which is not signalled";
		errno = EPERM;
		return -1;
	}
	return kill(pid, action->signal);
}

/* The command's exit status (128 + N when killed by signal N), or -1. */
static int run_shell(const struct action *action, const char **why)
{
	enum command_cut cut;
	int status;

	status = command_run(action->command, action->timeout_s, &cut);
	if (cut == COMMAND_TIMED_OUT) {
		*why = "it ran past its timeout= and was ended";
		errno = ETIME;
	} else if (cut == COMMAND_STOPPED) {
		*why = "rtla was asked to stop, and so was the command";
		errno = EINTR;
	}
	return status;
}

/* Run one action: 0, or -1 when it failed (its outcome says how). */
static int perform(struct run *run, struct action_outcome *outcome)
{
	const struct action *action = outcome->action;
	const char *why = NULL;
	int ret = 0;

	outcome->runs++;
	switch (action->kind) {
	case ACTION_TRACE:
		ret = save_trace(run, action->file ? action->file :
				 run->tracer->trace_file);
		break;
	case ACTION_SIGNAL:
		ret = send_signal(action, &why);
		break;
	case ACTION_SHELL:
		outcome->exit_status = run_shell(action, &why);
		ret = outcome->exit_status || why ? -1 : 0;
		break;
	case ACTION_CONTINUE:
		break;
	}
	if (!ret)
		return 0;
	outcome->failures++;
	outcome->error = action->kind == ACTION_SHELL && !why &&
			 outcome->exit_status >= 0 ? 0 : errno;
	/* save_trace() said why; rtla 7.2 says nothing of a command's status */
	if (outcome->error && action->kind != ACTION_TRACE)
		run_error(run, "action %s failed: %s", action->text,
			  why ? why : strerror(outcome->error));
	else if (!outcome->error)
		run_debug(run, "action %s exited with status %d", action->text,
			  outcome->exit_status);
	return -1;
}

void run_actions_init(struct action_outcomes *outcomes,
		      const struct action_list *list)
{
	int i;

	memset(outcomes, 0, sizeof(*outcomes));
	for (i = 0; i < list->count; i++) {
		outcomes->item[i].action = &list->item[i];
		outcomes->item[i].exit_status = -1;
	}
	outcomes->count = list->count;
}

enum actions_result run_actions(struct run *run,
				struct action_outcomes *outcomes)
{
	int i;

	for (i = 0; i < outcomes->count; i++) {
		if (perform(run, &outcomes->item[i]))
			return ACTIONS_FAILED;
		if (outcomes->item[i].action->kind == ACTION_CONTINUE)
			return ACTIONS_CONTINUE;
	}
	return ACTIONS_COMPLETED;
}

bool run_threshold_actions(struct run *run)
{
	switch (run_actions(run, &run->on_threshold)) {
	case ACTIONS_CONTINUE:
		return true;
	case ACTIONS_COMPLETED:
		if (run->params->trace_on_stop &&
		    save_trace(run, tracer_trace_file(run->params)))
			run->trace_save_failed = true;
		break;
	case ACTIONS_FAILED:
		break;
	}
	return false;
}
