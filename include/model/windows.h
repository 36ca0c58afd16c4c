/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_WINDOWS_H
#define RTLA_WINDOWS_H

#include <stdint.h>

#include "model/context.h"
#include "model/results.h"

/* One CPU and context over some time: how many samples, the largest. */
struct window_cell {
	uint64_t count;
	uint64_t max;		/* in the results' units */
};

/*
 * The monitor's windows: per CPU and context, the window being measured,
 * the last one closed, and everything since the start.
 */
struct monitor_windows {
	int nr_cpus;
	uint64_t closed;		/* windows closed so far */
	struct window_cell *current;	/* [cpu * NR_CONTEXTS + context] */
	struct window_cell *last;
	struct window_cell *total;
};

/* Room for @nr_cpus CPUs, every window empty; -1 with errno on failure. */
int windows_alloc(struct monitor_windows *windows, int nr_cpus);
/* NULL-safe and idempotent. */
void windows_free(struct monitor_windows *windows);

/* @count samples of which the largest is @max, into the current window. */
void windows_add(struct monitor_windows *windows, int cpu,
		 enum sample_context context, uint64_t max, uint64_t count);

/* Every CPU and context of @window (a collector's snapshot) at once. */
void windows_add_results(struct monitor_windows *windows,
			 const struct rtla_results *window);

/*
 * End the current window: it becomes the last one (a CPU and context
 * with no samples in it reads 0 and 0), its samples join the totals, and
 * an empty window begins.
 */
void windows_end(struct monitor_windows *windows);

/* The cell of @cpu and @context in @cells (current, last or total). */
const struct window_cell *windows_cell(const struct monitor_windows *windows,
				       const struct window_cell *cells,
				       int cpu, enum sample_context context);

#endif
