// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <json.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "model/percentile.h"
#include "model/sources.h"
#include "output/json_hist.h"
#include "output/report.h"

#define JSON_FILE_VERSION	1

static void add(struct json_object *obj, const char *key,
		struct json_object *value)
{
	json_object_object_add(obj, key, value);
}

static struct json_object *u64(uint64_t value)
{
	return json_object_new_uint64(value);
}

static struct json_object *string(const char *text)
{
	return json_object_new_string(text);
}

static void add_time(struct json_object *obj, const char *key, time_t when)
{
	char buf[64];
	struct tm tm;

	localtime_r(&when, &tm);
	strftime(buf, sizeof(buf), "%a, %d %b %Y %T %z", &tm);
	add(obj, key, string(buf));
}

static struct json_object *bucket_object(const struct histogram *hist)
{
	struct json_object *obj = json_object_new_object();
	char key[32];
	unsigned int i;

	for (i = 0; i < hist->entries; i++) {
		if (!hist->buckets[i])
			continue;
		snprintf(key, sizeof(key), "%llu",
			 (unsigned long long)i * hist->bucket_size);
		add(obj, key, u64(hist->buckets[i]));
	}
	return obj;
}

struct json_object *json_percentiles(const struct histogram *hist)
{
	struct json_object *obj = json_object_new_object();
	uint64_t value;
	int i;

	for (i = 0; i < NR_STANDARD_PERCENTILES; i++) {
		const struct percentile_spec *p = &standard_percentiles[i];

		if (histogram_percentile(hist, p->quantile, &value) ==
		    PERCENTILE_FOUND)
			add(obj, p->name, u64(value));
		else
			add(obj, p->name, NULL);
	}
	return obj;
}

/* The percentiles that fall past the last bucket: their value is unknown. */
static struct json_object *percentiles_over(const struct histogram *hist)
{
	struct json_object *list = json_object_new_array();
	uint64_t value;
	int i;

	for (i = 0; i < NR_STANDARD_PERCENTILES; i++)
		if (histogram_percentile(hist, standard_percentiles[i].quantile,
					 &value) == PERCENTILE_OVER)
			json_object_array_add(list,
				string(standard_percentiles[i].name));
	return list;
}

static struct json_object *hist_object(const struct histogram *hist)
{
	struct json_object *obj = json_object_new_object();

	add(obj, "count", u64(hist->stats.count));
	add(obj, "min", hist->stats.count ? u64(hist->stats.min) : NULL);
	add(obj, "max", hist->stats.count ? u64(hist->stats.max) : NULL);
	add(obj, "avg", hist->stats.count ? json_object_new_double(
		(double)hist->stats.sum / hist->stats.count) : NULL);
	add(obj, "sum", u64(hist->stats.sum));
	if (hist->entries) {
		add(obj, "over", u64(hist->over));
		add(obj, "percentiles", json_percentiles(hist));
		add(obj, "percentiles_over", percentiles_over(hist));
		add(obj, "histogram", bucket_object(hist));
	}
	return obj;
}

/*
 * rt-tests' block of one CPU: the main context's samples, or for a run
 * without samples (osnoise top) its periods: cycles the periods, max the
 * largest noise in one period, avg the mean noise per period, min unknown.
 */
static struct json_object *rt_tests_thread(const struct run_report *report,
					   int cpu)
{
	const struct rtla_results *results = report->results;
	const struct cpu_results *slot = &results->cpu[cpu];
	const struct histogram *hist = &slot->hist[results->tracer->main_context];
	const struct noise_summary *noise = &slot->periods;
	struct json_object *obj = json_object_new_object();

	add(obj, "histogram", bucket_object(hist));
	if (!hist->stats.count && noise->periods) {
		add(obj, "cycles", u64(noise->periods));
		add(obj, "min", NULL);
		add(obj, "max", u64(noise->max_noise));
		add(obj, "avg", json_object_new_double(
			(double)noise->noise / noise->periods));
	} else {
		add(obj, "cycles", u64(hist->stats.count));
		add(obj, "min", u64(hist->stats.count ? hist->stats.min : 0));
		add(obj, "max", u64(hist->stats.max));
		add(obj, "avg", json_object_new_double(hist->stats.count ?
			(double)hist->stats.sum / hist->stats.count : 0));
	}
	add(obj, "cpu", json_object_new_int(cpu));
	return obj;
}

