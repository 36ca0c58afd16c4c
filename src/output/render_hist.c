// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "model/percentile.h"
#include "output/duration.h"
#include "output/render.h"

/* One printed column: a histogram of one CPU, or the sum of all CPUs. */
struct column {
	char label[16];
	const struct histogram *hist;
	uint64_t lost;
};

struct column_set {
	struct column *cols;
	int count;
	bool fractional_avg;	/* avg: as "3.54" (osnoise) */
};

static void print_label(FILE *out, const struct render_view *view,
			const char *label)
{
	if (!view->no_index)
		fprintf(out, "%-6s", label);
}

static void print_header(FILE *out, const struct render_view *view,
			 const struct rtla_results *results)
{
	char duration[32];

	if (view->no_header)
		return;
	format_duration(duration, sizeof(duration), results->elapsed_s);
	fprintf(out, "# RTLA %s histogram\n", results->tracer->name);
	fprintf(out, "# Time unit is %s\n", results->divisor == 1 ?
		"nanoseconds (ns)" : "microseconds (us)");
	fprintf(out, "# Duration: %s\n", duration);
}

static void print_index_line(FILE *out, const struct render_view *view,
			     const struct column_set *set)
{
	int i;

	/* part of the header for rtla 6.1 and 7.2 */
	if (view->no_header)
		return;
	if (!view->no_index)
		fprintf(out, "Index");
	for (i = 0; i < set->count; i++)
		fprintf(out, "   %s", set->cols[i].label);
	fprintf(out, "\n");
}

static void print_buckets(FILE *out, const struct render_view *view,
			  const struct column_set *set)
{
	unsigned int bucket;
	uint64_t total;
	int i;

	for (bucket = 0; bucket < view->entries; bucket++) {
		total = 0;
		for (i = 0; i < set->count; i++)
			total += set->cols[i].hist->buckets[bucket];
		if (!total && !view->with_zeros)
			continue;
		if (!view->no_index)
			fprintf(out, "%-6" PRIu64,
				(uint64_t)bucket * view->bucket_size);
		for (i = 0; i < set->count; i++)
			fprintf(out, "%9" PRIu64 " ",
				set->cols[i].hist->buckets[bucket]);
		fprintf(out, "\n");
	}
}

enum stat_row { ROW_OVER, ROW_COUNT, ROW_MIN, ROW_AVG, ROW_MAX, ROW_LOST };

static const char *const row_labels[] = {
	[ROW_OVER] = "over:", [ROW_COUNT] = "count:", [ROW_MIN] = "min:",
	[ROW_AVG] = "avg:", [ROW_MAX] = "max:", [ROW_LOST] = "lost:",
};

/* A percentile row: the value, or "over" when it is past the buckets. */
static void print_percentile_row(FILE *out, const struct render_view *view,
				 const struct column_set *set,
				 const struct percentile_spec *spec)
{
	int i, width = 9;
	char label[16];
	uint64_t value;

	snprintf(label, sizeof(label), "%s:", spec->name);
	if (!view->no_index) {
		fprintf(out, "%-6s", label);
		if (strlen(label) > 6)
			width -= strlen(label) - 6;
	}
	for (i = 0; i < set->count; i++) {
		switch (histogram_percentile(set->cols[i].hist, spec->quantile,
					     &value)) {
		case PERCENTILE_FOUND:
			fprintf(out, "%*" PRIu64 " ", width, value);
			break;
		case PERCENTILE_OVER:
			fprintf(out, "%*s ", width, "over");
			break;
		default:
			fprintf(out, "%*s ", width, "-");
		}
		width = 9;
	}
	fprintf(out, "\n");
}

