// SPDX-License-Identifier: GPL-2.0
#include <getopt.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/budget.h"
#include "model/sources.h"
#include "cli/monitor_options.h"
#include "cli/options.h"
#include "params/output_paths.h"
#include "cli/parse.h"
#include "output/render.h"

#define MAX_LONG_OPTIONS	64

/* A CPU list option: the set, and the text as given for reports. */
static int set_cpu_list(struct opt_ctx *ctx, const char *arg, const char **why,
			cpu_set_t *set, char **text)
{
	if (parse_cpu_list(arg, ctx->nr_cpus, set, why))
		return -1;
	free(*text);
	*text = strdup(arg);
	return 0;
}

static int set_cpus(struct opt_ctx *ctx, const char *arg, const char **why)
{
	return set_cpu_list(ctx, arg, why, &ctx->params->cpu_set,
			    &ctx->params->cpus);
}

static int set_duration(struct opt_ctx *ctx, const char *arg, const char **why)
{
	return parse_duration(arg, &ctx->params->duration_s, why);
}

static int set_debug(struct opt_ctx *ctx, const char *arg, const char **why)
{
	ctx->params->debug++;
	return 0;
}

static int set_quiet(struct opt_ctx *ctx, const char *arg, const char **why)
{
	ctx->params->quiet = true;
	return 0;
}

static int set_nano(struct opt_ctx *ctx, const char *arg, const char **why)
{
	ctx->params->nano = true;
	return 0;
}

static int set_auto(struct opt_ctx *ctx, const char *arg, const char **why)
{
	return parse_u64_in(arg, 1, UINT32_MAX, "us", &ctx->params->auto_us,
			    why, ctx->reason);
}

static int set_trace(struct opt_ctx *ctx, const char *arg, const char **why)
{
	struct rtla_params *params = ctx->params;

	params->trace = true;
	params->trace_on_stop = true;
	if (!arg)
		return 0;
	if (*arg == '=')
		arg++;
	if (!*arg) {
		*why = "empty file name";
		return -1;
	}
	free(params->trace_file);
	params->trace_file = strdup(arg);
	return 0;
}

static int set_event(struct opt_ctx *ctx, const char *arg, const char **why)
{
	struct rtla_params *params = ctx->params;

	if (params->nr_events >= RTLA_MAX_EVENTS) {
		*why = "too many events";
		return -1;
	}
	if (parse_event(arg, &params->events[params->nr_events], why))
		return -1;
	params->nr_events++;
	params->trace = true;
	params->trace_on_stop = true;
	return 0;
}

static int set_event_string(struct opt_ctx *ctx, const char *arg,
			    const char **why, size_t offset)
{
	struct rtla_params *params = ctx->params;
	char **field;

	if (!params->nr_events) {
		*why = "needs a preceding -e event";
		ctx->line = offset == offsetof(struct event_spec, filter) ?
			    "--filter requires a previous -e" :
			    "--trigger requires a previous -e";
		return -1;
	}
	if (!params->events[params->nr_events - 1].name) {
		*why = "needs a preceding -e sys:event, not a whole system";
		return -1;
	}
	field = (char **)((char *)&params->events[params->nr_events - 1] +
			  offset);
	free(*field);
	*field = strdup(arg);
	return 0;
}

static int set_filter(struct opt_ctx *ctx, const char *arg, const char **why)
{
	return set_event_string(ctx, arg, why,
				offsetof(struct event_spec, filter));
}

static int set_trigger(struct opt_ctx *ctx, const char *arg, const char **why)
{
	return set_event_string(ctx, arg, why,
				offsetof(struct event_spec, trigger));
}

static int set_priority(struct opt_ctx *ctx, const char *arg, const char **why)
{
	return parse_sched(arg, &ctx->params->sched, why);
}

/*
 * A number in [@min, @max] for *@value; out of range on the side where
 * rtla 7.2 has a line of its own (@below or @above), that line.
 */
static int set_range(struct opt_ctx *ctx, const char *arg, const char **why,
		     uint64_t min, uint64_t max, uint64_t *value,
		     const char *below, const char *above, const char *ours)
{
	const char *ignored;
	uint64_t number;

	if (!parse_u64_range(arg, min, max, value, why))
		return 0;
	*why = ours;
	if (parse_u64_range(arg, 0, UINT64_MAX, &number, &ignored))
		return -1;
	ctx->line = number < min ? below : above;
	return -1;
}

static int set_timerlat_period(struct opt_ctx *ctx, const char *arg,
			       const char **why)
{
	return set_range(ctx, arg, why, 100, 1000000, &ctx->params->period_us,
			 NULL, "Period longer than 1 s",
			 "period must be 100-1000000 us");
}

static int set_osnoise_period(struct opt_ctx *ctx, const char *arg,
			      const char **why)
{
	return set_range(ctx, arg, why, 1, 10000000, &ctx->params->period_us,
			 NULL, "Period longer than 10 s",
			 "period must be 1-10000000 us");
}

static int set_runtime(struct opt_ctx *ctx, const char *arg, const char **why)
{
	return set_range(ctx, arg, why, 100, 10000000,
			 &ctx->params->runtime_us, "Runtime shorter than 100 us",
			 NULL, "runtime must be 100-10000000 us");
}

static int set_us(struct opt_ctx *ctx, const char *arg, uint64_t *value,
		  const char **why)
{
	return parse_u64_in(arg, 0, UINT32_MAX, "us", value, why, ctx->reason);
}