static struct json_object *noise_object(const struct noise_summary *sum)
{
	struct json_object *obj = json_object_new_object();
	uint64_t available = noise_available_scaled(sum);

	add(obj, "periods", u64(sum->periods));
	add(obj, "runtime", u64(sum->runtime));
	add(obj, "noise", u64(sum->noise));
	add(obj, "cpu_available_percent",
	    json_object_new_double(available / 100000.0));
	add(obj, "max_noise", u64(sum->max_noise));
	add(obj, "max_single", u64(sum->max_single));
	add(obj, "hw", u64(sum->hw));
	add(obj, "nmi", u64(sum->nmi));
	add(obj, "irq", u64(sum->irq));
	add(obj, "softirq", u64(sum->softirq));
	add(obj, "thread", u64(sum->thread));
	return obj;
}

/* @share, in hundredths of a percent, as a number with two decimals. */
static struct json_object *percent(uint64_t share)
{
	char text[32];

	snprintf(text, sizeof(text), "%" PRIu64 ".%02" PRIu64, share / 100,
		 share % 100);
	return json_object_new_double_s(share / 100.0, text);
}

static struct json_object *source_object(const struct noise_sources *s,
					 const struct noise_source *src,
					 uint64_t cpu_total)
{
	struct json_object *obj = json_object_new_object();

	add(obj, "kind", string(source_kind_name(src->kind)));
	add(obj, "source", string(src->name));
	add(obj, "count", u64(src->count));
	add(obj, "total_ns", u64(src->total_ns));
	add(obj, "max_ns", s->max_exact && !src->max_unknown ?
			   u64(src->max_ns) : NULL);
	add(obj, "avg_ns", u64(src->count ? src->total_ns / src->count : 0));
	add(obj, "share_percent",
	    percent(sources_share(src->total_ns, cpu_total)));
	return obj;
}

/* --sources: every source of @cpu, longest total first. */
static struct json_object *sources_object(const struct rtla_results *results,
					  int cpu)
{
	const struct noise_sources *s = results->sources;
	struct json_object *obj = json_object_new_object();
	struct json_object *list = json_object_new_array();
	struct sources_view view;
	int i;

	if (!results_sources_view(results, cpu, &view)) {
		for (i = 0; i < view.nr; i++)
			json_object_array_add(list, source_object(s,
					view.rank[i], view.total_ns));
		add(obj, "total_ns", u64(view.total_ns - view.rest_ns));
		/* timerlat: the thread latency no source accounts for */
		if (results->tracer->id == TRACER_TIMERLAT) {
			add(obj, "rest_ns", u64(view.rest_ns));
			add(obj, "rest_share_percent",
			    percent(sources_share(view.rest_ns,
						  view.total_ns)));
		}
		sources_view_free(&view);
	}
	add(obj, "list", list);
	return obj;
}

static struct json_object *cpu_object(const struct run_report *report,
				      int index)
{
	const struct cpu_results *cpu = &report->results->cpu[index];
	const struct tracer_desc *tracer = report->results->tracer;
	const struct context_desc *shown[NR_CONTEXTS];
	int c, nr = tracer_view_contexts(&report->results->view, shown);
	struct json_object *obj = json_object_new_object();

	for (c = 0; c < nr; c++)
		add(obj, shown[c]->key, hist_object(&cpu->hist[shown[c]->id]));
	if (tracer->has_periods)
		add(obj, "periods", noise_object(&cpu->periods));
	if (report->results->sources)
		add(obj, "sources", sources_object(report->results, index));
	add(obj, "lost_events", u64(cpu->lost_events));
	return obj;
}

