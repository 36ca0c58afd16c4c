// SPDX-License-Identifier: GPL-2.0
/* Decoding records laid out as the 6.1 RT kernel's format files say. */
#include "testutil.h"

#include <event-parse.h>

#include "collect/sample_source.h"
#include "model/aa.h"

#include "recording_sink.h"


static struct tep_event *load(struct tep_handle *tep, const char *file,
			      const char *system)
{
	char *text = read_data_file(file);
	struct tep_event *event = NULL;

	assert_int_equal(tep_parse_format(tep, &event, text, strlen(text),
					  system), 0);
	free(text);
	return event;
}

static void put32(unsigned char *rec, int offset, uint32_t v)
{
	memcpy(rec + offset, &v, sizeof(v));
}

static void put64(unsigned char *rec, int offset, uint64_t v)
{
	memcpy(rec + offset, &v, sizeof(v));
}

/* A source sending its samples to @seen, with the three sample formats. */
static struct sample_source *sample_decoder(struct tep_handle *tep,
					    struct recorded *seen,
					    struct tep_event **timerlat,
					    struct tep_event **osnoise,
					    struct tep_event **threshold)
{
	struct sample_sink sink = recording_sink(seen);
	struct sample_source *source;

	*timerlat = load(tep, "formats/ftrace_timerlat.format", "ftrace");
	*osnoise = load(tep, "formats/ftrace_osnoise.format", "ftrace");
	*threshold = load(tep, "formats/osnoise_sample_threshold.format",
			  "osnoise");
	source = sample_source_alloc(tep, &sink);
	assert_non_null(source);
	return source;
}

static void test_decode_all_kinds(void **state)
{
	struct tep_handle *tep = tep_alloc();
	struct tep_event *timerlat, *osnoise, *threshold, *irq_noise;
	unsigned char rec[64] = { 0 };
	struct recorded seen = { 0 };
	struct sample_source *source = sample_decoder(tep, &seen, &timerlat,
						      &osnoise, &threshold);

	irq_noise = load(tep, "formats/osnoise_irq_noise.format", "osnoise");

	/* seqnum@12 context@16 timer_latency@24 */
	put32(rec, 12, 77);
	put32(rec, 16, 1);
	put64(rec, 24, 123456);
	assert_int_equal(sample_source_decode(source, timerlat->id, rec, sizeof(rec), 3), 1);
	assert_int_equal(seen.latencies, 1);
	assert_int_equal(seen.cpu, 3);
	assert_int_equal(seen.context, CTX_THREAD);
	assert_int_equal(seen.value, 123456);
	/* the kernel's context 0 is the IRQ, 2 the return to user space */
	put32(rec, 16, 0);
	assert_int_equal(sample_source_decode(source, timerlat->id, rec, sizeof(rec), 3), 1);
	assert_int_equal(seen.context, CTX_IRQ);
	put32(rec, 16, 2);
	put64(rec, 24, 654321);
	assert_int_equal(sample_source_decode(source, timerlat->id, rec, sizeof(rec), 3), 1);
	assert_int_equal(seen.latencies, 3);
	assert_int_equal(seen.context, CTX_USER);
	assert_int_equal(seen.value, 654321);
	/* a context this rtla does not know is not a sample */
	put32(rec, 16, 3);
	assert_int_equal(sample_source_decode(source, timerlat->id, rec, sizeof(rec), 3), 0);
	assert_int_equal(seen.latencies, 3);
	assert_int_equal(sample_source_ignored(source), 1);

	/* noise@16 runtime@24 max_sample@32 hw@40 nmi@44 irq@48 sirq@52 thr@56 */
	memset(rec, 0, sizeof(rec));
	put64(rec, 16, 440);
	put64(rec, 24, 1000000);
	put64(rec, 32, 81);
	put32(rec, 40, 2);
	put32(rec, 44, 3);
	put32(rec, 48, 1181);
	put32(rec, 52, 5);
	put32(rec, 56, 177);
	assert_int_equal(sample_source_decode(source, osnoise->id, rec, sizeof(rec), 1), 1);
	assert_int_equal(seen.periods, 1);
	assert_int_equal(seen.period.noise, 440);
	assert_int_equal(seen.period.runtime, 1000000);
	assert_int_equal(seen.period.max_single, 81);
	assert_int_equal(seen.period.hw, 2);
	assert_int_equal(seen.period.nmi, 3);
	assert_int_equal(seen.period.irq, 1181);
	assert_int_equal(seen.period.softirq, 5);
	assert_int_equal(seen.period.thread, 177);

	/* start@16 duration@24 interference@32 */
	memset(rec, 0, sizeof(rec));
	put64(rec, 24, 9001);
	assert_int_equal(sample_source_decode(source, threshold->id, rec, sizeof(rec), 0), 1);
	assert_int_equal(seen.noises, 1);
	assert_int_equal(seen.value, 9001);

	assert_int_equal(sample_source_decode(source, irq_noise->id, rec, sizeof(rec), 0), 0);
	assert_int_equal(sample_source_ignored(source), 2);
	sample_source_free(source);
	tep_free(tep);
}

