/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_HIST_TRIGGER_H
#define RTLA_HIST_TRIGGER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * osnoise hist counts its noise samples in a hist trigger on
 * osnoise:sample_threshold, in the kernel, keyed by CPU and duration in
 * the displayed unit: nothing is read per sample on the measured CPUs.
 * Only durations past what the trigger keeps (the histogram's range,
 * bounded by the map's size) reach the ring buffer, through the event's
 * filter, so that their exact values still make the max and the sum.
 */
struct hist_trigger_plan {
	uint64_t unit_ns;	/* key granularity: ns per displayed unit */
	uint64_t limit_ns;	/* durations from here go to the ring buffer */
	unsigned int size;	/* the trigger's map entries */
};

/* The largest map rtla asks the kernel for. */
#define NOISE_HIST_MAX_SIZE	32768u

/*
 * Plan a trigger for @nr_cpus measured CPUs, values shown in units of
 * @divisor ns, @entries buckets of @bucket_size units.
 */
void hist_trigger_plan(struct hist_trigger_plan *plan, unsigned int divisor,
		       unsigned int entries, unsigned int bucket_size,
		       int nr_cpus);

/* The trigger and the event filter as written to tracefs; -1 if too long. */
int hist_trigger_spec(const struct hist_trigger_plan *plan, char *buf,
		      size_t len);
int hist_trigger_filter(const struct hist_trigger_plan *plan, char *buf,
			size_t len);
/*
 * @trigger with a command (pause, cont, clear) among its attributes,
 * before its filter, as the kernel wants it; -1 if too long.
 */
int hist_trigger_command(const char *trigger, const char *command, char *buf,
			 size_t len);

/* One key of the trigger's hist file: @count samples of @value_ns. */
typedef void (*hist_trigger_add_fn)(void *ctx, int cpu, uint64_t value_ns,
				  uint64_t count);

/*
 * Parse the trigger's hist file, calling @add for each key; *@dropped is
 * set to the samples the map had no room for.  The keys parsed, or -1
 * when @text is not a hist file.
 */
long hist_trigger_parse(const char *text, hist_trigger_add_fn add, void *ctx,
			uint64_t *dropped);

/*
 * The trigger's hist file is cumulative: what it held at the last read,
 * so that a read adds only what was counted since.
 */
struct hist_trigger_key {
	uint64_t value_ns;
	uint64_t count;
	int cpu;
	bool used;
};

struct hist_trigger_seen {
	struct hist_trigger_key *keys;
	size_t mask;			/* slots - 1 */
	uint64_t dropped;
};

/* Room for the keys of a trigger of @size entries; -1 without memory. */
int hist_trigger_seen_alloc(struct hist_trigger_seen *seen, unsigned int size);
void hist_trigger_seen_free(struct hist_trigger_seen *seen);
/* Nothing seen: the trigger was cleared. */
void hist_trigger_seen_clear(struct hist_trigger_seen *seen);
/*
 * As hist_trigger_parse(), @add called with the counts new since the last
 * call on @seen, *@dropped set to the drops new since; -1 also when the
 * file has more keys than @seen has room for.
 */
long hist_trigger_parse_new(const char *text, struct hist_trigger_seen *seen,
			    hist_trigger_add_fn add, void *ctx, uint64_t *dropped);

#endif
