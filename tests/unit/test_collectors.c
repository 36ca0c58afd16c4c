// SPDX-License-Identifier: GPL-2.0
/* What the in-kernel collectors ask of the kernel and how rtla reads it. */
#include "testutil.h"

#include "fake_tracefs.h"
#include "layout_helper.h"

#include <errno.h>
#include <sys/stat.h>

#include <event-parse.h>

#include "collect/bpf_loader.h"
#include "collect/collector.h"
#include "collect/collector_backend.h"
#include "collect/collector_choice.h"
#include "collect/hist_trigger.h"
#include "collect/kernel_context.h"
#include "collect/source_counter.h"
#include "model/results.h"
#include "model/sources.h"
#include "model/stats.h"

static void test_plan_default(void **state)
{
	struct hist_trigger_plan plan;
	char buf[256];

	/* osnoise hist's defaults: us, 256 buckets of 1 us, 2 CPUs */
	hist_trigger_plan(&plan, 1000, 256, 1, 2);
	assert_int_equal(plan.unit_ns, 1000);
	assert_int_equal(plan.limit_ns, 256000);
	assert_int_equal(plan.size, 512);
	assert_int_equal(hist_trigger_spec(&plan, buf, sizeof(buf)), 0);
	assert_string_equal(buf, "hist:keys=cpu,duration.buckets=1000:vals=hitcount:size=512 if duration < 256000");
	assert_int_equal(hist_trigger_filter(&plan, buf, sizeof(buf)), 0);
	assert_string_equal(buf, "duration >= 256000");
}

static void test_plan_bounded(void **state)
{
	struct hist_trigger_plan plan;
	char buf[256];

	/* 1000 x 100 us on 64 CPUs: the map's room bounds the range */
	hist_trigger_plan(&plan, 1000, 1000, 100, 64);
	assert_int_equal(plan.size, NOISE_HIST_MAX_SIZE);
	assert_int_equal(plan.limit_ns, NOISE_HIST_MAX_SIZE / 64 * 1000);
	/* ns: the exact duration is the key; a tiny range, the smallest map */
	hist_trigger_plan(&plan, 1, 10, 1, 1);
	assert_int_equal(plan.size, 128);
	assert_int_equal(plan.limit_ns, 10);
	assert_int_equal(hist_trigger_spec(&plan, buf, sizeof(buf)), 0);
	assert_string_equal(buf, "hist:keys=cpu,duration:vals=hitcount:size=128 if duration < 10");
	assert_int_equal(hist_trigger_spec(&plan, buf, 20), -1);
}

struct added {
	int n;
	int cpu[8];
	uint64_t value[8], count[8];
};

static void add(void *ctx, int cpu, uint64_t value_ns, uint64_t count)
{
	struct added *a = ctx;

	assert_true(a->n < 8);
	a->cpu[a->n] = cpu;
	a->value[a->n] = value_ns;
	a->count[a->n++] = count;
}

/* As Linux 6.1 prints a trigger with a bucketed key. */
static const char hist_text[] =
	"# event histogram\n"
	"#\n"
	"# trigger info: hist:keys=cpu,duration.buckets=1000:vals=hitcount:sort=hitcount:size=512 if duration < 256000 [active]\n"
	"#\n"
	"\n"
	"{ cpu:          1, duration: ~ 2000-2999 } hitcount:         12\n"
	"{ cpu:          0, duration: ~ 1000-1999 } hitcount:       1234\n"
	"{ cpu:         15, duration:      17 } hitcount:          3\n"
	"\n"
	"Totals:\n"
	"    Hits: 1249\n"
	"    Entries: 3\n"
	"    Dropped: 7\n";

static void test_parse(void **state)
{
	struct added a = { 0 };
	uint64_t dropped = 99;

	assert_int_equal(hist_trigger_parse(hist_text, add, &a, &dropped), 3);
	assert_int_equal(dropped, 7);
	assert_int_equal(a.cpu[0], 1);
	assert_int_equal(a.value[0], 2000);
	assert_int_equal(a.count[0], 12);
	assert_int_equal(a.cpu[1], 0);
	assert_int_equal(a.value[1], 1000);
	assert_int_equal(a.count[1], 1234);
	assert_int_equal(a.cpu[2], 15);
	assert_int_equal(a.value[2], 17);
	assert_int_equal(a.count[2], 3);
}

