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
struct noise_hist_plan {
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
void noise_hist_plan(struct noise_hist_plan *plan, unsigned int divisor,
		     unsigned int entries, unsigned int bucket_size,
		     int nr_cpus);

/* The trigger and the event filter as written to tracefs; -1 if too long. */
int noise_hist_trigger(const struct noise_hist_plan *plan, char *buf,
		       size_t len);
int noise_hist_filter(const struct noise_hist_plan *plan, char *buf,
		      size_t len);
/*
 * @trigger with a command (pause, cont, clear) among its attributes,
 * before its filter, as the kernel wants it; -1 if too long.
 */
int noise_hist_command(const char *trigger, const char *command, char *buf,
		       size_t len);

/* One key of the trigger's hist file: @count samples of @value_ns. */
typedef void (*noise_hist_add_fn)(void *ctx, int cpu, uint64_t value_ns,
				  uint64_t count);

/*
 * Parse the trigger's hist file, calling @add for each key; *@dropped is
 * set to the samples the map had no room for.  The keys parsed, or -1
 * when @text is not a hist file.
 */
long noise_hist_parse(const char *text, noise_hist_add_fn add, void *ctx,
		      uint64_t *dropped);

/*
 * The trigger's hist file is cumulative: what it held at the last read,
 * so that a read adds only what was counted since.
 */
struct noise_hist_key {
	uint64_t value_ns;
	uint64_t count;
	int cpu;
	bool used;
};

struct noise_hist_seen {
	struct noise_hist_key *keys;
	size_t mask;			/* slots - 1 */
	uint64_t dropped;
};

/* Room for the keys of a trigger of @size entries; -1 without memory. */
int noise_hist_seen_alloc(struct noise_hist_seen *seen, unsigned int size);
void noise_hist_seen_free(struct noise_hist_seen *seen);
/* Nothing seen: the trigger was cleared. */
void noise_hist_seen_clear(struct noise_hist_seen *seen);
/*
 * As noise_hist_parse(), @add called with the counts new since the last
 * call on @seen, *@dropped set to the drops new since; -1 also when the
 * file has more keys than @seen has room for.
 */
long noise_hist_parse_new(const char *text, struct noise_hist_seen *seen,
			  noise_hist_add_fn add, void *ctx, uint64_t *dropped);

#endif