static int set_stop(struct opt_ctx *ctx, const char *arg, const char **why)
{
	struct rtla_params *params = ctx->params;

	return set_us(ctx, arg, &params->stop_us, why);
}

static int set_stop_total(struct opt_ctx *ctx, const char *arg,
			  const char **why)
{
	struct rtla_params *params = ctx->params;

	return set_us(ctx, arg, &params->stop_total_us, why);
}

static int set_threshold(struct opt_ctx *ctx, const char *arg,
			 const char **why)
{
	struct rtla_params *params = ctx->params;

	return set_us(ctx, arg, &params->threshold_us, why);
}

static int set_stack(struct opt_ctx *ctx, const char *arg, const char **why)
{
	struct rtla_params *params = ctx->params;

	return set_us(ctx, arg, &params->print_stack_us, why);
}

static int set_dma_latency(struct opt_ctx *ctx, const char *arg,
			   const char **why)
{
	return parse_u64_in(arg, 0, 10000000, "us",
			    &ctx->params->dma_latency_us, why, ctx->reason);
}

static int set_bucket_size(struct opt_ctx *ctx, const char *arg,
			   const char **why)
{
	uint64_t value;

	if (parse_u64_range(arg, 1, 1000000, &value, why)) {
		*why = "bucket size must be 1-1000000";
		return -1;
	}
	ctx->params->bucket_size = value;
	return 0;
}

static int set_sources(struct opt_ctx *ctx, const char *arg, const char **why)
{
	uint64_t value = SOURCES_DEFAULT_TOP;

	if (arg && parse_u64_range(arg, 1, 1000, &value, why)) {
		*why = "--sources takes 1-1000 sources a CPU";
		return -1;
	}
	ctx->params->sources_top = value;
	return 0;
}

static int set_sources_by_comm(struct opt_ctx *ctx, const char *arg,
			       const char **why)
{
	ctx->params->sources_by_comm = true;
	if (!ctx->params->sources_top)
		ctx->params->sources_top = SOURCES_DEFAULT_TOP;
	return 0;
}

static int set_entries(struct opt_ctx *ctx, const char *arg, const char **why)
{
	uint64_t value;

	if (parse_u64_range(arg, 10, 9999999, &value, why)) {
		*why = "entries must be 10-9999999";
		return -1;
	}
	ctx->params->entries = value;
	return 0;
}

static int set_string(struct opt_ctx *ctx, const char *arg, const char **why,
		      size_t offset)
{
	char **field = (char **)((char *)ctx->params + offset);

	if (!*arg) {
		*why = "empty file name";
		return -1;
	}
	free(*field);
	*field = strdup(arg);
	return 0;
}

#define DEFINE_FILE_SETTER(field)					\
static int set_##field(struct opt_ctx *ctx, const char *arg,		\
		       const char **why)				\
{									\
	return set_string(ctx, arg, why,				\
			  offsetof(struct rtla_params, field));		\
}

DEFINE_FILE_SETTER(json_file)
DEFINE_FILE_SETTER(openmetrics_file)
DEFINE_FILE_SETTER(junit_file)
DEFINE_FILE_SETTER(bpf_action)

static int set_budget(struct opt_ctx *ctx, const char *arg, const char **why)
{
	struct rtla_params *params = ctx->params;

	if (params->nr_budgets >= RTLA_MAX_BUDGETS) {
		*why = "too many budgets";
		return -1;
	}
	if (budget_parse(arg, params->tracer, params->mode,
			 &params->budgets[params->nr_budgets], why))
		return -1;
	params->nr_budgets++;
	return 0;
}

static int set_housekeeping(struct opt_ctx *ctx, const char *arg,
			    const char **why)
{
	return set_cpu_list(ctx, arg, why, &ctx->params->housekeeping_set,
			    &ctx->params->housekeeping);
}

/* -C, -CNAME, --cgroup, --cgroup=NAME and -C NAME all work. */
static int set_cgroup(struct opt_ctx *ctx, const char *arg, const char **why)
{
	struct rtla_params *params = ctx->params;

	params->cgroup = true;
	if (!arg)
		return 0;
	if (*arg == '=')
		arg++;
	if (!*arg || strchr(arg, '\n')) {
		*why = "not a cgroup name";
		return -1;
	}
	free(params->cgroup_name);
	params->cgroup_name = strdup(arg);
	return 0;
}

static int set_warm_up(struct opt_ctx *ctx, const char *arg, const char **why)
{
	if (parse_seconds(arg, &ctx->params->warm_up_s, why))
		return -1;
	if (ctx->params->warm_up_s <= 86400)
		return 0;
	*why = "must be 0-86400 s";
	return -1;
}

static int set_buffer_size(struct opt_ctx *ctx, const char *arg,
			   const char **why)
{
	return parse_u64_in(arg, 1, 16 * 1024 * 1024, NULL,
			    &ctx->params->buffer_kb, why, ctx->reason);
}

static int set_aligned(struct opt_ctx *ctx, const char *arg, const char **why)
{
	return parse_u64_in(arg, 0, 1000000, NULL, &ctx->params->aligned_us,
			    why, ctx->reason);
}

static int set_deepest_idle_state(struct opt_ctx *ctx, const char *arg,
				  const char **why)
{
	return parse_u64_in(arg, 0, 99, NULL, &ctx->params->deepest_idle_state,
			    why, ctx->reason);
}