static void test_parse_refuses(void **state)
{
	struct added a = { 0 };
	uint64_t dropped;

	/* no Totals: not a hist file (an empty read, an error text) */
	assert_int_equal(hist_trigger_parse("", add, &a, &dropped), -1);
	assert_int_equal(hist_trigger_parse("{ cpu: 1, duration: 2 } hitcount: 3\n",
					    add, &a, &dropped), -1);
	/* a line missing a field is skipped, not misread */
	assert_int_equal(hist_trigger_parse("{ cpu: 1 } hitcount: 3\n{ cpu: x, duration: 5 } hitcount: 1\nTotals:\n",
					    add, &a, &dropped), 0);
	assert_int_equal(a.n, 0);
	assert_int_equal(dropped, 0);
}

/* Counted at once or one by one: the same histogram and stats. */
static void test_add_n(void **state)
{
	struct histogram one, many;
	static const uint64_t values[] = { 3, 0, 9, 12, 3 };
	static const uint64_t counts[] = { 5, 1, 2, 4, 0 };
	unsigned int i, k;

	assert_int_equal(histogram_alloc(&one, 10, 1), 0);
	assert_int_equal(histogram_alloc(&many, 10, 1), 0);
	for (i = 0; i < 5; i++) {
		for (k = 0; k < counts[i]; k++)
			histogram_add(&one, values[i]);
		histogram_add_n(&many, values[i], counts[i]);
	}
	assert_int_equal(many.stats.count, 12);
	assert_int_equal(many.stats.min, 0);
	assert_int_equal(many.stats.max, 12);
	assert_int_equal(many.stats.sum, one.stats.sum);
	assert_int_equal(many.over, 4);
	assert_memory_equal(many.buckets, one.buckets, 10 * sizeof(uint64_t));
	assert_int_equal(one.stats.min, many.stats.min);
	histogram_free(&one);
	histogram_free(&many);
}

/* Kernel counts in ns land in the displayed unit, dropped ones are lost. */
static void test_results_add_samples(void **state)
{
	struct rtla_params params;
	struct rtla_results results;

	params_alloc(&params, TRACER_OSNOISE, MODE_HIST);
	params.entries = 10;
	params.bucket_size = 1;
	CPU_SET(1, &params.cpu_set);
	assert_int_equal(results_alloc_params(&results, &params, 2), 0);
	assert_string_equal(results.collector, "tracefs");
	results_add_samples(&results, 1, CTX_NOISE, 4999, 3);
	results_add_samples(&results, 0, CTX_NOISE, 1000, 3);	/* unmeasured */
	assert_int_equal(results.cpu[1].hist[CTX_NOISE].stats.count, 3);
	assert_int_equal(results.cpu[1].hist[CTX_NOISE].buckets[4], 3);
	assert_int_equal(results.cpu[1].hist[CTX_NOISE].stats.sum, 12);
	results.dropped = 5;
	assert_int_equal(results_lost_total(&results), 5);
	results_reset(&results);
	assert_int_equal(results_lost_total(&results), 0);
	results_free(&results);
	params_free(&params);
}

/* Results of a hist run of @tracer on CPU 1 of 2: 4 buckets of 2. */
static void alloc_cpu1_results(struct rtla_params *params,
			       struct rtla_results *r, enum rtla_tracer tracer)
{
	params_alloc(params, tracer, MODE_HIST);
	params->entries = 4;
	params->bucket_size = 2;
	CPU_SET(1, &params->cpu_set);
	assert_int_equal(results_alloc_params(r, params, 2), 0);
}

/*
 * The sources' cache: each CPU and kind its own run of slots, an id its
 * slot modulo their number (a negative one, the NMI's -1, too), the
 * array's size the first slot past the last CPU.
 */
static void test_bpf_cache_slots(void **state)
{
	assert_int_equal(tlb_cache_slot(0, TLB_SOURCE_IRQ, 0), 0);
	assert_int_equal(tlb_cache_slot(0, TLB_SOURCE_THREAD, 70), 2 * 64 + 6);
	assert_int_equal(tlb_cache_slot(1, TLB_SOURCE_IRQ, 64), 4 * 64);
	assert_int_equal(tlb_cache_slot(1, TLB_SOURCE_NMI, -1),
			 (4 + 3) * 64 + 63);
	assert_int_equal(tlb_cache_slot(2, 0, 0), 2 * TLB_NR_SOURCE_KINDS * 64);
	assert_true(tlb_cache_slot(1, TLB_SOURCE_NMI, 12345) <
		    tlb_cache_slot(2, 0, 0));
}

