// SPDX-License-Identifier: GPL-2.0
/* timerlat monitor's state: windows, the exposition, hits, the server. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "collect/collector.h"
#include "model/results_delta.h"
#include "run/monitor.h"
#include "run/trace_dat.h"
#include "run/run.h"
#include "version.h"

#define NSEC_PER_SEC	1000000000ULL
/* fine buckets summed per hold of the lock by a scrape: well under 1 ms */
#define SUM_STEP	65536

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

/* Results laid out as @results are, for the windows. */
static int alloc_like(struct rtla_results *to,
		      const struct rtla_results *results)
{
	struct results_layout layout = {
		.tracer = results->tracer->id,
		.cpus = results->cpus,
		.divisor = results->divisor,
		.entries = results->entries,
		.bucket_size = results->bucket_size,
		.view = results->view,
	};

	return results_alloc(to, &layout, results->nr_cpus);
}

/* --buckets' bounds past the fine histogram's end are not exposed: say so. */
static void warn_bounds_past_end(const struct run *run)
{
	const struct bucket_bounds *bounds = &run->params->monitor.buckets;
	const struct rtla_results *results = &run->results;
	uint64_t end_ns = (uint64_t)results->entries * results->bucket_size *
			  results->divisor;
	unsigned int within = bucket_bounds_within(bounds, end_ns);

	if (within < bounds->nr)
		run_error(run, "warning: --buckets bounds from %g us are past the histogram's end, %g us (-E x -b): left out, their samples counted in +Inf only",
			  bounds->ns[within] / 1e3, end_ns / 1e3);
}

int monitor_open(struct monitor *m, struct run *run)
{
	const struct rtla_params *params = run->params;
	struct utsname uts;

	memset(m, 0, sizeof(*m));
	pthread_mutex_init(&m->lock, NULL);
	pthread_mutex_init(&m->scrape_lock, NULL);
	m->run = run;
	warn_bounds_past_end(run);
	if (!uname(&uts))
		snprintf(m->kernel_release, sizeof(m->kernel_release), "%s",
			 uts.release);
	if (windows_alloc(&m->windows, run->results.nr_cpus) ||
	    alloc_like(&m->before, &run->results) ||
	    alloc_like(&m->window, &run->results)) {
		run_error(run, "out of memory");
		goto fail;
	}
	m->metrics = (struct monitor_metrics){
		.results = &run->results,
		.windows = &m->windows,
		.bounds = params->monitor.buckets.nr ?
			  &params->monitor.buckets : NULL,
		.contexts = m->shown,
		.nr_contexts = tracer_view_contexts(&run->results.view, m->shown),
		.version = RTLA_VERSION,
		.kernel_release = m->kernel_release,
		.other = calloc(run->results.nr_cpus,
				sizeof(*m->metrics.other)),
	};
	m->per_bound = m->metrics.other ?
		       calloc(monitor_metrics_sums(&m->metrics),
			      sizeof(*m->per_bound)) : NULL;
	if (!m->per_bound) {
		run_error(run, "out of memory");
		goto fail;
	}
	if (params->monitor.record_file &&
	    window_record_open(&m->record, params->monitor.record_file,
			       params->monitor.record_bytes,
			       params->monitor.record_keep)) {
		run_error(run, "cannot open %s: %s",
			  params->monitor.record_file, strerror(errno));
		goto fail;
	}
	return 0;
fail:
	monitor_close(m);
	return -1;
}

void monitor_close(struct monitor *m)
{
	if (!m->run)
		return;
	window_record_close(&m->record);
	results_free(&m->window);
	results_free(&m->before);
	windows_free(&m->windows);
	free(m->metrics.other);
	free(m->per_bound);
	pthread_mutex_destroy(&m->scrape_lock);
	pthread_mutex_destroy(&m->lock);
	m->run = NULL;
}

/* The counters the results do not hold. */
static void update_counters(struct monitor *m)
{
	m->metrics.threshold_hits = m->run->results.threshold_hits;
	m->metrics.unmeasured_ns = m->unmeasured_ns;
}

/*
 * --textfile rewritten: a failure said once (again only after a success),
 * and the run fails when the last window's could not be written.
 */
static void write_textfile(struct monitor *m)
{
	const char *path = m->run->params->monitor.textfile;
	int err = 0;

	if (monitor_metrics_write_textfile(&m->metrics, path))
		err = errno;
	if (err && !m->run->textfile_errno)
		run_error(m->run, "cannot write %s: %s", path, strerror(err));
	m->run->textfile_errno = err;
}

