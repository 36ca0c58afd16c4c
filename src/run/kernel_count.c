// SPDX-License-Identifier: GPL-2.0
/*
 * Samples counted in the kernel: osnoise hist's hist trigger, timerlat's
 * BPF program.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <event-parse.h>
#include <tracefs.h>

#include "collect/bpf_collector.h"
#include "collect/hist_trigger.h"
#include "collect/reader.h"
#include "run/run.h"

#define NOISE_SYSTEM	"osnoise"
#define NOISE_EVENT	"sample_threshold"

static int measured_cpus(const struct run *run)
{
	int n = CPU_COUNT(&run->params->cpu_set);

	return n ? n : run->results.nr_cpus;
}

static int write_trigger(struct run *run, const char *spec)
{
	return tracefs_event_file_append(run->main, NOISE_SYSTEM, NOISE_EVENT,
					 "trigger", spec) < 0 ? -1 : 0;
}

static void remove_trigger(struct run *run, const char *spec)
{
	char *off;

	if (asprintf(&off, "!%s", spec) < 0)
		return;
	write_trigger(run, off);
	free(off);
}

/* Where the program finds timer_latency and context in the records. */
static int timerlat_sample_offsets(struct bpf_collector_config *config)
{
	struct tep_handle *tep = reader_load_format(NOISE_SYSTEM,
						    "timerlat_sample");
	int ret;

	if (!tep)
		return -1;
	ret = bpf_sample_offsets(tep, config);
	tep_free(tep);
	return ret;
}

/*
 * The BPF program where this rtla has it and the kernel has the
 * tracepoint (timerlat: osnoise:timerlat_sample, unless -t or -a need the
 * records; osnoise: osnoise:sample_threshold).
 */
static int setup_bpf(struct run *run)
{
	struct rtla_results *results = &run->results;
	const struct rtla_params *params = run->params;
	struct bpf_collector_config config = {
		.entries = results->entries,
		.bucket_size = results->bucket_size,
		.divisor = results->divisor,
		.irq_stop_us = param_or(params->stop_us, 0),
		.thread_stop_us = param_or(params->stop_total_us, 0),
		.noise = params->tracer != TRACER_TIMERLAT,
	};
	const char *event = config.noise ? NOISE_EVENT : "timerlat_sample";
	char why[160];

	if (config.noise) {
		/* osnoise stops in the kernel, at osnoise/stop_tracing_us */
		config.irq_stop_us = 0;
		config.thread_stop_us = 0;
	} else if (params->trace) {
		run_debug(run, "reading every record: the trace (-t, -a) needs them");
		return -1;
	}
	if (params_aa_enabled(params)) {
		run_debug(run, "reading every record: auto-analysis needs them (--no-aa counts in the kernel)");
		return -1;
	}
	if (!tracefs_event_file_exists(NULL, NOISE_SYSTEM, event, "format")) {
		run_debug(run, "reading every record: this kernel has no %s:%s for the BPF collector",
			  NOISE_SYSTEM, event);
		return -1;
	}
	if (!config.noise && timerlat_sample_offsets(&config)) {
		run_debug(run, "reading every record: osnoise:timerlat_sample has no u64 timer_latency and int context for the BPF collector");
		return -1;
	}
	run->bpf = bpf_collector_open(&config, why, sizeof(why));
	if (!run->bpf) {
		run_debug(run, "%s: no BPF collector: %s",
			  config.noise ? "a hist trigger" : "reading every record",
			  why);
		return -1;
	}
	/*
	 * The tracer still writes its records to the instance, which would
	 * only cost time: no CPU of it records (tracing_on must stay on, or
	 * the tracer stops).
	 */
	if (tracefs_instance_file_write(run->main, "tracing_cpumask", "0") < 0)
		run_debug(run, "cannot empty the tracing_cpumask of the main instance: %s",
			  strerror(errno));
	results->collector = "bpf";
	run_debug(run, "samples counted in the kernel by a BPF program on %s:%s",
		  NOISE_SYSTEM, event);
	return 0;
}

