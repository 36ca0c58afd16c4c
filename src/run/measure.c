// SPDX-License-Identifier: GPL-2.0
/* The measuring loop: collect samples, refresh the screen, notice the end. */
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <tracefs.h>

#include "collect/collector.h"
#include "output/render.h"
#include "session/tracer_config.h"
#include "workload/user_threads.h"
#include "run/run.h"

#define POLL_INTERVAL_NS	100000000L	/* the warm-up's reads */
#define NSEC_PER_SEC		1000000000L

#define PERIOD_GRACE_NS	(100 * 1000 * 1000ULL)

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

static void show(struct run *run, bool clear)
{
	struct render_view view = tool_render_view(run->params);

	/* --aa-only: the analysis is the whole output */
	if (param_given(run->params->aa_only_us))
		return;
	if (clear)
		render_screen_start(run->text);
	run->tool->render(run->text, &view, &run->results);
	if (fflush(run->text)) {
		run->text_errno = errno;
		if (errno == EPIPE)
			run_stop_requested = SIGPIPE;
	}
}

static void count_lost_events(struct run *run)
{
	uint64_t lost = collector_lost(run->collector);

	if (lost)
		run_error(run, "%llu events were lost: the results are incomplete",
			  (unsigned long long)lost);
}

void run_resume_tracing(struct run *run)
{
	if (run->trace)
		tracefs_trace_on(run->trace);
	collector_resume(run->collector);
}

bool run_workload_alive(struct run *run)
{
	if (!user_threads_failed(run->workload.threads))
		return true;
	run_error(run, "a user-space timerlat thread stopped: ending the run");
	run->workload.failed = true;
	return false;
}

/*
 * A stop threshold was hit: run --on-threshold's actions; when they
 * reach "continue", tracing resumes and so does the run (true).
 */
static bool threshold_hit(struct run *run)
{
	run->results.threshold_hits++;
	if (!run_threshold_actions(run))
		return false;
	run_resume_tracing(run);
	return true;
}

void run_start_window(struct run *run)
{
	struct timespec poll = { 0, POLL_INTERVAL_NS };
	bool warm = param_given(run->params->warm_up_s);
	uint64_t end;

	if (!warm && !run->tool->trace_from_window)
		return;
	/* tracing has waited for the window (start_tracers()) */
	if (run->tool->trace_from_window)
		run_resume_tracing(run);
	end = now_ns() + (warm ? run->params->warm_up_s * NSEC_PER_SEC : 0);
	while (!run_stop_requested && now_ns() < end &&
	       !collector_stopped(run->collector) && run_workload_alive(run)) {
		nanosleep(&poll, NULL);
		collector_drain(run->collector);
	}
	/*
	 * The kernel's counts first: setting the --sources triggers again
	 * takes long under a storm of noise events, and what the buffers
	 * got meanwhile is not the window's either.
	 */
	collector_reset(run->collector);
	collector_drain(run->collector);
	results_reset(&run->results);
	if (warm)
		run_debug(run, "warm-up of %llu s done",
			  (unsigned long long)run->params->warm_up_s);
}

/* Sleep one poll interval, or until @end when that comes first. */
static void wait_poll(struct run *run, long interval_ns, uint64_t end)
{
	uint64_t now = now_ns(), left = end > now ? end - now : 0;

	if (end && left < (uint64_t)interval_ns)
		interval_ns = left;
	collector_wait(run->collector, interval_ns);
}

/*
 * How long past -d the osnoise tools read on, so that a period ending
 * with -d, written just after it, is still read (rtla 7.2 stops the
 * tracer only after its alarm's read).  Half a period at most, so that
 * the next one never comes in.
 */
static uint64_t period_grace_ns(const struct run *run)
{
	uint64_t half = tracer_config_period_us(run->params) * 1000 / 2;

	if (!run->tool->periods_to_stop)
		return 0;
	return half < PERIOD_GRACE_NS ? half : PERIOD_GRACE_NS;
}

void run_measure(struct run *run)
{
	struct top_display display = top_display(run->params->quiet,
						 isatty(fileno(run->text)));
	bool live = run->tool->live && display.refresh;
	uint64_t duration_ns = run->params->duration_s * NSEC_PER_SEC;
	uint64_t start, now, next_screen, end = 0;
	long interval = collector_interval_ns(run->collector);

	if (duration_ns)
		duration_ns += period_grace_ns(run);
	run_start_window(run);
	start = now_ns();
	next_screen = start + NSEC_PER_SEC;
	run->results.start_time = time(NULL);

	if (duration_ns)
		end = start + duration_ns;
	while (!run_stop_requested && !run->workload.failed) {
		/* a live screen is redrawn every second */
		wait_poll(run, interval, live && (!end || next_screen < end) ?
			  next_screen : end);
		collector_drain(run->collector);
		if (!run_workload_alive(run))
			break;
		now = now_ns();
		run->results.elapsed_s = (now - start) / NSEC_PER_SEC;
		if (collector_stopped(run->collector) && !threshold_hit(run)) {
			run->results.stopped = true;
			break;
		}
		/* the last second's screen too: rtla 7.2 prints it, then the summary */
		if (live && now >= next_screen) {
			collector_snapshot(run->collector);
			show(run, true);
			next_screen += NSEC_PER_SEC;
		}
		if (duration_ns && now - start >= duration_ns)
			break;
	}
	run_measure_end(run);
	show(run, live);
}

/* The tracer stopped, and the samples it wrote until then kept. */
static void stop_then_freeze(struct run *run)
{
	collector_stop(run->collector);
	collector_drain(run->collector);
	collector_freeze(run->collector);
	run_workload_stop(run);
}

/* The samples frozen at the end, then the tracer stopped. */
static void freeze_then_stop(struct run *run)
{
	collector_freeze(run->collector);
	/*
	 * User threads leave their reads before tracing stops: the kernel
	 * kills a timerlat_fd reader whose tracer stopped under it.
	 */
	run_workload_stop(run);
	collector_stop(run->collector);
	collector_drain(run->collector);
}

void run_measure_end(struct run *run)
{
	if (run_stop_requested)
		run_debug(run, "stopped by signal %d", (int)run_stop_requested);
	if (run->tool->periods_to_stop)
		stop_then_freeze(run);
	else
		freeze_then_stop(run);
	collector_collect(run->collector);
	run->results.end_time = time(NULL);
	count_lost_events(run);
}
