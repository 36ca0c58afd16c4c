/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_PARAMS_H
#define RTLA_PARAMS_H

#include <sched.h>
#include <stdbool.h>
#include <stdint.h>

#include "model/buckets.h"
#include "model/context.h"
#include "model/budget.h"
#include "model/results.h"
#include "model/tracer.h"
#include "params/action.h"

#define RTLA_MAX_EVENTS		32

/* Scheduling parameters for the tracer threads (-P). */
struct sched_spec {
	bool set;
	int policy;		/* SCHED_OTHER, SCHED_RR, SCHED_FIFO, SCHED_DEADLINE */
	int priority;		/* nice for SCHED_OTHER, rt priority for RR/FIFO */
	uint64_t runtime_ns;	/* SCHED_DEADLINE */
	uint64_t period_ns;	/* SCHED_DEADLINE */
};

/* An event to enable in the trace instance (-e), with its filter and trigger. */
struct event_spec {
	char *system;
	char *name;		/* NULL: every event of the system */
	char *filter;
	char *trigger;
};

/*
 * A numeric option the command line did not give.  What that means is
 * decided where the value is used: the tracer config writes the tracer's
 * default for each knob (or 0, "off", for the stop thresholds), never
 * the kernel's leftover value.
 */
#define PARAM_UNSET		UINT64_MAX

static inline bool param_given(uint64_t value)
{
	return value != PARAM_UNSET;
}

/* @value, or @fallback when it was not given. */
static inline uint64_t param_or(uint64_t value, uint64_t fallback)
{
	return param_given(value) ? value : fallback;
}

/*
 * timerlat monitor's -E: 1 ms of 1-us buckets, so that the exposition's
 * bounds up to 1 ms are exact (rtla-timerlat-monitor(1) says why).
 */
#define MONITOR_DEFAULT_ENTRIES	1000

/* The measuring threads: their CPUs, scheduling, cgroup; rtla's own CPUs. */
struct threads_params {
	/* timerlat's measuring threads (-u, -k, -U); neither: the default */
	bool user_threads;		/* -u: rtla's own threads read
					   timerlat_fd (the run's choice
					   where none is given) */
	bool kernel_threads;		/* the kernel's timerlat/N threads */
	bool user_load;			/* the user's own workload reads it */

	char *cpus;			/* cpulist as given, validated */
	cpu_set_t cpu_set;		/* parsed -c; all CPUs when no -c */
	struct sched_spec sched;	/* -P */
	char *housekeeping;		/* -H as given */
	cpu_set_t housekeeping_set;	/* where rtla's own threads run */
	bool cgroup;			/* -C: move the measuring threads */
	char *cgroup_name;		/* NULL: rtla's own cgroup */
	uint64_t deepest_idle_state;	/* --deepest-idle-state */
	uint64_t dma_latency_us;	/* PARAM_UNSET when not given */
};

/* The tracer's knobs as given (times in us); PARAM_UNSET when not. */
struct tracer_knobs {
	uint64_t period_us;
	uint64_t runtime_us;
	uint64_t stop_us;		/* osnoise -s, timerlat -i */
	uint64_t stop_total_us;		/* osnoise -S, timerlat -T */
	uint64_t threshold_us;		/* osnoise -T: tracing_thresh */
	uint64_t print_stack_us;	/* timerlat -s */
	uint64_t aligned_us;		/* -A */
	uint64_t buffer_kb;		/* --trace-buffer-size */
};

/* timerlat's auto-analysis, on when a stop threshold is set; -a, --aa-only. */
struct aa_params {
	uint64_t auto_us;		/* -a: PARAM_UNSET when not */
	uint64_t aa_only_us;		/* --aa-only: PARAM_UNSET when not */
	bool no_aa;
	bool dump_tasks;
	int stack_format;		/* enum aa_stack_format */
};

/* rtla's trace instance: -t, -e, and what -a and a trace action keep. */
struct trace_params {
	bool trace;			/* a trace instance: -t, -a, -e or a
					   trace action */
	bool trace_on_stop;		/* -t, -a: saved when a threshold
					   stops the run */
	char *trace_file;		/* NULL: the tool's default name */
	struct event_spec events[RTLA_MAX_EVENTS];
	int nr_events;
};

