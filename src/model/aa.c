// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat auto-analysis: per CPU, what happened between the timer's
 * expected time and the moment its thread ran.  The timerlat IRQ sample
 * opens a window; the interference records that end inside it (IRQs,
 * softirqs, NMIs, threads) are summed and listed; the thread sample with
 * the same sequence number closes it.
 */
#include <stdlib.h>
#include <string.h>

#include "model/aa.h"

int aa_alloc(struct aa *aa, int nr_cpus)
{
	aa->cpu = calloc(nr_cpus, sizeof(*aa->cpu));
	if (!aa->cpu)
		return -1;
	aa->nr_cpus = nr_cpus;
	return 0;
}

void aa_free(struct aa *aa)
{
	free(aa->cpu);
	aa->cpu = NULL;
	aa->nr_cpus = 0;
}

static struct aa_cpu *cpu_of(struct aa *aa, int cpu)
{
	if (cpu < 0 || cpu >= aa->nr_cpus)
		return NULL;
	return &aa->cpu[cpu];
}

/* Copy a name that may lack its terminating NUL. */
static void copy_name(char *dst, size_t size, const char *src, int len)
{
	size_t n = len < 0 ? 0 : (size_t)len;

	if (!src)
		n = 0;
	if (n >= size)
		n = size - 1;
	if (n)
		memcpy(dst, src, n);
	dst[n] = '\0';
}

/* A timerlat IRQ sample: a new window opens, the last one is forgotten. */
static void open_window(struct aa_cpu *c, uint64_t ts, int pid,
			unsigned int seqnum, uint64_t latency)
{
	uint64_t prev_end = c->prev_irq_start + c->prev_irq_duration;
	uint64_t expected = ts >= latency ? ts - latency : 0;
	int k;

	c->waiting_thread = true;
	c->seen_irq = true;
	c->seen_thread = false;
	c->irq_untraced = false;
	c->irq_ts = ts;
	c->irq_latency = latency;
	c->seqnum = seqnum;
	c->run_pid = pid;
	c->run_comm[0] = '\0';
	if (c->cur_pid == pid)
		memcpy(c->run_comm, c->cur_comm, sizeof(c->run_comm));
	c->timer_irq_seen = false;
	c->timer_irq_start = 0;
	c->timer_irq_duration = 0;
	c->blocking = 0;
	c->stack_size = 0;
	c->prev_irq_overlap = prev_end > expected ? c->prev_irq_duration : 0;
	for (k = 0; k < AA_NR_KINDS; k++) {
		c->lists[k].sum = 0;
		c->lists[k].count = 0;
	}
	/*
	 * The idle task was interrupted: its latency is an exit from idle,
	 * unless another IRQ still ran when the timer was due.
	 */
	if (pid == 0 && latency > c->max_idle_latency && ts >= latency &&
	    expected >= prev_end)
		c->max_idle_latency = latency;
}

void aa_sample(struct aa *aa, int cpu, uint64_t ts, int pid,
	       enum sample_context context, unsigned int seqnum,
	       uint64_t latency)
{
	struct aa_cpu *c = cpu_of(aa, cpu);

	if (!c)
		return;
	if (context == CTX_IRQ) {
		open_window(c, ts, pid, seqnum, latency);
		return;
	}
	if (context == CTX_THREAD && !c->waiting_thread &&
	    (seqnum != c->seqnum || !c->seen_irq)) {
		/* tracing began between this sample's IRQ and its thread */
		open_window(c, ts, -1, seqnum, 0);
		c->irq_untraced = true;
		c->waiting_thread = false;
		c->seen_thread = true;
		c->thread_latency = latency;
		return;
	}
	if (seqnum != c->seqnum || !c->seen_irq)
		return;
	/* as 7.2: the return to user space, when it comes, is the total */
	if (context == CTX_USER && c->seen_thread) {
		c->thread_latency = latency;
		return;
	}
	if (context != CTX_THREAD || !c->waiting_thread)
		return;
	c->waiting_thread = false;
	c->seen_thread = true;
	c->thread_latency = latency;
}

static void add_item(struct aa_list *list, const char *name, int name_len,
		     int id, uint64_t duration)
{
	struct aa_item *item;

	list->sum += duration;
	if (list->count >= AA_MAX_ITEMS)
		return;
	item = &list->items[list->count++];
	copy_name(item->name, sizeof(item->name), name, name_len);
	item->id = id;
	item->duration = duration;
}

void aa_noise(struct aa *aa, int cpu, enum aa_kind kind, uint64_t start,
	      uint64_t duration, const char *name, int name_len, int id)
{
	struct aa_cpu *c = cpu_of(aa, cpu);

	if (!c || kind < 0 || kind >= AA_NR_KINDS)
		return;
	if (!c->waiting_thread) {
		/* an IRQ before the timer's may have delayed it */
		if (kind == AA_IRQ || kind == AA_NMI) {
			c->prev_irq_start = start;
			c->prev_irq_duration = duration;
		}
		return;
	}
	/* the first IRQ to end in the window is the timerlat IRQ itself */
	if (kind == AA_IRQ && !c->timer_irq_seen) {
		c->timer_irq_seen = true;
		c->timer_irq_start = start;
		c->timer_irq_duration = duration;
		return;
	}
	/* the interrupted task running on is the blocking thread */
	if (kind == AA_THREAD && id == c->run_pid && !c->blocking) {
		c->blocking = duration ? duration : 1;
		if (name && name_len > 0)
			copy_name(c->run_comm, sizeof(c->run_comm), name,
				  name_len);
		return;
	}
	add_item(&c->lists[kind], name, name_len, id, duration);
}

void aa_switch(struct aa *aa, int cpu, int pid, const char *comm,
	       int comm_len)
{
	struct aa_cpu *c = cpu_of(aa, cpu);

	if (!c)
		return;
	c->cur_pid = pid;
	copy_name(c->cur_comm, sizeof(c->cur_comm), comm, comm_len);
}

void aa_stack(struct aa *aa, int cpu, const uint64_t *addrs, int count)
{
	struct aa_cpu *c = cpu_of(aa, cpu);

	if (!c)
		return;
	if (count > AA_MAX_STACK)
		count = AA_MAX_STACK;
	if (count < 0)
		count = 0;
	memcpy(c->stack, addrs, count * sizeof(*addrs));
	c->stack_size = count;
}
