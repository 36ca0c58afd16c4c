// SPDX-License-Identifier: GPL-2.0
/* A JSON report, rtla's or cyclictest's, read back into params and results. */
#include <json.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/json_read.h"
#include "input/saved_run.h"
#include "input/saved_run_reader.h"
#include "model/tracer.h"

/* The CPUs of an object keyed by CPU number ("0", "1"...), as a set. */
static int cpu_keys(struct saved_run_reader *r, struct json_object *cpus,
		    int *nr_cpus)
{
	uint64_t cpu;

	CPU_ZERO(&r->run->params.cpu_set);
	*nr_cpus = 0;
	json_object_object_foreach(cpus, key, value) {
		(void)value;
		if (saved_run_parse_index(key, &cpu) || cpu >= SAVED_MAX_CPUS ||
		    cpu >= CPU_SETSIZE)
			return saved_run_fail(r, "CPU \"%s\" is not a CPU number", key);
		CPU_SET(cpu, &r->run->params.cpu_set);
		if ((int)cpu >= *nr_cpus)
			*nr_cpus = cpu + 1;
	}
	if (!*nr_cpus)
		return saved_run_fail(r, "no CPU in the report");
	return 0;
}

static int read_context(struct saved_run_reader *r, struct json_object *obj,
			struct histogram *hist, int cpu, const char *ctx)
{
	struct series_stats *s = &hist->stats;
	uint64_t total;

	if (saved_run_get_u64(obj, "count", &s->count))
		return saved_run_fail(r, "CPU %d %s: no count", cpu, ctx);
	if (s->count && (saved_run_get_u64(obj, "min", &s->min) ||
			 saved_run_get_u64(obj, "max", &s->max) ||
			 saved_run_get_u64(obj, "sum", &s->sum)))
		return saved_run_fail(r, "CPU %d %s: no min, max or sum", cpu, ctx);
	if (s->min > s->max)
		return saved_run_fail(r, "CPU %d %s: min %llu over max %llu", cpu, ctx,
				      (unsigned long long)s->min,
				      (unsigned long long)s->max);
	if (!hist->entries)
		return 0;
	if (saved_run_get_u64(obj, "over", &hist->over))
		hist->over = 0;
	if (saved_run_read_buckets(r, json_member(obj, "histogram"), hist, &total))
		return -1;
	if (__builtin_add_overflow(total, hist->over, &total))
		return saved_run_fail(r, "CPU %d %s: more samples than rtla can count",
				      cpu, ctx);
	if (total != s->count)
		return saved_run_fail(r, "CPU %d %s: the histogram holds %llu samples, the count says %llu",
				      cpu, ctx, (unsigned long long)total,
				      (unsigned long long)s->count);
	return 0;
}

static void read_periods(struct json_object *obj, struct noise_summary *sum)
{
	saved_run_get_u64(obj, "periods", &sum->periods);
	saved_run_get_u64(obj, "runtime", &sum->runtime);
	saved_run_get_u64(obj, "noise", &sum->noise);
	saved_run_get_u64(obj, "max_noise", &sum->max_noise);
	saved_run_get_u64(obj, "max_single", &sum->max_single);
	saved_run_get_u64(obj, "hw", &sum->hw);
	saved_run_get_u64(obj, "nmi", &sum->nmi);
	saved_run_get_u64(obj, "irq", &sum->irq);
	saved_run_get_u64(obj, "softirq", &sum->softirq);
	saved_run_get_u64(obj, "thread", &sum->thread);
}

static int tool_of(struct saved_run_reader *r, const char *tool)
{
	static const struct {
		const char *name;
		enum rtla_tracer tracer;
		enum rtla_mode mode;
	} tools[] = {
		{ "timerlat top", TRACER_TIMERLAT, MODE_TOP },
		{ "timerlat hist", TRACER_TIMERLAT, MODE_HIST },
		{ "osnoise top", TRACER_OSNOISE, MODE_TOP },
		{ "osnoise hist", TRACER_OSNOISE, MODE_HIST },
		{ "hwnoise", TRACER_OSNOISE, MODE_TOP },
	};
	size_t i;

	for (i = 0; i < sizeof(tools) / sizeof(tools[0]); i++) {
		if (strcmp(tool, tools[i].name))
			continue;
		params_alloc(&r->run->params, tools[i].tracer, tools[i].mode);
		r->run->params.hwnoise = !strcmp(tool, "hwnoise");
		return 0;
	}
	return saved_run_fail(r, "unknown tool \"%s\"", tool);
}