static int add_action(struct opt_ctx *ctx, struct action_list *list,
		      const char *arg, const char **why)
{
	struct action *action = &list->item[list->count];

	if (list->count >= RTLA_MAX_ACTIONS) {
		*why = "too many actions";
		return -1;
	}
	if (action_parse(arg, action, why))
		return -1;
	list->count++;
	/* the trace action saves rtla's trace instance */
	if (action->kind == ACTION_TRACE)
		ctx->params->trace = true;
	return 0;
}

static int set_on_threshold(struct opt_ctx *ctx, const char *arg,
			    const char **why)
{
	return add_action(ctx, &ctx->params->on_threshold, arg, why);
}

static int set_on_end(struct opt_ctx *ctx, const char *arg, const char **why)
{
	return add_action(ctx, &ctx->params->on_end, arg, why);
}

#define DEFINE_FLAG_SETTER(field)					\
static int set_##field(struct opt_ctx *ctx, const char *arg,		\
		       const char **why)				\
{									\
	ctx->params->field = true;					\
	return 0;							\
}

DEFINE_FLAG_SETTER(no_irq)
DEFINE_FLAG_SETTER(no_thread)
DEFINE_FLAG_SETTER(no_header)
DEFINE_FLAG_SETTER(no_summary)
DEFINE_FLAG_SETTER(no_index)
DEFINE_FLAG_SETTER(with_zeros)
DEFINE_FLAG_SETTER(percentiles)
DEFINE_FLAG_SETTER(user_threads)
DEFINE_FLAG_SETTER(kernel_threads)
DEFINE_FLAG_SETTER(user_load)
DEFINE_FLAG_SETTER(no_aa)
DEFINE_FLAG_SETTER(dump_tasks)

static int set_aa_only(struct opt_ctx *ctx, const char *arg, const char **why)
{
	return set_us(ctx, arg, &ctx->params->aa_only_us, why);
}

static int set_stack_format(struct opt_ctx *ctx, const char *arg,
			    const char **why)
{
	static const char *const formats[] = { "truncate", "skip", "full" };
	int i;

	for (i = 0; i < 3; i++) {
		if (!strcmp(arg, formats[i])) {
			ctx->params->stack_format = i;
			return 0;
		}
	}
	*why = "the stack format is truncate, skip or full";
	return -1;
}

#define OSN	(FOR_OSNOISE | FOR_MODES | FOR_HWNOISE)
#define TLAT	(FOR_TIMERLAT | FOR_MODES)
#define ANY	FOR_ALL
#define HIST(t)	((t) | FOR_HIST)
#define MON	FOR_MONITOR

/*
 * Grouped as --help lists them, in rtla 7.2's order within each group;
 * ours (--percentiles, --json, --budget, ...) join the group they belong to.
 */