/* The BPF maps' per-CPU counts, kernel contexts 0-2, into the results. */
static void test_bpf_counts(void **state)
{
	struct rtla_params params;
	struct rtla_results r;
	unsigned long long hist[3 * 5] = { 0 };
	struct tlb_stats stats[TLB_NR_CONTEXTS] = {
		{ .count = 4, .min = 1, .max = 9, .sum = 16, .cur = 3 },
		{ .count = 2, .min = 2, .max = 3, .sum = 5, .cur = 2 },
		{ 0 },
	};

	/* the map's layout: context 1, bucket 2 and context 2's overflow */
	assert_int_equal(tlb_hist_slot(1, 2, 4), 7);
	assert_int_equal(tlb_hist_slot(2, 4, 4), 14);
	assert_int_equal(tlb_hist_slot(2, 99, 4), 14);
	assert_int_equal(tlb_hist_slot(TLB_NR_CONTEXTS, 0, 4), 15);
	hist[tlb_hist_slot(0, 1, 4)] = 2;
	hist[tlb_hist_slot(0, 3, 4)] = 1;
	hist[tlb_hist_slot(0, 4, 4)] = 1;		/* 9: past 4 buckets */
	hist[tlb_hist_slot(1, 2, 4)] = 2;

	alloc_cpu1_results(&params, &r, TRACER_TIMERLAT);
	bpf_counts_apply(&r, 1, stats, hist, 4, false);
	bpf_counts_apply(&r, 0, stats, hist, 4, false);	/* not measured */
	bpf_counts_apply(&r, 7, stats, hist, 4, false);	/* no such CPU */
	assert_int_equal(r.cpu[1].hist[CTX_IRQ].stats.count, 4);
	assert_int_equal(r.cpu[1].hist[CTX_IRQ].stats.max, 9);
	assert_int_equal(r.cpu[1].hist[CTX_IRQ].stats.sum, 16);
	assert_int_equal(r.cpu[1].hist[CTX_IRQ].buckets[1], 2);
	assert_int_equal(r.cpu[1].hist[CTX_IRQ].buckets[3], 1);
	assert_int_equal(r.cpu[1].hist[CTX_IRQ].over, 1);
	assert_int_equal(r.cpu[1].hist[CTX_THREAD].stats.min, 2);
	assert_int_equal(r.cpu[1].hist[CTX_THREAD].buckets[2], 2);
	assert_int_equal(r.cpu[1].hist[CTX_USER].stats.count, 0);
	assert_int_equal(r.cpu[0].hist[CTX_IRQ].stats.count, 0);
	assert_true(results_cpu_shown(&r, 1));
	assert_false(results_cpu_shown(&r, 0));
	results_free(&r);

	/* top mode: no buckets, the stats alone */
	params.mode = MODE_TOP;
	assert_int_equal(results_alloc_params(&r, &params, 2), 0);
	bpf_counts_apply(&r, 1, stats, NULL, 0, false);
	assert_int_equal(r.cpu[1].hist[CTX_IRQ].stats.count, 4);
	assert_int_equal(r.cpu[1].hist[CTX_IRQ].stats.cur, 3);
	results_free(&r);
	params_free(&params);

	/* osnoise: context 0 is the noise, the others are not looked at */
	alloc_cpu1_results(&params, &r, TRACER_OSNOISE);
	bpf_counts_apply(&r, 1, stats, hist, 4, true);
	assert_int_equal(r.cpu[1].hist[CTX_NOISE].stats.count, 4);
	assert_int_equal(r.cpu[1].hist[CTX_NOISE].stats.max, 9);
	assert_int_equal(r.cpu[1].hist[CTX_NOISE].buckets[1], 2);
	assert_int_equal(r.cpu[1].hist[CTX_NOISE].buckets[2], 0);
	assert_int_equal(r.cpu[1].hist[CTX_NOISE].over, 1);
	assert_int_equal(r.cpu[0].hist[CTX_NOISE].stats.count, 0);
	results_free(&r);
	params_free(&params);
}

