// SPDX-License-Identifier: GPL-2.0
/* Saved runs turned into the series, panels and texts of a plot. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/tracer.h"
#include "plot/plot_runs.h"

static const char *const panel_titles[NR_CONTEXTS] = {
	[CTX_IRQ] = "timer IRQ latency",
	[CTX_THREAD] = "thread latency",
	[CTX_USER] = "user-space return latency",
	[CTX_NOISE] = "noise",
};

/* Does @run hold samples of @context in its histograms? */
static bool has_context(const struct saved_run *run, enum sample_context ctx)
{
	const struct rtla_results *r = &run->results;
	int cpu;

	for (cpu = 0; cpu < r->nr_cpus; cpu++)
		if (results_cpu_shown(r, cpu) && r->cpu[cpu].hist[ctx].buckets &&
		    r->cpu[cpu].hist[ctx].stats.count)
			return true;
	return false;
}

/* The CPUs any run shows, in order, into @cpus: how many. */
static int union_cpus(const struct saved_run *runs, int nr, int *cpus,
		      int max)
{
	int cpu, n = 0, i, top = 0;

	for (i = 0; i < nr; i++)
		if (runs[i].results.nr_cpus > top)
			top = runs[i].results.nr_cpus;
	for (cpu = 0; cpu < top && n < max; cpu++)
		for (i = 0; i < nr; i++)
			if (cpu < runs[i].results.nr_cpus &&
			    results_cpu_shown(&runs[i].results, cpu)) {
				cpus[n++] = cpu;
				break;
			}
	return n;
}

static void describe_run(char *text, size_t size, const char *name,
			 const struct saved_run *run, int ctx_panels[],
			 int nr_panels)
{
	const struct rtla_params *p = &run->params;
	const struct rtla_results *r = &run->results;
	uint64_t over = 0;
	size_t len;
	int cpu, i;

	len = snprintf(text, size, "%s: %s", name, run->tool);
	if (r->elapsed_s && len < size)
		len += snprintf(text + len, size - len, ", %llu s",
				(unsigned long long)r->elapsed_s);
	if (param_given(p->knobs.period_us) && p->knobs.period_us && len < size)
		len += snprintf(text + len, size - len, ", period %llu us",
				(unsigned long long)p->knobs.period_us);
	if (p->threads.cpus && len < size)
		len += snprintf(text + len, size - len, ", CPUs %s",
				p->threads.cpus);
	if (len < size)
		len += snprintf(text + len, size - len, ", %u %s buckets",
				r->bucket_size, p->display.nano ? "ns" : "us");
	if (run->system.release[0] && len < size)
		len += snprintf(text + len, size - len, ", kernel %s",
				run->system.release);
	for (cpu = 0; cpu < r->nr_cpus; cpu++)
		for (i = 0; i < nr_panels; i++)
			if (results_cpu_shown(r, cpu))
				over += r->cpu[cpu].hist[ctx_panels[i]].over;
	if (over && len < size)
		snprintf(text + len, size - len, "; %llu past the histogram",
			 (unsigned long long)over);
}

static void label_group(char *label, size_t size, const int *cpus, int n)
{
	if (n == 1)
		snprintf(label, size, "CPU %d", cpus[0]);
	else
		snprintf(label, size, "CPUs %d-%d", cpus[0], cpus[n - 1]);
}

/*
 * The histogram of @run's @ctx on CPUs @cpus[0..@n) into @hist: the
 * CPU's own, or their sum in a new histogram of @plot; NULL when it has
 * no samples.  0, or -1 when out of memory.
 */
static int group_hist(struct plot_runs *plot, const struct saved_run *run,
		      enum sample_context ctx, const int *cpus, int n,
		      const struct histogram **hist)
{
	const struct rtla_results *r = &run->results;
	const struct histogram *one = NULL;
	struct histogram *sum;
	int i, found = 0;

	for (i = 0; i < n; i++) {
		if (cpus[i] >= r->nr_cpus || !results_cpu_shown(r, cpus[i]) ||
		    !r->cpu[cpus[i]].hist[ctx].buckets ||
		    !r->cpu[cpus[i]].hist[ctx].stats.count)
			continue;
		one = &r->cpu[cpus[i]].hist[ctx];
		found++;
	}
	*hist = one;
	if (found <= 1)
		return 0;
	sum = &plot->merged[plot->nr_merged];
	if (histogram_alloc(sum, r->entries, r->bucket_size))
		return -1;
	plot->nr_merged++;
	for (i = 0; i < n; i++)
		if (cpus[i] < r->nr_cpus && results_cpu_shown(r, cpus[i]) &&
		    r->cpu[cpus[i]].hist[ctx].buckets)
			histogram_merge(sum, &r->cpu[cpus[i]].hist[ctx]);
	*hist = sum;
	return 0;
}

