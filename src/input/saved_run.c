// SPDX-License-Identifier: GPL-2.0
/* A JSON report, rtla's or cyclictest's, read back into params and results. */
#include <errno.h>
#include <json.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/json_read.h"
#include "input/saved_run.h"
#include "model/tracer.h"

/* Bounds that keep a corrupt file from asking for gigabytes. */
#define SAVED_MAX_CPUS		4096
#define SAVED_MAX_ENTRIES	10000000

struct reader {
	struct saved_run *run;
	char *why;
	size_t size;
};

static int fail(struct reader *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	json_read_vfail(r->why, r->size, fmt, ap);
	va_end(ap);
	return -1;
}

static struct json_object *object_member(struct json_object *obj,
					 const char *key)
{
	struct json_object *value = json_member(obj, key);

	return json_object_is_type(value, json_type_object) ? value : NULL;
}

/* A whole number >= 0 at @key; -1 when absent or not one. */
static int get_u64(struct json_object *obj, const char *key, uint64_t *out)
{
	struct json_object *value = json_member(obj, key);
	double d;

	if (json_object_is_type(value, json_type_int)) {
		if (json_object_get_int64(value) < 0)
			return -1;
		*out = json_object_get_uint64(value);
		return 0;
	}
	if (!json_object_is_type(value, json_type_double))
		return -1;
	d = json_object_get_double(value);
	if (!(d >= 0 && d < 1.8e19))
		return -1;
	*out = (uint64_t)d;
	return 0;
}

/* "12" as a whole number, or -1. */
static int parse_index(const char *text, uint64_t *out)
{
	char *end;

	if (*text < '0' || *text > '9')
		return -1;
	errno = 0;
	*out = strtoull(text, &end, 10);
	return *end || errno ? -1 : 0;
}

static void copy_string(char *dst, size_t size, struct json_object *value,
			const char *fallback)
{
	snprintf(dst, size, "%s", json_object_is_type(value, json_type_string) ?
		 json_object_get_string(value) : fallback);
}

/* The CPUs of an object keyed by CPU number ("0", "1"...), as a set. */
static int cpu_keys(struct reader *r, struct json_object *cpus, int *nr_cpus)
{
	uint64_t cpu;

	CPU_ZERO(&r->run->params.cpu_set);
	*nr_cpus = 0;
	json_object_object_foreach(cpus, key, value) {
		(void)value;
		if (parse_index(key, &cpu) || cpu >= SAVED_MAX_CPUS ||
		    cpu >= CPU_SETSIZE)
			return fail(r, "CPU \"%s\" is not a CPU number", key);
		CPU_SET(cpu, &r->run->params.cpu_set);
		if ((int)cpu >= *nr_cpus)
			*nr_cpus = cpu + 1;
	}
	if (!*nr_cpus)
		return fail(r, "no CPU in the report");
	return 0;
}

/* Add a JSON histogram (bucket value in display units: count) to @hist. */
static int read_buckets(struct reader *r, struct json_object *buckets,
			struct histogram *hist, uint64_t *total)
{
	uint64_t value, count, index;

	*total = 0;
	if (!buckets)
		return 0;
	if (!json_object_is_type(buckets, json_type_object))
		return fail(r, "a histogram is not an object");
	json_object_object_foreach(buckets, key, jcount) {
		if (parse_index(key, &value) ||
		    !json_object_is_type(jcount, json_type_int) ||
		    json_object_get_int64(jcount) < 0)
			return fail(r, "histogram bucket \"%s\" is not a value and a count",
				    key);
		count = json_object_get_uint64(jcount);
		index = value / hist->bucket_size;
		if (!hist->entries || index >= hist->entries)
			return fail(r, "histogram bucket %s lies past the histogram's %u entries",
				    key, hist->entries);
		if (__builtin_add_overflow(hist->buckets[index], count,
					   &hist->buckets[index]) ||
		    __builtin_add_overflow(*total, count, total))
			return fail(r, "histogram bucket \"%s\": more samples than rtla can count",
				    key);
	}
	return 0;
}

static int read_context(struct reader *r, struct json_object *obj,
			struct histogram *hist, int cpu, const char *ctx)
{
	struct series_stats *s = &hist->stats;
	uint64_t total;

