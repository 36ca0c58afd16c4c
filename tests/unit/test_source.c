// SPDX-License-Identifier: GPL-2.0
/* Decoding records laid out as the 6.1 RT kernel's format files say. */
#include "testutil.h"

#include <event-parse.h>

#include "collect/sample_source.h"

struct seen {
	int latencies, periods, noises;
	int cpu, context;
	uint64_t value;
	struct noise_period period;
};

static void on_noise(void *ctx, int cpu, uint64_t ns);

static void on_sample(void *ctx, int cpu, enum sample_context context,
		      uint64_t ns)
{
	struct seen *seen = ctx;

	if (context == CTX_NOISE) {
		on_noise(ctx, cpu, ns);
		return;
	}
	seen->latencies++;
	seen->cpu = cpu;
	seen->context = context;
	seen->value = ns;
}

static void on_period(void *ctx, int cpu, const struct noise_period *p)
{
	struct seen *seen = ctx;

	seen->periods++;
	seen->cpu = cpu;
	seen->period = *p;
}

static void on_noise(void *ctx, int cpu, uint64_t ns)
{
	struct seen *seen = ctx;

	seen->noises++;
	seen->cpu = cpu;
	seen->value = ns;
}

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

static void test_decode_all_kinds(void **state)
{
	struct tep_handle *tep = tep_alloc();
	struct sample_sink sink = { on_sample, on_period, NULL };
	struct tep_event *timerlat, *osnoise, *threshold, *irq_noise;
	struct sample_source *source;
	unsigned char rec[64] = { 0 };
	struct seen seen = { 0 };

	sink.ctx = &seen;
	timerlat = load(tep, "formats/ftrace_timerlat.format", "ftrace");
	osnoise = load(tep, "formats/ftrace_osnoise.format", "ftrace");
	threshold = load(tep, "formats/osnoise_sample_threshold.format",
			 "osnoise");
	irq_noise = load(tep, "formats/osnoise_irq_noise.format", "osnoise");
	source = sample_source_alloc(tep, &sink);
	assert_non_null(source);

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
		cmocka_unit_test(test_kernel_without_events),
	};

	return RUN_SUITE("source", tests);
}
