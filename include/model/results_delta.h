/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_RESULTS_DELTA_H
#define RTLA_RESULTS_DELTA_H

#include "model/results.h"

/*
 * The monitor's windows from cumulative counts: a collector counts since
 * the start (the kernel's maps, or every record read), so a window is
 * what the totals gained since the window began.  Every results here
 * have one layout (results_alloc() with the same layout and CPUs).
 */

/* @to's samples and losses become @from's. */
void results_copy(struct rtla_results *to, const struct rtla_results *from);

/*
 * @window = @now - @before, per CPU and context: counts, sums, buckets,
 * over and losses exactly.  Its max and min are @now's window extremes
 * (histogram_window_restart() at the window's start), which the
 * collector tracked for the samples since; where it tracked none, the
 * edges of the buckets the window filled, or past them the max since the
 * start, an upper bound.
 */
void results_delta(struct rtla_results *window,
		   const struct rtla_results *now,
		   const struct rtla_results *before);

#endif