	if (get_u64(obj, "count", &s->count))
		return fail(r, "CPU %d %s: no count", cpu, ctx);
	if (s->count && (get_u64(obj, "min", &s->min) ||
			 get_u64(obj, "max", &s->max) ||
			 get_u64(obj, "sum", &s->sum)))
		return fail(r, "CPU %d %s: no min, max or sum", cpu, ctx);
	if (s->min > s->max)
		return fail(r, "CPU %d %s: min %llu over max %llu", cpu, ctx,
			    (unsigned long long)s->min,
			    (unsigned long long)s->max);
	if (!hist->entries)
		return 0;
	if (get_u64(obj, "over", &hist->over))
		hist->over = 0;
	if (read_buckets(r, json_member(obj, "histogram"), hist, &total))
		return -1;
	if (__builtin_add_overflow(total, hist->over, &total))
		return fail(r, "CPU %d %s: more samples than rtla can count",
			    cpu, ctx);
	if (total != s->count)
		return fail(r, "CPU %d %s: the histogram holds %llu samples, the count says %llu",
			    cpu, ctx, (unsigned long long)total,
			    (unsigned long long)s->count);
	return 0;
}

static void read_periods(struct json_object *obj, struct noise_summary *sum)
{
	get_u64(obj, "periods", &sum->periods);
	get_u64(obj, "runtime", &sum->runtime);
	get_u64(obj, "noise", &sum->noise);
	get_u64(obj, "max_noise", &sum->max_noise);
	get_u64(obj, "max_single", &sum->max_single);
	get_u64(obj, "hw", &sum->hw);
	get_u64(obj, "nmi", &sum->nmi);
	get_u64(obj, "irq", &sum->irq);
	get_u64(obj, "softirq", &sum->softirq);
	get_u64(obj, "thread", &sum->thread);
}

static int tool_of(struct reader *r, const char *tool)
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
	return fail(r, "unknown tool \"%s\"", tool);
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

	get_u64(obj, "duration_s", &params->duration_s);
	get_u64(obj, "period_us", &params->period_us);
	if (params->tracer == TRACER_OSNOISE)
		get_u64(obj, "runtime_us", &params->runtime_us);
	if (json_object_is_type(cpus, json_type_string) &&
	    strcmp(json_object_get_string(cpus), "all"))
		params->cpus = strdup(json_object_get_string(cpus));
}

static int read_hist_shape(struct reader *r, struct json_object *params_obj)
{
	struct rtla_params *params = &r->run->params;
	uint64_t entries, bucket_size;

	if (params->mode != MODE_HIST)
		return 0;
	if (get_u64(params_obj, "entries", &entries) ||
	    get_u64(params_obj, "bucket_size", &bucket_size) ||
	    !entries || entries > SAVED_MAX_ENTRIES || !bucket_size ||
	    bucket_size > SAVED_MAX_ENTRIES)
		return fail(r, "no valid rtla.params.entries and bucket_size");
	params->entries = entries;
	params->bucket_size = bucket_size;
	return 0;
}

static int check_size(struct reader *r, int nr_cpus)
{
	const struct rtla_params *params = &r->run->params;
	uint64_t bytes = (uint64_t)nr_cpus * NR_CONTEXTS *
			 (params->mode == MODE_HIST ? params->entries : 0) * 8;

	if (bytes > SAVED_MAX_HIST_BYTES)
		return fail(r, "%d CPUs of %u entries are more than rtla reads",
			    nr_cpus, params->entries);
	return 0;
}

static int read_rtla(struct reader *r, struct json_object *root,
		     struct json_object *rtla)
{
	struct saved_run *run = r->run;
	const struct context_desc *shown[NR_CONTEXTS];
	struct json_object *cpus = object_member(rtla, "cpus"), *cpu_obj;
	struct rtla_results *results = &run->results;
	struct results_layout layout;
	int nr_cpus, cpu, c, nr_shown;
	char key[16];

	copy_string(run->tool, sizeof(run->tool), json_member(rtla, "tool"), "");
	if (tool_of(r, run->tool))
		return -1;
	copy_string(key, sizeof(key), json_member(rtla, "unit"), "us");
	run->params.nano = !strcmp(key, "ns");
	if (!cpus)
		return fail(r, "no rtla.cpus");
	if (cpu_keys(r, cpus, &nr_cpus) ||
	    read_hist_shape(r, object_member(rtla, "params")) ||
	    check_size(r, nr_cpus))
		return -1;
	read_params(object_member(rtla, "params"), &run->params);
	json_object_object_foreach(cpus, first, first_obj) {
		(void)first;
		contexts_shown(&run->params, first_obj);
		break;
	}
	nr_shown = tracer_shown_contexts(&run->params, shown);
	if (!nr_shown)
		return fail(r, "no context (irq, thread, user) in the report");
	layout = params_results_layout(&run->params);
	if (results_alloc(results, &layout, nr_cpus))
		return fail(r, "out of memory");
	copy_string(run->collector, sizeof(run->collector),
		    json_member(rtla, "collector"), "tracefs");
	results->collector = run->collector;
	get_u64(rtla, "duration_s", &results->elapsed_s);
	get_u64(rtla, "threshold_hits", &results->threshold_hits);
	results->stopped = json_object_get_boolean(json_member(rtla, "stopped"));
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		snprintf(key, sizeof(key), "%d", cpu);
		cpu_obj = object_member(cpus, key);
		if (!cpu_obj)
			continue;
		for (c = 0; c < nr_shown; c++) {
			struct json_object *ctx = object_member(cpu_obj,
								shown[c]->key);

			if (!ctx)
				return fail(r, "CPU %d has no %s", cpu,
					    shown[c]->key);
			if (read_context(r, ctx,
					 &results->cpu[cpu].hist[shown[c]->id],
					 cpu, shown[c]->key))
				return -1;
		}
		read_periods(object_member(cpu_obj, "periods"),
			     &results->cpu[cpu].periods);
		get_u64(cpu_obj, "lost_events", &results->cpu[cpu].lost_events);
	}
	return 0;
}

