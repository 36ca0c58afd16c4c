/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_RUN_H
#define RTLA_RUN_H

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <time.h>

#include "cli/params.h"
#include "collect/collector_choice.h"
#include "model/aa.h"
#include "model/action_outcome.h"
#include "model/results.h"
#include "model/tracer.h"
#include "run/tool.h"
#include "session/idle_states.h"
#include "session/knobs.h"

struct tep_handle;
struct tracefs_instance;
struct trace_reader;
struct sample_source;
struct user_threads;
struct bpf_collector;

/* Everything one run sets up, torn down in reverse by run_teardown(). */
struct run {
	const struct rtla_tool *tool;
	const struct tracer_desc *tracer;
	struct rtla_params *params;
	struct knobs knobs;
	bool knobs_saved;
	struct tracefs_instance *main;	/* the statistics' records */
	struct tracefs_instance *trace;	/* -t: the trace to save */
	struct tep_handle *tep;
	struct trace_reader *reader;
	struct sample_source *source;
	enum collector_choice collector;	/* RTLA_COLLECTOR */
	char *noise_hist;		/* osnoise hist's trigger, when the
					   kernel counts the samples */
	struct bpf_collector *bpf;	/* timerlat, counted in the kernel */
	bool bpf_hit;			/* ... which saw a stop threshold */
	struct rtla_results results;
	struct user_threads *user_threads;
	struct idle_states idle;
	bool idle_limited;
	bool workload_failed;		/* measuring threads ended early */
	bool trace_save_failed;		/* -t's trace could not be saved */
	struct action_outcomes on_threshold;
	struct action_outcomes on_end;
	struct aa aa;			/* timerlat auto-analysis */
	bool aa_on;
	int dma_fd;
	char *mounted_tracefs;		/* rtla mounted it: unmount at the end */
	FILE *text;			/* the text report: stderr when a
					   report goes to stdout */
	int text_errno;			/* why writing the text failed */
	time_t start_time;
	time_t end_time;
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

/* Check every output path can be written; each failure told. */
int run_check_outputs(struct run *run);

/*
 * Check the system, save and apply the tracer settings, start tracing:
 * 0 when measuring can start, 1 when a signal asked to end first, -1 on
 * an error (said).
 */
int run_setup(struct run *run, int nr_cpus);
/* Undo run_setup(), whatever part of it was done. */
/* Undo the set-up; -1 when something could not be undone (said). */
int run_teardown(struct run *run);

/* The measuring threads and their CPUs: set up, and undo. */
int run_workload_setup(struct run *run);
/* End the measuring threads (user-space ones) before tracing stops. */
void run_workload_stop(struct run *run);
void run_workload_teardown(struct run *run);

/*
 * Count the tool's samples in the kernel where it can (a hist trigger):
 * 0 when it does, -1 when every record is to be read instead.
 */
int run_setup_kernel_count(struct run *run);
void run_teardown_kernel_count(struct run *run);
/* A stop threshold ended the tracing (the kernel's, or the BPF program's). */
bool run_tracing_stopped(struct run *run);
/* Tracing goes on after a threshold (--on-threshold continue). */
void run_tracing_resume(struct run *run);
/* Read what the kernel counted into the results (at the end). */
void run_collect_kernel(struct run *run);
/*
 * The measured window ends: the kernel counts nothing more (the hist
 * trigger paused, the BPF program stopped) while rtla stops and reads.
 */
void run_freeze_kernel(struct run *run);
/* Forget what the kernel counted so far (after a warm-up). */
void run_reset_kernel(struct run *run);

/* Route end-of-run signals to run_stop_requested. */
void run_catch_signals(void);
/*
 * In a child about to exec: every signal back to its default (a hangup
 * stays ignored under nohup), none blocked.  Async-signal-safe.
 */
void run_signals_for_exec(void);
/* Collect samples until the duration, a stop threshold or a signal. */
void run_measure(struct run *run);

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
