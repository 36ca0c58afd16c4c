// SPDX-License-Identifier: GPL-2.0
/* --sources' hist triggers: what rtla writes, and their hist files read. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/source_hist.h"

/*
 * Per kind: the event, its keys after the CPU, the field onmax() saves,
 * the events counted.
 */
static const struct {
	const char *event;
	const char *keys;
	const char *save;
	unsigned int per_cpu;	/* map entries a measured CPU may need */
	const char *filter;
} source_events[NR_SOURCE_KINDS] = {
	[SOURCE_IRQ] = { "irq_noise", ",desc", "vector", 32, "" },
	[SOURCE_SOFTIRQ] = { "softirq_noise", ",vector", "start", 16, "" },
	/* threads come and go */
	[SOURCE_THREAD] = { "thread_noise", ",comm,pid", "start", 1024, "" },
	[SOURCE_NMI] = { "nmi_noise", "", "start", 1, "" },
	/* the noise samples nothing interfered with */
	[SOURCE_HW] = { "sample_threshold", "", "start", 1,
			" if interference == 0" },
};

/* The kernel's bounds of a hist map (TRACING_MAP_BITS_MIN and _MAX). */
#define MAP_SIZE_MIN	128u
#define MAP_SIZE_MAX	131072u

const char *source_event_name(enum source_kind kind)
{
	return (unsigned int)kind < NR_SOURCE_KINDS ?
	       source_events[kind].event : NULL;
}

unsigned int source_hist_map_size(enum source_kind kind, int nr_cpus)
{
	uint64_t want, size = MAP_SIZE_MIN;

	if ((unsigned int)kind >= NR_SOURCE_KINDS)
		return 0;
	want = (uint64_t)source_events[kind].per_cpu * (nr_cpus > 0 ? nr_cpus : 1);
	while (size < want && size < MAP_SIZE_MAX)
		size <<= 1;
	return (unsigned int)size;
}

int source_hist_trigger(enum source_kind kind, bool with_max, int nr_cpus,
			char *buf, size_t len)
{
	unsigned int size = source_hist_map_size(kind, nr_cpus);
	int n;

	if (!size)
		return -1;
	if (with_max)
		n = snprintf(buf, len, "hist:keys=cpu%s:d=duration:vals=hitcount,duration:size=%u:onmax($d).save(%s)%s",
			     source_events[kind].keys, size,
			     source_events[kind].save,
			     source_events[kind].filter);
	else
		n = snprintf(buf, len, "hist:keys=cpu%s:vals=hitcount,duration:size=%u%s",
			     source_events[kind].keys, size,
			     source_events[kind].filter);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

/* The unsigned number after "@name:" in [@line, @end); -1 if none. */
static int number(const char *line, const char *end, const char *name,
		  uint64_t *value)
{
	const char *p = line;
	size_t n = strlen(name);
	char *stop;

	for (;;) {
		p = strstr(p, name);
		if (!p || p >= end)
			return -1;
		/* a whole field name: "pid:", not "...pid:" */
		if (p == line || p[-1] == ' ' || p[-1] == '{' || p[-1] == ',' ||
		    p[-1] == '\t')
			break;
		p += n;
	}
	p += n;
	while (*p == ' ')
		p++;
	if (*p < '0' || *p > '9')
		return -1;
	*value = strtoull(p, &stop, 10);
	return stop > end ? -1 : 0;
}

/*
 * The string key "@name: " up to @stop (", pid:" or "}"), blanks trimmed;
 * its length, -1 if none.
 */
static int string_key(const char *line, const char *end, const char *name,
		      const char *stop, const char **text)
{
	const char *p = strstr(line, name), *q;

	if (!p || p >= end)
		return -1;
	p += strlen(name);
	while (*p == ' ')
		p++;
	q = strstr(p, stop);
	if (!q || q > end)
		return -1;
	while (q > p && q[-1] == ' ')
		q--;
	*text = p;
	return (int)(q - p);
}

/* One "{ key } vals" line, and the "max:" line after it if any. */
static int parse_entry(const char *line, const char *end, const char *next,
		       enum source_kind kind, struct noise_sources *s,
		       bool *has_max)
{
	uint64_t cpu, count, total, id = 0, max = 0;
	const char *close = memchr(line, '}', end - line);
	const char *name = NULL, *next_end;
	int len = 0;

	if (!close || number(line, close, "cpu:", &cpu) || cpu > INT32_MAX ||
	    number(close, end, "hitcount:", &count) ||
	    number(close, end, "duration:", &total))
		return -1;
	switch (kind) {
	case SOURCE_IRQ:
		len = string_key(line, close + 1, "desc:", "}", &name);
		break;
	case SOURCE_SOFTIRQ:
		len = number(line, close, "vector:", &id);
		break;
	case SOURCE_THREAD:
		len = string_key(line, close, "comm:", ", pid:", &name);
		if (len >= 0 && number(line, close, "pid:", &id))
			len = -1;
		break;
	default:
		break;
	}
	if (len < 0)
		return -1;
	next_end = next ? strchrnul(next, '\n') : NULL;
	if (next && !strncmp(next + strspn(next, " \t"), "max:", 4))
		number(next, next_end, "max:", &max);
	else
		*has_max = false;
	return sources_add(s, (int)cpu, kind, name, len, (int)id, count, total,
			   max);
}

bool source_hist_section(const char *line, const char *end)
{
	const char *p = strstr(line, SOURCE_HIST_VALS);

	return p && p < end;
}

long source_hist_parse(const char *text, enum source_kind kind,
		       struct noise_sources *s, uint64_t *dropped,
		       bool *has_max)
{
	const char *line, *end, *next;
	bool ours = true;
	long keys = 0;

	*dropped = 0;
	*has_max = true;
	if (!text || !strstr(text, "Totals:"))
		return -1;
	for (line = text; *line; line = next) {
		end = strchrnul(line, '\n');
		next = *end ? end + 1 : end;
		/* an event's hist file has every trigger's: ours sum duration */
		if (!strncmp(line, "# trigger info:", 15))
			ours = source_hist_section(line, end);
		line += strspn(line, " \t");
		if (!ours)
			continue;
		if (!strncmp(line, "Dropped:", 8))
			number(line, end, "Dropped:", dropped);
		if (*line != '{')
			continue;
		if (parse_entry(line, end, *next ? next : NULL, kind, s,
				has_max))
			continue;
		keys++;
	}
	return keys;
}