void monitor_end_window(struct monitor *m, time_t end)
{
	const struct rtla_params *params = m->run->params;
	struct run *run = m->run;

	results_delta(&m->window, &run->results, &m->before);
	results_copy(&m->before, &run->results);
	results_window_restart(&run->results);
	windows_add_results(&m->windows, &m->window);
	windows_end(&m->windows);
	if (m->record.path &&
	    window_record_write(&m->record, &m->window, m->shown,
				m->metrics.nr_contexts, end))
		run_error(run, "cannot write the window to %s: %s",
			  params->monitor.record_file, strerror(errno));
	update_counters(m);
	if (params->monitor.textfile)
		write_textfile(m);
}

/*
 * The lock is taken in short holds: the histograms, as large as -E
 * makes them, are summed per bound a step at a time, and the rest
 * (CPUs x contexts x bounds lines) written from the sums.
 */
int monitor_render(void *ctx, enum prom_format format, FILE *out)
{
	struct monitor *m = ctx;
	int ret;

	pthread_mutex_lock(&m->scrape_lock);
	pthread_mutex_lock(&m->lock);
	/* the kernel's maps read now (BPF); records are read as they come */
	collector_snapshot(m->run->collector);
	pthread_mutex_unlock(&m->lock);
	monitor_metrics_sum_buckets(&m->metrics, m->per_bound, &m->lock,
				    SUM_STEP);
	pthread_mutex_lock(&m->lock);
	update_counters(m);
	m->metrics.per_bound = m->per_bound;
	ret = monitor_metrics_write(&m->metrics, format, out);
	m->metrics.per_bound = NULL;
	pthread_mutex_unlock(&m->lock);
	pthread_mutex_unlock(&m->scrape_lock);
	return ret;
}

/* PATH.N; a trace.dat's number before its suffix: NAME.N.dat */
static void kept_name(char *name, size_t size, const char *path, uint64_t n)
{
	int stem = strlen(path) - (trace_dat_wanted(path) ? 4 : 0);

	snprintf(name, size, "%.*s.%llu%s", stem, path, (unsigned long long)n,
		 path + stem);
}

int monitor_keep_trace(const char *path, uint64_t hit, uint64_t keep)
{
	char name[4096];

	if (hit > keep) {
		kept_name(name, sizeof(name), path, hit - keep);
		unlink(name);
	}
	kept_name(name, sizeof(name), path, hit);
	if (rename(path, name) && errno != ENOENT)
		return -1;
	return 0;
}

/* Each trace the hit's actions saved: its own name, the last few kept. */
static void keep_traces(struct monitor *m, uint64_t hit)
{
	const struct rtla_params *params = m->run->params;
	const struct action_list *list = &params->actions.on_threshold;
	const char *path;
	int i;

	for (i = -1; i < list->count; i++) {
		if (i < 0)
			path = params->tracing.trace_on_stop ?
			       tracer_trace_file(params) : NULL;
		else if (list->item[i].kind == ACTION_TRACE)
			path = list->item[i].file ? list->item[i].file :
			       m->run->tracer->trace_file;
		else
			path = NULL;
		if (path && monitor_keep_trace(path, hit,
					       params->monitor.keep_traces))
			run_error(m->run, "cannot rename %s: %s", path,
				  strerror(errno));
	}
}

void monitor_hit(struct monitor *m)
{
	struct run *run = m->run;
	uint64_t hits, now_mono;
	time_t now = time(NULL);
	char stamp[40] = "";
	struct tm tm;

	pthread_mutex_lock(&m->lock);
	hits = ++run->results.threshold_hits;
	pthread_mutex_unlock(&m->lock);
	if (localtime_r(&now, &tm))
		strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%S%z", &tm);
	fprintf(run->text, "%s rtla %s: %s hit stop tracing (hit %llu); tracing again\n",
		stamp, run->tool->id.name, run->tracer->name,
		(unsigned long long)hits);
	run_aa_report(run);
	fflush(run->text);
	/* whatever the actions did, the monitor goes on */
	run_threshold_actions(run);
	keep_traces(m, hits);
	pthread_mutex_lock(&m->lock);
	run_resume_tracing(run);
	now_mono = now_ns();
	m->unmeasured_ns += now_mono - m->tracing_seen_ns;
	m->tracing_seen_ns = now_mono;
	pthread_mutex_unlock(&m->lock);
}
