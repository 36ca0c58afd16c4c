// SPDX-License-Identifier: GPL-2.0
/* The Prometheus exposition formats' common parts: families, histograms. */
#include <inttypes.h>

#include "output/prom.h"

const char *prom_content_type(enum prom_format format)
{
	if (format == PROM_OPENMETRICS)
		return "application/openmetrics-text; version=1.0.0; charset=utf-8";
	return "text/plain; version=0.0.4; charset=utf-8";
}

static const char *const type_names[] = {
	[PROM_COUNTER] = "counter",
	[PROM_GAUGE] = "gauge",
	[PROM_HISTOGRAM] = "histogram",
	[PROM_INFO] = "info",
};

void prom_family(FILE *out, enum prom_format format, const char *name,
		 enum prom_type type, const char *unit, const char *help)
{
	const char *suffix = "";

	if (format == PROM_TEXT) {
		/* the text format names the family as its samples */
		if (type == PROM_COUNTER)
			suffix = "_total";
		if (type == PROM_INFO) {
			suffix = "_info";
			type = PROM_GAUGE;
		}
	}
	fprintf(out, "# HELP %s%s %s\n", name, suffix, help);
	fprintf(out, "# TYPE %s%s %s\n", name, suffix, type_names[type]);
	if (format == PROM_OPENMETRICS && unit)
		fprintf(out, "# UNIT %s %s\n", name, unit);
}

void prom_label_value(FILE *out, const char *value)
{
	for (; *value; value++) {
		if (*value == '\\' || *value == '"')
			fputc('\\', out);
		if (*value == '\n')
			fputs("\\n", out);
		else
			fputc(*value, out);
	}
}

void prom_end(FILE *out, enum prom_format format)
{
	if (format == PROM_OPENMETRICS)
		fputs("# EOF\n", out);
}

double prom_seconds(uint64_t value, unsigned int divisor)
{
	return (double)value * divisor / 1e9;
}

uint64_t prom_cumulative(const struct histogram *hist, unsigned int divisor,
			 uint64_t bound_ns)
{
	/* integer values: fine bucket i holds i*size .. (i+1)*size - 1 */
	uint64_t bound = bound_ns / divisor, total = 0;
	unsigned int i;

	for (i = 0; i < hist->entries; i++) {
		if ((uint64_t)(i + 1) * hist->bucket_size - 1 > bound)
			break;
		total += hist->buckets[i];
	}
	return total;
}

static void bucket_line(FILE *out, const char *name, const char *labels,
			double le, uint64_t count)
{
	fprintf(out, "%s_bucket{%s,le=\"%.9g\"} %" PRIu64 "\n", name, labels,
		le, count);
}

/* +Inf, _sum and _count: every sample, the fine histogram's or past it. */
static void histogram_end(FILE *out, const char *name, const char *labels,
			  const struct histogram *hist, unsigned int divisor)
{
	fprintf(out, "%s_bucket{%s,le=\"+Inf\"} %" PRIu64 "\n", name, labels,
		hist->stats.count);
	fprintf(out, "%s_sum{%s} %.9g\n", name, labels,
		prom_seconds(hist->stats.sum, divisor));
	fprintf(out, "%s_count{%s} %" PRIu64 "\n", name, labels,
		hist->stats.count);
}

void prom_histogram(FILE *out, const char *name, const char *labels,
		    const struct histogram *hist, unsigned int divisor,
		    const uint64_t *bounds_ns, unsigned int nr)
{
	uint64_t end = (uint64_t)hist->entries * hist->bucket_size;
	uint64_t cumulative = 0, top;
	unsigned int i, b = 0;

	for (i = 0; i < hist->entries; i++) {
		top = (uint64_t)(i + 1) * hist->bucket_size - 1;
		/* the bounds below this fine bucket's top are complete */
		while (bounds_ns && b < nr && top > bounds_ns[b] / divisor)
			bucket_line(out, name, labels, bounds_ns[b++] / 1e9,
				    cumulative);
		cumulative += hist->buckets[i];
		if (!bounds_ns)
			bucket_line(out, name, labels,
				    prom_seconds(top, divisor), cumulative);
	}
	/* past the histogram's end, the samples are counted in +Inf only */
	while (bounds_ns && b < nr && bounds_ns[b] / divisor <= end)
		bucket_line(out, name, labels, bounds_ns[b++] / 1e9, cumulative);
	histogram_end(out, name, labels, hist, divisor);
}

void prom_sum_per_bound(const struct histogram *hist, unsigned int divisor,
			const uint64_t *bounds_ns, unsigned int nr,
			unsigned int from, unsigned int to, uint64_t *per_bound)
{
	uint64_t top, limit = nr ? bounds_ns[0] / divisor : 0;
	unsigned int i, b = 0;

	for (i = from; i < to && i < hist->entries; i++) {
		top = (uint64_t)(i + 1) * hist->bucket_size - 1;
		while (b < nr && top > limit)
			limit = ++b < nr ? bounds_ns[b] / divisor : 0;
		per_bound[b] += hist->buckets[i];
	}
}

void prom_histogram_summed(FILE *out, const char *name, const char *labels,
			   const struct histogram *hist, unsigned int divisor,
			   const uint64_t *bounds_ns, unsigned int nr,
			   const uint64_t *per_bound)
{
	uint64_t end = (uint64_t)hist->entries * hist->bucket_size;
	uint64_t cumulative = 0;
	unsigned int b;

	/* as prom_histogram(): no bound past the histogram's end */
	for (b = 0; b < nr && bounds_ns[b] / divisor <= end; b++) {
		cumulative += per_bound[b];
		bucket_line(out, name, labels, bounds_ns[b] / 1e9, cumulative);
	}
	histogram_end(out, name, labels, hist, divisor);
}
