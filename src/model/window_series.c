// SPDX-License-Identifier: GPL-2.0
/* A monitor's recorded windows: which one a comparison takes. */
#include <stdlib.h>
#include <string.h>

#include "model/window_series.h"

int window_choice_parse(const char *name, enum window_choice *choice)
{
	static const char *const names[] = {
		[WINDOW_WORST] = "worst", [WINDOW_LAST] = "last",
		[WINDOW_ALL] = "all",
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(name, names[i])) {
			*choice = i;
			return 0;
		}
	return -1;
}

struct context_view window_series_view(const struct window_series *series)
{
	return (struct context_view){
		.tracer = TRACER_TIMERLAT,
		.no_irq = !series->has_ctx[CTX_IRQ],
		.no_thread = !series->has_ctx[CTX_THREAD],
		.user = series->has_ctx[CTX_USER],
	};
}

/* @from merged into @into: maxima, sums, the count-weighted avg. */
static void merge_stats(struct window_stats *into,
			const struct window_stats *from, bool percentiles)
{
	uint64_t count = into->count + from->count;
	int i;

	if (!from->count)
		return;
	into->avg = (into->avg * into->count + from->avg * from->count) /
		    count;
	if (from->max > into->max || !into->count)
		into->max = from->max;
	into->count = count;
	into->over += from->over;
	for (i = 0; i < NR_STANDARD_PERCENTILES && percentiles; i++) {
		if (!from->pct_known[i] || !into->pct_known[i]) {
			/* unknown in one window: unknown merged */
			into->pct_known[i] = false;
			continue;
		}
		if (from->pct[i] > into->pct[i])
			into->pct[i] = from->pct[i];
	}
}

bool window_series_pick(const struct window_series *series,
			enum window_choice choice, int cpu,
			enum sample_context ctx, struct window_stats *out)
{
	const struct window_stats *s, *worst = NULL;
	bool first = true;
	int i;

	memset(out, 0, sizeof(*out));
	if (cpu < 0 || cpu >= series->nr_cpus)
		return false;
	for (i = 0; i < series->nr_lines; i++) {
		s = &series->lines[i].cpu[cpu].ctx[ctx];
		if (!s->count)
			continue;
		switch (choice) {
		case WINDOW_WORST:
			/* ties: the later window */
			if (!worst || s->max >= worst->max)
				worst = s;
			break;
		case WINDOW_LAST:
			worst = s;
			break;
		case WINDOW_ALL:
			if (first) {
				*out = *s;
				first = false;
			} else {
				merge_stats(out, s, true);
			}
			break;
		}
	}
	if (worst)
		*out = *worst;
	return out->count != 0;
}

bool window_series_pick_all_cpus(const struct window_series *series,
				 enum window_choice choice,
				 enum sample_context ctx,
				 struct window_stats *out)
{
	struct window_stats one;
	int cpu;

	memset(out, 0, sizeof(*out));
	for (cpu = 0; cpu < series->nr_cpus; cpu++)
		if (window_series_pick(series, choice, cpu, ctx, &one))
			merge_stats(out, &one, false);
	return out->count != 0;
}

void window_series_free(struct window_series *series)
{
	int i;

	for (i = 0; i < series->nr_lines; i++)
		free(series->lines[i].cpu);
	free(series->lines);
	series->lines = NULL;
	series->nr_lines = 0;
}
