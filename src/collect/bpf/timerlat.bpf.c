// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat's samples counted in the kernel: per CPU and context, a
 * histogram and count/min/max/sum, from osnoise:timerlat_sample.  Only a
 * stop threshold's hit goes to user space, through a ring buffer.
 * No vmlinux.h and no BTF: the fields are read at the offsets rtla found
 * in the tracepoint's format file.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#include "collect/timerlat_bpf.h"


struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, unsigned int);
	__type(value, struct tlb_config);
} config SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, TLB_NR_STATE);
	__type(key, unsigned int);
	__type(value, unsigned long long);
} state SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, TLB_NR_CONTEXTS);	/* resized by rtla */
	__type(key, unsigned int);
	__type(value, unsigned long long);
} hist SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, TLB_NR_CONTEXTS);
	__type(key, unsigned int);
	__type(value, struct tlb_stats);
} stats SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);
} hits SEC(".maps");

static int over_threshold(const struct tlb_config *cfg, int context,
			  unsigned long long latency_ns)
{
	unsigned long long stop = context ? cfg->thread_stop_us :
				  cfg->irq_stop_us;

	return stop && latency_ns / 1000 >= stop;
}

SEC("tracepoint/osnoise/timerlat_sample")
int count_sample(void *rec)
{
	unsigned long long value, latency, *slot, *stopped, *lost;
	unsigned int key = 0, divisor, bucket_size;
	struct tlb_config *cfg;
	struct tlb_stats *s;
	struct tlb_hit *hit;
	int context;

	cfg = bpf_map_lookup_elem(&config, &key);
	key = TLB_STOPPED;
	stopped = bpf_map_lookup_elem(&state, &key);
	if (!cfg || !stopped || *stopped)
		return 0;
	if (bpf_probe_read_kernel(&latency, sizeof(latency),
				  (char *)rec + cfg->latency_offset) ||
	    bpf_probe_read_kernel(&context, sizeof(context),
				  (char *)rec + cfg->context_offset))
		return 0;
	if (context < 0 || context >= TLB_NR_CONTEXTS)
		return 0;
	divisor = cfg->divisor ? cfg->divisor : 1;
	bucket_size = cfg->bucket_size ? cfg->bucket_size : 1;
	value = latency / divisor;
	key = context;
	s = bpf_map_lookup_elem(&stats, &key);
	if (!s)
		return 0;
	if (!s->count || value < s->min)
		s->min = value;
	if (value > s->max)
		s->max = value;
	s->sum += value;
	s->cur = value;
	s->count++;
	if (cfg->entries) {
		key = tlb_hist_slot(context, value / bucket_size, cfg->entries);
		slot = bpf_map_lookup_elem(&hist, &key);
		if (slot)
			*slot += 1;
	}
	if (!over_threshold(cfg, context, latency))
		return 0;
	*stopped = 1;
	hit = bpf_ringbuf_reserve(&hits, sizeof(*hit), 0);
	if (!hit) {
		key = TLB_LOST_HITS;
		lost = bpf_map_lookup_elem(&state, &key);
		if (lost)
			__sync_fetch_and_add(lost, 1);
		return 0;
	}
	hit->latency_ns = latency;
	hit->cpu = bpf_get_smp_processor_id();
	hit->context = context;
	bpf_ringbuf_submit(hit, 0);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