/* Which contexts the report holds decides what is shown, as live. */
static void contexts_shown(struct rtla_params *params, struct json_object *cpu)
{
	if (params->tracer != TRACER_TIMERLAT)
		return;
	params->no_irq = !json_member(cpu, "irq");
	params->no_thread = !json_member(cpu, "thread");
	params->user_threads = json_member(cpu, "user") != NULL;
}

/* The values rtla.params recorded, as if given on the command line. */
static void read_params(struct json_object *obj, struct rtla_params *params)
{
	struct json_object *cpus = json_member(obj, "cpus");

	saved_run_get_u64(obj, "duration_s", &params->duration_s);
	saved_run_get_u64(obj, "period_us", &params->period_us);
	if (params->tracer == TRACER_OSNOISE)
		saved_run_get_u64(obj, "runtime_us", &params->runtime_us);
	if (json_object_is_type(cpus, json_type_string) &&
	    strcmp(json_object_get_string(cpus), "all"))
		params->cpus = strdup(json_object_get_string(cpus));
}

static int read_hist_shape(struct saved_run_reader *r, struct json_object *params_obj)
{
	struct rtla_params *params = &r->run->params;
	uint64_t entries, bucket_size;

	if (params->mode != MODE_HIST)
		return 0;
	if (saved_run_get_u64(params_obj, "entries", &entries) ||
	    saved_run_get_u64(params_obj, "bucket_size", &bucket_size) ||
	    !entries || entries > SAVED_MAX_ENTRIES || !bucket_size ||
	    bucket_size > SAVED_MAX_ENTRIES)
		return saved_run_fail(r, "no valid rtla.params.entries and bucket_size");
	params->entries = entries;
	params->bucket_size = bucket_size;
	return 0;
}

static int read_rtla(struct saved_run_reader *r, struct json_object *root,
		     struct json_object *rtla)
{
	struct saved_run *run = r->run;
	const struct context_desc *shown[NR_CONTEXTS];
	struct json_object *cpus = saved_run_member(rtla, "cpus"), *cpu_obj;
	struct rtla_results *results = &run->results;
	struct results_layout layout;
	int nr_cpus, cpu, c, nr_shown;
	char key[16];

	saved_run_copy_string(run->tool, sizeof(run->tool), json_member(rtla, "tool"), "");
	if (tool_of(r, run->tool))
		return -1;
	saved_run_copy_string(key, sizeof(key), json_member(rtla, "unit"), "us");
	run->params.nano = !strcmp(key, "ns");
	if (!cpus)
		return saved_run_fail(r, "no rtla.cpus");
	if (cpu_keys(r, cpus, &nr_cpus) ||
	    read_hist_shape(r, saved_run_member(rtla, "params")) ||
	    saved_run_check_size(r, nr_cpus))
		return -1;
	read_params(saved_run_member(rtla, "params"), &run->params);
	json_object_object_foreach(cpus, first, first_obj) {
		(void)first;
		contexts_shown(&run->params, first_obj);
		break;
	}
	nr_shown = tracer_shown_contexts(&run->params, shown);
	if (!nr_shown)
		return saved_run_fail(r, "no context (irq, thread, user) in the report");
	layout = params_results_layout(&run->params);
	if (results_alloc(results, &layout, nr_cpus))
		return saved_run_fail(r, "out of memory");
	saved_run_copy_string(run->collector, sizeof(run->collector),
			      json_member(rtla, "collector"), "tracefs");
	results->collector = run->collector;
	saved_run_get_u64(rtla, "duration_s", &results->elapsed_s);
	saved_run_get_u64(rtla, "threshold_hits", &results->threshold_hits);
	results->stopped = json_object_get_boolean(json_member(rtla, "stopped"));
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		snprintf(key, sizeof(key), "%d", cpu);
		cpu_obj = saved_run_member(cpus, key);
		if (!cpu_obj)
			continue;
		for (c = 0; c < nr_shown; c++) {
			struct json_object *ctx = saved_run_member(cpu_obj,
								   shown[c]->key);

			if (!ctx)
				return saved_run_fail(r, "CPU %d has no %s", cpu,
						      shown[c]->key);
			if (read_context(r, ctx,
					 &results->cpu[cpu].hist[shown[c]->id],
					 cpu, shown[c]->key))
				return -1;
		}
		read_periods(saved_run_member(cpu_obj, "periods"),
			     &results->cpu[cpu].periods);
		saved_run_get_u64(cpu_obj, "lost_events", &results->cpu[cpu].lost_events);
	}
	return 0;
}