/* The windows map: the slot of the window asked for, if it is that one's. */
static void test_bpf_window(void **state)
{
	struct tlb_window slots[TLB_NR_WINDOW_SLOTS] = { 0 };
	struct rtla_params params;
	struct rtla_results r;

	assert_int_equal(tlb_window_slot(0, 6), 0);
	assert_int_equal(tlb_window_slot(1, 7), 3);
	slots[tlb_window_slot(0, 7)] = (struct tlb_window){ 7, 3, 4, 90 };
	/* window 5's, left in the other slot of the thread context */
	slots[tlb_window_slot(1, 5)] = (struct tlb_window){ 5, 2, 1, 800 };
	alloc_cpu1_results(&params, &r, TRACER_TIMERLAT);
	bpf_window_apply(&r, 1, slots, 7, false);
	bpf_window_apply(&r, 9, slots, 7, false);	/* no such CPU */
	assert_int_equal(r.cpu[1].hist[CTX_IRQ].window.count, 3);
	assert_int_equal(r.cpu[1].hist[CTX_IRQ].window.min, 4);
	assert_int_equal(r.cpu[1].hist[CTX_IRQ].window.max, 90);
	assert_int_equal(r.cpu[1].hist[CTX_THREAD].window.count, 0);
	/* window 6: its slots hold windows 4 (none) and 7 */
	results_window_restart(&r);
	bpf_window_apply(&r, 1, slots, 6, false);
	assert_int_equal(r.cpu[1].hist[CTX_IRQ].window.count, 0);
	results_free(&r);
	params_free(&params);
}

static int parse_sample_format(struct tep_handle *tep, const char *file)
{
	struct tep_event *event;
	char *text = read_data_file(file);
	int ret = tep_parse_format(tep, &event, text, strlen(text), "osnoise");

	free(text);
	return ret;
}

/* The program reads the fields where the format puts them. */
static void test_bpf_offsets(void **state)
{
	struct bpf_loader_config config = { 0 };
	struct tep_handle *tep = tep_alloc();

	assert_int_equal(bpf_sample_offsets(tep, &config), -1);
	/* 7.2 (and any 8-byte common header) */
	assert_int_equal(parse_sample_format(tep, "formats/osnoise_timerlat_sample.format"), 0);
	assert_int_equal(bpf_sample_offsets(tep, &config), 0);
	assert_int_equal(config.latency_offset, 8);
	assert_int_equal(config.context_offset, 20);
	tep_free(tep);
	/* 5.10 PREEMPT_RT: migrate_disable and preempt_lazy_count first */
	tep = tep_alloc();
	assert_int_equal(parse_sample_format(tep, "formats/osnoise_timerlat_sample_rt510.format"), 0);
	assert_int_equal(bpf_sample_offsets(tep, &config), 0);
	assert_int_equal(config.latency_offset, 16);
	assert_int_equal(config.context_offset, 28);
	tep_free(tep);
}

/* Without libbpf the collector says why it is not there. */
static void test_bpf_unbuilt(void **state)
{
	struct bpf_loader_config config = { .entries = 4 };
	struct bpf_loader *c;
	char why[160] = "";

	if (bpf_loader_built())
		skip();
	c = bpf_loader_open(&config, why, sizeof(why));
	assert_null(c);
	assert_non_null(strstr(why, "libbpf"));
}

/* pause goes among the attributes, before the filter, or at the end. */
/*
 * --bpf-action where rtla 7.x's switches rule BPF out: its line, errno
 * EOPNOTSUPP, before tracefs is touched.
 */
static void test_bpf_action_refused(void **state)
{
	static const enum collector_choice choices[] = {
		COLLECTOR_TRACEFS, COLLECTOR_NO_BPF,
	};
	struct collector_config config = {
		.timerlat = true,
		.bpf_action = "act.o",
	};
	char why[128];
	size_t i;

	for (i = 0; i < sizeof(choices) / sizeof(choices[0]); i++) {
		config.choice = choices[i];
		errno = 0;
		assert_null(collector_open(&config, why, sizeof(why)));
		assert_int_equal(errno, EOPNOTSUPP);
		assert_string_equal(why, "BPF actions are not supported in tracefs-only mode");
	}
}

