/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_RUN_MONITOR_H
#define RTLA_RUN_MONITOR_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "model/results.h"
#include "model/windows.h"
#include "output/monitor_metrics.h"
#include "output/window_record.h"
#include "serve/http_server.h"

struct run;

/*
 * timerlat monitor's state beside the run: the collector counts since
 * the start into run->results; a window is what they gained since
 * @before.  @lock is held by whoever touches the collector or the
 * results, the /metrics server's rendering among them.
 */
struct monitor {
	struct run *run;
	pthread_mutex_t lock;
	struct monitor_windows windows;
	struct rtla_results before;	/* the totals when the window began */
	struct rtla_results window;	/* the last window closed */
	const struct context_desc *shown[NR_CONTEXTS];
	struct monitor_metrics metrics;
	pthread_mutex_t scrape_lock;	/* one scrape at a time: per_bound */
	uint64_t *per_bound;		/* a scrape's bucket sums */
	struct window_record record;	/* --record; path NULL: none */
	uint64_t unmeasured_ns;		/* hits handled, tracing off */
	uint64_t tracing_seen_ns;	/* when tracing was last seen on */
	char kernel_release[65];
};

/* Ready @monitor for @run, --record opened; -1 (said) on failure. */
int monitor_open(struct monitor *monitor, struct run *run);
/* NULL-safe and idempotent: the server stopped, everything freed. */
void monitor_close(struct monitor *monitor);

/*
 * Close the window that ends now (@end, wall clock): its max and count
 * per CPU and context kept, --record and --textfile written.  Called
 * with the lock held, the results up to date (collector_snapshot() and
 * collector_close_window()); the next window's extremes begin empty.
 */
void monitor_end_window(struct monitor *monitor, time_t end);

/* The exposition of what was counted up to now (metrics_render_fn). */
int monitor_render(void *monitor, enum prom_format format, FILE *out);

/*
 * Serve /metrics (--listen): the exporter forked by monitor_prepare()
 * told to start; -1 (said) when it cannot.
 */
int monitor_serve(struct monitor *monitor);

/* Whether the exporter ended on its own: said once, then true. */
bool monitor_exporter_lost(struct monitor *monitor);

/*
 * A stop threshold was hit: count it, log its analysis with the time,
 * run --on-threshold's actions, trace again.  From tracing_seen_ns to
 * tracing again is counted as unmeasured: the gap, or more by at most
 * the time between two looks at the collector.
 */
void monitor_hit(struct monitor *monitor);

/*
 * The trace a hit saved at @path becomes @path.<@hit>; the one of hit
 * @hit - @keep, if any, is deleted: the last @keep hits' traces stay.
 * Nothing when there is no @path.  -1 with errno when a rename failed.
 */
int monitor_keep_trace(const char *path, uint64_t hit, uint64_t keep);

#endif