static const struct opt_spec option_table[] = {
	/* Tracing Options */
	{ "period", 'p', required_argument, OSN, "us",
	  "osnoise period in us", set_osnoise_period, GROUP_TRACING },
	{ "runtime", 'r', required_argument, OSN, "us",
	  "osnoise runtime in us, at most the period", set_runtime, GROUP_TRACING },
	{ "stop", 's', required_argument, OSN, "us",
	  "stop tracing when a single noise reaches <us>", set_stop, GROUP_TRACING },
	{ "stop-total", 'S', required_argument, OSN, "us",
	  "stop tracing when the noise of one period reaches <us>", set_stop_total, GROUP_TRACING },
	{ "threshold", 'T', required_argument, OSN, "us",
	  "the smallest gap counted as noise (tracing_thresh; 0 means 5 us)", set_threshold, GROUP_TRACING },
	{ "irq", 'i', required_argument, TLAT | MON, "us",
	  "stop tracing when an IRQ latency reaches <us>", set_stop, GROUP_TRACING },
	{ "period", 'p', required_argument, TLAT | MON, "us",
	  "timerlat period in us (100-1000000)", set_timerlat_period, GROUP_TRACING },
	{ "stack", 's', required_argument, TLAT | MON, "us",
	  "save the IRQ stack when a thread latency reaches <us>", set_stack, GROUP_TRACING },
	{ "thread", 'T', required_argument, TLAT | MON, "us",
	  "stop tracing when a thread latency reaches <us>", set_stop_total, GROUP_TRACING },
	{ "trace", 't', optional_argument, ANY | MON, "[=<[file]>]",
	  "on a stop, save the trace to file (default: <tracer>_trace.txt)", set_trace, GROUP_TRACING },
	/* Event Configuration */
	{ "event", 'e', required_argument, ANY | MON, "sys:event",
	  "enable this event (or a whole system) in the trace instance; repeatable", set_event, GROUP_EVENTS },
	{ "filter", 0, required_argument, ANY | MON, "filter",
	  "apply this filter to the previous -e event", set_filter, GROUP_EVENTS },
	{ "trigger", 0, required_argument, ANY | MON, "trigger",
	  "apply this trigger to the previous -e event", set_trigger, GROUP_EVENTS },
	/* CPU Configuration */
	{ "cpus", 'c', required_argument, ANY | MON, "cpu-list",
	  "measure only these CPUs (example: 0-3,5)", set_cpus, GROUP_CPUS },
	{ "house-keeping", 'H', required_argument, ANY | MON, "cpu-list",
	  "run rtla's own threads only on these CPUs (default: the CPUs -c leaves free)", set_housekeeping, GROUP_CPUS },
	/* Thread Configuration */
	{ "aligned", 'A', required_argument, TLAT | MON, "us",
	  "align the threads' wake-ups to this offset from each other (TIMERLAT_ALIGN)", set_aligned, GROUP_THREADS },
	{ "cgroup", 'C', optional_argument, ANY | MON, "[=...]",
	  "put the measuring threads in this cgroup (no name: rtla's own)", set_cgroup, GROUP_THREADS },
	{ "kernel-threads", 'k', no_argument, TLAT | MON, NULL,
	  "measure with the kernel's timerlat threads", set_kernel_threads, GROUP_THREADS },
	{ "priority", 'P', required_argument, ANY | MON, "o:prio|r:prio|f:prio|d:runtime:period",
	  "scheduling of the measuring threads: SCHED_OTHER nice, SCHED_RR or SCHED_FIFO priority, or SCHED_DEADLINE runtime and period (ns, or with us, ms, s)", set_priority, GROUP_THREADS },
	{ "user-load", 'U', no_argument, TLAT | MON, NULL,
	  "measure your own workload, which reads osnoise/per_cpu/cpuN/timerlat_fd", set_user_load, GROUP_THREADS },
	{ "user-threads", 'u', no_argument, TLAT | MON, NULL,
	  "measure with rtla's user-space processes (the default where the kernel has timerlat_fd)", set_user_threads, GROUP_THREADS },
	/* Histogram Options */
	{ "bucket-size", 'b', required_argument, HIST(FOR_TRACERS) | MON, "N",
	  "histogram bucket size (default 1)", set_bucket_size, GROUP_HISTOGRAM },
	{ "entries", 'E', required_argument, HIST(FOR_TRACERS) | MON, "N",
	  "number of histogram buckets (default 256; timerlat monitor 1000)", set_entries, GROUP_HISTOGRAM },
	{ "no-header", 0, no_argument, HIST(FOR_TRACERS), NULL,
	  "do not print the header", set_no_header, GROUP_HISTOGRAM },
	{ "no-index", 0, no_argument, HIST(FOR_TRACERS), NULL,
	  "do not print the index column", set_no_index, GROUP_HISTOGRAM },
	{ "no-irq", 0, no_argument, HIST(FOR_TIMERLAT) | MON, NULL,
	  "leave out IRQ latencies", set_no_irq, GROUP_HISTOGRAM },
	{ "no-summary", 0, no_argument, HIST(FOR_TRACERS), NULL,
	  "do not print the summary", set_no_summary, GROUP_HISTOGRAM },
	{ "no-thread", 0, no_argument, HIST(FOR_TIMERLAT) | MON, NULL,
	  "leave out thread latencies", set_no_thread, GROUP_HISTOGRAM },
	{ "with-zeros", 0, no_argument, HIST(FOR_TRACERS), NULL,
	  "print buckets that are empty on every CPU too", set_with_zeros, GROUP_HISTOGRAM },
	{ "percentiles", 0, no_argument, HIST(FOR_TRACERS), NULL,
	  "add p50, p90, p99, p99.9 and p99.99 rows after max:", set_percentiles, GROUP_HISTOGRAM },
	/* Output */
	{ "nano", 'n', no_argument, TLAT | MON, NULL,
	  "show latencies in nanoseconds", set_nano, GROUP_OUTPUT },
	{ "quiet", 'q', no_argument, FOR_TRACERS | FOR_TOP | FOR_HWNOISE, NULL,
	  "print only the final summary", set_quiet, GROUP_OUTPUT },
	{ "sources", 0, optional_argument, OSN | TLAT | MON, "[=N]",
	  "after the summary, the N (default 5) sources of each CPU's noise (timerlat: of its thread latency) by total time (IRQs, softirqs, threads, NMIs, hardware), counted in the kernel", set_sources, GROUP_OUTPUT },
	{ "sources-by-comm", 0, no_argument, OSN | TLAT | MON, NULL,
	  "with --sources (implied), count a thread's pids as one source, by comm", set_sources_by_comm, GROUP_OUTPUT },
	{ "json", 0, required_argument, FOR_TRACERS | FOR_MODES | MON, "FILE",
	  "write the results as JSON (rt-tests layout plus an \"rtla\" key) to FILE, - for stdout", set_json_file, GROUP_OUTPUT },
	{ "openmetrics", 0, required_argument, FOR_TRACERS | FOR_MODES, "FILE",
	  "write the results as Prometheus/OpenMetrics text to FILE, atomically", set_openmetrics_file, GROUP_OUTPUT },
	{ "junit", 0, required_argument, FOR_TRACERS | FOR_MODES, "FILE",
	  "write the verdicts (the run, each budget) as JUnit XML to FILE", set_junit_file, GROUP_OUTPUT },
	/* System Tuning */
	{ "deepest-idle-state", 0, required_argument, TLAT | MON, "n",
	  "let the measured CPUs go no deeper than idle state n (restored at the end)", set_deepest_idle_state, GROUP_TUNING },
	{ "dma-latency", 0, required_argument, TLAT | MON, "us",
	  "hold /dev/cpu_dma_latency at <us> while measuring", set_dma_latency, GROUP_TUNING },
	{ "trace-buffer-size", 0, required_argument, ANY | MON, "kB",
	  "per-CPU ring buffer size of rtla's trace instances", set_buffer_size, GROUP_TUNING },
	{ "warm-up", 0, required_argument, ANY | MON, "s",
	  "let the workload run this long before collecting", set_warm_up, GROUP_TUNING },
	/* Auto Analysis and Actions */
	{ "auto", 'a', required_argument, ANY | MON, "us",
	  "stop when a sample reaches <us>, keep the trace (sets the stop thresholds and -t)", set_auto, GROUP_ACTIONS },
	{ "aa-only", 0, required_argument, FOR_TIMERLAT | FOR_TOP, "us",
	  "stop when a latency reaches <us> and print only the auto-analysis, no statistics", set_aa_only, GROUP_ACTIONS },
	{ "bpf-action", 0, required_argument, TLAT | MON, "program",
	  "on a stop threshold's hit, the BPF collector tail-calls action_handler (a tp/ section) of this BPF object file", set_bpf_action, GROUP_ACTIONS },
	{ "dump-tasks", 0, no_argument, TLAT | MON, NULL,
	  "on a stop, the auto-analysis also prints the task each CPU was running", set_dump_tasks, GROUP_ACTIONS },
	{ "no-aa", 0, no_argument, TLAT | MON, NULL,
	  "no auto-analysis of a stop (it runs whenever a stop threshold is set)", set_no_aa, GROUP_ACTIONS },
	{ "on-end", 0, required_argument, ANY | MON, "action",
	  "when the measurement ends: an action as for --on-threshold; repeatable", set_on_end, GROUP_ACTIONS },
	{ "on-threshold", 0, required_argument, ANY | MON, "action",
	  "when a stop threshold is hit: trace[,file=NAME], signal,num=N,pid=PID|parent, shell,command=CMD or continue; repeatable, run in order up to one that fails or continue", set_on_threshold, GROUP_ACTIONS },
	{ "stack-format", 0, required_argument, TLAT | MON, "format",
	  "how the analysis prints a stack with unknown addresses: truncate (stop there, the default), skip or full", set_stack_format, GROUP_ACTIONS },
	/* Budgets (ours) */
	{ "budget", 0, required_argument, FOR_TRACERS | FOR_MODES, "CTX:STAT=VALUE",
	  "fail the run (exit 2) if a CPU exceeds it at the end: CTX irq, thread, user (timerlat) or noise (osnoise); STAT max, avg, over or pN (hist); VALUE in us unless suffixed ns, us, ms, s; repeatable", set_budget, GROUP_BUDGETS },
	/* Monitor Options (timerlat monitor's own) */
	{ "interval", 0, required_argument, FOR_TIMERLAT | MON, "time[s|m|h]",
	  "close a window this often (default 60 s): its max and count per CPU and context, --record and --textfile written", set_interval, GROUP_MONITOR },
	{ "listen", 0, required_argument, FOR_TIMERLAT | MON, "[ADDR:]PORT",
	  "serve Prometheus' /metrics on PORT (a bare PORT: localhost; :PORT every address)", set_listen, GROUP_MONITOR },
	{ "web-config", 0, required_argument, FOR_TIMERLAT | MON, "FILE",
	  "TLS and basic auth for --listen, in the exporter toolkit's web-config format", set_web_config, GROUP_MONITOR },
	{ "buckets", 0, required_argument, FOR_TIMERLAT | MON, "LIST",
	  "the histogram's le bounds, ascending (10us,100us,1ms; default 1 us to 100 ms in 1-2-5 steps)", set_buckets, GROUP_MONITOR },
	{ "record", 0, required_argument, FOR_TIMERLAT | MON, "FILE",
	  "append each closed window to FILE as a JSON line", set_record, GROUP_MONITOR },
	{ "record-size", 0, required_argument, FOR_TIMERLAT | MON, "SIZE",
	  "rotate --record's file before it passes SIZE (bytes, or k, M, G; default 16M)", set_record_size, GROUP_MONITOR },
	{ "record-keep", 0, required_argument, FOR_TIMERLAT | MON, "N",
	  "rotated --record files kept: FILE.1 to FILE.N (default 4; 0 empties FILE)", set_record_keep, GROUP_MONITOR },
	{ "textfile", 0, required_argument, FOR_TIMERLAT | MON, "PATH",
	  "rewrite the exposition to PATH atomically every window, for node_exporter's textfile collector", set_textfile, GROUP_MONITOR },
	{ "keep-traces", 0, required_argument, FOR_TIMERLAT | MON, "N",
	  "each hit's saved trace (-t, -a, trace actions) is renamed FILE.<hit>; keep the last N (default 10)", set_keep_traces, GROUP_MONITOR },
	/* General */
	{ "debug", 'D', no_argument, ANY | MON, NULL,
	  "print debug information on stderr", set_debug, GROUP_GENERAL },
	{ "duration", 'd', required_argument, ANY | MON, "time[s|m|h|d]",
	  "stop after this long (default unit: seconds)", set_duration, GROUP_GENERAL },
	{ "help", 'h', no_argument, ANY | MON, NULL,
	  "print this help (exit status 129)", NULL, GROUP_GENERAL },
};

