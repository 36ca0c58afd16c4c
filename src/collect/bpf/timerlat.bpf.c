// SPDX-License-Identifier: GPL-2.0
/*
 * Samples counted in the kernel: per CPU and context, a histogram and
 * count/min/max/sum, from osnoise:timerlat_sample (timerlat) or
 * osnoise:sample_threshold (osnoise, context 0).  Only a timerlat stop
 * threshold's hit goes to user space, through a ring buffer, then to
 * the --bpf-action program, if any, by a tail call.  With --sources, the
 * noise events by source (timerlat's inside the threads' pending
 * windows), with the samples or alone.  No
 * vmlinux.h and no BTF: timerlat_sample's fields are read at the offsets
 * rtla found in its format file.
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
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, TLB_NR_WINDOW_SLOTS);
	__type(key, unsigned int);
	__type(value, struct tlb_window);
} windows SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);
} hits SEC(".maps");

/* Per CPU: 1 from a timer IRQ's sample to its thread's sample. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, unsigned int);
	__type(value, unsigned long long);
} pending SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(map_flags, BPF_F_MMAPABLE);
	__uint(max_entries, TLB_NR_SOURCE_KINDS * TLB_CACHE_SLOTS); /* resized */
	__type(key, unsigned int);
	__type(value, struct tlb_cached_source);
} cache SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 256);		/* resized by rtla */
	__type(key, struct tlb_source_key);
	__type(value, struct tlb_source);
} sources SEC(".maps");

/*
 * --bpf-action: the user's program, slot 0, tail-called with the
 * tracepoint's context when a stop threshold is hit (rtla 7.x's calling
 * convention).  Empty without the option: the tail call falls through.
 */
struct {
	__uint(type, BPF_MAP_TYPE_PROG_ARRAY);
	__uint(max_entries, 1);
	__type(key, unsigned int);
	__type(value, unsigned int);
} action SEC(".maps");

static int over_threshold(const struct tlb_config *cfg, int context,
			  unsigned long long latency_ns)
{
	unsigned long long stop = context ? cfg->thread_stop_us :
				  cfg->irq_stop_us;

	return stop && latency_ns / 1000 >= stop;
}

/*
 * The extremes of the monitor's current window: the window's number read
 * once, its slot begun afresh when it held an older window's.
 */
static __always_inline void window_add(unsigned int context,
				       unsigned long long value)
{
	unsigned int key = TLB_WINDOW;
	unsigned long long *number = bpf_map_lookup_elem(&state, &key);
	unsigned long long window;
	struct tlb_window *w;

	if (!number)
		return;
	window = *(volatile unsigned long long *)number;
	key = tlb_window_slot(context, window);
	w = bpf_map_lookup_elem(&windows, &key);
	if (!w)
		return;
	if (w->window != window || !w->count) {
		w->window = window;
		w->count = 0;
		w->min = value;
		w->max = value;
	}
	if (value < w->min)
		w->min = value;
	if (value > w->max)
		w->max = value;
	w->count++;
}

/* Count one sample of @context; true when counting has stopped. */
static __always_inline int count(struct tlb_config **cfgp, int context,
				 unsigned long long value_ns)
{
	unsigned long long value, *slot, *stopped;
	unsigned int key = 0, divisor, bucket_size;
	struct tlb_config *cfg;
	struct tlb_stats *s;

	cfg = bpf_map_lookup_elem(&config, &key);
	key = TLB_STOPPED;
	stopped = bpf_map_lookup_elem(&state, &key);
	if (!cfg || !stopped || *stopped || context < 0 ||
	    context >= TLB_NR_CONTEXTS)
		return 1;
	*cfgp = cfg;
	divisor = cfg->divisor ? cfg->divisor : 1;
	bucket_size = cfg->bucket_size ? cfg->bucket_size : 1;
	value = value_ns / divisor;
	key = context;
	s = bpf_map_lookup_elem(&stats, &key);
	if (!s)
		return 1;
	if (!s->count || value < s->min)
		s->min = value;
	if (value > s->max)
		s->max = value;
	s->sum += value;
	s->cur = value;
	s->count++;
	window_add(context, value);
	if (cfg->entries) {
		key = tlb_hist_slot(context, value / bucket_size, cfg->entries);
		slot = bpf_map_lookup_elem(&hist, &key);
		if (slot)
			*slot += 1;
	}
	return 0;
}

SEC("tracepoint/osnoise/timerlat_sample")
int count_sample(void *rec)
{
	unsigned long long latency, *stopped, *lost;
	struct tlb_config *cfg = NULL;
	unsigned int key = 0;
	unsigned long long *window;
	struct tlb_hit *hit;
	int context;

	cfg = bpf_map_lookup_elem(&config, &key);
	if (!cfg ||
	    bpf_probe_read_kernel(&latency, sizeof(latency),
				  (char *)rec + cfg->latency_offset) ||
	    bpf_probe_read_kernel(&context, sizeof(context),
				  (char *)rec + cfg->context_offset))
		return 0;
	window = bpf_map_lookup_elem(&pending, &key);
	if (window)
		*window = context == 0;
	if (count(&cfg, context, latency) || !cfg ||
	    !over_threshold(cfg, context, latency))
		return 0;
	key = TLB_STOPPED;
	stopped = bpf_map_lookup_elem(&state, &key);
	if (stopped)
		*stopped = 1;
	hit = bpf_ringbuf_reserve(&hits, sizeof(*hit), 0);
	if (hit) {
		hit->latency_ns = latency;
		hit->cpu = bpf_get_smp_processor_id();
		hit->context = context;
		bpf_ringbuf_submit(hit, 0);
	} else {
		key = TLB_LOST_HITS;
		lost = bpf_map_lookup_elem(&state, &key);
		if (lost)
			__sync_fetch_and_add(lost, 1);
	}
	bpf_tail_call(rec, &action, 0);
	return 0;
}

