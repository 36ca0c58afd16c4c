// SPDX-License-Identifier: GPL-2.0
/* --sources: the noise sources per CPU, ranked for the reports. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/sources.h"

int sources_alloc(struct noise_sources *s, int nr_cpus, unsigned int top,
		  bool by_comm)
{
	memset(s, 0, sizeof(*s));
	s->cpu = calloc(nr_cpus > 0 ? nr_cpus : 1, sizeof(*s->cpu));
	if (!s->cpu)
		return -1;
	s->nr_cpus = nr_cpus;
	s->top = top;
	s->by_comm = by_comm;
	s->max_exact = true;
	return 0;
}

void sources_free(struct noise_sources *s)
{
	int cpu;

	if (!s || !s->cpu)
		return;
	for (cpu = 0; cpu < s->nr_cpus; cpu++)
		free(s->cpu[cpu].list);
	free(s->cpu);
	s->cpu = NULL;
	s->nr_cpus = 0;
}

void sources_reset(struct noise_sources *s)
{
	int cpu;

	for (cpu = 0; s->cpu && cpu < s->nr_cpus; cpu++)
		s->cpu[cpu].nr = 0;
}

static const char *const kind_names[NR_SOURCE_KINDS] = {
	[SOURCE_IRQ] = "irq",
	[SOURCE_SOFTIRQ] = "softirq",
	[SOURCE_THREAD] = "thread",
	[SOURCE_NMI] = "nmi",
	[SOURCE_HW] = "hw",
};

const char *source_kind_name(enum source_kind kind)
{
	return (unsigned int)kind < NR_SOURCE_KINDS ? kind_names[kind] : "?";
}

/* The kernel's softirq vectors, in its order (include/linux/interrupt.h). */
static const char *const softirq_names[] = {
	"HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL", "TASKLET",
	"SCHED", "HRTIMER", "RCU",
};

const char *source_softirq_name(int vector)
{
	if (vector < 0 ||
	    vector >= (int)(sizeof(softirq_names) / sizeof(softirq_names[0])))
		return "?";
	return softirq_names[vector];
}

/* The source's name: a C string cut at @len or the first NUL. */
static void source_name(const struct noise_sources *s, enum source_kind kind,
			const char *name, size_t len, int id, char *buf)
{
	const char *nul = name ? memchr(name, '\0', len) : NULL;
	int n = name ? (int)(nul ? (size_t)(nul - name) : len) : 0;

	switch (kind) {
	case SOURCE_SOFTIRQ:
		snprintf(buf, SOURCE_NAME_LEN, "%s", source_softirq_name(id));
		break;
	case SOURCE_THREAD:
		if (s->by_comm)
			snprintf(buf, SOURCE_NAME_LEN, "%.*s", n, name);
		else
			snprintf(buf, SOURCE_NAME_LEN, "%.*s:%d", n, name, id);
		break;
	case SOURCE_NMI:
		snprintf(buf, SOURCE_NAME_LEN, "nmi");
		break;
	case SOURCE_HW:
		snprintf(buf, SOURCE_NAME_LEN, "hardware");
		break;
	default:
		snprintf(buf, SOURCE_NAME_LEN, "%.*s", n, n ? name : "?");
		break;
	}
}

static struct noise_source *find_or_add(struct cpu_sources *c,
					enum source_kind kind,
					const char *name)
{
	struct noise_source *bigger;
	int i, room;

	for (i = 0; i < c->nr; i++)
		if (c->list[i].kind == kind && !strcmp(c->list[i].name, name))
			return &c->list[i];
	if (c->nr == c->room) {
		room = c->room ? c->room * 2 : 16;
		bigger = realloc(c->list, room * sizeof(*bigger));
		if (!bigger)
			return NULL;
		c->list = bigger;
		c->room = room;
	}
	bigger = &c->list[c->nr++];
	memset(bigger, 0, sizeof(*bigger));
	bigger->kind = kind;
	strcpy(bigger->name, name);
	return bigger;
}

int sources_add(struct noise_sources *s, int cpu, enum source_kind kind,
		const char *name, size_t len, int id, uint64_t count,
		uint64_t total_ns, uint64_t max_ns)
{
	char key[SOURCE_NAME_LEN];
	struct noise_source *src;

	if (cpu < 0 || cpu >= s->nr_cpus || (unsigned int)kind >= NR_SOURCE_KINDS)
		return -1;
	source_name(s, kind, name, len, id, key);
	src = find_or_add(&s->cpu[cpu], kind, key);
	if (!src)
		return -1;
	src->count += count;
	src->total_ns += total_ns;
	if (max_ns > src->max_ns)
		src->max_ns = max_ns;
	return 0;
}

