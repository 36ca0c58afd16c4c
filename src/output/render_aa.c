// SPDX-License-Identifier: GPL-2.0
/* The auto-analysis report, in rtla 7.2's layout (its strings are ABI). */
#include <inttypes.h>

#include "output/render_aa.h"

/* Values end at column 65, followed by " us". */
#define LABEL_WIDTH	54	/* after the two leading spaces */
#define RULE \
	"------------------------------------------------------------------------"

static double us(uint64_t ns)
{
	return ns / 1000.0;
}

static double share(uint64_t part, uint64_t total)
{
	return total ? 100.0 * part / total : 0.0;
}

static void line(FILE *out, const char *label, uint64_t ns)
{
	fprintf(out, "  %-*s%9.2f us\n", LABEL_WIDTH, label, us(ns));
}

static void line_share(FILE *out, const char *label, uint64_t ns,
		       uint64_t total)
{
	fprintf(out, "  %-*s%9.2f us (%.2f %%)\n", LABEL_WIDTH, label, us(ns),
		share(ns, total));
}

/* "  IRQ handler delay:   (exit from idle)   X us (P %)" */
static void irq_delay(FILE *out, const struct aa_cpu *c, uint64_t total)
{
	uint64_t expected = c->irq_ts - c->irq_latency;
	uint64_t delay = 0;

	if (c->prev_irq_overlap)
		fprintf(out, "  %-44sup to  %9.2f us\n",
			"Previous IRQ interference:", us(c->prev_irq_overlap));
	/* unknown (0) when the timer IRQ did not end before the stop */
	if (c->timer_irq_seen && c->timer_irq_start > expected)
		delay = c->timer_irq_start - expected;
	fprintf(out, "  %-36s%-18s%9.2f us (%.2f %%)\n", "IRQ handler delay:",
		c->run_pid == 0 && delay ? "(exit from idle)" : "", us(delay),
		share(delay, total));
}

static void stack(FILE *out, const struct aa_cpu *c,
		  const struct aa_render_opts *opts)
{
	const char *name;
	int i;

	if (!c->stack_size || !opts->symbol)
		return;
	fputs("    Blocking thread stack trace\n", out);
	for (i = 0; i < c->stack_size; i++) {
		name = opts->symbol(opts->symbol_ctx, c->stack[i]);
		if (name) {
			fprintf(out, "                -> %s\n", name);
			continue;
		}
		if (opts->stack_format == AA_STACK_TRUNCATE)
			break;
		if (opts->stack_format == AA_STACK_FULL)
			fprintf(out, "                -> 0x%" PRIx64 "\n",
				c->stack[i]);
	}
}

static const char *const kind_titles[AA_NR_KINDS] = {
	[AA_NMI] = "NMI interference",
	[AA_IRQ] = "IRQ interference",
	[AA_SOFTIRQ] = "Softirq interference",
	[AA_THREAD] = "Thread interference",
};

static void interference(FILE *out, const struct aa_cpu *c, enum aa_kind kind,
			 uint64_t total)
{
	const struct aa_list *list = &c->lists[kind];
	const struct aa_item *item;
	int i;

	if (!list->sum && !list->count)
		return;
	line_share(out, kind_titles[kind], list->sum, total);
	/* NMIs have no name: their total says it all */
	for (i = 0; kind != AA_NMI && i < list->count; i++) {
		item = &list->items[i];
		if (kind == AA_THREAD)
			fprintf(out, "%32s:%-23d%9.2f us\n",
				item->name, item->id,
				us(item->duration));
		else
			fprintf(out, "%26s:%-29d%9.2f us\n",
				item->name, item->id,
				us(item->duration));
	}
}

/* The timer IRQ hit: its thread never ran. */
static void irq_case(FILE *out, const struct aa_cpu *c,
		     const struct aa_render_opts *opts)
{
	const char *comm = c->cur_comm;
	int pid = c->cur_pid;

	irq_delay(out, c, c->irq_latency);
	line(out, "IRQ latency:", c->irq_latency);
	if (c->cur_pid != c->run_pid) {
		comm = c->run_comm;
		pid = c->run_pid;
	}
	fputs("  Blocking thread:\n", out);
	fprintf(out, "%32s:%-9d\n", comm, pid);
	stack(out, c, opts);
	fputs(RULE "\n", out);
	fprintf(out, "     %-51s%9.2f us (100%%)\n", "IRQ latency:",
		us(c->irq_latency));
}

static void thread_total(FILE *out, uint64_t total)
{
	fputs(RULE "\n", out);
	fprintf(out, "  %-*s%9.2f us (100%%)\n", LABEL_WIDTH, "Thread latency:",
		us(total));
}

/* The thread ran late: every part of its latency, with its share. */
static void thread_case(FILE *out, const struct aa_cpu *c,
			const struct aa_render_opts *opts)
{
	uint64_t total = c->thread_latency;
	int k;

	if (c->irq_untraced) {
		fputs("  Timer IRQ of this sample: not traced (tracing began after it)\n",
		      out);
		thread_total(out, total);
		return;
	}
	irq_delay(out, c, total);
	line(out, "IRQ latency:", c->irq_latency);
	if (c->timer_irq_seen)
		line_share(out, "Timerlat IRQ duration:",
			   c->timer_irq_duration, total);
	line_share(out, "Blocking thread:", c->blocking, total);
	fprintf(out, "%32s:%-23d%9.2f us\n", c->run_comm,
		c->run_pid, us(c->blocking));
	stack(out, c, opts);
	for (k = 0; k < AA_NR_KINDS; k++)
		interference(out, c, k, total);
	thread_total(out, total);
}

void render_aa(FILE *out, const struct aa *aa,
	       const struct aa_render_opts *opts)
{
	const struct aa_cpu *c;
	uint64_t max_idle = 0;
	int cpu, max_cpu = 0;

	for (cpu = 0; cpu < aa->nr_cpus; cpu++) {
		c = &aa->cpu[cpu];
		if (c->waiting_thread && opts->irq_thresh_ns &&
		    c->irq_latency >= opts->irq_thresh_ns) {
			fprintf(out, "## CPU %d hit stop tracing, analyzing it ##\n",
				cpu);
			irq_case(out, c, opts);
		} else if (c->seen_thread && opts->thread_thresh_ns &&
			   c->thread_latency >= opts->thread_thresh_ns) {
			fprintf(out, "## CPU %d hit stop tracing, analyzing it ##\n",
				cpu);
			thread_case(out, c, opts);
		}
		if (c->max_idle_latency > max_idle) {
			max_idle = c->max_idle_latency;
			max_cpu = cpu;
		}
	}
	if (max_idle)
		fprintf(out, "\nMax timerlat IRQ latency from idle: %.2f us in cpu %d\n",
			us(max_idle), max_cpu);
	if (!opts->dump_tasks)
		return;
	fputs("\nPrinting CPU tasks:\n", out);
	for (cpu = 0; cpu < aa->nr_cpus; cpu++)
		fprintf(out, "    [%03d] %24s:%d\n", cpu,
			aa->cpu[cpu].cur_comm,
			aa->cpu[cpu].cur_pid);
}
