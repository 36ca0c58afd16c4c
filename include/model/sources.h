/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_SOURCES_H
#define RTLA_SOURCES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * --sources: who disturbed each measured CPU.  Every IRQ, softirq, thread
 * and NMI the osnoise tracer saw interfering, by name, with its count,
 * total and max duration (net of nested interference, as the kernel's
 * osnoise:*_noise events give them), and the hardware noise (the noise
 * samples with no interference, osnoise:sample_threshold).  Filled in bulk from the kernel's
 * counts (a hist trigger) or one record at a time (the ring buffers).
 */

enum source_kind {
	SOURCE_IRQ,
	SOURCE_SOFTIRQ,
	SOURCE_THREAD,
	SOURCE_NMI,
	SOURCE_HW,		/* noise with no interference seen */
	NR_SOURCE_KINDS,
};

#define SOURCE_NAME_LEN		40
#define SOURCES_DEFAULT_TOP	5

struct noise_source {
	enum source_kind kind;
	char name[SOURCE_NAME_LEN];	/* IRQ desc, softirq, comm[:pid], nmi,
					   hardware */
	uint64_t count;
	uint64_t total_ns;
	uint64_t max_ns;
	bool max_unknown;		/* derived, not counted: no max */
};

struct cpu_sources {
	struct noise_source *list;	/* in the order first seen */
	int nr;
	int room;
};

struct noise_sources {
	int nr_cpus;
	unsigned int top;		/* shown per CPU (--sources=N) */
	bool by_comm;			/* threads merged by comm */
	bool max_exact;			/* false: no max (no onmax()) */
	/* hardware noise counted (osnoise:sample_threshold), not derived */
	bool hw_counted;
	/*
	 * How the noise events were counted: "bpf", "hist-trigger" or
	 * "tracefs" (every record read); NULL: not yet
	 */
	const char *collector;
	/* timerlat: IRQs and NMIs inside the threads' windows only */
	bool windows;
	uint64_t dropped;		/* events a kernel map had no room for */
	struct cpu_sources *cpu;
};

/* Room for @nr_cpus CPUs; -1 when out of memory. */
int sources_alloc(struct noise_sources *s, int nr_cpus, unsigned int top,
		  bool by_comm);
/* NULL-safe, idempotent. */
void sources_free(struct noise_sources *s);
/* Forget the counts, keeping the memory (after a warm-up, a snapshot). */
void sources_reset(struct noise_sources *s);

/* The kind's name as reports give it: irq, softirq, thread, nmi, hw. */
const char *source_kind_name(enum source_kind kind);
/* The softirq of @vector, as the kernel names it ("TIMER"), or "?". */
const char *source_softirq_name(int vector);

/*
 * Add @count events of @kind on @cpu, @total_ns in all, the longest
 * @max_ns.  @name is @len bytes (not necessarily terminated): the IRQ's
 * description or the thread's comm; @id is the softirq's vector or the
 * thread's pid.  -1 when out of memory or @cpu is out of range.
 */
int sources_add(struct noise_sources *s, int cpu, enum source_kind kind,
		const char *name, size_t len, int id, uint64_t count,
		uint64_t total_ns, uint64_t max_ns);

/* The sum of every source's total on @cpu. */
uint64_t sources_cpu_total(const struct noise_sources *s, int cpu);

/*
 * What a report shows of one CPU: its sources, longest total first (ties
 * by kind, then name), and the rest of @n summed into @other.
 */
struct sources_view {
	const struct noise_source **rank;	/* every source, ranked */
	struct noise_source derived;		/* the rest, as a source */
	int nr;					/* in @rank */
	int shown;				/* the first, up to N */
	struct noise_source other;		/* the rest, kind and name unset */
	bool has_other;				/* a line for the rest */
	uint64_t rest_ns;			/* of the whole, in no source */
	uint64_t total_ns;			/* what the shares are of */
};

/* The rest of the whole as a source of its own, ranked with the others. */
struct sources_rest_as {
	enum source_kind kind;
	const char *name;
	uint64_t count;
};

/*
 * -1 when out of memory; sources_view_free() it after.  @whole_ns is what
 * the sources are a part of (timerlat: the CPU's thread latency; osnoise
 * without hardware counted: its noise), the time no source accounts for
 * then in @other, or in a source @rest_as names (not NULL); 0, or less
 * than the sources' sum: the sources' sum.
 */
int sources_view(const struct noise_sources *s, int cpu, unsigned int n,
		 uint64_t whole_ns, const struct sources_rest_as *rest_as,
		 struct sources_view *view);
void sources_view_free(struct sources_view *view);

/*
 * A CPU's "other" as a counter that never decreases.  A change of the top
 * N cannot lower a view's other (a source enters with more than the one
 * it replaces), but the rest can: the sources count noise as it happens,
 * the whole only once a period ends (osnoise), or the two are read at
 * different times (the kernel's counts).  The counter keeps the highest
 * other seen, so that a scraper never takes a dip for a reset.
 */
struct other_counter {
	uint64_t value;
};

/* @other_ns, the view's other now: the counter's new value. */
uint64_t other_counter_update(struct other_counter *counter,
			      uint64_t other_ns);

/* @part of @whole in hundredths of a percent (10000: 100 %), rounded. */
uint64_t sources_share(uint64_t part, uint64_t whole);
/*
 * The share of the view's line @i (@view->shown: the other line), the
 * last line shown taking what rounding left, so that they sum to 100 %.
 */
uint64_t sources_view_share(const struct sources_view *view, int i);

#endif