static void test_hist_command(void **state)
{
	char buf[128];

	assert_int_equal(hist_trigger_command("hist:keys=cpu,duration:vals=hitcount:size=256 if duration < 256000",
					      "pause", buf, sizeof(buf)), 0);
	assert_string_equal(buf, "hist:keys=cpu,duration:vals=hitcount:size=256:pause if duration < 256000");
	assert_int_equal(hist_trigger_command("hist:keys=cpu:size=128", "clear",
					      buf, sizeof(buf)), 0);
	assert_string_equal(buf, "hist:keys=cpu:size=128:clear");
	assert_int_equal(hist_trigger_command("hist:keys=cpu:size=128", "pause",
					      buf, 28), -1);
	assert_int_equal(hist_trigger_command("hist:keys=cpu:size=128", "pause",
					      buf, 29), 0);
}

/* RTLA_COLLECTOR: unset, empty or auto, the two forced paths, and the rest. */
/* The kernel's contexts in ours: the one map every collector uses. */
static void test_kernel_context(void **state)
{
	assert_int_equal(kernel_context(false, 0), CTX_IRQ);
	assert_int_equal(kernel_context(false, 1), CTX_THREAD);
	assert_int_equal(kernel_context(false, 2), CTX_USER);
	assert_int_equal(kernel_context(false, 3), NR_CONTEXTS);
	assert_int_equal(kernel_context(false, UINT64_MAX), NR_CONTEXTS);
	assert_int_equal(kernel_context(true, 0), CTX_NOISE);
}

static void test_collector_choice(void **state)
{
	assert_int_equal(collector_choice_parse(NULL, NULL), COLLECTOR_AUTO);
	assert_int_equal(collector_choice_parse("", NULL), COLLECTOR_AUTO);
	assert_int_equal(collector_choice_parse("auto", NULL), COLLECTOR_AUTO);
	assert_int_equal(collector_choice_parse("tracefs", NULL),
			 COLLECTOR_TRACEFS);
	assert_int_equal(collector_choice_parse("bpf", NULL), COLLECTOR_BPF);
	assert_int_equal(collector_choice_parse("BPF", NULL),
			 COLLECTOR_INVALID);
	assert_int_equal(collector_choice_parse("tracefs ", NULL),
			 COLLECTOR_INVALID);
	assert_int_equal(collector_choice_parse("hist-trigger", NULL),
			 COLLECTOR_INVALID);
}

/*
 * RTLA_NO_BPF=1, rtla 7.x's switch to its tracefs path: no BPF program,
 * unless RTLA_COLLECTOR chooses the path itself; other values, as in
 * rtla 7.2, change nothing.
 */
static void test_no_bpf(void **state)
{
	assert_int_equal(collector_choice_parse(NULL, "1"), COLLECTOR_NO_BPF);
	assert_int_equal(collector_choice_parse("", "1"), COLLECTOR_NO_BPF);
	assert_int_equal(collector_choice_parse("auto", "1"),
			 COLLECTOR_NO_BPF);
	assert_int_equal(collector_choice_parse(NULL, "0"), COLLECTOR_AUTO);
	assert_int_equal(collector_choice_parse(NULL, ""), COLLECTOR_AUTO);
	assert_int_equal(collector_choice_parse(NULL, "yes"), COLLECTOR_AUTO);
	assert_int_equal(collector_choice_parse("bpf", "1"), COLLECTOR_BPF);
	assert_int_equal(collector_choice_parse("tracefs", "1"),
			 COLLECTOR_TRACEFS);
	assert_int_equal(collector_choice_parse("x", "1"), COLLECTOR_INVALID);
}

/* osnoise:sample_threshold's hist file, @count samples of 1 us on CPU 1. */
static void put_hist(uint64_t count, uint64_t dropped)
{
	char text[512];

	snprintf(text, sizeof(text),
		 "# event histogram\n#\n"
		 "{ cpu:          1, duration: ~ 1000-1999 } hitcount: %10llu\n"
		 "{ cpu:          1, duration:       3 } hitcount:          2\n"
		 "\nTotals:\n    Hits: %llu\n    Entries: 2\n    Dropped: %llu\n",
		 (unsigned long long)count, (unsigned long long)count + 2,
		 (unsigned long long)dropped);
	fake_put("events/osnoise/sample_threshold/hist", text);
}