/* "Sat, 05 Dec 2026 21:11:13 +0000", as both tools write it; 0 if not. */
static time_t read_time(struct json_object *value)
{
	struct tm tm = { 0 };
	const char *end;
	long offset;

	if (!json_object_is_type(value, json_type_string))
		return 0;
	end = strptime(json_object_get_string(value), "%a, %d %b %Y %T %z",
		       &tm);
	if (!end || *end)
		return 0;
	offset = tm.tm_gmtoff;
	return timegm(&tm) - offset;
}

/* The system facts' text fields: where each is in the report. */
static const struct {
	bool in_sysinfo;		/* else in rtla.system */
	const char *key;
	size_t offset;
	size_t size;
} fact_fields[] = {
#define FACT(in_sysinfo, key, field) \
	{ in_sysinfo, key, offsetof(struct system_facts, field), \
	  sizeof(((struct system_facts *)0)->field) }
	FACT(true, "sysname", sysname),
	FACT(true, "nodename", nodename),
	FACT(true, "release", release),
	FACT(true, "version", version),
	FACT(true, "machine", machine),
	FACT(false, "preemption", preemption),
	FACT(false, "kernel_cmdline", cmdline),
	FACT(false, "isolcpus", isolcpus),
	FACT(false, "nohz_full", nohz_full),
	FACT(false, "clocksource", clocksource),
#undef FACT
};

static void read_system(struct json_object *root, struct json_object *rtla,
			struct system_facts *facts)
{
	struct json_object *uts = saved_run_member(root, "sysinfo");
	struct json_object *sys = saved_run_member(rtla, "system");
	uint64_t dma;
	size_t i;

	for (i = 0; i < sizeof(fact_fields) / sizeof(fact_fields[0]); i++)
		saved_run_copy_string((char *)facts + fact_fields[i].offset,
				      fact_fields[i].size,
				      json_member(fact_fields[i].in_sysinfo ? uts : sys,
				      fact_fields[i].key), "");
	facts->realtime = json_object_get_int(json_member(uts, "realtime")) == 1;
	if (!facts->preemption[0] && facts->realtime)
		snprintf(facts->preemption, sizeof(facts->preemption), "rt");
	facts->cpu_dma_latency_us = -1;
	if (!saved_run_get_u64(sys, "cpu_dma_latency_us", &dma) &&
	    dma < CPU_DMA_LATENCY_NO_LIMIT_US)
		facts->cpu_dma_latency_us = dma;
}

static int read_root(struct saved_run_reader *r, struct json_object *root)
{
	struct saved_run *run = r->run;
	struct json_object *rtla = saved_run_member(root, "rtla");
	struct json_object *threads = saved_run_member(root, "thread");
	uint64_t code = 0;

	if (!json_object_is_type(root, json_type_object))
		return saved_run_fail(r, "not a JSON object");
	run->start_time = read_time(json_member(root, "start_time"));
	run->end_time = read_time(json_member(root, "end_time"));
	if (!saved_run_get_u64(root, "return_code", &code) && code < 256)
		run->return_code = code;
	read_system(root, rtla, &run->system);
	if (rtla) {
		run->source = SAVED_RTLA;
		return read_rtla(r, root, rtla);
	}
	if (threads && json_member(root, "cmdline:")) {
		run->source = SAVED_CYCLICTEST;
		return saved_run_read_cyclictest(r, root, threads);
	}
	return saved_run_fail(r, "neither rtla's nor cyclictest's JSON report");
}

int saved_run_parse(const char *text, size_t len, struct saved_run *run,
		    char *why, size_t size)
{
	struct saved_run_reader r = { run, why, size };
	struct json_tokener *tok = json_tokener_new();
	struct json_object *root;
	int ret;

	memset(&run->params, 0, sizeof(run->params));
	memset(&run->results, 0, sizeof(run->results));
	if (!tok)
		return saved_run_fail(&r, "out of memory");
	root = json_tokener_parse_ex(tok, text, len);
	if (!root || json_tokener_get_error(tok) != json_tokener_success ||
	    tok->char_offset < (int)len) {
		ret = saved_run_fail(&r, "not valid JSON (%s, at byte %d)",
				     root ? "trailing data" :
				     json_tokener_error_desc(json_tokener_get_error(tok)),
				     (int)tok->char_offset);
		if (json_tokener_get_error(tok) == json_tokener_continue)
			saved_run_fail(&r, "truncated JSON (it ends at byte %zu)", len);
	} else {
		ret = read_root(&r, root);
	}
	json_object_put(root);
	json_tokener_free(tok);
	if (ret)
		saved_run_free(run);
	return ret;
}

void saved_run_free(struct saved_run *run)
{
	results_free(&run->results);
	params_free(&run->params);
}
