// SPDX-License-Identifier: GPL-2.0
/* The monitor's exposition: what a scrape of /metrics or --textfile shows. */
#include <inttypes.h>
#include <string.h>

#include "output/monitor_metrics.h"
#include "output/out_file.h"
#include "output/report.h"

typedef void (*cell_writer)(const struct monitor_metrics *m, FILE *out,
			    const char *name, const char *labels, int cpu,
			    const struct context_desc *ctx);

/* One sample line, or a histogram, per shown CPU and context. */
static void for_each_cell(const struct monitor_metrics *m, FILE *out,
			  const char *name, cell_writer write)
{
	const struct rtla_results *results = m->results;
	char labels[64];
	int cpu, c;

	for (cpu = 0; cpu < results->nr_cpus; cpu++) {
		if (!results_cpu_shown(results, cpu))
			continue;
		for (c = 0; c < m->nr_contexts; c++) {
			snprintf(labels, sizeof(labels),
				 "cpu=\"%d\",context=\"%s\"", cpu,
				 m->contexts[c]->key);
			write(m, out, name, labels, cpu, m->contexts[c]);
		}
	}
}

static const struct histogram *hist_of(const struct monitor_metrics *m,
				       int cpu, const struct context_desc *ctx)
{
	return &m->results->cpu[cpu].hist[ctx->id];
}

static const struct bucket_bounds *bounds_of(const struct monitor_metrics *m)
{
	return m->bounds ? m->bounds : &default_bucket_bounds;
}

/* Where @cpu and @ctx's sums begin in per_bound. */
static size_t sums_at(const struct monitor_metrics *m, int cpu,
		      const struct context_desc *ctx)
{
	return ((size_t)cpu * NR_CONTEXTS + ctx->id) * (bounds_of(m)->nr + 1);
}

static void write_histogram(const struct monitor_metrics *m, FILE *out,
			    const char *name, const char *labels, int cpu,
			    const struct context_desc *ctx)
{
	const struct bucket_bounds *bounds = bounds_of(m);

	if (m->per_bound)
		prom_histogram_summed(out, name, labels, hist_of(m, cpu, ctx),
				      m->results->divisor, bounds->ns,
				      bounds->nr, m->per_bound + sums_at(m, cpu, ctx));
	else
		prom_histogram(out, name, labels, hist_of(m, cpu, ctx),
			       m->results->divisor, bounds->ns, bounds->nr);
}

size_t monitor_metrics_sums(const struct monitor_metrics *m)
{
	return (size_t)m->results->nr_cpus * NR_CONTEXTS *
	       (bounds_of(m)->nr + 1);
}

void monitor_metrics_sum_buckets(const struct monitor_metrics *m,
				 uint64_t *per_bound, pthread_mutex_t *lock,
				 unsigned int step)
{
	const struct bucket_bounds *bounds = bounds_of(m);
	const struct histogram *hist;
	unsigned int from;
	int cpu, c;

	memset(per_bound, 0, monitor_metrics_sums(m) * sizeof(*per_bound));
	for (cpu = 0; cpu < m->results->nr_cpus; cpu++) {
		if (!results_cpu_shown(m->results, cpu))
			continue;
		for (c = 0; c < m->nr_contexts; c++) {
			hist = hist_of(m, cpu, m->contexts[c]);
			for (from = 0; from < hist->entries; from += step) {
				pthread_mutex_lock(lock);
				prom_sum_per_bound(hist, m->results->divisor,
						   bounds->ns, bounds->nr, from,
						   hist->entries - from > step ?
						   from + step : hist->entries,
						   per_bound + sums_at(m, cpu, m->contexts[c]));
				pthread_mutex_unlock(lock);
			}
		}
	}
}

static void write_max(const struct monitor_metrics *m, FILE *out,
		      const char *name, const char *labels, int cpu,
		      const struct context_desc *ctx)
{
	const struct histogram *hist = hist_of(m, cpu, ctx);

	if (hist->stats.count)
		fprintf(out, "%s{%s} %.9g\n", name, labels,
			prom_seconds(hist->stats.max, m->results->divisor));
}