static int hist_tracefs(void **state)
{
	if (fake_tracefs_create())
		return -1;
	fake_put("events/osnoise/sample_threshold/trigger", "");
	fake_put("events/osnoise/sample_threshold/filter", "");
	return 0;
}

/*
 * The hist-trigger backend's snapshot: the counts so far, the trigger
 * going on (its hist file cumulative), each sample counted once however
 * many snapshots read it; a reset starts from the cleared trigger.
 */
static void test_hist_snapshot(void **state)
{
	struct rtla_results results;
	struct collector_config config = {
		.results = &results,
		.kernel_hist = true,
		.nr_measured_cpus = 1,
	};
	struct tracefs_backend *reader = calloc(1, sizeof(*reader));
	const struct histogram *noise;
	struct rtla_params params;
	struct collector *c;

	params_alloc(&params, TRACER_OSNOISE, MODE_HIST);
	CPU_SET(1, &params.cpu_set);
	assert_int_equal(results_alloc_params(&results, &params, 2), 0);
	noise = &results.cpu[1].hist[CTX_NOISE];
	assert_non_null(reader);
	reader->base.ops = &tracefs_backend_ops;
	c = hist_backend_open(&config, reader);
	assert_non_null(c);
	assert_string_equal(collector_name(c), "hist-trigger");

	put_hist(1234, 7);
	collector_snapshot(c);
	assert_int_equal(noise->stats.count, 1236);
	assert_int_equal(noise->stats.max, 1);	/* us */
	assert_int_equal(results.dropped, 7);
	collector_snapshot(c);
	assert_int_equal(noise->stats.count, 1236);
	assert_int_equal(results.dropped, 7);
	put_hist(1300, 9);
	collector_snapshot(c);
	assert_int_equal(noise->stats.count, 1302);
	assert_int_equal(results.dropped, 9);
	collector_collect(c);
	assert_int_equal(noise->stats.count, 1302);

	results_reset(&results);
	collector_reset(c);
	put_hist(5, 0);
	collector_collect(c);
	assert_int_equal(noise->stats.count, 7);
	assert_int_equal(results.dropped, 0);

	collector_close(c);
	results_free(&results);
	params_free(&params);
}

static int sources_tracefs(void **state)
{
	static const char *const events[] = {
		"irq_noise", "softirq_noise", "thread_noise", "nmi_noise",
		"sample_threshold",
	};
	char path[96];
	size_t i;

	if (fake_tracefs_create())
		return -1;
	for (i = 0; i < sizeof(events) / sizeof(events[0]); i++) {
		snprintf(path, sizeof(path), "events/osnoise/%s/trigger",
			 events[i]);
		fake_put(path, "");
	}
	return 0;
}

/* Whether the fake trigger file of osnoise:@event was written to. */
static bool trigger_set(const char *event)
{
	char path[96];
	struct stat st;

	snprintf(path, sizeof(path), "events/osnoise/%s/trigger", event);
	assert_int_equal(stat(fake_path(path), &st), 0);
	return st.st_size > 0;
}

/*
 * --sources' triggers: hardware noise (sample_threshold) only where the
 * tool reads that event (osnoise hist); osnoise top and hwnoise derive it
 * from their noise, a handler on every gap would measure itself.
 */
static void test_sources_hw_trigger(void **state)
{
	struct noise_sources sources;
	struct rtla_results results = { .sources = &sources };
	struct collector_config config = { .results = &results };
	struct source_counter *counter;

	assert_int_equal(sources_alloc(&sources, 2, 5, false), 0);
	counter = source_counter_open(&config, NULL, NULL);
	assert_non_null(counter);
	assert_false(sources.hw_counted);
	assert_true(trigger_set("irq_noise"));
	assert_true(trigger_set("thread_noise"));
	assert_false(trigger_set("sample_threshold"));
	assert_string_equal(sources.collector, "hist-trigger");
	assert_false(sources.windows);
	source_counter_close(counter);

	config.event_name = "sample_threshold";
	counter = source_counter_open(&config, NULL, NULL);
	assert_non_null(counter);
	assert_true(sources.hw_counted);
	assert_true(trigger_set("sample_threshold"));
	source_counter_close(counter);
	sources_free(&sources);
}

/* The backend's program, as the source counter is given it. */
static int window_program;

/*
 * bpf_loader_read_sources() of the backend's program (linked with
 * --wrap): what it counted in the threads' windows.
 */
