/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_TIMERLAT_BPF_H
#define RTLA_TIMERLAT_BPF_H

/*
 * What the BPF program on osnoise:timerlat_sample (src/collect/bpf/)
 * and rtla share: plain C types, for both sides' compilers.
 */

/* The kernel's timerlat contexts: 0 IRQ, 1 thread, 2 user. */
#define TLB_NR_CONTEXTS		3

/*
 * rtla's settings, the one element of the config map, written before the
 * program is attached.  Maps, not global variables: libbpf creates those
 * only where its feature probe (a socket filter) loads, and a kernel
 * without networking has no socket filters.
 */
struct tlb_config {
	unsigned long long irq_stop_us;		/* 0: none */
	unsigned long long thread_stop_us;
	unsigned int entries;			/* 0 in top mode */
	unsigned int bucket_size;
	unsigned int divisor;			/* ns per displayed unit */
	/*
	 * Where osnoise:timerlat_sample's fields sit in its record, from
	 * the format file: PREEMPT_RT kernels before 6.x have a larger
	 * common header.
	 */
	unsigned int latency_offset;		/* u64 timer_latency */
	unsigned int context_offset;		/* int context */
	/*
	 * --sources: 1, IRQ and NMI noise counted only in the threads'
	 * windows (timerlat's samples are counted too); 0, all along
	 */
	unsigned int windows;
};

/* The state map's elements (each an unsigned long long). */
enum {
	TLB_STOPPED,	/* a stop threshold was hit: nothing more is counted */
	TLB_LOST_HITS,	/* hits the ring buffer had no room for */
	TLB_LOST_SOURCES, /* window sources' events the map had no room for */
	TLB_WINDOW,	/* the monitor's window: rtla adds 1 as one closes */
	TLB_NR_STATE,
};

/*
 * --sources counted by the program: the noise events by source.  Where
 * it counts timerlat's samples too, the IRQ and NMI noise inside a
 * thread's pending window only (from its timer IRQ's sample to its
 * thread sample), which the kernel emits all along; the softirq and
 * thread noise it emits only in the windows anyway.  Keyed by CPU, kind
 * and id (the vector; a thread's pid; -1 for an NMI), the name kept from
 * the first event (an IRQ's description, a thread's comm).
 */
enum {
	TLB_SOURCE_IRQ,
	TLB_SOURCE_SOFTIRQ,
	TLB_SOURCE_THREAD,
	TLB_SOURCE_NMI,
	TLB_NR_SOURCE_KINDS,
};

#define TLB_DESC_LEN		40

struct tlb_source_key {
	unsigned int cpu;
	unsigned int kind;
	int id;
};

struct tlb_source {
	unsigned long long count;
	unsigned long long total_ns;
	unsigned long long max_ns;
	char desc[TLB_DESC_LEN];
};

/*
 * A source's first place: per CPU and kind, TLB_CACHE_SLOTS slots, an id
 * going to the one its value modulo TLB_CACHE_SLOTS picks, in an array
 * that the program reaches without a call and rtla maps into its memory.
 * A slot is taken while its count is not 0; the sources map keeps the
 * ones whose slot another took.
 */
#define TLB_CACHE_SLOTS		64

struct tlb_cached_source {
	int id;
	unsigned int pad;
	struct tlb_source src;
};

static inline unsigned int tlb_cache_slot(unsigned int cpu, unsigned int kind,
					  int id)
{
	return (cpu * TLB_NR_SOURCE_KINDS + kind) * TLB_CACHE_SLOTS +
	       (unsigned int)id % TLB_CACHE_SLOTS;
}

/* Per CPU and context, in the displayed unit. */
struct tlb_stats {
	unsigned long long count;
	unsigned long long min;
	unsigned long long max;
	unsigned long long sum;
	unsigned long long cur;
};

/*
 * A monitor's window's extremes, per CPU and context in two slots, the
 * window's number's parity choosing: the program starts a slot afresh
 * when it finds an older window's number in it; rtla reads the closing
 * window's slot, then moves to the next window, whose slot is the other.
 */
struct tlb_window {
	unsigned long long window;
	unsigned long long count;
	unsigned long long min;
	unsigned long long max;
};

#define TLB_NR_WINDOW_SLOTS	(2 * TLB_NR_CONTEXTS)

static inline unsigned int tlb_window_slot(unsigned int context,
					   unsigned long long window)
{
	return context * 2 + (unsigned int)(window & 1);
}

/* One threshold hit: the ring buffer carries nothing else. */
struct tlb_hit {
	unsigned long long latency_ns;
	unsigned int cpu;
	int context;
};

/*
 * The histogram map: per CPU, one slot per context and bucket, the
 * context's last slot (index entries) counting the values past the last.
 */
static inline unsigned int tlb_hist_slot(unsigned int context,
					 unsigned int bucket,
					 unsigned int entries)
{
	return context * (entries + 1) + (bucket < entries ? bucket : entries);
}

#endif
