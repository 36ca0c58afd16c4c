/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_PROM_H
#define RTLA_PROM_H

#include <stdint.h>
#include <stdio.h>

#include "model/stats.h"

/* The two Prometheus exposition formats. */
enum prom_format {
	PROM_TEXT,		/* text/plain; version=0.0.4 */
	PROM_OPENMETRICS,	/* application/openmetrics-text; version=1.0.0 */
};

/* The Content-Type a scraper is answered with for @format. */
const char *prom_content_type(enum prom_format format);

enum prom_type {
	PROM_COUNTER,
	PROM_GAUGE,
	PROM_HISTOGRAM,
	PROM_INFO,
};

/*
 * A family's HELP, TYPE (and in OpenMetrics, UNIT when @unit is not NULL)
 * lines.  @name is the sample name without a suffix: counters are
 * "x" and their samples "x_total", info families "x" with "x_info".
 */
void prom_family(FILE *out, enum prom_format format, const char *name,
		 enum prom_type type, const char *unit, const char *help);

/* @value as a label value: backslash, double quote and newline escaped. */
void prom_label_value(FILE *out, const char *value);

/* The end of an exposition: "# EOF" in OpenMetrics, nothing in text. */
void prom_end(FILE *out, enum prom_format format);

/* @value in units of @divisor ns, in seconds. */
double prom_seconds(uint64_t value, unsigned int divisor);

/*
 * How many of @hist's samples are at most @bound_ns: the fine buckets
 * whose every value is at most the bound.  A bound inside a fine bucket
 * counts that bucket with the next bound, so a cumulative bucket never
 * claims a sample it cannot prove; samples over the fine histogram count
 * in +Inf only.
 */
uint64_t prom_cumulative(const struct histogram *hist, unsigned int divisor,
			 uint64_t bound_ns);

/*
 * One histogram's _bucket, _sum and _count samples, labelled with
 * @labels ("cpu=\"1\",context=\"irq\"").  The le bounds are @bounds_ns
 * (@nr of them, ascending) up to the fine histogram's end, those past it
 * left out (it cannot count to them), then +Inf; with @bounds_ns NULL,
 * every fine bucket's top.  @hist's values are in units of @divisor ns.
 */
void prom_histogram(FILE *out, const char *name, const char *labels,
		    const struct histogram *hist, unsigned int divisor,
		    const uint64_t *bounds_ns, unsigned int nr);

/*
 * prom_histogram() in steps: @hist's fine buckets @from to @to (past its
 * end: to its end) added into @per_bound[b], b the first of @bounds_ns
 * that bucket is at most, @per_bound[@nr] past them all.
 */
void prom_sum_per_bound(const struct histogram *hist, unsigned int divisor,
			const uint64_t *bounds_ns, unsigned int nr,
			unsigned int from, unsigned int to, uint64_t *per_bound);

/* What prom_histogram() writes, from prom_sum_per_bound()'s sums. */
void prom_histogram_summed(FILE *out, const char *name, const char *labels,
			   const struct histogram *hist, unsigned int divisor,
			   const uint64_t *bounds_ns, unsigned int nr,
			   const uint64_t *per_bound);

#endif