static void write_window_max(const struct monitor_metrics *m, FILE *out,
			     const char *name, const char *labels, int cpu,
			     const struct context_desc *ctx)
{
	const struct window_cell *cell;

	cell = windows_cell(m->windows, m->windows->last, cpu, ctx->id);
	if (cell)
		fprintf(out, "%s{%s} %.9g\n", name, labels,
			prom_seconds(cell->max, m->results->divisor));
}

static void write_build_info(const struct monitor_metrics *m, FILE *out,
			     enum prom_format format)
{
	prom_family(out, format, "rtla_build", PROM_INFO, NULL,
		    "The rtla measuring, the kernel it runs on and how samples reach it.");
	fputs("rtla_build_info{version=\"", out);
	prom_label_value(out, m->version ? m->version : "");
	fputs("\",kernel_release=\"", out);
	prom_label_value(out, m->kernel_release ? m->kernel_release : "");
	fputs("\",collector=\"", out);
	prom_label_value(out, m->results->collector ? m->results->collector : "");
	fputs("\"} 1\n", out);
}

int monitor_metrics_write(const struct monitor_metrics *m,
			  enum prom_format format, FILE *out)
{
	const struct rtla_results *results = m->results;
	const char *tracer = results->tracer->name;
	char name[96];
	int cpu;

	write_build_info(m, out, format);

	snprintf(name, sizeof(name), "rtla_%s_latency_seconds", tracer);
	prom_family(out, format, name, PROM_HISTOGRAM, "seconds",
		    "Latency samples since the monitor started.");
	for_each_cell(m, out, name, write_histogram);

	snprintf(name, sizeof(name), "rtla_%s_latency_max_seconds", tracer);
	prom_family(out, format, name, PROM_GAUGE, "seconds",
		    "The largest latency since the monitor started.");
	for_each_cell(m, out, name, write_max);

	if (m->windows && m->windows->closed) {
		snprintf(name, sizeof(name),
			 "rtla_%s_window_latency_max_seconds", tracer);
		prom_family(out, format, name, PROM_GAUGE, "seconds",
			    "The largest latency of the last completed window.");
		for_each_cell(m, out, name, write_window_max);
	}

	if (results->sources) {
		snprintf(name, sizeof(name), "rtla_%s_source_seconds", tracer);
		prom_family(out, format, name, PROM_COUNTER, "seconds",
			    metrics_sources_help(results));
		metrics_write_sources(out, name, results, m->other);
	}

	snprintf(name, sizeof(name), "rtla_%s_threshold_hits", tracer);
	prom_family(out, format, name, PROM_COUNTER, NULL,
		    "Samples that crossed a stop threshold; the monitor went on.");
	fprintf(out, "%s_total %" PRIu64 "\n", name, m->threshold_hits);

	prom_family(out, format, "rtla_lost_samples", PROM_COUNTER, NULL,
		    "Samples the ring buffer lost.");
	for (cpu = 0; cpu < results->nr_cpus; cpu++)
		if (results_cpu_shown(results, cpu))
			fprintf(out, "rtla_lost_samples_total{cpu=\"%d\"} %" PRIu64 "\n",
				cpu, results->cpu[cpu].lost_events);

	prom_family(out, format, "rtla_dropped_samples", PROM_COUNTER, NULL,
		    "Samples an in-kernel map had no room for.");
	fprintf(out, "rtla_dropped_samples_total %" PRIu64 "\n",
		results->dropped);

	prom_family(out, format, "rtla_unmeasured_seconds", PROM_COUNTER,
		    "seconds", "Time not measured while a threshold hit was handled.");
	fprintf(out, "rtla_unmeasured_seconds_total %.9g\n",
		m->unmeasured_ns / 1e9);

	prom_end(out, format);
	return ferror(out) ? -1 : 0;
}

static int write_text(const void *metrics, FILE *out)
{
	return monitor_metrics_write(metrics, PROM_TEXT, out);
}

int monitor_metrics_write_textfile(const struct monitor_metrics *metrics,
				   const char *path)
{
	return out_file_write(path, write_text, metrics);
}