uint64_t sources_cpu_total(const struct noise_sources *s, int cpu)
{
	const struct cpu_sources *c;
	uint64_t total = 0;
	int i;

	if (cpu < 0 || cpu >= s->nr_cpus)
		return 0;
	c = &s->cpu[cpu];
	for (i = 0; i < c->nr; i++)
		total += c->list[i].total_ns;
	return total;
}

static int by_total(const void *a, const void *b)
{
	const struct noise_source *x = *(const struct noise_source *const *)a;
	const struct noise_source *y = *(const struct noise_source *const *)b;

	if (x->total_ns != y->total_ns)
		return x->total_ns > y->total_ns ? -1 : 1;
	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* @c's sources and the derived one, if any, ranked. */
static int rank_sources(const struct cpu_sources *c, struct sources_view *view)
{
	int i, nr = c->nr + (view->derived.total_ns ? 1 : 0);

	if (!nr)
		return 0;
	view->rank = calloc(nr, sizeof(*view->rank));
	if (!view->rank)
		return -1;
	for (i = 0; i < c->nr; i++)
		view->rank[i] = &c->list[i];
	if (nr > c->nr)
		view->rank[c->nr] = &view->derived;
	qsort(view->rank, nr, sizeof(*view->rank), by_total);
	view->nr = nr;
	return 0;
}

int sources_view(const struct noise_sources *s, int cpu, unsigned int n,
		 uint64_t whole_ns, const struct sources_rest_as *rest_as,
		 struct sources_view *view)
{
	const struct cpu_sources *c;
	const struct noise_source *src;
	uint64_t counted = 0;
	int i;

	memset(view, 0, sizeof(*view));
	if (cpu < 0 || cpu >= s->nr_cpus)
		return 0;
	c = &s->cpu[cpu];
	for (i = 0; i < c->nr; i++)
		counted += c->list[i].total_ns;
	if (rest_as && whole_ns > counted) {
		view->derived.kind = rest_as->kind;
		snprintf(view->derived.name, sizeof(view->derived.name), "%s",
			 rest_as->name);
		view->derived.count = rest_as->count;
		view->derived.total_ns = whole_ns - counted;
		view->derived.max_unknown = true;
	}
	if (rank_sources(c, view))
		return -1;
	view->shown = (unsigned int)view->nr < n ? view->nr : (int)n;
	for (i = 0; i < view->nr; i++) {
		src = view->rank[i];
		view->total_ns += src->total_ns;
		if (i < view->shown)
			continue;
		view->other.count += src->count;
		view->other.total_ns += src->total_ns;
		if (src->max_ns > view->other.max_ns)
			view->other.max_ns = src->max_ns;
	}
	view->has_other = view->nr > view->shown;
	/* the part of the whole no source accounts for */
	if (whole_ns > view->total_ns) {
		view->rest_ns = whole_ns - view->total_ns;
		view->other.total_ns += view->rest_ns;
		view->total_ns = whole_ns;
		view->has_other = true;
	}
	return 0;
}

uint64_t other_counter_update(struct other_counter *counter,
			      uint64_t other_ns)
{
	if (other_ns > counter->value)
		counter->value = other_ns;
	return counter->value;
}

void sources_view_free(struct sources_view *view)
{
	free(view->rank);
	view->rank = NULL;
	view->nr = 0;
}

uint64_t sources_share(uint64_t part, uint64_t whole)
{
	if (!whole)
		return 0;
	return (part * 10000 + whole / 2) / whole;
}

uint64_t sources_view_share(const struct sources_view *view, int i)
{
	int last = view->has_other ? view->shown : view->shown - 1;
	uint64_t before = 0;
	int j;

	if (!view->total_ns)
		return 0;
	if (i != last)
		return sources_share(i == view->shown ? view->other.total_ns :
				     view->rank[i]->total_ns, view->total_ns);
	for (j = 0; j < last; j++)
		before += sources_share(view->rank[j]->total_ns,
					view->total_ns);
	return before < 10000 ? 10000 - before : 0;
}