const struct opt_spec *options_table(size_t *count)
{
	*count = sizeof(option_table) / sizeof(option_table[0]);
	return option_table;
}

unsigned int tool_mask(const struct tool_id *tool)
{
	if (tool->hwnoise)
		return FOR_HWNOISE;
	if (tool->monitor)
		return FOR_TIMERLAT | FOR_MONITOR;
	return (tool->tracer == TRACER_TIMERLAT ? FOR_TIMERLAT : FOR_OSNOISE) |
	       (tool->mode == MODE_HIST ? FOR_HIST : FOR_TOP);
}

static bool option_applies(const struct opt_spec *spec, unsigned int mask)
{
	if (mask & FOR_HWNOISE)
		return spec->tools & FOR_HWNOISE;
	return (spec->tools & mask & FOR_TRACERS) &&
	       (spec->tools & mask & (FOR_MODES | FOR_MONITOR));
}

/* The options of one tool, in table order. */
static size_t tool_options(const struct tool_id *tool,
			   const struct opt_spec **specs)
{
	unsigned int mask = tool_mask(tool);
	size_t i, count = 0;

	for (i = 0; i < sizeof(option_table) / sizeof(option_table[0]); i++)
		if (option_applies(&option_table[i], mask))
			specs[count++] = &option_table[i];
	return count;
}