int run_setup_kernel_count(struct run *run)
{
	struct rtla_results *results = &run->results;
	struct noise_hist_plan plan;
	char trigger[256], filter[64];

	if (run->collector == COLLECTOR_TRACEFS) {
		run_debug(run, "RTLA_COLLECTOR=tracefs: reading every record");
		return -1;
	}
	if (run->params->tracer == TRACER_TIMERLAT &&
	    run->collector == COLLECTOR_NO_BPF) {
		run_debug(run, "RTLA_NO_BPF=1: reading every record");
		return -1;
	}
	if (run->params->tracer == TRACER_TIMERLAT)
		return setup_bpf(run);
	if (!run->tool->kernel_hist)
		return -1;
	/*
	 * RTLA_COLLECTOR=bpf: a BPF program instead of rtla's hist trigger.
	 * Not the default: where recording a sample costs more than the
	 * threshold (under emulation), the hist trigger's cost shows up as
	 * noise in the next sample, as it does for rtla, and the BPF
	 * program's does not, so the counts are not rtla's.
	 */
	if (run->collector == COLLECTOR_BPF && !setup_bpf(run))
		return 0;
	noise_hist_plan(&plan, results->divisor, results->entries,
			results->bucket_size, measured_cpus(run));
	if (noise_hist_trigger(&plan, trigger, sizeof(trigger)) ||
	    noise_hist_filter(&plan, filter, sizeof(filter)))
		return -1;
	if (write_trigger(run, trigger)) {
		run_debug(run, "no hist trigger on %s:%s (%s): reading every record",
			  NOISE_SYSTEM, NOISE_EVENT, strerror(errno));
		return -1;
	}
	/* the ring buffer gets only what the trigger does not keep */
	if (tracefs_event_file_write(run->main, NOISE_SYSTEM, NOISE_EVENT,
				     "filter", filter) < 0) {
		run_debug(run, "cannot filter %s:%s (%s): reading every record",
			  NOISE_SYSTEM, NOISE_EVENT, strerror(errno));
		remove_trigger(run, trigger);
		return -1;
	}
	run->noise_hist = strdup(trigger);
	if (!run->noise_hist) {
		remove_trigger(run, trigger);
		tracefs_event_file_write(run->main, NOISE_SYSTEM, NOISE_EVENT,
					 "filter", "0");
		return -1;
	}
	results->collector = "hist-trigger";
	run_debug(run, "noise samples counted in the kernel: %s; the ring buffer gets %s",
		  trigger, filter);
	return 0;
}

static void add_noise(void *ctx, int cpu, uint64_t value_ns, uint64_t count)
{
	results_add_samples(ctx, cpu, CTX_NOISE, value_ns, count);
}

bool run_tracing_stopped(struct run *run)
{
	int hits;

	if (run->bpf && !run->bpf_hit) {
		hits = bpf_collector_poll(run->bpf);
		if (hits < 0)
			run_debug(run, "reading the BPF ring buffer failed: %s",
				  strerror(errno));
		run->bpf_hit = hits > 0;
	}
	return run->bpf_hit || !tracefs_trace_is_on(run->main);
}

void run_tracing_resume(struct run *run)
{
	if (run->trace)
		tracefs_trace_on(run->trace);
	tracefs_trace_on(run->main);
	if (run->bpf)
		bpf_collector_resume(run->bpf);
	run->bpf_hit = false;
}

static void collect_bpf(struct run *run)
{
	struct rtla_results *results = &run->results;
	int cpu;

	/* the maps hold everything so far: the results are made anew */
	results_reset(results);
	if (bpf_collector_read(run->bpf, results))
		run_error(run, "cannot read the BPF collector's maps: %s",
			  strerror(errno));
	results->dropped = bpf_collector_lost(run->bpf);
	for (cpu = 0; cpu < results->nr_cpus; cpu++)
		results->cpu[cpu].lost_events = 0;
}

void run_collect_kernel(struct run *run)
{
	uint64_t dropped;
	char *text;
	long keys;

	if (run->bpf) {
		collect_bpf(run);
		return;
	}
	if (!run->noise_hist)
		return;
	text = tracefs_event_file_read(run->main, NOISE_SYSTEM, NOISE_EVENT,
				       "hist", NULL);
	if (!text) {
		run_error(run, "cannot read the kernel's histogram of %s:%s: %s",
			  NOISE_SYSTEM, NOISE_EVENT, strerror(errno));
		return;
	}
	keys = noise_hist_parse(text, add_noise, &run->results, &dropped);
	free(text);
	if (keys < 0) {
		run_error(run, "the kernel's histogram of %s:%s cannot be read",
			  NOISE_SYSTEM, NOISE_EVENT);
		return;
	}
	run->results.dropped += dropped;
	run_debug(run, "%ld keys read from the kernel's histogram, %llu samples dropped",
		  keys, (unsigned long long)dropped);
}

void run_freeze_kernel(struct run *run)
{
	char pause[300];

	if (run->bpf)
		bpf_collector_freeze(run->bpf);
	if (!run->noise_hist ||
	    noise_hist_command(run->noise_hist, "pause", pause, sizeof(pause)))
		return;
	/*
	 * Its event's filter puts the trigger ahead of tracing_on: only a
	 * pause stops it counting while the run ends.
	 */
	if (write_trigger(run, pause))
		run_debug(run, "cannot pause the hist trigger: %s",
			  strerror(errno));
}

void run_reset_kernel(struct run *run)
{
	char clear[300];

	if (run->bpf && bpf_collector_reset(run->bpf))
		run_error(run, "cannot clear the BPF collector's maps: %s",
			  strerror(errno));
	if (!run->noise_hist)
		return;
	if (!noise_hist_command(run->noise_hist, "clear", clear,
				sizeof(clear)) && !write_trigger(run, clear))
		return;
	/* a trigger removed and set again starts from zero */
	remove_trigger(run, run->noise_hist);
	if (write_trigger(run, run->noise_hist))
		run_error(run, "cannot set the hist trigger again: %s",
			  strerror(errno));
}

void run_teardown_kernel_count(struct run *run)
{
	bpf_collector_close(run->bpf);
	run->bpf = NULL;
	if (!run->noise_hist)
		return;
	if (run->main)
		remove_trigger(run, run->noise_hist);
	free(run->noise_hist);
	run->noise_hist = NULL;
}
