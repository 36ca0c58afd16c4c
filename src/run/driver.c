// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <time.h>
#include <unistd.h>

#include <event-parse.h>
#include <tracefs.h>

#include "model/budget.h"
#include "session/tracer_config.h"
#include "session/instance.h"
#include "session/knobs.h"
#include "collect/reader.h"
#include "output/report.h"
#include "session/dma_latency.h"
#include "session/thread_sched.h"
#include "collect/sample_source.h"
#include "run/tool.h"

#define POLL_INTERVAL_NS	100000000L
#define NSEC_PER_SEC		1000000000L

static volatile sig_atomic_t stop_requested;

/* Everything one run sets up, torn down in reverse by run_teardown(). */
struct run {
	const struct rtla_tool *tool;
	struct rtla_params *params;
	struct knobs knobs;
	bool knobs_saved;
	struct tracefs_instance *main;
	struct tracefs_instance *trace;
	struct tep_handle *tep;
	struct trace_reader *reader;
	struct sample_source *source;
	struct rtla_results results;
	int dma_fd;
	char *mounted_tracefs;		/* rtla mounted it: unmount at the end */
	FILE *text;			/* the text report: stderr under --json - */
	time_t start_time;
	time_t end_time;
};

static void __attribute__((format(printf, 2, 3)))
run_error(const struct run *run, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "rtla %s: ", run->tool->id.name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void __attribute__((format(printf, 2, 3)))
debug(const struct run *run, const char *fmt, ...)
{
	va_list ap;

	if (!run->params->debug)
		return;
	fprintf(stderr, "rtla debug: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void on_signal(int sig)
{
	stop_requested = sig;
}

static void catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	/* a closed pipe must end the run like a signal, not kill it unrestored */
	signal(SIGPIPE, SIG_IGN);
}

static int check_system(struct run *run)
{
	const char *dir = NULL;

	if (geteuid() != 0) {
		run_error(run, "must run as root (tracefs and the tracer need it)");
		return -1;
	}
	if (tracefs_tracing_dir_is_mounted(false, &dir) != 1) {
		if (tracefs_tracing_dir_is_mounted(true, &dir) != 1 || !dir) {
			run_error(run, "tracefs is not mounted and could not be mounted; try: mount -t tracefs nodev /sys/kernel/tracing");
			return -1;
		}
		run->mounted_tracefs = strdup(dir);
		debug(run, "mounted tracefs on %s", dir);
	}
	if (!tracefs_tracer_available(NULL, run->tool->tracer)) {
		run_error(run, "this kernel has no %s tracer (build it with %s=y)",
			  run->tool->tracer, run->tool->kconfig);
		return -1;
	}
	return 0;
}

static int check_busy(struct run *run)
{
	char prefix[32], who[300];

	snprintf(prefix, sizeof(prefix), RTLA_INSTANCE_PREFIX "%d-",
		 (int)getpid());
	if (!rtla_tracer_user(prefix, who, sizeof(who)))
		return 0;
	run_error(run, "the %s tracer is busy: %s runs an osnoise-family tracer",
		  run->tool->tracer, who);
	return -1;
}

static int apply_config(struct run *run)
{
	const struct knob_setting *failed = NULL;
	struct tracer_config config;
	bool has_options = knob_present(&run->knobs, KNOB_OPTIONS);
	bool has_stack = knob_present(&run->knobs, KNOB_PRINT_STACK);

	if (run->params->hwnoise && !has_options) {
		run_error(run, "this kernel has no osnoise/options file, which hwnoise needs (Linux 6.2 or later)");
		return -1;
	}
	if (run->params->print_stack_us && !has_stack) {
		run_error(run, "this kernel cannot save stacks: no osnoise/print_stack (CONFIG_STACKTRACE)");
		return -1;
	}
	tracer_config_build(run->params, has_options, has_stack, &config);
	if (!knobs_apply(&run->knobs, config.settings, config.count, &failed))
		return 0;
	run_error(run, "the kernel refused '%s' for %s: %s", failed->value,
		  knob_path(failed->id), strerror(errno));
	return -1;
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
	if (!rtla_instance_set_tracer(instance, run->tool->tracer))
		return 0;
	if (errno == EBUSY)
		run_error(run, "the %s tracer is busy: another osnoise-family tracer runs",
			  run->tool->tracer);
	else
		run_error(run, "cannot start the %s tracer: %s",
			  run->tool->tracer, strerror(errno));
	return -1;
}

static int setup_trace_instance(struct run *run)
{
	struct event_spec osnoise_events = { .system = "osnoise" };
	int i;

	run->trace = rtla_instance_create(run->tool->tracer);
	if (!run->trace) {
		run_error(run, "cannot create a tracefs instance: %s",
			  strerror(errno));
		return -1;
	}
	if (enable_event_spec(run, run->trace, &osnoise_events))
		return -1;
	for (i = 0; i < run->params->nr_events; i++)
		if (enable_event_spec(run, run->trace, &run->params->events[i]))
			return -1;
	return 0;
}

static void sink_latency(void *ctx, int cpu, int context, uint64_t latency)
{
	results_add_latency(ctx, cpu, context, latency);
}

static void sink_period(void *ctx, int cpu, const struct noise_period *period)
{
	results_add_period(ctx, cpu, period);
}

static void sink_noise(void *ctx, int cpu, uint64_t duration)
{
	results_add_noise(ctx, cpu, duration);
}

static int setup_main_instance(struct run *run)
{
	struct sample_sink sink = {
		sink_latency, sink_period, sink_noise, &run->results,
	};
	struct event_spec main_event = { 0 };
	char *colon;
	int ret;

	run->main = rtla_instance_create("main");
	if (!run->main) {
		run_error(run, "cannot create a tracefs instance: %s",
			  strerror(errno));
		return -1;
	}
	run->tep = reader_load_formats();
	if (!run->tep) {
		run_error(run, "cannot read the event formats from tracefs");
		return -1;
	}
	run->source = sample_source_alloc(run->tep, &sink);
	if (!run->source)
		return -1;
	if (run->tool->main_event) {
		main_event.system = strdup(run->tool->main_event);
		colon = strchr(main_event.system, ':');
		*colon = '\0';
		main_event.name = colon + 1;
		ret = enable_event_spec(run, run->main, &main_event);
		free(main_event.system);
		if (ret)
			return -1;
	}
	return 0;
}

static int setup_threads(struct run *run)
{
	char prefix[32];
	int count;

	if (run->params->dma_latency_us >= 0) {
		run->dma_fd = dma_latency_hold(run->params->dma_latency_us);
		if (run->dma_fd < 0) {
			run_error(run, "cannot set /dev/cpu_dma_latency: %s",
				  strerror(errno));
			return -1;
		}
	}
	if (!run->params->sched.set)
		return 0;
	snprintf(prefix, sizeof(prefix), "%s/", run->tool->tracer);
	count = sched_apply_to_threads(prefix, &run->params->sched);
	if (count <= 0) {
		run_error(run, "cannot set the scheduling of the %s threads: %s",
			  run->tool->tracer, count ? strerror(errno) : "none found");
		return -1;
	}
	debug(run, "scheduling set on %d threads", count);
	return 0;
}

static void run_teardown(struct run *run)
{
	/* an instance with an open trace_pipe_raw cannot be removed */
	reader_close(run->reader);
	run->reader = NULL;
	rtla_instance_destroy(run->main);
	run->main = NULL;
	rtla_instance_destroy(run->trace);
	run->trace = NULL;
	if (run->knobs_saved && knobs_restore(&run->knobs))
		run_error(run, "could not restore every osnoise setting: %s",
			  strerror(errno));
	knobs_free(&run->knobs);
	run->knobs_saved = false;
	if (run->dma_fd >= 0)
		close(run->dma_fd);
	run->dma_fd = -1;
	sample_source_free(run->source);
	run->source = NULL;
	if (run->tep)
		tep_free(run->tep);
	run->tep = NULL;
	results_free(&run->results);
	if (run->mounted_tracefs && umount(run->mounted_tracefs))
		run_error(run, "cannot unmount %s: %s", run->mounted_tracefs,
			  strerror(errno));
	free(run->mounted_tracefs);
	run->mounted_tracefs = NULL;
}

static int run_setup(struct run *run, int nr_cpus)
{
	int stale;

	if (check_system(run))
		return -1;
	stale = rtla_instances_remove_stale();
	if (stale)
		debug(run, "removed %d instance(s) left by killed runs", stale);
	if (check_busy(run))
		return -1;
	if (results_alloc(&run->results, run->params, nr_cpus)) {
		run_error(run, "out of memory");
		return -1;
	}
	if (knobs_save(&run->knobs)) {
		run_error(run, "cannot read the osnoise settings: %s",
			  strerror(errno));
		return -1;
	}
	run->knobs_saved = true;
	if (apply_config(run))
		return -1;
	/* every instance exists before a tracer runs: mkdir is noisy */
	if (run->params->trace && setup_trace_instance(run))
		return -1;
	if (setup_main_instance(run))
		return -1;
	if (run->trace && start_tracer(run, run->trace))
		return -1;
	if (start_tracer(run, run->main))
		return -1;
	/* an open trace_pipe_raw pins the tracer: open them after it is set */
	run->reader = reader_open(run->tep, run->main, run->results.nr_cpus);
	if (!run->reader) {
		run_error(run, "cannot open the trace buffers: %s",
			  strerror(errno));
		return -1;
	}
	return setup_threads(run);
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

static void show(struct run *run, bool clear)
{
	if (clear)
		fputs("\033[H\033[J", run->text);
	run->tool->render(run->text, run->params, &run->results);
	if (fflush(run->text) && errno == EPIPE)
		stop_requested = SIGPIPE;
}

static void collect(struct run *run)
{
	if (reader_drain(run->reader, run->source) < 0)
		debug(run, "reading the trace buffers failed: %s",
		      strerror(errno));
}

static void count_lost_events(struct run *run)
{
	struct rtla_results *results = &run->results;
	int cpu;

	for (cpu = 0; cpu < results->nr_cpus; cpu++)
		results->cpu[cpu].lost_events =
			reader_lost_events(run->main, cpu);
	if (results_lost_total(results))
		run_error(run, "%llu events were lost: the results are incomplete",
			  (unsigned long long)results_lost_total(results));
}

static void measure(struct run *run)
{
	bool live = run->tool->live && !run->params->quiet &&
		    isatty(fileno(run->text));
	struct timespec poll = { 0, POLL_INTERVAL_NS };
	uint64_t start = now_ns(), now, next_screen = start + NSEC_PER_SEC;
	uint64_t duration_ns = run->params->duration_s * NSEC_PER_SEC;

	run->start_time = time(NULL);

	while (!stop_requested) {
		nanosleep(&poll, NULL);
		collect(run);
		now = now_ns();
		run->results.elapsed_s = (now - start) / NSEC_PER_SEC;
		if (!tracefs_trace_is_on(run->main)) {
			run->results.stopped = true;
			break;
		}
		if (duration_ns && now - start >= duration_ns)
			break;
		if (live && now >= next_screen) {
			show(run, true);
			next_screen += NSEC_PER_SEC;
		}
	}
	if (stop_requested)
		debug(run, "stopped by signal %d", (int)stop_requested);
	tracefs_trace_off(run->main);
	collect(run);
	run->end_time = time(NULL);
	count_lost_events(run);
	show(run, live);
}

static int report_stop(struct run *run)
{
	const char *file = params_trace_file(run->params);

	fprintf(run->text, "rtla %s hit stop tracing\n", run->tool->tracer);
	if (!run->trace)
		return 0;
	tracefs_trace_off(run->trace);
	fprintf(run->text, "  Saving trace to %s\n", file);
	fflush(run->text);
	if (!rtla_instance_save_trace(run->trace, file))
		return 0;
	run_error(run, "cannot save the trace to %s: %s", file,
		  strerror(errno));
	return -1;
}

/* Check the budgets: one line for each violation; true if all are met. */
static bool check_budgets(struct run *run, struct budget_verdict *verdicts,
			  int *count)
{
	char line[256];
	bool met = true;
	int i;

	*count = budgets_evaluate(run->params, &run->results, verdicts,
				  RTLA_MAX_BUDGETS * CPU_SETSIZE);
	for (i = 0; i < *count; i++) {
		if (verdicts[i].pass)
			continue;
		budget_verdict_describe(&verdicts[i], &run->results, line,
					sizeof(line));
		fprintf(run->text, "rtla %s: %s\n", run->tool->id.name, line);
		met = false;
	}
	fflush(run->text);
	return met;
}

static int write_reports(struct run *run, int status,
			 const struct budget_verdict *verdicts, int count)
{
	const struct rtla_params *params = run->params;
	struct system_facts system;
	struct run_report report = {
		.tool_name = run->tool->id.name,
		.version = RTLA_VERSION,
		.params = params,
		.results = &run->results,
		.system = &system,
		.start_time = run->start_time,
		.end_time = run->end_time,
		.exit_status = status,
		.verdicts = verdicts,
		.nr_verdicts = count,
	};
	const struct {
		const char *path;
		int (*writer)(const struct run_report *, FILE *);
	} outputs[] = {
		{ params->json_file, report_write_json },
		{ params->openmetrics_file, report_write_openmetrics },
		{ params->junit_file, report_write_junit },
	};
	size_t i;

	system_facts_collect(&system);
	for (i = 0; i < sizeof(outputs) / sizeof(outputs[0]); i++) {
		if (!outputs[i].path ||
		    !report_write_file(&report, outputs[i].path,
				       outputs[i].writer))
			continue;
		run_error(run, "cannot write %s: %s", outputs[i].path,
			  strerror(errno));
		return -1;
	}
	return 0;
}

static int finish(struct run *run)
{
	static struct budget_verdict verdicts[RTLA_MAX_BUDGETS * CPU_SETSIZE];
	int status = RTLA_EXIT_OK, count;

	if (run->results.stopped && report_stop(run))
		return RTLA_EXIT_ERROR;
	if (run->results.stopped)
		status = RTLA_EXIT_STOPPED;
	if (!check_budgets(run, verdicts, &count))
		status = RTLA_EXIT_STOPPED;
	if (write_reports(run, status, verdicts, count))
		return RTLA_EXIT_ERROR;
	return status;
}

int tool_main(const struct rtla_tool *tool, int argc, char **argv,
	      const char *cmdline)
{
	int nr_cpus = sysconf(_SC_NPROCESSORS_CONF);
	struct rtla_params params;
	struct run run = { .tool = tool, .params = &params, .dma_fd = -1 };
	int status = RTLA_EXIT_ERROR;

	switch (options_parse(&tool->id, argc, argv, nr_cpus, &params,
			      stderr)) {
	case OPTIONS_HELP:
		params_free(&params);
		return RTLA_EXIT_OK;
	case OPTIONS_ERROR:
		params_free(&params);
		return RTLA_EXIT_ERROR;
	case OPTIONS_OK:
		break;
	}
	params.cmdline = strdup(cmdline);
	run.text = params.json_file && !strcmp(params.json_file, "-") ?
		   stderr : stdout;
	catch_signals();
	if (!run_setup(&run, nr_cpus)) {
		measure(&run);
		status = finish(&run);
	}
	fflush(stdout);
	run_teardown(&run);
	params_free(&params);
	return status;
}