static const char *const group_titles[NR_OPT_GROUPS] = {
	[GROUP_TRACING] = "Tracing Options",
	[GROUP_EVENTS] = "Event Configuration",
	[GROUP_CPUS] = "CPU Configuration",
	[GROUP_THREADS] = "Thread Configuration",
	[GROUP_HISTOGRAM] = "Histogram Options",
	[GROUP_OUTPUT] = "Output",
	[GROUP_TUNING] = "System Tuning",
	[GROUP_ACTIONS] = "Auto Analysis and Actions",
	[GROUP_BUDGETS] = "Budgets",
	[GROUP_MONITOR] = "Monitor Options",
	[GROUP_GENERAL] = "General",
};

/* Where descriptions start; an option longer than the gap before it
   gets its own line. */
#define HELP_DESC_COLUMN	26

/* "    -p, --period <us>": one option's name and value. */
static void print_option(const struct opt_spec *spec, FILE *out)
{
	char name[128];
	int len;

	len = snprintf(name, sizeof(name), "    %c%c%c --%s",
		       spec->short_name ? '-' : ' ',
		       spec->short_name ? spec->short_name : ' ',
		       spec->short_name ? ',' : ' ', spec->long_name);
	if (spec->arg_name && spec->has_arg == optional_argument)
		len += snprintf(name + len, sizeof(name) - len, "%s",
				spec->arg_name);
	else if (spec->arg_name)
		len += snprintf(name + len, sizeof(name) - len, " <%s>",
				spec->arg_name);
	if (len <= HELP_DESC_COLUMN - 2)
		fprintf(out, "%-*s%s\n", HELP_DESC_COLUMN, name, spec->help);
	else
		fprintf(out, "%s\n%*s%s\n", name, HELP_DESC_COLUMN, "",
			spec->help);
}

void options_usage(const struct tool_id *tool, FILE *out)
{
	const struct opt_spec *specs[MAX_LONG_OPTIONS];
	size_t i, count = tool_options(tool, specs);
	const char *space = strchr(tool->name, ' ');
	bool listed;
	int group;

	/* "rtla timerlat [top]": top is the mode run without one */
	if (space && tool->mode == MODE_TOP)
		fprintf(out, "\n Usage: rtla %.*s [top] [<options>] [-h|--help]\n\n",
			(int)(space - tool->name), tool->name);
	else
		fprintf(out, "\n Usage: rtla %s [<options>] [-h|--help]\n\n",
			tool->name);
	for (group = 0; group < NR_OPT_GROUPS; group++) {
		listed = false;
		for (i = 0; i < count; i++) {
			if (specs[i]->group != (enum opt_group)group)
				continue;
			if (!listed)
				fprintf(out, "%s:\n", group_titles[group]);
			listed = true;
			print_option(specs[i], out);
		}
		if (listed)
			fputc('\n', out);
	}
	if (tool->monitor)
		fprintf(out, "Exit status: 0 ended by SIGTERM or SIGINT, 1 an error, 129 this\n"
			"help or a usage error.\n\n");
	else
		fprintf(out, "Exit status: 0 the run completed, 1 an error, 2 a stop threshold or\n"
			"a budget was hit, 129 this help or a usage error, 128 + N signal N.\n\n");
}

static void build_getopt(const struct opt_spec **specs, size_t count,
			 struct option *longopts, char *shortopts)
{
	char *s = shortopts;
	size_t i;

	*s++ = '+';	/* no permutation: "-t FILE" may consume the next word */
	*s++ = ':';
	for (i = 0; i < count; i++) {
		longopts[i].name = specs[i]->long_name;
		longopts[i].has_arg = specs[i]->has_arg;
		longopts[i].flag = NULL;
		longopts[i].val = 256 + i;
		if (!specs[i]->short_name)
			continue;
		*s++ = specs[i]->short_name;
		if (specs[i]->has_arg == required_argument)
			*s++ = ':';
		else if (specs[i]->has_arg == optional_argument) {
			*s++ = ':';
			*s++ = ':';
		}
	}
	*s = '\0';
	memset(&longopts[count], 0, sizeof(longopts[count]));
}

static const struct opt_spec *find_spec(const struct opt_spec **specs,
					size_t count, int opt)
{
	size_t i;

	if (opt >= 256 && (size_t)(opt - 256) < count)
		return specs[opt - 256];
	for (i = 0; i < count; i++)
		if (specs[i]->short_name == opt)
			return specs[i];
	return NULL;
}