static void print_row(FILE *out, const struct render_view *view,
		      const struct column_set *set, enum stat_row row)
{
	const struct series_stats *stats;
	uint64_t value;
	int i;

	print_label(out, view, row_labels[row]);
	for (i = 0; i < set->count; i++) {
		stats = &set->cols[i].hist->stats;
		switch (row) {
		case ROW_OVER:
			value = set->cols[i].hist->over;
			break;
		case ROW_COUNT:
			value = stats->count;
			break;
		case ROW_MIN:
			value = stats->min;
			break;
		case ROW_AVG:
			value = series_avg(stats);
			break;
		case ROW_MAX:
			value = stats->max;
			break;
		default:
			value = set->cols[i].lost;
			break;
		}
		if (!stats->count && (row == ROW_MIN || row == ROW_AVG ||
				      row == ROW_MAX))
			fprintf(out, "%9s ", "-");
		else if (row == ROW_AVG && set->fractional_avg)
			fprintf(out, "%9.2f ", (double)stats->sum / stats->count);
		else
			fprintf(out, "%9" PRIu64 " ", value);
	}
	fprintf(out, "\n");
}

static void print_summary(FILE *out, const struct render_view *view,
			  const struct column_set *set, uint64_t lost)
{
	print_row(out, view, set, ROW_COUNT);
	print_row(out, view, set, ROW_MIN);
	print_row(out, view, set, ROW_AVG);
	print_row(out, view, set, ROW_MAX);
	if (view->percentiles) {
		int i;

		for (i = 0; i < NR_STANDARD_PERCENTILES; i++)
			print_percentile_row(out, view, set,
					     &standard_percentiles[i]);
	}
	if (lost)
		print_row(out, view, set, ROW_LOST);
}

/* The ALL block: every shown CPU merged, one column per context. */
static void print_all(FILE *out, const struct render_view *view,
		      const struct rtla_results *results,
		      const struct context_desc **contexts, int nr_contexts)
{
	struct histogram merged[NR_CONTEXTS];
	struct column cols[NR_CONTEXTS];
	struct column_set set = { cols, 0, contexts[0]->fractional_avg };
	uint64_t lost = results_lost_total(results);
	int c;

	memset(cols, 0, sizeof(cols));
	for (c = 0; c < nr_contexts; c++) {
		if (results_merge_all(results, contexts[c]->id, &merged[c]))
			break;
		snprintf(cols[c].label, sizeof(cols[c].label), "%s",
			 contexts[c]->all_column);
		cols[c].hist = &merged[c];
		cols[c].lost = lost;
		set.count++;
	}
	print_label(out, view, "ALL:");
	for (c = 0; c < set.count; c++)
		fprintf(out, "%s%9s", c ? " " : "", cols[c].label);
	fprintf(out, "\n");
	print_summary(out, view, &set, lost);
	for (c = 0; c < set.count; c++)
		histogram_free(&merged[c]);
}

void render_hist(FILE *out, const struct render_view *view,
		 const struct rtla_results *results)
{
	const struct context_desc *contexts[NR_CONTEXTS];
	int nr_contexts = tracer_view_contexts(&results->view, contexts);
	struct column_set set = { NULL, 0, contexts[0]->fractional_avg };
	int cpu, c;

	set.cols = calloc((size_t)results->nr_cpus * nr_contexts + 1,
			  sizeof(*set.cols));
	if (!set.cols)
		return;
	for (cpu = 0; cpu < results->nr_cpus; cpu++) {
		if (!results_cpu_shown(results, cpu))
			continue;
		for (c = 0; c < nr_contexts; c++) {
			struct column *col = &set.cols[set.count++];

			snprintf(col->label, sizeof(col->label), "%s-%03d",
				 contexts[c]->column, cpu);
			col->hist = &results->cpu[cpu].hist[contexts[c]->id];
			col->lost = results->cpu[cpu].lost_events;
		}
	}

	print_header(out, view, results);
	print_index_line(out, view, &set);
	print_buckets(out, view, &set);
	print_row(out, view, &set, ROW_OVER);
	if (!view->no_summary) {
		print_summary(out, view, &set, results_lost_total(results));
		if (results->tracer->hist_all_block)
			print_all(out, view, results, contexts, nr_contexts);
	}
	render_sources(out, results);
	free(set.cols);
}