static struct json_object *all_object(const struct run_report *report)
{
	const struct context_desc *shown[NR_CONTEXTS];
	int c, nr = tracer_view_contexts(&report->results->view, shown);
	struct json_object *obj = json_object_new_object();
	struct histogram merged;

	for (c = 0; c < nr; c++) {
		if (results_merge_all(report->results, shown[c]->id, &merged))
			continue;
		add(obj, shown[c]->key, hist_object(&merged));
		histogram_free(&merged);
	}
	add(obj, "lost_events", u64(results_lost_total(report->results)));
	return obj;
}

static struct json_object *budgets_array(const struct run_report *report)
{
	struct json_object *list = json_object_new_array(), *v;
	int i;

	for (i = 0; i < report->nr_verdicts; i++) {
		const struct budget_verdict *verdict = &report->verdicts[i];

		v = json_object_new_object();
		add(v, "budget", string(verdict->budget->text));
		add(v, "cpu", json_object_new_int(verdict->cpu));
		add(v, "value", verdict->past_end ? NULL : u64(verdict->value));
		if (verdict->past_end)
			add(v, "at_least", u64(verdict->value));
		add(v, "limit", u64(verdict->limit));
		add(v, "result", string(budget_result_names[verdict->result]));
		add(v, "pass", json_object_new_boolean(verdict->result ==
						       BUDGET_MET));
		json_object_array_add(list, v);
	}
	return list;
}

static struct json_object *actions_array(const struct action_outcomes *list)
{
	struct json_object *array = json_object_new_array(), *obj;
	const struct action_outcome *o;
	int i;

	for (i = 0; list && i < list->count; i++) {
		o = &list->item[i];
		obj = json_object_new_object();
		add(obj, "action", string(o->action->text));
		add(obj, "runs", u64(o->runs));
		add(obj, "failures", u64(o->failures));
		if (o->action->kind == ACTION_SHELL)
			add(obj, "exit_status", o->exit_status >= 0 ?
			    json_object_new_int(o->exit_status) : NULL);
		add(obj, "error", o->error ? string(strerror(o->error)) : NULL);
		json_object_array_add(array, obj);
	}
	return array;
}

static struct json_object *params_object(const struct run_report *report)
{
	const struct rtla_params *p = report->params;
	const struct tracer_knobs *knobs = &p->knobs;
	struct json_object *obj = json_object_new_object();

	add(obj, "cpus", string(p->threads.cpus ? p->threads.cpus : "all"));
	add(obj, "duration_s", u64(p->duration_s));
	add(obj, "period_us", u64(report->period_us));
	if (p->tracer == TRACER_OSNOISE)
		add(obj, "runtime_us", u64(report->runtime_us));
	add(obj, "stop_us", u64(param_or(knobs->stop_us, 0)));
	add(obj, "stop_total_us", u64(param_or(knobs->stop_total_us, 0)));
	if (p->tracer == TRACER_OSNOISE)
		add(obj, "threshold_us", u64(param_or(knobs->threshold_us, 0)));
	if (p->mode == MODE_HIST) {
		add(obj, "bucket_size", u64(p->hist.bucket_size));
		add(obj, "entries", u64(p->hist.entries));
	}
	return obj;
}

static struct json_object *system_object(const struct system_facts *s)
{
	struct json_object *obj = json_object_new_object();

	add(obj, "kernel_cmdline", string(s->cmdline));
	add(obj, "isolcpus", string(s->isolcpus));
	add(obj, "nohz_full", string(s->nohz_full));
	add(obj, "preemption", string(s->preemption));
	/* null: unknown, or no limit (the kernel's 2000 s default) */
	add(obj, "cpu_dma_latency_us", system_dma_latency_limited(s) ?
	    json_object_new_int(s->cpu_dma_latency_us) : NULL);
	add(obj, "cpu_dma_latency_limited",
	    json_object_new_boolean(system_dma_latency_limited(s)));
	add(obj, "clocksource", string(s->clocksource));
	return obj;
}

/* How --sources counted: what its per-CPU lists mean. */
static struct json_object *sources_params(const struct noise_sources *s)
{
	struct json_object *obj = json_object_new_object();

