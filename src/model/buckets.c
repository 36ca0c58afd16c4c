// SPDX-License-Identifier: GPL-2.0
/* The bounds of the histogram buckets a scrape sees (--buckets). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model/buckets.h"

#define US	1000ULL
#define MS	(1000 * US)

const struct bucket_bounds default_bucket_bounds = {
	16, {
		1 * US, 2 * US, 5 * US, 10 * US, 20 * US, 50 * US,
		100 * US, 200 * US, 500 * US, 1 * MS, 2 * MS, 5 * MS,
		10 * MS, 20 * MS, 50 * MS, 100 * MS,
	},
};

static const struct {
	const char *suffix;
	uint64_t ns;
} units[] = {
	{ "ns", 1 }, { "us", US }, { "ms", MS }, { "s", 1000 * MS }, { "", US },
};

/* One bound, "250us", from @text up to @end; 0 when it is not one. */
static uint64_t parse_bound(const char *text, const char *end)
{
	unsigned long long value;
	size_t i, len;
	char *unit;

	if (!isdigit((unsigned char)*text))
		return 0;
	errno = 0;
	value = strtoull(text, &unit, 10);
	if (errno || unit > end)
		return 0;
	len = end - unit;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strlen(units[i].suffix) != len ||
		    strncmp(unit, units[i].suffix, len))
			continue;
		if (value > UINT64_MAX / units[i].ns)
			return 0;
		return value * units[i].ns;
	}
	return 0;
}

int bucket_bounds_parse(const char *list, struct bucket_bounds *bounds,
			const char **why)
{
	const char *start = list, *end;
	uint64_t ns;

	bounds->nr = 0;
	for (;;) {
		end = strchrnul(start, ',');
		ns = parse_bound(start, end);
		if (!ns) {
			*why = "a bound is not a positive duration (10us, 1ms)";
			return -1;
		}
		if (bounds->nr && ns <= bounds->ns[bounds->nr - 1]) {
			*why = "the bounds are not in ascending order";
			return -1;
		}
		if (bounds->nr == MAX_BUCKET_BOUNDS) {
			*why = "more than 64 bounds";
			return -1;
		}
		bounds->ns[bounds->nr++] = ns;
		if (!*end)
			return 0;
		start = end + 1;
	}
}

unsigned int bucket_bounds_within(const struct bucket_bounds *bounds,
				  uint64_t end_ns)
{
	unsigned int n = 0;

	while (n < bounds->nr && bounds->ns[n] <= end_ns)
		n++;
	return n;
}