/* The number after the first of @flags in @cmdline, or 0. */
static unsigned int cmdline_number(const char *cmdline,
				   const char *const *flags)
{
	const char *at;
	long n;

	for (; *flags; flags++) {
		at = strstr(cmdline, *flags);
		if (!at)
			continue;
		n = strtol(at + strlen(*flags), NULL, 10);
		if (n > 0 && n <= SAVED_MAX_ENTRIES)
			return n;
	}
	return 0;
}

/* cyclictest's -h N (--histogram=N, -H N, --histofall=N), or 0. */
static unsigned int cyclictest_entries(const char *cmdline)
{
	static const char *const flags[] = {
		" -h ", " --histogram=", " --histogram ", " -H ",
		" --histofall=", " --histofall ", NULL,
	};

	return cmdline_number(cmdline, flags);
}

/* cyclictest's -i N (--interval=N), default 1000 us. */
static unsigned int cyclictest_interval(const char *cmdline)
{
	static const char *const flags[] = {
		" -i ", " --interval=", " --interval ", NULL,
	};
	unsigned int us = cmdline_number(cmdline, flags);

	return us ? us : 1000;
}

/* The largest bucket value of any thread, plus one. */
static unsigned int buckets_needed(struct json_object *threads)
{
	uint64_t value, needed = 1;

	json_object_object_foreach(threads, key, thread) {
		struct json_object *hist = object_member(thread, "histogram");

		(void)key;
		if (!hist)
			continue;
		json_object_object_foreach(hist, b, n) {
			(void)n;
			if (!parse_index(b, &value) && value < SAVED_MAX_ENTRIES &&
			    value + 1 > needed)
				needed = value + 1;
		}
	}
	return needed;
}

static int cyclictest_cpu(struct reader *r, const char *key,
			  struct json_object *thread, uint64_t *cpu)
{
	if (!json_object_is_type(thread, json_type_object))
		return fail(r, "thread \"%s\" is not an object", key);
	if (!get_u64(thread, "cpu", cpu) && *cpu < SAVED_MAX_CPUS)
		return 0;
	if (parse_index(key, cpu) || *cpu >= SAVED_MAX_CPUS)
		return fail(r, "thread \"%s\" has no CPU", key);
	return 0;
}

static int read_cyclictest_thread(struct reader *r, const char *key,
				  struct json_object *thread)
{
	struct rtla_results *results = &r->run->results;
	struct histogram one = { 0 }, *hist;
	struct series_stats *s = &one.stats;
	double avg;
	uint64_t cpu, total;
	int ret = -1;

	cyclictest_cpu(r, key, thread, &cpu);
	hist = &results->cpu[cpu].hist[CTX_THREAD];
	if (histogram_alloc(&one, hist->entries, 1))
		return fail(r, "out of memory");
	if (get_u64(thread, "cycles", &s->count) ||
	    (s->count && (get_u64(thread, "min", &s->min) ||
			  get_u64(thread, "max", &s->max)))) {
		fail(r, "thread %s: no cycles, min or max", key);
		goto out;
	}
	avg = json_object_get_double(json_member(thread, "avg"));
	if (s->count && (s->min > s->max || !(avg >= s->min && avg <= s->max))) {
		fail(r, "thread %s: avg, min and max disagree", key);
		goto out;
	}
	if (avg * s->count >= 1.8e19) {
		fail(r, "thread %s: more latency than rtla can add up", key);
		goto out;
	}
	s->sum = s->count ? (uint64_t)(avg * s->count + 0.5) : 0;
	if (read_buckets(r, json_member(thread, "histogram"), &one, &total))
		goto out;
	if (total > s->count) {
		fail(r, "thread %s: the histogram holds %llu samples, cycles says %llu",
		     key, (unsigned long long)total,
		     (unsigned long long)s->count);
		goto out;
	}
	/* cyclictest leaves the samples past -h out of its histogram */
	one.over = s->count - total;
	histogram_merge(hist, &one);
	ret = 0;
out:
	histogram_free(&one);
	return ret;
}

