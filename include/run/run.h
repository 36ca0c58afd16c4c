/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_RUN_H
#define RTLA_RUN_H

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

#include "params/params.h"
#include "model/aa.h"
#include "model/action_outcome.h"
#include "model/results.h"
#include "model/sources.h"
#include "model/tracer.h"
#include "run/tool.h"
#include "session/idle_states.h"
#include "session/knobs.h"

struct collector;
struct tracefs_instance;
struct user_threads;

/* What a run changed in the system, restored at its end. */
struct run_changes {
	struct knobs knobs;		/* the tracer's settings, saved */
	bool knobs_saved;
	char *mounted_tracefs;		/* rtla mounted it: unmount at the end */
};

/* The measuring threads and what they run under. */
struct run_workload {
	bool user_threads;		/* rtla's user-space threads measure */
	struct user_threads *threads;	/* rtla's user-space ones, or NULL */
	struct idle_states idle;
	bool idle_limited;
	int dma_fd;			/* /dev/cpu_dma_latency held, or -1 */
	bool failed;			/* measuring threads ended early */
};

struct exporter;

/* Everything one run sets up, torn down in reverse by run_teardown(). */
struct run {
	const struct rtla_tool *tool;
	const struct tracer_desc *tracer;
	const struct rtla_params *params;	/* as parsed: never written */
	struct run_changes changed;
	struct tracefs_instance *main;	/* the statistics' records */
	struct tracefs_instance *trace;	/* -t: the trace to save */
	struct collector *collector;	/* how the samples are collected */
	struct rtla_results results;
	struct run_workload workload;
	bool trace_save_failed;		/* -t's trace could not be saved */
	int textfile_errno;		/* the monitor's last --textfile
					   write failed (said), or 0 */
	struct action_outcomes on_threshold;
	struct action_outcomes on_end;
	struct aa aa;			/* timerlat auto-analysis, when on */
	FILE *text;			/* the text report: stderr when a
					   report goes to stdout */
	int text_errno;			/* why writing the text failed */
	struct exporter *exporter;	/* --listen's process, or NULL */
};

/* The signal that asked the run to end, or 0. */
extern volatile sig_atomic_t run_stop_requested;
/* How many ending signals came: a new one while an action runs ends it. */
extern volatile sig_atomic_t run_signals_caught;

/* "rtla timerlat hist: ..." on stderr. */
void run_error(const struct run *run, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A line on stderr, with -D: no prefix, as rtla 7.2's debug lines. */
void run_debug(const struct run *run, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The session layer's -D lines (session_log_set()) go here. */
void run_debug_line(const char *line);

/*
 * Check every output path can be written, and that --web-config is a
 * regular file to read; each failure told.
 */
int run_check_outputs(struct run *run);

/*
 * Check the system, save and apply the tracer settings, start tracing:
 * 0 when measuring can start, 1 when a signal asked to end first, -1 on
 * an error (said).
 */
int run_setup(struct run *run, int nr_cpus);
/*
 * Undo run_setup(), whatever part of it was done; -1 when something could
 * not be undone (said).
 */
int run_teardown(struct run *run);

/* The measuring threads and their CPUs: set up, and undo. */
int run_workload_setup(struct run *run);
/* End the measuring threads (user-space ones) before tracing stops. */
void run_workload_stop(struct run *run);
void run_workload_teardown(struct run *run);

/* Route end-of-run signals to run_stop_requested. */
void run_catch_signals(void);
/*
 * In a child about to exec: every signal back to its default (a hangup
 * stays ignored under nohup), none blocked.  Async-signal-safe.
 */
void run_signals_for_exec(void);
/* Collect samples until the duration, a stop threshold or a signal. */
void run_measure(struct run *run);
/*
 * The measured window starts: what was counted before it is forgotten.
 * With --warm-up, the workload runs first; for a tool traced from the
 * window (osnoise hist), counting starts here, not while rtla set up.
 */
void run_start_window(struct run *run);
/* Measuring threads that ended on their own end the run, as an error. */
bool run_workload_alive(struct run *run);
/* Tracing goes on: after a stop threshold, or when the window starts. */
void run_resume_tracing(struct run *run);
/* Measuring is over: stop the workload and tracing, take the last counts. */
void run_measure_end(struct run *run);
/*
 * timerlat monitor: windows, /metrics and hits handled without stopping,
 * until a signal; -1 when it could not start (said), or when its
 * exporter ended (said).
 */
int run_monitor(struct run *run);
/* --listen: the exporter forked, confined, bound; -1 (said) on failure. */
int monitor_prepare(struct run *run);

/* Ready @outcomes to record the actions of @list. */
void run_actions_init(struct action_outcomes *outcomes,
		      const struct action_list *list);
/* How running an action list ended. */
enum actions_result {
	ACTIONS_COMPLETED,	/* every action ran */
	ACTIONS_FAILED,		/* one failed: the rest did not run */
	ACTIONS_CONTINUE,	/* "continue" was reached: the run goes on */
};

/*
 * Run the actions in order, as rtla 7.2 does: up to the first that
 * fails or up to a "continue", whatever follows it.
 */
enum actions_result run_actions(struct run *run,
				struct action_outcomes *outcomes);
/*
 * A stop threshold was hit: --on-threshold's actions, then the trace of
 * -t or -a, which rtla 7.2 adds to their end; true when the run goes on.
 */
bool run_threshold_actions(struct run *run);

/* Auto-analysis is on: run_aa_setup() made its state. */
static inline bool run_aa_on(const struct run *run)
{
	return run->aa.cpu;
}

/* Auto-analysis: its events and state (when the run asks for it), its
 * report after a stop, and its end. */
int run_aa_setup(struct run *run);
void run_aa_report(struct run *run);
void run_aa_teardown(struct run *run);
/* --aa-only without a stop: the largest latency the tracer saw. */
void run_aa_max_latency(struct run *run);

/* Report a stop, check budgets, write reports; the exit status. */
int run_finish(struct run *run);

#endif
