// SPDX-License-Identifier: GPL-2.0
/* Setting up a run in tracefs and the scheduler, and undoing it. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <unistd.h>

#include <event-parse.h>
#include <tracefs.h>

#include "collect/collector.h"
#include "run/preflight.h"
#include "run/run.h"
#include "session/instance.h"
#include "session/log.h"
#include "session/state_dir.h"
#include "session/state_record.h"
#include "serve/exporter.h"
#include "session/tracer_config.h"
#include "workload/user_threads.h"

static int check_collector(struct run *run, enum collector_choice *choice)
{
	const char *value = getenv("RTLA_COLLECTOR");

	*choice = collector_choice_parse(value, getenv("RTLA_NO_BPF"));
	if (*choice != COLLECTOR_INVALID)
		return 0;
	run_error(run, "RTLA_COLLECTOR must be auto, tracefs or bpf, not '%s'",
		  value);
	return -1;
}

/* The CPU whose timerlat_fd tells whether the kernel has user threads. */
static int first_cpu(const cpu_set_t *cpus)
{
	int cpu;

	for (cpu = 0; cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, cpus))
			return cpu;
	return 0;
}

/*
 * timerlat: user-space threads where the kernel has timerlat_fd, as
 * rtla 7.2 does, unless -k or -U says otherwise.
 */
static int choose_threads(struct run *run)
{
	const struct rtla_params *params = run->params;
	const struct threads_params *threads = &params->threads;
	char path[64];
	bool has_fd;

	if (params->tracer != TRACER_TIMERLAT)
		return 0;
	snprintf(path, sizeof(path), TIMERLAT_FD_FMT,
		 first_cpu(&threads->cpu_set));
	has_fd = tracefs_file_exists(NULL, path);
	if ((threads->user_threads || threads->user_load) && !has_fd) {
		run_error(run, "this kernel has no %s, which %s needs (Linux 6.5 or later; -k uses the kernel's threads)",
			  path, threads->user_load ? "-U" : "-u");
		return -1;
	}
	run->workload.user_threads = threads->user_threads ||
				     (!threads->kernel_threads &&
				      !threads->user_load && has_fd);
	run->results.view.user = run->workload.user_threads ||
				 threads->user_load;
	if (param_given(params->knobs.aligned_us) &&
	    !knob_present(&run->changed.knobs, KNOB_TIMERLAT_ALIGN)) {
		run_error(run, "this kernel cannot align timerlat threads: no osnoise/timerlat_align_us (Linux 6.18 or later)");
		return -1;
	}
	run_debug(run, "measuring with %s", run->workload.user_threads ?
		  "rtla's user-space threads" : threads->user_load ?
		  "the user's workload" : "the kernel's threads");
	return 0;
}

static int apply_settings(struct run *run, struct tracer_config *config,
			  bool stops);

static int apply_config(struct run *run)
{
	struct tracer_config config;
	bool has_options = knob_present(&run->changed.knobs, KNOB_OPTIONS);
	bool has_stack = knob_present(&run->changed.knobs, KNOB_PRINT_STACK);

	if (run->params->hwnoise && !has_options) {
		run_error(run, "this kernel has no osnoise/options file, which hwnoise needs (Linux 6.2 or later)");
		return -1;
	}
	if (param_or(run->params->knobs.print_stack_us, 0) && !has_stack) {
		run_error(run, "this kernel cannot save stacks: no osnoise/print_stack (CONFIG_STACKTRACE)");
		return -1;
	}
	tracer_config_build(run->params, run->results.view.user, has_options,
			    has_stack, &config);
	return apply_settings(run, &config, false);
}

static bool is_stop_knob(enum knob_id id)
{
	return id == KNOB_STOP || id == KNOB_STOP_TOTAL;
}

/*
 * @config's settings, the stop thresholds off (@stops false: they are
 * armed once every instance runs the tracer), or the stop thresholds
 * alone (@stops).
 */
static int apply_settings(struct run *run, struct tracer_config *config,
			  bool stops)
{
	struct knob_setting settings[CONFIG_MAX_SETTINGS];
	const struct knob_setting *failed = NULL;
	int i, count = 0;

	for (i = 0; i < config->count; i++) {
		if (stops && !is_stop_knob(config->settings[i].id))
			continue;
		settings[count] = config->settings[i];
		if (!stops && is_stop_knob(settings[count].id))
			settings[count].value = "0";
		count++;
	}
	if (!knobs_apply(&run->changed.knobs, settings, count, &failed))
		return 0;
	run_error(run, "the kernel refused '%s' for %s: %s", failed->value,
		  knob_path(failed->id), strerror(errno));
	return -1;
}