/* Auto-analysis records reach the state machine, strings and all. */
static void test_decode_aa_events(void **state)
{
	struct tep_handle *tep = tep_alloc();
	struct sample_sink sink = { 0 };
	struct tep_event *timerlat, *irq, *thread, *sw, *stack;
	struct sample_source *source;
	unsigned char rec[96];
	struct aa aa;
	const struct aa_cpu *c = NULL;

	timerlat = load(tep, "formats/ftrace_timerlat.format", "ftrace");
	irq = load(tep, "formats/osnoise_irq_noise.format", "osnoise");
	thread = load(tep, "formats/osnoise_thread_noise.format", "osnoise");
	sw = load(tep, "formats/sched_sched_switch.format", "sched");
	stack = load(tep, "formats/ftrace_kernel_stack.format", "ftrace");
	source = sample_source_alloc(tep, &sink);
	assert_non_null(source);
	assert_int_equal(aa_alloc(&aa, 2), 0);
	c = &aa.cpu[1];
	sample_source_set_aa(source, &aa);

	/* the IRQ sample: common_pid@4, seqnum@12, context@16, latency@24 */
	memset(rec, 0, sizeof(rec));
	put32(rec, 4, 77);
	put32(rec, 12, 5);
	put64(rec, 24, 1000);
	assert_int_equal(sample_source_decode_at(source, timerlat->id, rec, 32, 1, 9000), 1);
	assert_true(c->waiting_thread);
	assert_int_equal(c->run_pid, 77);
	assert_int_equal(c->irq_ts, 9000);
	assert_int_equal(c->irq_latency, 1000);

	/* irq_noise: start@16 duration@24 desc@32 (__data_loc) vector@36 */
	memset(rec, 0, sizeof(rec));
	put64(rec, 16, 8500);
	put64(rec, 24, 700);
	put32(rec, 32, (12 << 16) | 40);
	put32(rec, 36, 236);
	memcpy(rec + 40, "local_timer", 12);
	assert_int_equal(sample_source_decode_at(source, irq->id, rec, 52, 1, 0), 0);
	assert_true(c->timer_irq_seen);
	assert_int_equal(c->timer_irq_start, 8500);
	assert_int_equal(c->timer_irq_duration, 700);
	put32(rec, 36, 41);
	memcpy(rec + 40, "virtio0-in", 11);
	put32(rec, 32, (11 << 16) | 40);
	assert_int_equal(sample_source_decode_at(source, irq->id, rec, 52, 1, 0), 0);
	assert_int_equal(c->lists[AA_IRQ].count, 1);
	assert_string_equal(c->lists[AA_IRQ].items[0].name, "virtio0-in");
	assert_int_equal(c->lists[AA_IRQ].items[0].id, 41);
	/* a string placed past the record is not read */
	put32(rec, 32, (11 << 16) | 90);
	assert_int_equal(sample_source_decode_at(source, irq->id, rec, 52, 1, 0), 0);
	assert_int_equal(c->lists[AA_IRQ].count, 2);
	assert_string_equal(c->lists[AA_IRQ].items[1].name, "");

	/* thread_noise: comm@12 start@32 duration@40 pid@48 */
	memset(rec, 0, sizeof(rec));
	memcpy(rec + 12, "kworker/1:0", 11);
	put64(rec, 40, 300);
	put32(rec, 48, 9);
	assert_int_equal(sample_source_decode_at(source, thread->id, rec, 56, 1, 0), 0);
	assert_int_equal(c->lists[AA_THREAD].sum, 300);
	assert_string_equal(c->lists[AA_THREAD].items[0].name, "kworker/1:0");
	assert_int_equal(c->lists[AA_THREAD].items[0].id, 9);
	/* a comm of 16 characters has no NUL */
	memcpy(rec + 12, "abcdefghijklmnop", 16);
	put32(rec, 48, 77);
	assert_int_equal(sample_source_decode_at(source, thread->id, rec, 56, 1, 0), 0);
	assert_int_equal(c->blocking, 300);
	assert_string_equal(c->run_comm, "abcdefghijklmno");

	/* sched_switch: next_comm@40 next_pid@56 */
	memset(rec, 0, sizeof(rec));
	memcpy(rec + 40, "rtla", 4);
	put32(rec, 56, 5);
	assert_int_equal(sample_source_decode_at(source, sw->id, rec, 64, 1, 0), 0);
	assert_int_equal(c->cur_pid, 5);
	assert_string_equal(c->cur_comm, "rtla");

	/* kernel_stack: size@8, then as many callers as the record holds */
	memset(rec, 0, sizeof(rec));
	put32(rec, 8, 10);
	put64(rec, 16, 0xffffffff81000010ULL);
	put64(rec, 24, 0xffffffff81000020ULL);
	put64(rec, 32, 0xffffffff81000030ULL);
	assert_int_equal(sample_source_decode_at(source, stack->id, rec, 40, 1, 0), 0);
	assert_int_equal(c->stack_size, 3);
	assert_true(c->stack[2] == 0xffffffff81000030ULL);

	/* the thread sample of the same window closes it */
	memset(rec, 0, sizeof(rec));
	put32(rec, 12, 5);
	put32(rec, 16, 1);
	put64(rec, 24, 4000);
	assert_int_equal(sample_source_decode_at(source, timerlat->id, rec, 32, 1, 12000), 1);
	assert_false(c->waiting_thread);
	assert_int_equal(c->thread_latency, 4000);
	assert_int_equal(sample_source_ignored(source), 0);

	aa_free(&aa);
	sample_source_free(source);
	tep_free(tep);
}

