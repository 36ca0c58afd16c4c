/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_AA_H
#define RTLA_AA_H

#include <stdbool.h>
#include <stdint.h>

#include "model/context.h"

/*
 * timerlat auto-analysis: a per-CPU state machine fed the decoded
 * timerlat samples and osnoise interference records.  After a stop it
 * tells what delayed the last timer of each CPU that hit.  Every list is
 * a fixed array allocated at the start: feeding it never allocates.
 */

#define AA_COMM_LEN	16
#define AA_DESC_LEN	24
#define AA_MAX_ITEMS	16	/* per kind; more are summed in the total */
#define AA_MAX_STACK	64

enum aa_kind { AA_NMI, AA_IRQ, AA_SOFTIRQ, AA_THREAD, AA_NR_KINDS };

enum aa_stack_format { AA_STACK_TRUNCATE, AA_STACK_SKIP, AA_STACK_FULL };

struct aa_item {
	char name[AA_DESC_LEN];	/* IRQ description, softirq name or comm */
	int id;			/* vector or pid */
	uint64_t duration;	/* ns */
};

struct aa_list {
	uint64_t sum;		/* ns, every item, listed or not */
	int count;
	struct aa_item items[AA_MAX_ITEMS];
};

struct aa_cpu {
	bool waiting_thread;	/* an IRQ sample came, its thread not yet */
	bool seen_irq;		/* at least one IRQ sample */
	bool seen_thread;	/* the thread sample of the current IRQ came */
	bool irq_untraced;	/* a thread sample whose IRQ sample never came */
	uint64_t irq_ts;	/* ns: when the IRQ sample was recorded */
	uint64_t irq_latency;
	uint64_t thread_latency;
	unsigned int seqnum;
	int run_pid;		/* the task the timer interrupted */
	char run_comm[AA_COMM_LEN];	/* from sched_switch, or thread_noise */
	bool timer_irq_seen;	/* the timerlat IRQ's own irq_noise came */
	uint64_t timer_irq_start, timer_irq_duration;
	uint64_t prev_irq_start, prev_irq_duration;	/* the last IRQ before */
	uint64_t prev_irq_overlap;	/* its duration, if it ran past the
					   timer's expected time */
	uint64_t blocking;	/* ns the interrupted task ran after */
	struct aa_list lists[AA_NR_KINDS];
	int cur_pid;		/* the task on the CPU (sched_switch) */
	char cur_comm[AA_COMM_LEN];
	uint64_t stack[AA_MAX_STACK];	/* the last kernel stack recorded */
	int stack_size;
	uint64_t max_idle_latency;	/* largest IRQ latency from idle */
};

struct aa {
	int nr_cpus;
	struct aa_cpu *cpu;
};

int aa_alloc(struct aa *aa, int nr_cpus);
void aa_free(struct aa *aa);

/* A timerlat sample of @context recorded at @ts with the task @pid on. */
void aa_sample(struct aa *aa, int cpu, uint64_t ts, int pid,
	       enum sample_context context, unsigned int seqnum,
	       uint64_t latency);
/* osnoise:nmi_noise, irq_noise, softirq_noise and thread_noise. */
void aa_noise(struct aa *aa, int cpu, enum aa_kind kind, uint64_t start,
	      uint64_t duration, const char *name, int name_len, int id);
/* sched:sched_switch: @pid (@comm) runs on @cpu from now on. */
void aa_switch(struct aa *aa, int cpu, int pid, const char *comm,
	       int comm_len);
/* A kernel stack recorded on @cpu (ftrace:kernel_stack). */
void aa_stack(struct aa *aa, int cpu, const uint64_t *addrs, int count);

#endif