/*
 * The stop thresholds, once every instance of the run has the tracer: a
 * sample that stops tracing between the two instances' starts would be
 * in the first one's buffer alone, and the run would stop with nothing
 * to show (seen with -a 1 under an ASan build).
 */
static int arm_stop_thresholds(struct run *run)
{
	struct tracer_config config;

	tracer_config_build(run->params, run->results.view.user,
			    knob_present(&run->changed.knobs, KNOB_OPTIONS),
			    knob_present(&run->changed.knobs, KNOB_PRINT_STACK),
			    &config);
	return apply_settings(run, &config, true);
}

static int enable_event_spec(struct run *run, struct tracefs_instance *instance,
			     const struct event_spec *event)
{
	if (!rtla_instance_enable_event(instance, event->system, event->name,
					event->filter, event->trigger))
		return 0;
	run_error(run, "cannot enable event %s%s%s: %s", event->system,
		  event->name ? ":" : "", event->name ? event->name : "",
		  errno == ENOENT ? "no such event" : strerror(errno));
	return -1;
}

static int start_tracer(struct run *run, struct tracefs_instance *instance)
{
	if (!rtla_instance_set_tracer(instance, run->tracer->name))
		return 0;
	if (errno == EBUSY)
		run_error(run, "the %s tracer is busy: another osnoise-family tracer runs",
			  run->tracer->name);
	else
		run_error(run, "cannot start the %s tracer: %s",
			  run->tracer->name, strerror(errno));
	return -1;
}

/*
 * Tools traced from the window (osnoise top, hist, hwnoise): the tracer starts with
 * tracing off, as rtla starts it, and tracing goes on when the measured
 * window starts (run_measure()).  Linux 6.2+ makes an osnoise thread that finds tracing off skip its
 * first period: with tracing off, every thread skips it alike.  With
 * tracing on, the threads started before the instance registers skip it
 * and the last ones do not, so the last measured CPU would count a period
 * more than the others.
 */
static int start_tracers(struct run *run)
{
	if (run->tool->trace_from_window) {
		tracefs_trace_off(run->main);
		if (run->trace)
			tracefs_trace_off(run->trace);
	}
	if (run->trace && start_tracer(run, run->trace))
		return -1;
	return start_tracer(run, run->main);
}

/* An instance of rtla's, with the ring buffer --trace-buffer-size asks. */
static struct tracefs_instance *create_instance(struct run *run,
					       const char *role)
{
	struct tracefs_instance *instance = rtla_instance_create(role);
	uint64_t kb = run->params->knobs.buffer_kb;

	if (!instance) {
		run_error(run, "cannot create a tracefs instance: %s",
			  strerror(errno));
		return NULL;
	}
	if (param_given(kb) && tracefs_instance_set_buffer_size(instance, kb, -1)) {
		run_error(run, "cannot set the trace buffer to %llu kB: %s",
			  (unsigned long long)kb, strerror(errno));
		rtla_instance_destroy(instance);
		return NULL;
	}
	return instance;
}

static int setup_trace_instance(struct run *run)
{
	const struct trace_params *tracing = &run->params->tracing;
	struct event_spec osnoise_events = { .system = "osnoise" };
	int i;

	run->trace = create_instance(run, run->tracer->name);
	if (!run->trace)
		return -1;
	if (enable_event_spec(run, run->trace, &osnoise_events))
		return -1;
	for (i = 0; i < tracing->nr_events; i++)
		if (enable_event_spec(run, run->trace, &tracing->events[i]))
			return -1;
	return 0;
}

static void collector_says(void *ctx, bool error, const char *line)
{
	struct run *run = ctx;

	if (error)
		run_error(run, "%s", line);
	else
		run_debug(run, "%s", line);
}