/* The option as the user spelled it, for error messages. */
static void spelled(const struct opt_spec *spec, int opt, char *buf,
		    size_t size)
{
	if (opt >= 256)
		snprintf(buf, size, "--%s", spec->long_name);
	else
		snprintf(buf, size, "-%c", opt);
}

/*
 * A long option getopt refused: a value given to a flag that takes none,
 * a prefix of more than one option, or no option at all.
 */
static void explain_long(const struct tool_id *tool,
			 const struct opt_spec **specs, size_t count,
			 const char *word, FILE *err)
{
	const char *name = word + 2, *equal = strchr(word, '=');
	size_t len = equal ? (size_t)(equal - name) : strlen(name);
	size_t i, matches = 0;

	if (strncmp(word, "--", 2))
		goto unknown;
	for (i = 0; i < count; i++) {
		if (strncmp(specs[i]->long_name, name, len))
			continue;
		if (strlen(specs[i]->long_name) == len) {
			if (equal && specs[i]->has_arg == no_argument) {
				fprintf(err, "rtla %s: option '--%s' takes no value\n",
					tool->name, specs[i]->long_name);
				return;
			}
			goto unknown;
		}
		matches++;
	}
	if (matches < 2)
		goto unknown;
	fprintf(err, "rtla %s: ambiguous option '%.*s':", tool->name,
		(int)len + 2, word);
	for (i = 0, matches = 0; i < count; i++)
		if (!strncmp(specs[i]->long_name, name, len))
			fprintf(err, "%s --%s", matches++ ? "," : "",
				specs[i]->long_name);
	fputc('\n', err);
	return;
unknown:
	fprintf(err, "rtla %s: unknown option '%s'\n", tool->name, word);
}

/*
 * rtla 7.2's own line for a refused value of these options, printed
 * instead of ours (scripts may look for it); "%s" in it is the value.
 */
static const struct {
	const char *option;
	const char *line;
} refused_lines[] = {
	{ "cpus", "Invalid -c cpu list" },
	{ "duration", "Invalid -d duration" },
	{ "priority", "Invalid -P priority" },
	{ "house-keeping", "Error parsing house keeping CPUs" },
	{ "bucket-size", "Bucket size needs to be > 0 and <= 1000000" },
	{ "entries", "Entries must be > 10 and < 10000000" },
	{ "on-threshold", "Invalid action %s" },
	{ "on-end", "Invalid action %s" },
};

/*
 * Print rtla 7.2's line for @spec's refused value @arg (and @why): false
 * if none.
 */
static bool print_refused(const struct opt_spec *spec, const char *arg,
			  const char *why, FILE *err)
{
	const char *line, *value;
	size_t i;

	for (i = 0; i < sizeof(refused_lines) / sizeof(refused_lines[0]); i++)
		if (!strcmp(refused_lines[i].option, spec->long_name))
			break;
	if (i == sizeof(refused_lines) / sizeof(refused_lines[0]))
		return false;
	line = refused_lines[i].line;
	value = strstr(line, "%s");
	if (value && arg)
		fprintf(err, "%.*s%s%s\n", (int)(value - line), line, arg,
			value + 2);
	else
		fprintf(err, "%s\n", line);
	/* rtla 7.2's line stays first for scripts; ours says why */
	if (arg && why)
		fprintf(err, "  '%s': %s\n", arg, why);
	return true;
}

static int check_combinations(const struct tool_id *tool,
			      struct rtla_params *params, FILE *err)
{
	struct output_path first, second;
	struct budget_set budgets;
	char reason[320];

	/* rtla 7.2's lines where it has one */
	if (params->no_irq && params->no_thread) {
		fprintf(err, "no-irq and no-thread set, there is nothing to do here\n");
		return -1;
	}
	if (params->user_threads && params->kernel_threads &&
	    !params->user_load) {
		fprintf(err, "--kernel-threads and --user-threads are mutually exclusive!\n");
		return -1;
	}
	if (param_given(params->aa_only_us) && params->no_aa) {
		fprintf(err, "rtla %s: --aa-only and --no-aa exclude each other\n",
			tool->name);
		return -1;
	}
	if (params->user_threads + params->kernel_threads +
	    params->user_load > 1) {
		fprintf(err, "rtla %s: -u, -k and -U exclude each other\n",
			tool->name);
		return -1;
	}
	budgets = params_budget_set(params);
	if (budgets_check_units(&budgets, reason, sizeof(reason))) {
		fprintf(err, "rtla %s: %s\n", tool->name, reason);
		return -1;
	}
	if (budgets_check_range(&budgets, reason, sizeof(reason)))
		fprintf(err, "rtla %s: warning: %s\n", tool->name, reason);
	if (output_paths_clash(params, &first, &second)) {
		fprintf(err, "rtla %s: %s and %s both write %s: give each its own file\n",
			tool->name, first.option, second.option, second.path);
		return -1;
	}
	if (param_given(params->period_us) &&
	    param_given(params->runtime_us) &&
	    params->runtime_us > params->period_us) {
		fprintf(err, "rtla %s: runtime %llu us is longer than period %llu us\n",
			tool->name, (unsigned long long)params->runtime_us,
			(unsigned long long)params->period_us);
		return -1;
	}
	return 0;
}

