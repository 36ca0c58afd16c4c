/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_BUCKETS_H
#define RTLA_BUCKETS_H

#include <stdint.h>

#define MAX_BUCKET_BOUNDS	64

/* The le bounds of an exposed histogram, ascending, in ns. */
struct bucket_bounds {
	unsigned int nr;
	uint64_t ns[MAX_BUCKET_BOUNDS];
};

/* 1, 2, 5 steps from 1 us to 100 ms: 16 bounds. */
extern const struct bucket_bounds default_bucket_bounds;

/*
 * Parse "10us,100us,1ms" (units ns, us, ms or s; a bare number is us)
 * into @bounds: -1 with *@why set when a bound is not a positive duration,
 * the list is not strictly ascending or has more than
 * MAX_BUCKET_BOUNDS bounds.
 */
int bucket_bounds_parse(const char *list, struct bucket_bounds *bounds,
			const char **why);

/* How many of @bounds are at most @end_ns, a histogram's end. */
unsigned int bucket_bounds_within(const struct bucket_bounds *bounds,
				  uint64_t end_ns);

#endif
