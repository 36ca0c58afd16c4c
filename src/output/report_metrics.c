// SPDX-License-Identifier: GPL-2.0
/* Prometheus text exposition, for node_exporter's textfile collector. */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>

#include "model/percentile.h"
#include "model/sources.h"
#include "output/prom.h"
#include "output/report.h"

/* Prometheus wants base units: seconds. */
static double seconds(const struct rtla_results *results, uint64_t value)
{
	return prom_seconds(value, results->divisor);
}

static const struct histogram *hist_of(const struct rtla_results *results,
				       int cpu, const struct context_desc *ctx)
{
	return &results->cpu[cpu].hist[ctx->id];
}

static void write_histogram(FILE *out, const char *name,
			    const struct rtla_results *results, int cpu,
			    const struct context_desc *ctx)
{
	char labels[64];

	snprintf(labels, sizeof(labels), "cpu=\"%d\",context=\"%s\"", cpu,
		 ctx->key);
	/* every fine bucket, as the textfile has always shown them */
	prom_histogram(out, name, labels, hist_of(results, cpu, ctx),
		       results->divisor, NULL, 0);
}

static void write_percentiles(FILE *out, const char *name,
			      const struct rtla_results *results, int cpu,
			      const struct context_desc *ctx)
{
	const struct histogram *hist = hist_of(results, cpu, ctx);
	uint64_t value;
	int i;

	for (i = 0; i < NR_STANDARD_PERCENTILES; i++) {
		if (histogram_percentile(hist, standard_percentiles[i].quantile,
					 &value) != PERCENTILE_FOUND)
			continue;
		/* "quantile" is reserved for summaries */
		fprintf(out, "%s{cpu=\"%d\",context=\"%s\",percentile=\"%s\"} %.9g\n",
			name, cpu, ctx->key, standard_percentiles[i].name,
			seconds(results, value));
	}
}

static void write_family(FILE *out, const struct run_report *report,
			 const char *name, const char *type, const char *help,
			 void (*write)(FILE *, const char *,
				       const struct rtla_results *, int,
				       const struct context_desc *))
{
	const struct rtla_results *results = report->results;
	const struct context_desc *shown[NR_CONTEXTS];
	int cpu, c, nr = tracer_view_contexts(&results->view, shown);

	fprintf(out, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
	for (cpu = 0; cpu < results->nr_cpus; cpu++)
		if (results_cpu_shown(results, cpu))
			for (c = 0; c < nr; c++)
				write(out, name, results, cpu, shown[c]);
}

static void write_max(FILE *out, const char *name,
		      const struct rtla_results *results, int cpu,
		      const struct context_desc *ctx)
{
	const struct histogram *hist = hist_of(results, cpu, ctx);
	uint64_t max = hist->stats.max;

	if (!hist->stats.count && !results->cpu[cpu].periods.periods)
		return;
	/* osnoise top counts no single noises: the periods' largest */
	if (results->tracer->has_periods && !hist->stats.count)
		max = results->cpu[cpu].periods.max_single;
	fprintf(out, "%s{cpu=\"%d\",context=\"%s\"} %.9g\n", name, cpu,
		ctx->key, seconds(results, max));
}

static void source_line(FILE *out, const char *name, int cpu,
			const char *kind, const char *source, uint64_t ns)
{
	fprintf(out, "%s_total{cpu=\"%d\",kind=\"%s\",source=\"", name, cpu,
		kind);
	prom_label_value(out, source);
	fprintf(out, "\"} %.9g\n", prom_seconds(ns, 1));
}

const char *metrics_sources_help(const struct rtla_results *results)
{
	return results->tracer->id == TRACER_TIMERLAT ?
	       "Thread latency by source: the top sources of each CPU by total time, the rest as other." :
	       "Noise by source: the top sources of each CPU by total time, the rest as other.";
}

void metrics_write_sources(FILE *out, const char *name,
			   const struct rtla_results *results,
			   struct other_counter *other)
{
	const struct noise_sources *s = results->sources;
	struct sources_view view;
	int cpu, i;

	for (cpu = 0; s && cpu < results->nr_cpus; cpu++) {
		if (!results_cpu_shown(results, cpu) ||
		    results_sources_view(results, cpu, &view))
			continue;
		for (i = 0; i < view.shown; i++)
			source_line(out, name, cpu,
				    source_kind_name(view.rank[i]->kind),
				    view.rank[i]->name, view.rank[i]->total_ns);
		if (view.has_other)
			source_line(out, name, cpu, "other", "other",
				    other ? other_counter_update(&other[cpu],
						view.other.total_ns) :
				    view.other.total_ns);
		sources_view_free(&view);
	}
}

/*
 * --sources: each CPU's top N and "other", so that the series stay N + 1
 * a CPU however many sources come and go.
 */
static void write_sources(FILE *out, const struct rtla_results *results)
{
	char name[96];

	snprintf(name, sizeof(name), "rtla_%s_source_seconds",
		 results->tracer->name);
	fprintf(out, "# HELP %s_total %s\n", name,
		metrics_sources_help(results));
	fprintf(out, "# TYPE %s_total counter\n", name);
	metrics_write_sources(out, name, results, NULL);
}

int report_write_openmetrics(const struct run_report *report, FILE *out)
{
	const struct rtla_results *results = report->results;
	const char *tracer = results->tracer->name;
	char name[96];
	int cpu;

	if (results->entries) {
		snprintf(name, sizeof(name), "rtla_%s_latency_seconds", tracer);
		write_family(out, report, name, "histogram",
			     "Latency samples measured by rtla.",
			     write_histogram);
		snprintf(name, sizeof(name), "rtla_%s_latency_percentile_seconds",
			 tracer);
		write_family(out, report, name, "gauge",
			     "Latency percentiles, from the histogram buckets.",
			     write_percentiles);
	}
	snprintf(name, sizeof(name), "rtla_%s_latency_max_seconds", tracer);
	write_family(out, report, name, "gauge",
		     "The largest latency measured.", write_max);
	if (results->sources)
		write_sources(out, results);
	fprintf(out, "# HELP rtla_lost_events_total Trace records the ring buffer lost.\n");
	fprintf(out, "# TYPE rtla_lost_events_total counter\n");
	for (cpu = 0; cpu < results->nr_cpus; cpu++)
		if (results_cpu_shown(results, cpu))
			fprintf(out, "rtla_lost_events_total{cpu=\"%d\"} %" PRIu64 "\n",
				cpu, results->cpu[cpu].lost_events);
	fprintf(out, "# HELP rtla_stop_threshold_hit Whether a stop threshold ended the run.\n");
	fprintf(out, "# TYPE rtla_stop_threshold_hit gauge\n");
	fprintf(out, "rtla_stop_threshold_hit %d\n", results->stopped);
	return ferror(out) ? -1 : 0;
}