/*
 * osnoise's noise, straight from the tracepoint's arguments (start,
 * duration, interference): no record is made, in the ring buffer or for
 * this program; the kernel stops the tracer at osnoise's thresholds.
 */
SEC("raw_tp/sample_threshold")
int count_noise(struct bpf_raw_tracepoint_args *ctx)
{
	struct tlb_config *cfg = NULL;

	count(&cfg, 0, ctx->args[1]);
	return 0;
}

/* Whether counting goes on. */
static __always_inline int counting(void)
{
	unsigned int key = TLB_STOPPED;
	unsigned long long *stopped = bpf_map_lookup_elem(&state, &key);

	return stopped && !*stopped;
}

/*
 * Whether counting goes on and, where the windows are told, this CPU's
 * thread is pending.
 */
static __always_inline int in_window(void)
{
	unsigned int key = 0;
	struct tlb_config *cfg = bpf_map_lookup_elem(&config, &key);
	unsigned long long *window = bpf_map_lookup_elem(&pending, &key);

	if (!cfg || !window || (cfg->windows && !*window))
		return 0;
	return counting();
}

static __always_inline void count_lost(void)
{
	unsigned int key = TLB_LOST_SOURCES;
	unsigned long long *lost = bpf_map_lookup_elem(&state, &key);

	if (lost)
		__sync_fetch_and_add(lost, 1);
}

static __always_inline void name(char *desc, const char *from, int comm)
{
	if (comm)
		bpf_get_current_comm(desc, TLB_DESC_LEN);
	else if (from)
		bpf_probe_read_kernel_str(desc, TLB_DESC_LEN, from);
}

/*
 * Source @id of @kind on @cpu in the sources map, made if new (see
 * source()): out of line, so that the cache's path does not pay for
 * the fresh element it zeroes.
 */
static __noinline struct tlb_source *
mapped_source(unsigned int cpu, unsigned int kind, int id, const char *desc,
	      int comm)
{
	struct tlb_source_key key = { .cpu = cpu, .kind = kind, .id = id };
	struct tlb_source *src, fresh = {};

	src = bpf_map_lookup_elem(&sources, &key);
	if (src)
		return src;
	name(fresh.desc, desc, comm);
	bpf_map_update_elem(&sources, &key, &fresh, BPF_NOEXIST);
	src = bpf_map_lookup_elem(&sources, &key);
	if (!src)
		count_lost();
	return src;
}

/*
 * This CPU's source @id of @kind, made if new: its name from @desc (NULL:
 * none), or the current task's comm if @comm.  Its cache slot, unless
 * another source took it; else the sources map's element.  NULL if the
 * map is full.  Programs of one kind do not nest on a CPU: a slot being
 * taken is not seen half done.
 */
static __always_inline struct tlb_source *
source(unsigned int kind, int id, const char *desc, int comm)
{
	unsigned int cpu = bpf_get_smp_processor_id();
	unsigned int slot = tlb_cache_slot(cpu, kind, id);
	struct tlb_cached_source *cached;

	cached = bpf_map_lookup_elem(&cache, &slot);
	if (cached && cached->src.count && cached->id == id)
		return &cached->src;
	if (cached && !cached->src.count) {
		cached->id = id;
		name(cached->src.desc, desc, comm);
		return &cached->src;
	}
	return mapped_source(cpu, kind, id, desc, comm);
}

/*
 * No atomics: a source is its CPU's alone, and the kernel runs none of
 * these programs within itself on a CPU (an NMI's is another source).
 */
static __always_inline void add(struct tlb_source *src, unsigned long long ns)
{
	if (!src)
		return;
	src->count++;
	src->total_ns += ns;
	if (ns > src->max_ns)
		src->max_ns = ns;
}

/*
 * The tracepoints' arguments (their TP_PROTO since 5.14): no record is
 * made.  irq_noise(int vector, const char *desc, u64 start, u64 duration)
 */
SEC("raw_tp/irq_noise")
int count_irq_noise(struct bpf_raw_tracepoint_args *ctx)
{
	if (in_window())
		add(source(TLB_SOURCE_IRQ, (int)ctx->args[0],
			   (const char *)ctx->args[1], 0), ctx->args[3]);
	return 0;
}

/* nmi_noise(u64 start, u64 duration) */
SEC("raw_tp/nmi_noise")
int count_nmi_noise(struct bpf_raw_tracepoint_args *ctx)
{
	if (in_window())
		add(source(TLB_SOURCE_NMI, -1, NULL, 0), ctx->args[1]);
	return 0;
}

/*
 * softirq_noise(int vector, u64 start, u64 duration): timerlat's kernel
 * emits it in the windows only.
 */
SEC("raw_tp/softirq_noise")
int count_softirq_noise(struct bpf_raw_tracepoint_args *ctx)
{
	if (counting())
		add(source(TLB_SOURCE_SOFTIRQ, (int)ctx->args[0], NULL, 0),
		    ctx->args[2]);
	return 0;
}

/*
 * thread_noise(struct task_struct *t, u64 start, u64 duration), timerlat's
 * in the windows only, from the scheduler's switch away from @t: @t is the
 * current task, whose pid and comm the helpers read without BTF.
 * Anything else is counted lost rather than given another's name.
 */
SEC("raw_tp/thread_noise")
int count_thread_noise(struct bpf_raw_tracepoint_args *ctx)
{
	if (!counting())
		return 0;
	if (bpf_get_current_task() != ctx->args[0]) {
		count_lost();
		return 0;
	}
	add(source(TLB_SOURCE_THREAD, (int)bpf_get_current_pid_tgid(), NULL, 1),
	    ctx->args[2]);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
