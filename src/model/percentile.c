// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/percentile.h"

const struct percentile_spec standard_percentiles[NR_STANDARD_PERCENTILES] = {
	{ "p50", 0.50 },
	{ "p90", 0.90 },
	{ "p99", 0.99 },
	{ "p99.9", 0.999 },
	{ "p99.99", 0.9999 },
};

enum percentile_result histogram_percentile(const struct histogram *hist,
					    double quantile, uint64_t *value)
{
	uint64_t count = hist->stats.count, rank, seen = 0;
	unsigned int i;

	if (!count)
		return PERCENTILE_EMPTY;
	/* the small epsilon keeps 0.999 * 1000 from becoming 999.0000001 */
	rank = (uint64_t)ceil(quantile * (double)count - 1e-9);
	if (rank < 1)
		rank = 1;
	for (i = 0; i < hist->entries; i++) {
		seen += hist->buckets[i];
		if (seen >= rank) {
			*value = (uint64_t)i * hist->bucket_size;
			return PERCENTILE_FOUND;
		}
	}
	*value = (uint64_t)hist->entries * hist->bucket_size;
	return PERCENTILE_OVER;
}

int percentile_parse(const char *name, double *quantile)
{
	const char *digits = name + 1;
	char *end;
	size_t len;
	double p;

	if (name[0] != 'p')
		return -1;
	len = strspn(digits, "0123456789.");
	/* "p99" or "p99.9": strtod() alone would take "p1e2" and "p0x32" */
	if (!len || digits[len] || digits[0] == '.' ||
	    digits[len - 1] == '.' || strchr(digits, '.') != strrchr(digits, '.'))
		return -1;
	p = strtod(name + 1, &end);
	if (*end || p <= 0 || p > 100)
		return -1;
	*quantile = p / 100;
	return 0;
}
