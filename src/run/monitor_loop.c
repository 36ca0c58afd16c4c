// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat monitor's loop: it wakes to read what the collector asks to
 * be read, to close a window or to handle a hit, until a signal (or -d);
 * the exporter's scrapes are answered on a thread of their own meanwhile.
 */
#include <signal.h>
#include <stdint.h>
#include <time.h>

#include "collect/collector.h"
#include "run/monitor.h"
#include "run/run.h"
#include "serve/exporter.h"

#define NSEC_PER_SEC	1000000000ULL

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

/* Wait for the collector, at most up to @until; then read what came. */
static bool wait_and_drain(struct monitor *m, long poll_ns, uint64_t until)
{
	struct run *run = m->run;
	uint64_t now = now_ns();
	bool stopped;

	if (until > now && until - now < (uint64_t)poll_ns)
		poll_ns = until - now;
	if (until > now)
		collector_wait(run->collector, poll_ns);
	pthread_mutex_lock(&m->lock);
	collector_drain(run->collector);
	stopped = collector_stopped(run->collector);
	/* a hit stops tracing after this, if it is still on */
	if (!stopped)
		m->tracing_seen_ns = now_ns();
	pthread_mutex_unlock(&m->lock);
	return stopped;
}

/* The window that ended now: the counts taken, then closed. */
static void close_window(struct monitor *m)
{
	struct run *run = m->run;

	pthread_mutex_lock(&m->lock);
	collector_snapshot(run->collector);
	/* at once: the fewer samples between, the fewer on the wrong side */
	collector_close_window(run->collector);
	collector_lost(run->collector);
	monitor_end_window(m, time(NULL));
	pthread_mutex_unlock(&m->lock);
}

int run_monitor(struct run *run)
{
	uint64_t interval_ns = run->params->monitor.interval_s * NSEC_PER_SEC;
	uint64_t duration_ns = run->params->duration_s * NSEC_PER_SEC;
	long poll_ns = collector_interval_ns(run->collector);
	uint64_t start, now, next_close;
	bool lost = false;
	struct monitor m;

	if (monitor_open(&m, run))
		return -1;
	run_start_window(run);
	run->results.start_time = time(NULL);
	if (monitor_serve(&m)) {
		run_measure_end(run);
		monitor_close(&m);
		return -1;
	}
	start = now_ns();
	m.tracing_seen_ns = start;
	next_close = start + interval_ns;
	while (!run_stop_requested && !run->workload.failed &&
	       !(lost = monitor_exporter_lost(&m))) {
		if (wait_and_drain(&m, poll_ns, duration_ns &&
				   start + duration_ns < next_close ?
				   start + duration_ns : next_close))
			monitor_hit(&m);
		if (!run_workload_alive(run))
			break;
		now = now_ns();
		run->results.elapsed_s = (now - start) / NSEC_PER_SEC;
		if (duration_ns && now - start >= duration_ns)
			break;
		if (now < next_close)
			continue;
		close_window(&m);
		/* a window that a long hit overran is not made up for */
		while (next_close <= now)
			next_close += interval_ns;
	}
	/* no scrape of a collector that stops */
	exporter_stop(run->exporter);
	run->exporter = NULL;
	run_measure_end(run);
	/* the last window, up to the end */
	collector_close_window(run->collector);
	monitor_end_window(&m, time(NULL));
	monitor_close(&m);
	return lost ? -1 : 0;
}
