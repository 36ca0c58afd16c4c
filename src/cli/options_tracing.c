// SPDX-License-Identifier: GPL-2.0
/*
 * The tracers' options that say what is measured and how: tracing,
 * events, CPUs, threads and the histogram; their setters and their rows
 * of the option table.
 */
#include <getopt.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cli/options_tracing.h"
#include "cli/parse.h"

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

static int set_aligned(struct opt_ctx *ctx, const char *arg, const char **why)
{
	return parse_u64_in(arg, 0, 1000000, NULL, &ctx->params->aligned_us,
			    why, ctx->reason);
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

/*
 * Grouped as --help lists them, in rtla 7.2's order within each group;
 * ours (--percentiles, ...) join the group they belong to.
 */
const struct opt_spec tracing_options[] = {
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
};

const size_t nr_tracing_options = sizeof(tracing_options) / sizeof(tracing_options[0]);