/* The histogram's layout and what it shows (hist only). */
struct hist_view {
	unsigned int bucket_size;
	unsigned int entries;
	bool no_irq;
	bool no_thread;
	bool no_header;
	bool no_summary;
	bool no_index;
	bool with_zeros;
};

/* How results are printed beyond the histogram: units, colours, extras. */
struct display_params {
	bool nano;			/* -n: values in ns */
	bool pretty;			/* colours: a top's screens on a tty */
	bool percentiles;
	unsigned int sources_top;	/* --sources: the sources shown per
					   CPU, 0 when not asked */
	bool sources_by_comm;		/* a thread's pids as one source */
};

/* What a hit and the run's end do: --on-threshold, --on-end, --bpf-action. */
struct actions_params {
	struct action_list on_threshold;
	struct action_list on_end;
	char *bpf_action;		/* --bpf-action's BPF object file */
};

/* The reports a run writes and the budgets they judge. */
struct report_params {
	char *cmdline;			/* the command line, for reports */
	char *json_file;		/* "-" is stdout */
	char *openmetrics_file;
	char *junit_file;
	struct budget budgets[RTLA_MAX_BUDGETS];
	int nr_budgets;
};

/* timerlat monitor: its windows, their exposition, record and exporter. */
struct monitor_params {
	uint64_t interval_s;		/* a window's length */
	struct bucket_bounds buckets;	/* nr 0: the default bounds */
	char *listen;			/* --listen [ADDR:]PORT, or NULL */
	char *web_config;		/* --web-config FILE */
	char *record_file;		/* --record FILE */
	uint64_t record_bytes;		/* its size before a rotation */
	uint64_t record_keep;		/* rotated files kept */
	char *textfile;			/* --textfile PATH */
	uint64_t keep_traces;		/* hits' traces kept, renamed */
};

/* Everything the command line can say. */
struct rtla_params {
	/* the tool, and how long it runs */
	enum rtla_tracer tracer;
	enum rtla_mode mode;
	bool hwnoise;
	bool timerlat_monitor;		/* the tool is timerlat monitor */
	uint64_t duration_s;		/* 0: until interrupted */
	uint64_t warm_up_s;		/* PARAM_UNSET when not given */
	int debug;
	bool quiet;

	struct threads_params threads;
	struct tracer_knobs knobs;
	struct aa_params analysis;
	struct trace_params tracing;
	struct hist_view hist;
	struct display_params display;
	struct actions_params actions;
	struct report_params reports;
	struct monitor_params monitor;
};

/* The tool a command line is parsed for. */
struct tool_id {
	const char *name;		/* "timerlat hist" */
	const char *summary;		/* one line for --help */
	enum rtla_tracer tracer;
	enum rtla_mode mode;
	bool hwnoise;
	bool monitor;			/* timerlat monitor */
};

void params_alloc(struct rtla_params *params, enum rtla_tracer tracer,
		  enum rtla_mode mode);
void params_free(struct rtla_params *params);
/* How the results of a run with @params are laid out. */
struct results_layout params_results_layout(const struct rtla_params *params);
/* What decides the contexts a run with @params shows. */
struct context_view params_context_view(const struct rtla_params *params);
/* The contexts a run with @params shows, in table order; how many. */
int tracer_shown_contexts(const struct rtla_params *params,
			  const struct context_desc *shown[NR_CONTEXTS]);
/* Where -t saves the trace: the file given, or the tracer's default. */
const char *tracer_trace_file(const struct rtla_params *params);
/* The budgets of a run with @params, as the model judges them. */
struct budget_set params_budget_set(const struct rtla_params *params);
/* A report goes to stdout ("-"): the text report then goes to stderr. */
bool params_report_to_stdout(const struct rtla_params *params);
/* Auto-analysis runs: timerlat, a stop threshold set, no --no-aa. */
bool params_aa_enabled(const struct rtla_params *params);

#endif