/* The CPU groups' labels: @per CPUs of @cpus[0..@nr_cpus) a colour. */
static void set_groups(struct plot_spec *spec, const int *cpus, int nr_cpus)
{
	int per = plot_group_size(nr_cpus), g, n;

	spec->nr_groups = plot_group_count(nr_cpus);
	for (g = 0; g < spec->nr_groups; g++) {
		n = g == spec->nr_groups - 1 ? nr_cpus - g * per : per;
		label_group(spec->groups[g], sizeof(spec->groups[g]),
			    cpus + g * per, n);
	}
}

/* The title names the files without their directories. */
static void set_title(struct plot_spec *spec, const char *const *names,
		      int nr, const char *what)
{
	size_t len = snprintf(spec->title, sizeof(spec->title), "%s: ", what);
	const char *base;
	int i;

	for (i = 0; i < nr && len < sizeof(spec->title); i++) {
		base = strrchr(names[i], '/');
		len += snprintf(spec->title + len, sizeof(spec->title) - len,
				"%s%s", i ? (i == nr - 1 ? " and " : ", ") : "",
				base ? base + 1 : names[i]);
	}
}

int plot_runs_build(struct plot_runs *plot, const struct saved_run *runs,
		    const char *const *names, int nr, char *why, size_t size)
{
	struct plot_spec *spec = &plot->spec;
	int cpus[CPU_SETSIZE], ctx_panels[NR_CONTEXTS];
	int nr_cpus, per, groups, f, g, p, ctx, n;
	const struct histogram *hist;

	memset(plot, 0, sizeof(*plot));
	for (f = 0; f < nr; f++)
		if (!runs[f].results.entries) {
			snprintf(why, size, "%s: a top run holds no histogram: plot hist runs",
				 names[f]);
			return -1;
		}
	for (ctx = 0; ctx < NR_CONTEXTS; ctx++)
		for (f = 0; f < nr; f++)
			if (has_context(&runs[f], ctx)) {
				ctx_panels[spec->nr_panels++] = ctx;
				break;
			}
	nr_cpus = union_cpus(runs, nr, cpus, CPU_SETSIZE);
	if (!spec->nr_panels || !nr_cpus) {
		snprintf(why, size, "%s: no samples to plot",
			 nr == 1 ? names[0] : "the reports hold");
		return -1;
	}
	per = plot_group_size(nr_cpus);
	groups = plot_group_count(nr_cpus);
	plot->series = calloc((size_t)nr * groups * spec->nr_panels,
			      sizeof(*plot->series));
	plot->merged = calloc((size_t)nr * groups * spec->nr_panels,
			      sizeof(*plot->merged));
	if (!plot->series || !plot->merged) {
		snprintf(why, size, "out of memory");
		plot_runs_free(plot);
		return -1;
	}
	set_title(spec, names, nr,
		  spec->nr_panels == 1 && ctx_panels[0] == CTX_NOISE ?
		  "Noise histograms" : "Latency histograms");
	spec->nr_files = nr;
	set_groups(spec, cpus, nr_cpus);
	for (p = 0; p < spec->nr_panels; p++) {
		ctx = ctx_panels[p];
		snprintf(spec->panels[p].title, sizeof(spec->panels[p].title),
			 "%s", panel_titles[ctx]);
		snprintf(spec->panels[p].x_title,
			 sizeof(spec->panels[p].x_title), "%s (us)",
			 ctx == CTX_NOISE ? "noise duration" : "latency");
	}
	for (f = 0; f < nr; f++) {
		describe_run(spec->files[f].text, sizeof(spec->files[f].text),
			     names[f], &runs[f], ctx_panels, spec->nr_panels);
		for (p = 0; p < spec->nr_panels; p++)
			for (g = 0; g < groups; g++) {
				n = g == groups - 1 ? nr_cpus - g * per : per;
				if (group_hist(plot, &runs[f], ctx_panels[p],
					       cpus + g * per, n, &hist)) {
					snprintf(why, size, "out of memory");
					plot_runs_free(plot);
					return -1;
				}
				if (!hist)
					continue;
				plot->series[spec->nr_series++] =
					(struct plot_series){
						.hist = hist,
						.ns_per_unit = runs[f].results.divisor,
						.file = f, .group = g,
						.panel = p };
			}
	}
	spec->series = plot->series;
	return 0;
}

/* The CPUs any series shows, in order, into @cpus: how many. */
static int series_cpus(const struct window_series *series, int nr,
		       int *cpus)
{
	int cpu, n = 0, i, line, top = 0;

	for (i = 0; i < nr; i++)
		if (series[i].nr_cpus > top)
			top = series[i].nr_cpus;
	for (cpu = 0; cpu < top && n < CPU_SETSIZE; cpu++) {
		for (i = 0; i < nr; i++) {
			for (line = 0; line < series[i].nr_lines &&
			     cpu < series[i].nr_cpus; line++)
				if (series[i].lines[line].cpu[cpu].shown)
					break;
			if (cpu < series[i].nr_cpus &&
			    line < series[i].nr_lines)
				break;
		}
		if (i < nr)
			cpus[n++] = cpu;
	}
	return n;
}

