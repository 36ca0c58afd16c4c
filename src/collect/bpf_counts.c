// SPDX-License-Identifier: GPL-2.0
/* The BPF program's map contents into the results (built always). */
#include <event-parse.h>

#include "collect/bpf_loader.h"
#include "collect/kernel_context.h"

void bpf_counts_apply(struct rtla_results *results, int cpu,
		      const struct tlb_stats *stats,
		      const unsigned long long *hist, unsigned int entries,
		      bool noise)
{
	struct histogram *h;
	unsigned int c, b;

	if (cpu < 0 || cpu >= results->nr_cpus)
		return;
	for (c = 0; c < (noise ? 1 : TLB_NR_CONTEXTS); c++) {
		h = &results->cpu[cpu].hist[kernel_context(noise, c)];
		/* not allocated: a CPU or context this run does not show */
		if (!h->bucket_size || !stats[c].count)
			continue;
		series_merge(&h->stats, &(struct series_stats) {
			.count = stats[c].count, .min = stats[c].min,
			.max = stats[c].max, .sum = stats[c].sum,
			.cur = stats[c].cur,
		});
		if (!hist || !h->entries)
			continue;
		for (b = 0; b < entries && b < h->entries; b++)
			h->buckets[b] += hist[tlb_hist_slot(c, b, entries)];
		h->over += hist[tlb_hist_slot(c, entries, entries)];
	}
}

void bpf_window_apply(struct rtla_results *results, int cpu,
		      const struct tlb_window *slots, unsigned long long window,
		      bool noise)
{
	const struct tlb_window *w;
	struct histogram *h;
	unsigned int c;

	if (cpu < 0 || cpu >= results->nr_cpus)
		return;
	for (c = 0; c < (noise ? 1 : TLB_NR_CONTEXTS); c++) {
		h = &results->cpu[cpu].hist[kernel_context(noise, c)];
		w = &slots[tlb_window_slot(c, window)];
		if (!h->bucket_size || w->window != window || !w->count)
			continue;
		series_merge(&h->window, &(struct series_stats) {
			.count = w->count, .min = w->min, .max = w->max,
		});
	}
}

static int field_offset(struct tep_event *event, const char *name, int size,
			unsigned int *offset)
{
	struct tep_format_field *field = tep_find_field(event, name);

	if (!field || field->size != size)
		return -1;
	*offset = field->offset;
	return 0;
}

int bpf_sample_offsets(struct tep_handle *tep,
		       struct bpf_loader_config *config)
{
	struct tep_event *event;

	event = tep_find_event_by_name(tep, "osnoise", "timerlat_sample");
	if (!event)
		return -1;
	if (field_offset(event, "timer_latency", 8, &config->latency_offset) ||
	    field_offset(event, "context", 4, &config->context_offset))
		return -1;
	return 0;
}
