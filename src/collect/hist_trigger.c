// SPDX-License-Identifier: GPL-2.0
/* osnoise hist's samples counted in the kernel by a hist trigger. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/hist_trigger.h"
#include "collect/source_hist.h"

/* The smallest map the kernel makes (TRACING_MAP_BITS_MIN). */
#define NOISE_HIST_MIN_SIZE	128u

static unsigned int pow2_at_least(uint64_t n)
{
	unsigned int size = NOISE_HIST_MIN_SIZE;

	while (size < n && size < NOISE_HIST_MAX_SIZE)
		size <<= 1;
	return size;
}

void hist_trigger_plan(struct hist_trigger_plan *plan, unsigned int divisor,
		       unsigned int entries, unsigned int bucket_size,
		       int nr_cpus)
{
	uint64_t units = (uint64_t)entries * bucket_size;
	uint64_t room;

	if (nr_cpus < 1)
		nr_cpus = 1;
	/* one key per CPU and displayed value below the limit */
	room = NOISE_HIST_MAX_SIZE / nr_cpus;
	if (units > room)
		units = room;
	if (!units)
		units = 1;
	plan->unit_ns = divisor ? divisor : 1;
	plan->limit_ns = units * plan->unit_ns;
	plan->size = pow2_at_least(units * nr_cpus);
}

int hist_trigger_spec(const struct hist_trigger_plan *plan, char *buf,
		      size_t len)
{
	char key[48];
	int n;

	if (plan->unit_ns > 1)
		snprintf(key, sizeof(key), "duration.buckets=%" PRIu64,
			 plan->unit_ns);
	else
		snprintf(key, sizeof(key), "duration");
	n = snprintf(buf, len, "hist:keys=cpu,%s:vals=hitcount:size=%u if duration < %" PRIu64,
		     key, plan->size, plan->limit_ns);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

int hist_trigger_filter(const struct hist_trigger_plan *plan, char *buf,
			size_t len)
{
	int n = snprintf(buf, len, "duration >= %" PRIu64, plan->limit_ns);

	return n < 0 || (size_t)n >= len ? -1 : 0;
}

int hist_trigger_command(const char *trigger, const char *command, char *buf,
			 size_t len)
{
	const char *filter = strstr(trigger, " if ");
	int head = filter ? (int)(filter - trigger) : (int)strlen(trigger);
	int n = snprintf(buf, len, "%.*s:%s%s", head, trigger, command,
			 filter ? filter : "");

	return n < 0 || (size_t)n >= len ? -1 : 0;
}

/* The number after "@name:" (and a bucket's "~ ") in @line, or -1. */
static int number_after(const char *line, const char *end, const char *name,
			uint64_t *value)
{
	const char *p = strstr(line, name);
	char *stop;

	if (!p || p >= end)
		return -1;
	p += strlen(name);
	while (*p == ' ' || *p == '~')
		p++;
	if (*p < '0' || *p > '9')
		return -1;
	*value = strtoull(p, &stop, 10);
	return stop > end ? -1 : 0;
}

long hist_trigger_parse(const char *text, hist_trigger_add_fn add, void *ctx,
			uint64_t *dropped)
{
	const char *line, *end;
	uint64_t cpu, value, count;
	bool ours = true;
	long keys = 0;

	*dropped = 0;
	/* a whole hist file ends with its totals: nothing else is read */
	if (!text || !strstr(text, "Totals:"))
		return -1;
	for (line = text; line && *line; line = *end ? end + 1 : end) {
		end = strchrnul(line, '\n');
		/* --sources' hw trigger may share the event */
		if (!strncmp(line, "# trigger info:", 15))
			ours = !source_hist_section(line, end);
		if (!ours)
			continue;
		while (*line == ' ' || *line == '\t')
			line++;
		if (!strncmp(line, "Dropped:", 8))
			number_after(line, end, "Dropped:", dropped);
		if (*line != '{')
			continue;
		if (number_after(line, end, "cpu:", &cpu) ||
		    number_after(line, end, "duration:", &value) ||
		    number_after(line, end, "hitcount:", &count) ||
		    cpu > INT32_MAX)
			continue;
		add(ctx, (int)cpu, value, count);
		keys++;
	}
	return keys;
}

int hist_trigger_seen_alloc(struct hist_trigger_seen *seen, unsigned int size)
{
	size_t slots = 1;

	/* open addressing, at most half full */
	while (slots < 2 * (size_t)size)
		slots <<= 1;
	seen->keys = calloc(slots, sizeof(*seen->keys));
	if (!seen->keys)
		return -1;
	seen->mask = slots - 1;
	seen->dropped = 0;
	return 0;
}

void hist_trigger_seen_free(struct hist_trigger_seen *seen)
{
	free(seen->keys);
	seen->keys = NULL;
}

void hist_trigger_seen_clear(struct hist_trigger_seen *seen)
{
	memset(seen->keys, 0, (seen->mask + 1) * sizeof(*seen->keys));
	seen->dropped = 0;
}

/* @cpu's key @value_ns in @seen, taken if new; NULL when @seen is full. */
static struct hist_trigger_key *seen_key(struct hist_trigger_seen *seen, int cpu,
				       uint64_t value_ns)
{
	size_t i = (value_ns * 31 + (uint64_t)cpu) * 0x9e3779b97f4a7c15ULL;
	size_t probes;

	for (probes = 0; probes <= seen->mask; probes++, i++) {
		struct hist_trigger_key *key = &seen->keys[i & seen->mask];

		if (!key->used) {
			key->used = true;
			key->cpu = cpu;
			key->value_ns = value_ns;
			return key;
		}
		if (key->cpu == cpu && key->value_ns == value_ns)
			return key;
	}
	return NULL;
}

struct parse_new {
	struct hist_trigger_seen *seen;
	hist_trigger_add_fn add;
	void *ctx;
	bool full;
};

static void add_new(void *ctx, int cpu, uint64_t value_ns, uint64_t count)
{
	struct parse_new *new = ctx;
	struct hist_trigger_key *key;

	key = seen_key(new->seen, cpu, value_ns);
	if (!key) {
		new->full = true;
		return;
	}
	if (count > key->count)
		new->add(new->ctx, cpu, value_ns, count - key->count);
	key->count = count;
}

long hist_trigger_parse_new(const char *text, struct hist_trigger_seen *seen,
			    hist_trigger_add_fn add, void *ctx, uint64_t *dropped)
{
	struct parse_new new = { seen, add, ctx, false };
	uint64_t total;
	long keys;

	*dropped = 0;
	keys = hist_trigger_parse(text, add_new, &new, &total);
	if (keys < 0 || new.full)
		return -1;
	if (total > seen->dropped)
		*dropped = total - seen->dropped;
	seen->dropped = total;
	return keys;
}
