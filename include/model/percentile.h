/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_PERCENTILE_H
#define RTLA_PERCENTILE_H

#include <stdint.h>

#include "model/stats.h"

enum percentile_result {
	PERCENTILE_FOUND,
	PERCENTILE_EMPTY,	/* no samples */
	PERCENTILE_OVER,	/* the rank falls past the last bucket */
};

struct percentile_spec {
	const char *name;	/* "p99.9" */
	double quantile;	/* 0.999 */
};

#define NR_STANDARD_PERCENTILES	5
extern const struct percentile_spec standard_percentiles[NR_STANDARD_PERCENTILES];

/*
 * The value at @quantile (0 < q <= 1): the index of the bucket that holds
 * the sample of rank ceil(q * count), as the histogram's Index column
 * shows it.
 */
enum percentile_result histogram_percentile(const struct histogram *hist,
					    double quantile, uint64_t *value);

/* Parse "p99.9" into 0.999; -1 when it is not a percentile name. */
int percentile_parse(const char *name, double *quantile);

#endif
