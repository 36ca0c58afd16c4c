// SPDX-License-Identifier: GPL-2.0
/* The monitor's windows: the one measured, the last closed, the totals. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model/windows.h"

int windows_alloc(struct monitor_windows *windows, int nr_cpus)
{
	size_t cells = (size_t)(nr_cpus > 0 ? nr_cpus : 0) * NR_CONTEXTS;

	memset(windows, 0, sizeof(*windows));
	if (nr_cpus <= 0) {
		errno = EINVAL;
		return -1;
	}
	windows->current = calloc(cells, sizeof(struct window_cell));
	windows->last = calloc(cells, sizeof(struct window_cell));
	windows->total = calloc(cells, sizeof(struct window_cell));
	if (!windows->current || !windows->last || !windows->total) {
		windows_free(windows);
		errno = ENOMEM;
		return -1;
	}
	windows->nr_cpus = nr_cpus;
	return 0;
}

void windows_free(struct monitor_windows *windows)
{
	free(windows->current);
	free(windows->last);
	free(windows->total);
	memset(windows, 0, sizeof(*windows));
}

static struct window_cell *cell(struct window_cell *cells, int cpu,
				enum sample_context context)
{
	return &cells[(size_t)cpu * NR_CONTEXTS + context];
}

static void cell_add(struct window_cell *into, uint64_t max, uint64_t count)
{
	if (!count)
		return;
	if (!into->count || max > into->max)
		into->max = max;
	into->count += count;
}

void windows_add(struct monitor_windows *windows, int cpu,
		 enum sample_context context, uint64_t max, uint64_t count)
{
	if (cpu < 0 || cpu >= windows->nr_cpus || context >= NR_CONTEXTS)
		return;
	cell_add(cell(windows->current, cpu, context), max, count);
}

void windows_end(struct monitor_windows *windows)
{
	size_t i, cells = (size_t)windows->nr_cpus * NR_CONTEXTS;

	for (i = 0; i < cells; i++) {
		cell_add(&windows->total[i], windows->current[i].max,
			 windows->current[i].count);
		windows->last[i] = windows->current[i];
	}
	memset(windows->current, 0, cells * sizeof(struct window_cell));
	windows->closed++;
}

const struct window_cell *windows_cell(const struct monitor_windows *windows,
				       const struct window_cell *cells,
				       int cpu, enum sample_context context)
{
	if (!cells || cpu < 0 || cpu >= windows->nr_cpus ||
	    context >= NR_CONTEXTS)
		return NULL;
	return &cells[(size_t)cpu * NR_CONTEXTS + context];
}

void windows_add_results(struct monitor_windows *windows,
			 const struct rtla_results *window)
{
	const struct histogram *hist;
	int cpu, c;

	for (cpu = 0; cpu < window->nr_cpus && cpu < windows->nr_cpus; cpu++)
		for (c = 0; c < NR_CONTEXTS; c++) {
			hist = &window->cpu[cpu].hist[c];
			windows_add(windows, cpu, c, hist->stats.max,
				    hist->stats.count);
		}
}