/* Before the tracer starts: every sample is counted. */
static int open_collector(struct run *run, enum collector_choice choice)
{
	const struct rtla_params *params = run->params;
	int measured = CPU_COUNT(&params->threads.cpu_set);
	struct collector_config config = {
		.choice = choice,
		.instance = run->main,
		.results = &run->results,
		.event_system = run->tool->event_system,
		.event_name = run->tool->event_name,
		.timerlat = params->tracer == TRACER_TIMERLAT,
		.kernel_hist = run->tool->kernel_hist,
		.records_needed = params->tracing.trace,
		.aa = run_aa_on(run) ? &run->aa : NULL,
		.nr_measured_cpus = measured ? measured : run->results.nr_cpus,
		.irq_stop_us = param_or(params->knobs.stop_us, 0),
		.thread_stop_us = param_or(params->knobs.stop_total_us, 0),
		.bpf_action = params->actions.bpf_action,
		.period_us = param_or(params->knobs.period_us,
				      TIMERLAT_DEFAULT_PERIOD_US),
		/* an IRQ and a thread sample a period, one more from user space */
		.records_per_period = run->results.view.user ? 3 : 2,
		.say = collector_says,
		.say_ctx = run,
	};
	char why[256];

	run->collector = collector_open(&config, why, sizeof(why));
	if (!run->collector && errno == EOPNOTSUPP) {
		/* rtla 7.2's line, as it prints it: scripts look for it */
		fprintf(stderr, "%s\n", why);
		return -1;
	}
	if (!run->collector) {
		run_error(run, "%s", why);
		return -1;
	}
	run->results.collector = collector_name(run->collector);
	return 0;
}

static int setup_main_instance(struct run *run, enum collector_choice choice)
{
	run->main = create_instance(run, "main");
	if (!run->main)
		return -1;
	return run_aa_setup(run) || open_collector(run, choice) ? -1 : 0;
}

/*
 * Fault in and lock every page rtla has, so that collecting never waits
 * for a page fault on a CPU it measures (and RSS stays flat); where
 * mlockall() is not allowed, at least fault the histograms in.
 */
static void lock_memory(struct run *run)
{
	struct rtla_results *results = &run->results;
	int cpu, c;

	if (!mlockall(MCL_CURRENT | MCL_FUTURE)) {
		run_debug(run, "memory locked");
		return;
	}
	run_debug(run, "cannot lock memory (%s): prefaulting the histograms",
		  strerror(errno));
	for (cpu = 0; cpu < results->nr_cpus; cpu++)
		for (c = 0; c < NR_CONTEXTS; c++)
			histogram_prefault(&results->cpu[cpu].hist[c]);
}

static int destroy_instance(struct run *run,
			    struct tracefs_instance *instance)
{
	char *name;
	int ret;

	if (!instance)
		return 0;
	name = strdup(tracefs_instance_get_name(instance));
	ret = rtla_instance_destroy(instance);
	if (ret)
		run_error(run, "cannot remove the tracefs instance %s: %s (the next run removes it)",
			  name ? name : "?", strerror(errno));
	free(name);
	return ret;
}

/*
 * One run at a time: the lock in the state directory, held until this
 * process ends, closes the window between the busy check and the
 * tracer's start.  Without a trusted directory, runs go on without it.
 */
static int take_run_lock(struct run *run)
{
	char why[128];
	pid_t holder;
	int ret;

	if (state_dir_ensure(why, sizeof(why))) {
		run_error(run, "warning: not using %s (%s): a killed run cannot be undone",
			  state_dir(), why);
		return 0;
	}
	ret = state_lock_take(&holder);
	if (ret > 0) {
		run_error(run, "the %s tracer is busy: rtla (pid %d) is running",
			  run->tracer->name, (int)holder);
		return -1;
	}
	/* a kernel without file locking (CONFIG_FILE_LOCKING=n): no lock */
	if (ret < 0 && errno == ENOSYS)
		run_debug(run, "no lock in %s: the kernel has no file locking",
			  state_dir());
	else if (ret < 0)
		run_error(run, "warning: cannot lock %s/lock (%s): runs started at once may collide",
			  state_dir(), strerror(errno));
	return 0;
}

/* A record in the state directory is a killed run's: put it back. */
static int recover_killed_run(struct run *run)
{
	struct recovery got;

	state_record_recover(&got);
	switch (got.outcome) {
	case RECOVERY_NONE:
		return 0;
	case RECOVERY_RESTORED:
		run_error(run, "restored the settings a killed run (pid %d) left changed: %s",
			  (int)got.pid, got.what);
		if (got.dropped_panic)
			run_error(run, "warning: left PANIC_ON_STOP out of osnoise/options: a saved record never sets it");
		return 0;
	case RECOVERY_OWNER_LIVES:
		run_error(run, "the %s tracer is busy: rtla (pid %d) is running (%s)",
			  run->tracer->name, (int)got.pid, state_record_path());
		return -1;
	case RECOVERY_IGNORED:
		if (strncmp(got.why, "not using ", 10))
			run_error(run, "warning: %s", got.why);
		return 0;
	}
	return 0;
}