static int latency(struct sample_source *source, int id, int cpu,
		   uint32_t seqnum, uint32_t context)
{
	unsigned char rec[64] = { 0 };

	put32(rec, 12, seqnum);
	put32(rec, 16, context);
	put64(rec, 24, 1000 * seqnum + context);
	return sample_source_decode(source, id, rec, sizeof(rec), cpu);
}

/*
 * After the end, a timerlat period begun before it is completed (its
 * thread and return samples), and nothing else counts: not a CPU's next
 * IRQ, not a CPU with no IRQ sample before, not a CPU past those seen,
 * not an osnoise period or noise sample.
 */
static void test_freeze_completes_begun_periods(void **state)
{
	struct tep_handle *tep = tep_alloc();
	struct tep_event *timerlat, *osnoise, *threshold;
	/* CPU, seqnum, the kernel's context (0 IRQ, 1 thread, 2 return) */
	static const struct { int cpu; uint32_t seqnum, context; } before_end[] = {
		{ 1, 7, 0 }, { 1, 7, 1 }, { 1, 8, 0 }, { 130, 3, 0 }, { 0, 4, 1 },
	}, left_out[] = {
		{ 1, 9, 0 }, { 1, 9, 1 }, { 0, 5, 1 }, { 0, 4, 1 }, { 131, 3, 1 },
		{ 4000, 1, 1 },
	};
	unsigned char rec[64];
	struct recorded seen = { 0 };
	struct sample_source *source = sample_decoder(tep, &seen, &timerlat,
						      &osnoise, &threshold);
	size_t i;

	for (i = 0; i < sizeof(before_end) / sizeof(before_end[0]); i++)
		assert_int_equal(latency(source, timerlat->id,
					 before_end[i].cpu, before_end[i].seqnum,
					 before_end[i].context), 1);
	assert_int_equal(seen.latencies, 5);
	sample_source_freeze(source);

	assert_int_equal(latency(source, timerlat->id, 1, 8, 1), 1);
	assert_int_equal(seen.value, 8001);
	assert_int_equal(latency(source, timerlat->id, 1, 8, 2), 1);
	assert_int_equal(seen.context, CTX_USER);
	assert_int_equal(latency(source, timerlat->id, 130, 3, 1), 1);
	assert_int_equal(seen.cpu, 130);
	assert_int_equal(seen.latencies, 8);

	for (i = 0; i < sizeof(left_out) / sizeof(left_out[0]); i++)
		assert_int_equal(latency(source, timerlat->id, left_out[i].cpu,
					 left_out[i].seqnum,
					 left_out[i].context), 0);
	assert_int_equal(seen.latencies, 8);
	assert_int_equal(sample_source_after_end(source), 6);

	/* osnoise's periods and noise samples: none after the end */
	memset(rec, 0, sizeof(rec));
	put64(rec, 24, 1000000);
	assert_int_equal(sample_source_decode(source, osnoise->id, rec, sizeof(rec), 1), 1);
	assert_int_equal(sample_source_decode(source, threshold->id, rec, sizeof(rec), 1), 1);
	assert_int_equal(seen.periods, 0);
	assert_int_equal(seen.noises, 0);
	assert_int_equal(sample_source_after_end(source), 8);
	assert_int_equal(sample_source_ignored(source), 0);
	sample_source_free(source);
	tep_free(tep);
}

static void test_kernel_without_events(void **state)
{
	struct tep_handle *tep = tep_alloc();
	struct sample_sink sink = { 0 };
	struct sample_source *source = sample_source_alloc(tep, &sink);
	unsigned char rec[64] = { 0 };

	assert_non_null(source);
	assert_int_equal(sample_source_decode(source, 17, rec, sizeof(rec), 0), 0);
	sample_source_free(source);
	tep_free(tep);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_decode_all_kinds),
		cmocka_unit_test(test_decode_aa_events),
		cmocka_unit_test(test_freeze_completes_begun_periods),
		cmocka_unit_test(test_kernel_without_events),
	};

	return RUN_SUITE("source", tests);
}
