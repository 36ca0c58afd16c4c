// SPDX-License-Identifier: GPL-2.0
/* cyclictest's JSON report (--json), read as a timerlat hist run. */
#include <json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/json_read.h"
#include "input/saved_run.h"
#include "input/saved_run_reader.h"
#include "model/tracer.h"

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
		struct json_object *hist = saved_run_member(thread, "histogram");

		(void)key;
		if (!hist)
			continue;
		json_object_object_foreach(hist, b, n) {
			(void)n;
			if (!saved_run_parse_index(b, &value) && value < SAVED_MAX_ENTRIES &&
			    value + 1 > needed)
				needed = value + 1;
		}
	}
	return needed;
}

static int cyclictest_cpu(struct saved_run_reader *r, const char *key,
			  struct json_object *thread, uint64_t *cpu)
{
	if (!json_object_is_type(thread, json_type_object))
		return saved_run_fail(r, "thread \"%s\" is not an object", key);
	if (!saved_run_get_u64(thread, "cpu", cpu) && *cpu < SAVED_MAX_CPUS)
		return 0;
	if (saved_run_parse_index(key, cpu) || *cpu >= SAVED_MAX_CPUS)
		return saved_run_fail(r, "thread \"%s\" has no CPU", key);
	return 0;
}

static int read_cyclictest_thread(struct saved_run_reader *r, const char *key,
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
		return saved_run_fail(r, "out of memory");
	if (saved_run_get_u64(thread, "cycles", &s->count) ||
	    (s->count && (saved_run_get_u64(thread, "min", &s->min) ||
			  saved_run_get_u64(thread, "max", &s->max)))) {
		saved_run_fail(r, "thread %s: no cycles, min or max", key);
		goto out;
	}
	avg = json_object_get_double(json_member(thread, "avg"));
	if (s->count && (s->min > s->max || !(avg >= s->min && avg <= s->max))) {
		saved_run_fail(r, "thread %s: avg, min and max disagree", key);
		goto out;
	}
	if (avg * s->count >= 1.8e19) {
		saved_run_fail(r, "thread %s: more latency than rtla can add up", key);
		goto out;
	}
	s->sum = s->count ? (uint64_t)(avg * s->count + 0.5) : 0;
	if (saved_run_read_buckets(r, json_member(thread, "histogram"), &one, &total))
		goto out;
	if (total > s->count) {
		saved_run_fail(r, "thread %s: the histogram holds %llu samples, cycles says %llu",
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

int saved_run_read_cyclictest(struct saved_run_reader *r, struct json_object *root,
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
	saved_run_get_u64(root, "resolution_in_ns", &resolution);
	params->nano = resolution == 1;
	saved_run_copy_string(cmdline, sizeof(cmdline), json_member(root, "cmdline:"), "");
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
		return saved_run_fail(r, "no thread in the report");
	if (saved_run_check_size(r, nr_cpus))
		return -1;
	layout = params_results_layout(params);
	if (results_alloc(&run->results, &layout, nr_cpus))
		return saved_run_fail(r, "out of memory");
	snprintf(run->collector, sizeof(run->collector), "cyclictest");
	run->results.collector = run->collector;
	if (run->end_time > run->start_time)
		run->results.elapsed_s = run->end_time - run->start_time;
	json_object_object_foreach(threads, tkey, tobj)
		if (read_cyclictest_thread(r, tkey, tobj))
			return -1;
	return 0;
}