int run_teardown(struct run *run)
{
	int ret = 0;

	/* user threads leave their reads before the tracer stops */
	run_workload_teardown(run);
	exporter_stop(run->exporter);
	run->exporter = NULL;
	/* an instance with an open trace_pipe_raw cannot be removed */
	collector_close(run->collector);
	run->collector = NULL;
	ret |= destroy_instance(run, run->main);
	run->main = NULL;
	ret |= destroy_instance(run, run->trace);
	run->trace = NULL;
	if (run->changed.knobs_saved && knobs_restore(&run->changed.knobs)) {
		ret = -1;
		run_error(run, "could not restore every osnoise setting: %s; the next run restores them from %s",
			  strerror(errno), state_record_path());
	} else if (run->changed.knobs_saved) {
		state_record_remove();
	}
	knobs_free(&run->changed.knobs);
	run->changed.knobs_saved = false;
	state_lock_drop();
	run_aa_teardown(run);
	if (run->results.sources) {
		sources_free(run->results.sources);
		free(run->results.sources);
		run->results.sources = NULL;
	}
	results_free(&run->results);
	munlockall();
	if (run->changed.mounted_tracefs &&
	    umount(run->changed.mounted_tracefs)) {
		ret = -1;
		run_error(run, "cannot unmount %s: %s",
			  run->changed.mounted_tracefs, strerror(errno));
	}
	free(run->changed.mounted_tracefs);
	run->changed.mounted_tracefs = NULL;
	session_log_set(NULL);
	return ret ? -1 : 0;
}

int run_setup(struct run *run, int nr_cpus)
{
	struct results_layout layout;
	enum collector_choice choice;
	int stale;

	if (run->params->debug)
		session_log_set(run_debug_line);
	/* before tracefs is touched: a bad path must not cost a run */
	if (run_check_outputs(run) || check_collector(run, &choice) ||
	    run_check_memory(run, nr_cpus) || run_check_system(run))
		return -1;
	if (take_run_lock(run) || run_check_busy(run))
		return -1;
	if (run->tool->prepare && run->tool->prepare(run))
		return -1;
	stale = rtla_instances_remove_stale();
	if (stale)
		run_debug(run, "removed %d instance(s) left by killed runs", stale);
	layout = params_results_layout(run->params);
	if (results_alloc(&run->results, &layout, nr_cpus)) {
		run_error(run, "out of memory");
		return -1;
	}
	if (run->params->display.sources_top) {
		run->results.sources = calloc(1, sizeof(*run->results.sources));
		if (!run->results.sources ||
		    sources_alloc(run->results.sources, nr_cpus,
				  run->params->display.sources_top,
				  run->params->display.sources_by_comm)) {
			run_error(run, "out of memory");
			return -1;
		}
	}
	if (recover_killed_run(run))
		return -1;
	if (knobs_save(&run->changed.knobs)) {
		run_error(run, "cannot read the osnoise settings: %s",
			  strerror(errno));
		return -1;
	}
	run->changed.knobs_saved = true;
	/* before any change: a SIGKILL from here on is undone next time */
	if (state_record_write(&run->changed.knobs, NULL, 0))
		run_error(run, "warning: cannot keep the original settings in %s (%s): a killed run cannot be undone",
			  state_record_path(), strerror(errno));
	if (run_stop_requested)
		return 1;
	if (choose_threads(run))
		return -1;
	if (apply_config(run))
		return -1;
	/* every instance exists before a tracer runs: mkdir is noisy */
	if (run->params->tracing.trace && setup_trace_instance(run))
		return -1;
	if (setup_main_instance(run, choice))
		return -1;
	if (run_stop_requested)
		return 1;
	if (start_tracers(run) || arm_stop_thresholds(run))
		return -1;
	if (collector_start(run->collector))
		return -1;
	if (run_stop_requested)
		return 1;
	if (run_workload_setup(run))
		return -1;
	lock_memory(run);
	return 0;
}