static int read_cyclictest(struct reader *r, struct json_object *root,
			   struct json_object *threads)
{
	struct saved_run *run = r->run;
	struct rtla_params *params = &run->params;
	struct results_layout layout;
	uint64_t cpu, resolution = 0;
	char cmdline[1024];
	int nr_cpus = 0;

	snprintf(run->tool, sizeof(run->tool), "cyclictest");
	params_alloc(params, TRACER_TIMERLAT, MODE_HIST);
	params->no_irq = true;
	get_u64(root, "resolution_in_ns", &resolution);
	params->nano = resolution == 1;
	copy_string(cmdline, sizeof(cmdline), json_member(root, "cmdline:"), "");
	params->entries = cyclictest_entries(cmdline);
	if (!params->entries)
		params->entries = buckets_needed(threads);
	params->bucket_size = 1;
	params->period_us = cyclictest_interval(cmdline);
	CPU_ZERO(&params->cpu_set);
	json_object_object_foreach(threads, key, thread) {
		if (cyclictest_cpu(r, key, thread, &cpu))
			return -1;
		CPU_SET(cpu, &params->cpu_set);
		if ((int)cpu >= nr_cpus)
			nr_cpus = cpu + 1;
	}
	if (!nr_cpus)
		return fail(r, "no thread in the report");
	if (check_size(r, nr_cpus))
		return -1;
	layout = params_results_layout(params);
	if (results_alloc(&run->results, &layout, nr_cpus))
		return fail(r, "out of memory");
	snprintf(run->collector, sizeof(run->collector), "cyclictest");
	run->results.collector = run->collector;
	if (run->end_time > run->start_time)
		run->results.elapsed_s = run->end_time - run->start_time;
	json_object_object_foreach(threads, tkey, tobj)
		if (read_cyclictest_thread(r, tkey, tobj))
			return -1;
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
	struct json_object *uts = object_member(root, "sysinfo");
	struct json_object *sys = object_member(rtla, "system");
	uint64_t dma;
	size_t i;

	for (i = 0; i < sizeof(fact_fields) / sizeof(fact_fields[0]); i++)
		copy_string((char *)facts + fact_fields[i].offset,
			    fact_fields[i].size,
			    json_member(fact_fields[i].in_sysinfo ? uts : sys,
				   fact_fields[i].key), "");
	facts->realtime = json_object_get_int(json_member(uts, "realtime")) == 1;
	if (!facts->preemption[0] && facts->realtime)
		snprintf(facts->preemption, sizeof(facts->preemption), "rt");
	facts->cpu_dma_latency_us = -1;
	if (!get_u64(sys, "cpu_dma_latency_us", &dma) &&
	    dma < CPU_DMA_LATENCY_NO_LIMIT_US)
		facts->cpu_dma_latency_us = dma;
}

static int read_root(struct reader *r, struct json_object *root)
{
	struct saved_run *run = r->run;
	struct json_object *rtla = object_member(root, "rtla");
	struct json_object *threads = object_member(root, "thread");
	uint64_t code = 0;

	if (!json_object_is_type(root, json_type_object))
		return fail(r, "not a JSON object");
	run->start_time = read_time(json_member(root, "start_time"));
	run->end_time = read_time(json_member(root, "end_time"));
	if (!get_u64(root, "return_code", &code) && code < 256)
		run->return_code = code;
	read_system(root, rtla, &run->system);
	if (rtla) {
		run->source = SAVED_RTLA;
		return read_rtla(r, root, rtla);
	}
	if (threads && json_member(root, "cmdline:")) {
		run->source = SAVED_CYCLICTEST;
		return read_cyclictest(r, root, threads);
	}
	return fail(r, "neither rtla's nor cyclictest's JSON report");
}

int saved_run_parse(const char *text, size_t len, struct saved_run *run,
		    char *why, size_t size)
{
	struct reader r = { run, why, size };
	struct json_tokener *tok = json_tokener_new();
	struct json_object *root;
	int ret;

	memset(&run->params, 0, sizeof(run->params));
	memset(&run->results, 0, sizeof(run->results));
	if (!tok)
		return fail(&r, "out of memory");
	root = json_tokener_parse_ex(tok, text, len);
	if (!root || json_tokener_get_error(tok) != json_tokener_success ||
	    tok->char_offset < (int)len) {
		ret = fail(&r, "not valid JSON (%s, at byte %d)",
			   root ? "trailing data" :
			   json_tokener_error_desc(json_tokener_get_error(tok)),
			   (int)tok->char_offset);
		if (json_tokener_get_error(tok) == json_tokener_continue)
			fail(&r, "truncated JSON (it ends at byte %zu)", len);
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