/*
 * @s's windows as points of CPUs @cpus[0..@n)'s @ctx into @points: the
 * highest max of the group's CPUs in each window that has samples.
 */
static int window_points(const struct window_series *s,
			 enum sample_context ctx, const int *cpus, int n,
			 time_t start, struct plot_point *points)
{
	const struct window_stats *w;
	int line, i, nr = 0;
	uint64_t max;
	bool any;

	for (line = 0; line < s->nr_lines; line++) {
		max = 0;
		any = false;
		for (i = 0; i < n; i++) {
			if (cpus[i] >= s->nr_cpus)
				continue;
			w = &s->lines[line].cpu[cpus[i]].ctx[ctx];
			if (!w->count)
				continue;
			if (w->max > max)
				max = w->max;
			any = true;
		}
		if (!any)
			continue;
		points[nr].minutes = (s->lines[line].end - start) / 60.0;
		points[nr].us = max / 1000.0;
		nr++;
	}
	return nr;
}

static void describe_series(char *text, size_t size, const char *name,
			    const struct window_series *s)
{
	char from[32], to[32];
	struct tm tm;

	gmtime_r(&s->lines[0].end, &tm);
	strftime(from, sizeof(from), "%Y-%m-%d %H:%M", &tm);
	gmtime_r(&s->lines[s->nr_lines - 1].end, &tm);
	strftime(to, sizeof(to), "%Y-%m-%d %H:%M", &tm);
	snprintf(text, size, "%s: timerlat monitor, %d windows ending %s to %s UTC",
		 name, s->nr_lines, from, to);
}

int plot_records_build(struct plot_runs *plot,
		       const struct window_series *series,
		       const char *const *names, int nr, char *why,
		       size_t size)
{
	int cpus[CPU_SETSIZE], ctx_panels[NR_CONTEXTS];
	struct plot_spec *spec = &plot->spec;
	int nr_cpus, per, groups, f, g, p, n, used = 0;
	size_t nr_lines = 0;
	int ctx;

	memset(plot, 0, sizeof(*plot));
	spec->timeline = true;
	for (ctx = 0; ctx < NR_CONTEXTS; ctx++)
		for (f = 0; f < nr; f++)
			if (series[f].has_ctx[ctx]) {
				ctx_panels[spec->nr_panels++] = ctx;
				break;
			}
	nr_cpus = series_cpus(series, nr, cpus);
	if (!spec->nr_panels || !nr_cpus) {
		snprintf(why, size, "no samples to plot");
		return -1;
	}
	for (f = 0; f < nr; f++)
		nr_lines += series[f].nr_lines;
	per = plot_group_size(nr_cpus);
	groups = plot_group_count(nr_cpus);
	plot->series = calloc((size_t)nr * groups * spec->nr_panels,
			      sizeof(*plot->series));
	plot->points = calloc(nr_lines * groups * spec->nr_panels,
			      sizeof(*plot->points));
	if (!plot->series || !plot->points) {
		snprintf(why, size, "out of memory");
		plot_runs_free(plot);
		return -1;
	}
	set_title(spec, names, nr, "Max latency per window");
	spec->nr_files = nr;
	set_groups(spec, cpus, nr_cpus);
	for (p = 0; p < spec->nr_panels; p++) {
		snprintf(spec->panels[p].title, sizeof(spec->panels[p].title),
			 "%s", panel_titles[ctx_panels[p]]);
		snprintf(spec->panels[p].x_title,
			 sizeof(spec->panels[p].x_title),
			 "minutes since each series' first window");
	}
	for (f = 0; f < nr; f++) {
		describe_series(spec->files[f].text,
				sizeof(spec->files[f].text), names[f],
				&series[f]);
		for (p = 0; p < spec->nr_panels; p++)
			for (g = 0; g < groups; g++) {
				struct plot_series *s =
					&plot->series[spec->nr_series];

				n = g == groups - 1 ? nr_cpus - g * per : per;
				s->points = plot->points + used;
				s->nr_points = window_points(&series[f],
					ctx_panels[p], cpus + g * per, n,
					series[f].lines[0].end,
					plot->points + used);
				if (!s->nr_points)
					continue;
				used += s->nr_points;
				s->file = f;
				s->group = g;
				s->panel = p;
				spec->nr_series++;
			}
	}
	spec->series = plot->series;
	return 0;
}

void plot_runs_free(struct plot_runs *plot)
{
	int i;

	free(plot->points);
	plot->points = NULL;

	for (i = 0; i < plot->nr_merged; i++)
		histogram_free(&plot->merged[i]);
	free(plot->merged);
	free(plot->series);
	plot->merged = NULL;
	plot->series = NULL;
}