/* -a: stop at the given latency and keep the trace, unless set otherwise. */
static void apply_auto(struct rtla_params *params)
{
	if (!param_given(params->auto_us))
		return;
	params->stop_us = param_or(params->stop_us, params->auto_us);
	if (params->tracer == TRACER_TIMERLAT) {
		params->stop_total_us = param_or(params->stop_total_us,
						 params->auto_us);
		params->print_stack_us = param_or(params->print_stack_us,
						  params->auto_us);
	} else {
		params->threshold_us = param_or(params->threshold_us, 1);
	}
	params->trace = true;
	params->trace_on_stop = true;
}

/* --aa-only: stop at the latency given, analyse it, print nothing else. */
static void apply_aa_only(struct rtla_params *params)
{
	if (!param_given(params->aa_only_us))
		return;
	params->stop_us = param_or(params->stop_us, params->aa_only_us);
	params->stop_total_us = param_or(params->stop_total_us,
					 params->aa_only_us);
	params->print_stack_us = param_or(params->print_stack_us,
					  params->aa_only_us);
}

/* The words after the options, for one warning. */
struct extra_words {
	char text[256];
	size_t len;
};

static void argv_extra(char **argv, int i, struct extra_words *extra)
{
	size_t room = sizeof(extra->text) - extra->len;
	int n = snprintf(extra->text + extra->len, room, " %s", argv[i]);

	extra->len += n < 0 ? 0 : (size_t)n < room ? (size_t)n : room - 1;
}

/* A top's screens (stderr when a report takes stdout) on a terminal. */
static bool live_colours(const struct tool_id *tool,
			 const struct rtla_params *params)
{
	FILE *text = params_report_to_stdout(params) ? stderr : stdout;

	return tool->mode == MODE_TOP &&
	       top_display(params->quiet, isatty(fileno(text))).pretty;
}

enum options_result options_parse(const struct tool_id *tool, int argc,
				  char **argv, int nr_cpus,
				  struct rtla_params *params, FILE *err)
{
	const struct opt_spec *specs[MAX_LONG_OPTIONS];
	struct option longopts[MAX_LONG_OPTIONS + 1];
	char shortopts[3 * MAX_LONG_OPTIONS + 3];
	size_t count = tool_options(tool, specs);
	struct opt_ctx ctx = { .params = params, .nr_cpus = nr_cpus };
	struct extra_words extra = { .len = 0 };
	const struct opt_spec *spec;
	const char *why, *arg;
	char name[64];
	int opt, cpu;

	params_alloc(params, tool->tracer, tool->mode);
	params->hwnoise = tool->hwnoise;
	params->monitor = tool->monitor;
	if (tool->monitor)
		params->entries = MONITOR_DEFAULT_ENTRIES;
	for (cpu = 0; cpu < nr_cpus && cpu < CPU_SETSIZE; cpu++)
		CPU_SET(cpu, &params->cpu_set);

	build_getopt(specs, count, longopts, shortopts);
	optind = 0;
	opterr = 0;
	for (;;) {
		opt = getopt_long(argc, argv, shortopts, longopts, NULL);
		/* a word that is no option: rtla 7.2 skips it and goes on */
		if (opt == -1 && optind < argc &&
		    strcmp(argv[optind - 1], "--")) {
			argv_extra(argv, optind++, &extra);
			continue;
		}
		if (opt == -1)
			break;
		if (opt == '?') {
			if (optopt && optopt < 256)
				fprintf(err, "rtla %s: unknown option '-%c'\n",
					tool->name, optopt);
			else
				explain_long(tool, specs, count,
					     argv[optind - 1], err);
			return OPTIONS_USAGE;
		}
		if (opt == ':') {
			fprintf(err, "rtla %s: option '%s' needs a value\n",
				tool->name, argv[optind - 1]);
			return OPTIONS_USAGE;
		}
		spec = find_spec(specs, count, opt);
		/* main() says it when stdout could not take it */
		if (!spec->set) {
			options_usage(tool, stdout);
			return OPTIONS_HELP;
		}
		arg = optarg;
		/* "-t FILE": an optional argument given as the next word */
		if (spec->has_arg == optional_argument && !arg &&
		    optind < argc && argv[optind][0] != '-')
			arg = argv[optind++];
		why = NULL;
		ctx.line = NULL;
		if (spec->set(&ctx, arg, &why)) {
			if (ctx.line) {
				fprintf(err, "%s\n", ctx.line);
				return OPTIONS_ERROR;
			}
			if (print_refused(spec, arg, why, err))
				return OPTIONS_ERROR;
			spelled(spec, opt, name, sizeof(name));
			if (arg)
				fprintf(err, "rtla %s: invalid %s '%s': %s\n",
					tool->name, name, arg, why);
			else
				fprintf(err, "rtla %s: %s: %s\n", tool->name,
					name, why);
			return OPTIONS_ERROR;
		}
	}
	while (optind < argc)
		argv_extra(argv, optind++, &extra);
	/* rtla 7.2 runs without a word about them */
	if (extra.len)
		fprintf(err, "rtla %s: ignoring extra arguments:%s\n",
			tool->name, extra.text);
	apply_auto(params);
	apply_aa_only(params);
	if (tool->hwnoise)
		params->threshold_us = param_or(params->threshold_us, 1);
	params->pretty = live_colours(tool, params);
	if (check_combinations(tool, params, err) ||
	    (tool->monitor && monitor_options_check(tool, params, err)))
		return OPTIONS_ERROR;
	return OPTIONS_OK;
}
