// SPDX-License-Identifier: GPL-2.0
/*
 * The tracers' options that say what is done with a run: output, system
 * tuning, actions, budgets, the monitor's and the general ones; their
 * setters and their rows of the option table.
 */
#include <getopt.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "model/budget.h"
#include "model/sources.h"
#include "cli/monitor_options.h"
#include "cli/options_output.h"
#include "cli/options_tracing.h"
#include "cli/parse.h"

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

static int set_dma_latency(struct opt_ctx *ctx, const char *arg,
			   const char **why)
{
	return parse_u64_in(arg, 0, 10000000, "us",
			    &ctx->params->dma_latency_us, why, ctx->reason);
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

DEFINE_FLAG_SETTER(no_aa)
DEFINE_FLAG_SETTER(dump_tasks)

static int set_aa_only(struct opt_ctx *ctx, const char *arg, const char **why)
{
	return parse_u64_in(arg, 0, UINT32_MAX, "us", &ctx->params->aa_only_us,
			    why, ctx->reason);
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

/* As tracing_options: ours (--json, --budget, ...) in their groups. */
const struct opt_spec output_options[] = {
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

const size_t nr_output_options = sizeof(output_options) / sizeof(output_options[0]);