int __wrap_bpf_loader_read_sources(struct bpf_loader *bpf,
				      struct noise_sources *s);
int __real_bpf_loader_read_sources(struct bpf_loader *bpf,
				      struct noise_sources *s);
int __wrap_bpf_loader_read_sources(struct bpf_loader *bpf,
				      struct noise_sources *s)
{
	if (bpf != (struct bpf_loader *)&window_program)
		return __real_bpf_loader_read_sources(bpf, s);
	return sources_add(s, 1, SOURCE_IRQ, "local_timer", 11, 236, 4, 9000,
			   3000) ||
	       sources_add(s, 1, SOURCE_THREAD, "noisy", 5, 131, 1, 7000,
			   7000);
}

/*
 * Where the backend counts timerlat's sources in the threads' windows,
 * no hist trigger counts them, and a histogram left by another trigger
 * is not read; the backend's counts are taken anew at each read.
 */
static void test_sources_windows(void **state)
{
	struct noise_sources sources;
	struct rtla_results results = { .sources = &sources };
	struct collector_config config = {
		.results = &results, .timerlat = true,
	};
	struct source_counter *counter;

	assert_int_equal(sources_alloc(&sources, 2, 5, false), 0);
	fake_put("events/osnoise/thread_noise/hist",
		 "# trigger info: hist:keys=cpu,comm,pid:vals=hitcount,duration:size=1024 [active]\n\n"
		 "{ cpu:          1, comm: noisy          , pid:        131 } hitcount:          2  duration:       5000\n"
		 "\nTotals:\n    Hits: 2\n    Entries: 1\n    Dropped: 0\n");
	counter = source_counter_open(&config,
				      (struct bpf_loader *)&window_program,
				      NULL);
	assert_non_null(counter);
	assert_false(trigger_set("irq_noise"));
	assert_false(trigger_set("nmi_noise"));
	assert_false(trigger_set("softirq_noise"));
	assert_false(trigger_set("thread_noise"));
	assert_false(trigger_set("sample_threshold"));
	assert_string_equal(sources.collector, "bpf");
	assert_true(sources.windows);
	source_counter_snapshot(counter);
	assert_int_equal(sources.cpu[1].nr, 2);
	assert_int_equal(sources_cpu_total(&sources, 1), 16000);
	/* read again: made anew, not added twice */
	source_counter_snapshot(counter);
	assert_int_equal(sources_cpu_total(&sources, 1), 16000);
	/* the backend's program: frozen and closed by the backend */
	source_counter_freeze(counter);
	source_counter_close(counter);
	sources_free(&sources);
}

/*
 * A program of the sources' own needs the four noise events, and is ruled
 * out by RTLA_NO_BPF=1.
 */
static void test_sources_bpf_possible(void **state)
{
	static const char *const events[] = {
		"irq_noise", "softirq_noise", "thread_noise", "nmi_noise",
	};
	struct collector c = { .config = { .choice = COLLECTOR_AUTO } };
	char path[96];
	size_t i;

	assert_false(source_counter_bpf_possible(&c.config));
	for (i = 0; i < sizeof(events) / sizeof(events[0]); i++) {
		snprintf(path, sizeof(path), "events/osnoise/%s/format",
			 events[i]);
		fake_put(path, "name: x\n");
	}
	assert_true(source_counter_bpf_possible(&c.config));
	c.config.choice = COLLECTOR_NO_BPF;
	assert_false(source_counter_bpf_possible(&c.config));
	c.config.choice = COLLECTOR_AUTO;
	unlink(fake_path("events/osnoise/nmi_noise/format"));
	assert_false(source_counter_bpf_possible(&c.config));
}

/* What the fake trigger file of osnoise:@event holds (a static buffer). */
static const char *trigger_text(const char *event)
{
	static char text[1024];
	char path[96];
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "events/osnoise/%s/trigger", event);
	f = fopen(fake_path(path), "r");
	assert_non_null(f);
	n = fread(text, 1, sizeof(text) - 1, f);
	text[n] = 0;
	fclose(f);
	return text;
}

/* The trigger file of osnoise:@event emptied, to see what is written next. */
static void clear_trigger(const char *event)
{
	char path[96];

	snprintf(path, sizeof(path), "events/osnoise/%s/trigger", event);
	fake_put(path, "");
}