	add(obj, "top", u64(s->top));
	add(obj, "by_comm", json_object_new_boolean(s->by_comm));
	add(obj, "max_exact", json_object_new_boolean(s->max_exact));
	add(obj, "dropped", u64(s->dropped));
	add(obj, "collector", s->collector ? string(s->collector) : NULL);
	add(obj, "windows", json_object_new_boolean(s->windows));
	return obj;
}

static struct json_object *rtla_object(const struct run_report *report)
{
	const struct rtla_results *results = report->results;
	struct json_object *obj = json_object_new_object();
	struct json_object *cpus = json_object_new_object();
	char key[16];
	int cpu;

	add(obj, "version", string(report->version));
	add(obj, "tool", string(report->tool_name));
	add(obj, "unit", string(results->divisor == 1 ? "ns" : "us"));
	/* how samples reached rtla: "tracefs" (every record read from the
	   ring buffer), "hist-trigger" or "bpf" (counted in the kernel) */
	add(obj, "collector", string(results->collector));
	add(obj, "duration_s", u64(results->elapsed_s));
	add(obj, "stopped", json_object_new_boolean(results->stopped));
	add(obj, "end_reason", string(report->end_reason ?
				      report->end_reason : "duration"));
	add(obj, "interrupted", json_object_new_boolean(report->interrupted));
	add(obj, "threshold_hits", u64(results->threshold_hits));
	add(obj, "on_threshold", actions_array(report->on_threshold));
	add(obj, "on_end", actions_array(report->on_end));
	add(obj, "lost_events", u64(results_lost_total(results)));
	add(obj, "params", params_object(report));
	for (cpu = 0; cpu < results->nr_cpus; cpu++) {
		if (!results_cpu_shown(results, cpu))
			continue;
		snprintf(key, sizeof(key), "%d", cpu);
		add(cpus, key, cpu_object(report, cpu));
	}
	add(obj, "cpus", cpus);
	if (results->sources)
		add(obj, "sources", sources_params(results->sources));
	add(obj, "all", all_object(report));
	add(obj, "budgets", budgets_array(report));
	add(obj, "system", system_object(report->system));
	return obj;
}

static struct json_object *sysinfo_object(const struct system_facts *s)
{
	struct json_object *obj = json_object_new_object();

	add(obj, "sysname", string(s->sysname));
	add(obj, "nodename", string(s->nodename));
	add(obj, "release", string(s->release));
	add(obj, "version", string(s->version));
	add(obj, "machine", string(s->machine));
	add(obj, "realtime", json_object_new_int(s->realtime));
	return obj;
}

int report_write_json(const struct run_report *report, FILE *out)
{
	const struct rtla_results *results = report->results;
	struct json_object *root = json_object_new_object();
	struct json_object *threads = json_object_new_object();
	int cpu, nr_threads = 0, ret;
	char key[16];

	add(root, "file_version", json_object_new_int(JSON_FILE_VERSION));
	add(root, "cmdline", string(report->params->reports.cmdline ?
				    report->params->reports.cmdline : ""));
	add(root, "rt_test_version", string(report->version));
	add_time(root, "start_time", report->start_time);
	add_time(root, "end_time", report->end_time);
	add(root, "return_code", json_object_new_int(report->exit_status));
	add(root, "sysinfo", sysinfo_object(report->system));
	for (cpu = 0; cpu < results->nr_cpus; cpu++) {
		if (!results_cpu_shown(results, cpu))
			continue;
		snprintf(key, sizeof(key), "%d", cpu);
		add(threads, key, rt_tests_thread(report, cpu));
		nr_threads++;
	}
	add(root, "num_threads", json_object_new_int(nr_threads));
	add(root, "resolution_in_ns", json_object_new_int(results->divisor));
	add(root, "thread", threads);
	add(root, "rtla", rtla_object(report));
	ret = fprintf(out, "%s\n", json_object_to_json_string_ext(root,
			JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
			JSON_C_TO_STRING_NOSLASHESCAPE)) < 0;
	json_object_put(root);
	return ret ? -1 : 0;
}