static void put_source_hist(const char *event, const char *entries,
			    unsigned int hits)
{
	char path[96], text[512];

	snprintf(path, sizeof(path), "events/osnoise/%s/hist", event);
	snprintf(text, sizeof(text),
		 "# event histogram\n#\n# trigger info: hist:keys=cpu:vals=hitcount,duration:sort=hitcount:size=128 [active]\n#\n\n%s\nTotals:\n    Hits: %u\n    Entries: %u\n    Dropped: 0\n",
		 entries, hits, hits ? 1 : 0);
	fake_put(path, text);
}

/*
 * The window's start clears only the histograms that counted something
 * (each clear is a removal and a new trigger, costly in the kernel); the
 * sources are empty after it either way.  The maps are sized by the CPUs
 * measured.
 */
static void test_sources_reset(void **state)
{
	static const char *const events[] = {
		"irq_noise", "softirq_noise", "thread_noise", "nmi_noise",
	};
	struct noise_sources sources;
	struct rtla_results results = { .sources = &sources };
	struct collector_config config = {
		.results = &results, .nr_measured_cpus = 3,
	};
	struct source_counter *counter;
	size_t i;

	assert_int_equal(sources_alloc(&sources, 4, 5, false), 0);
	counter = source_counter_open(&config, NULL, NULL);
	assert_non_null(counter);
	assert_non_null(strstr(trigger_text("thread_noise"),
			       ":size=4096:"));
	assert_non_null(strstr(trigger_text("irq_noise"),
			       ":size=128:"));
	for (i = 0; i < sizeof(events) / sizeof(events[0]); i++) {
		put_source_hist(events[i], "", 0);
		clear_trigger(events[i]);
	}
	put_source_hist("thread_noise",
			"{ cpu:          1, comm: kworker/1:1    , pid:         43 } hitcount:          2  duration:       5000\n", 2);
	source_counter_reset(counter);
	assert_false(trigger_set("irq_noise"));
	assert_false(trigger_set("softirq_noise"));
	assert_false(trigger_set("nmi_noise"));
	assert_true(trigger_set("thread_noise"));
	assert_non_null(strstr(trigger_text("thread_noise"),
			       "hist:keys=cpu,comm,pid"));
	assert_int_equal(sources.cpu[1].nr, 0);

	/* a histogram that dropped every event is not empty either */
	clear_trigger("thread_noise");
	put_source_hist("thread_noise", "", 3);
	fake_put("events/osnoise/nmi_noise/hist",
		 "# trigger info: hist:keys=cpu:vals=hitcount,duration:size=128 [active]\n\nTotals:\n    Hits: 3\n    Entries: 0\n    Dropped: 3\n");
	source_counter_reset(counter);
	assert_true(trigger_set("nmi_noise"));
	source_counter_close(counter);
	sources_free(&sources);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plan_default),
		cmocka_unit_test_setup_teardown(test_sources_hw_trigger,
						sources_tracefs,
						fake_tracefs_teardown),
		cmocka_unit_test_setup_teardown(test_sources_reset,
						sources_tracefs,
						fake_tracefs_teardown),
		cmocka_unit_test_setup_teardown(test_sources_windows,
						sources_tracefs,
						fake_tracefs_teardown),
		cmocka_unit_test_setup_teardown(test_sources_bpf_possible,
						sources_tracefs,
						fake_tracefs_teardown),
		cmocka_unit_test(test_plan_bounded),
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_parse_refuses),
		cmocka_unit_test(test_add_n),
		cmocka_unit_test(test_results_add_samples),
		cmocka_unit_test(test_bpf_counts),
		cmocka_unit_test(test_bpf_window),
		cmocka_unit_test(test_bpf_cache_slots),
		cmocka_unit_test(test_bpf_offsets),
		cmocka_unit_test(test_bpf_unbuilt),
		cmocka_unit_test(test_kernel_context),
		cmocka_unit_test(test_collector_choice),
		cmocka_unit_test(test_no_bpf),
		cmocka_unit_test(test_bpf_action_refused),
		cmocka_unit_test(test_hist_command),
		cmocka_unit_test_setup_teardown(test_hist_snapshot, hist_tracefs,
						fake_tracefs_teardown),
	};

	return RUN_SUITE("collectors", tests);
}
