// SPDX-License-Identifier: GPL-2.0
/*
 * The auto-analysis state machine fed event sequences recorded on
 * Debian's 7.2-rt kernel in the VM (tests/data/aa/NAME.trace: the text
 * trace rtla 7.2 saved with -t -e sched:sched_switch), checked against
 * the exact analysis expected (NAME.expected) and, line by line, against
 * the analysis rtla 7.2 printed for the same run (NAME.rtla72).
 */
#include "testutil.h"

#include <inttypes.h>

#include "model/aa.h"
#include "output/render_aa.h"

#define MAX_SYMBOLS	256

struct fixture {
	struct aa aa;
	char *symbols[MAX_SYMBOLS];	/* stack names: address i+1 */
	int nr_symbols;
	uint64_t stack[AA_MAX_STACK];
	int stack_cpu, stack_size;
};

static const char *fixture_symbol(void *ctx, uint64_t addr)
{
	struct fixture *f = ctx;

	if (!addr || addr > (uint64_t)f->nr_symbols)
		return NULL;
	return f->symbols[addr - 1];
}

/* "123.456789012" as ns; a text trace's timestamps have 6 decimals. */
static uint64_t parse_time(const char *s)
{
	uint64_t sec = strtoull(s, (char **)&s, 10), frac = 0;
	int digits = 0;

	if (*s == '.')
		for (s++; *s >= '0' && *s <= '9'; s++, digits++)
			frac = frac * 10 + (*s - '0');
	for (; digits < 9; digits++)
		frac *= 10;
	return sec * 1000000000ULL + frac;
}

static void flush_stack(struct fixture *f)
{
	if (f->stack_size)
		aa_stack(&f->aa, f->stack_cpu, f->stack, f->stack_size);
	f->stack_size = 0;
}

/* "NAME:ID start S duration D ns": the name is all before the last ':'. */
static void noise(struct fixture *f, int cpu, enum aa_kind kind,
		  const char *body)
{
	const char *start = strstr(body, " start "), *colon = NULL, *p;
	const char *duration = strstr(body, " duration ");
	int id = 0;

	assert_non_null(start);
	assert_non_null(duration);
	for (p = body; p < start; p++)
		if (*p == ':')
			colon = p;
	while (*body == ' ')
		body++;
	if (colon)
		id = atoi(colon + 1);
	aa_noise(&f->aa, cpu, kind, parse_time(start + 7),
		 strtoull(duration + 10, NULL, 10), colon ? body : NULL,
		 colon ? (int)(colon - body) : 0, id);
}

static void feed_line(struct fixture *f, char *line)
{
	char *open = strchr(line, '['), *dash, *body, *p, ctx[16];
	unsigned int seq;
	unsigned long long lat;
	uint64_t ts;
	int cpu, pid;

	if (!strncmp(line, " => ", 4)) {
		assert_true(f->nr_symbols < MAX_SYMBOLS);
		f->symbols[f->nr_symbols++] = strdup(line + 4);
		if (f->stack_size < AA_MAX_STACK)
			f->stack[f->stack_size++] = f->nr_symbols;
		return;
	}
	flush_stack(f);
	if (!open)
		return;
	*open = '\0';
	dash = strrchr(line, '-');
	assert_non_null(dash);
	pid = atoi(dash + 1);
	cpu = atoi(open + 1);
	p = strchr(open + 1, ']');
	assert_non_null(p);
	p += 2;				/* the flags */
	p = strchr(p, ' ');
	while (*p == ' ')
		p++;
	ts = parse_time(p);
	body = strstr(p, ": ") + 2;

	if (sscanf(body, "#%u context %15s timer_latency %llu ns", &seq, ctx,
		   &lat) == 3) {
		aa_sample(&f->aa, cpu, ts, pid,
			  !strcmp(ctx, "irq") ? CTX_IRQ :
			  !strcmp(ctx, "thread") ? CTX_THREAD : CTX_USER,
			  seq, lat);
	} else if (!strncmp(body, "irq_noise: ", 11)) {
		noise(f, cpu, AA_IRQ, body + 11);
	} else if (!strncmp(body, "softirq_noise: ", 15)) {
		noise(f, cpu, AA_SOFTIRQ, body + 15);
	} else if (!strncmp(body, "thread_noise: ", 14)) {
		noise(f, cpu, AA_THREAD, body + 14);
	} else if (!strncmp(body, "nmi_noise: ", 11)) {
		noise(f, cpu, AA_NMI, body + 11);
	} else if (!strncmp(body, "sched_switch: ", 14)) {
		p = strstr(body, "next_comm=") + 10;
		aa_switch(&f->aa, cpu, atoi(strstr(p, "next_pid=") + 9), p,
			  (int)(strstr(p, " next_pid=") - p));
	} else if (!strncmp(body, "<stack trace>", 13)) {
		f->stack_cpu = cpu;
	}
}

/* Replay tests/data/aa/@name.trace and render its analysis. */
static char *analyse(const char *name, struct aa_render_opts *opts)
{
	struct fixture f = { .nr_symbols = 0 };
	char path[128], *text, *line, *save;
	struct capture cap;
	int i;

	snprintf(path, sizeof(path), "aa/%s.trace", name);
	text = read_data_file(path);
	assert_int_equal(aa_alloc(&f.aa, 2), 0);
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		feed_line(&f, line);
	flush_stack(&f);
	opts->symbol = fixture_symbol;
	opts->symbol_ctx = &f;
	capture_open(&cap);
	render_aa(cap.stream, &f.aa, opts);
	capture_close(&cap);
	aa_free(&f.aa);
	for (i = 0; i < f.nr_symbols; i++)
		free(f.symbols[i]);
	free(text);
	return cap.text;
}

static void expect_file(const char *output, const char *name)
{
	char path[128], *expected;

	snprintf(path, sizeof(path), "aa/%s.expected", name);
	expected = read_data_file(path);
	assert_string_equal(output, expected);
	free(expected);
}

/*
 * Each line of ours is rtla 7.2's but those listed in @differ (line
 * numbers from 1, 0-terminated): the IRQ handler delay is the timer IRQ's
 * start less the expected time, which the text trace has to the
 * microsecond only.
 */
static void expect_rtla72(const char *output, const char *name,
			  const int *differ)
{
	char path[128], *ref = NULL, *ours = strdup(output);
	char *a, *b, *sa, *sb;
	int n = 1, d = 0;

	snprintf(path, sizeof(path), "aa/%s.rtla72", name);
	ref = read_data_file(path);
	a = strtok_r(ours, "\n", &sa);
	b = strtok_r(ref, "\n", &sb);
	for (; a && b; n++) {
		if (differ[d] == n)
			d++;
		else if (strcmp(a, b))
			fail_msg("line %d: ours '%s', rtla 7.2 '%s'", n, a, b);
		a = strtok_r(NULL, "\n", &sa);
		b = strtok_r(NULL, "\n", &sb);
	}
	assert_null(a);
	assert_null(b);
	assert_int_equal(differ[d], 0);
	free(ours);
	free(ref);
}

/* -T 500 with rtla 7.2's user threads: both CPUs analysed. */
static void test_thread_hit(void **state)
{
	struct aa_render_opts opts = { .thread_thresh_ns = 500000 };
	char *out = analyse("ref72-top-T500", &opts);
	/*
	 * 7.2: a delay of 448.12 us, 448.77 from the trace's microseconds
	 * (line 14); its largest latency from idle came before the 300 lines
	 * kept (23; blank lines are not counted).
	 */
	static const int differ[] = { 14, 23, 0 };

	expect_file(out, "ref72-top-T500");
	expect_rtla72(out, "ref72-top-T500", differ);
	free(out);
}

/* -a 500: the IRQ hit, its thread never ran; tasks dumped. */
static void test_irq_hit(void **state)
{
	struct aa_render_opts opts = {
		.irq_thresh_ns = 500000, .thread_thresh_ns = 500000,
		.dump_tasks = true,
	};
	char *out = analyse("ref72-hist-a500", &opts);
	/* the stop came before any sched_switch: no task is known */
	static const int differ[] = { 0 };

	expect_file(out, "ref72-hist-a500");
	expect_rtla72(out, "ref72-hist-a500", differ);
	free(out);
}

/* -u -T 500 -s 500: the stack recorded at the IRQ follows the blocker. */
static void test_stack(void **state)
{
	struct aa_render_opts opts = { .thread_thresh_ns = 500000 };
	char *out = analyse("ref72-top-u-T500-s500", &opts);
	static const int differ[] = { 2, 0 };

	expect_file(out, "ref72-top-u-T500-s500");
	expect_rtla72(out, "ref72-top-u-T500-s500", differ);
	free(out);
}

/* Shares of the thread latency; lists; threads and NMIs; formats. */
static void test_synthetic(void **state)
{
	struct aa_render_opts opts = { .thread_thresh_ns = 100000 };
	struct capture cap;
	struct aa aa;

	assert_int_equal(aa_alloc(&aa, 1), 0);
	/* an IRQ (NMI) ending after the timer was due: previous interference */
	aa_noise(&aa, 0, AA_IRQ, 999000, 2000, "virtio0", 7, 41);
	/* due at 1000000; the IRQ sample at 1010000 interrupting pid 0 */
	aa_sample(&aa, 0, 1010000, 0, CTX_IRQ, 7, 10000);
	aa_noise(&aa, 0, AA_IRQ, 1004000, 8000, "local_timer", 11, 236);
	aa_noise(&aa, 0, AA_NMI, 1012000, 1000, NULL, 0, 0);
	aa_noise(&aa, 0, AA_SOFTIRQ, 1013000, 3000, "TIMER", 5, 1);
	aa_noise(&aa, 0, AA_THREAD, 1016000, 50000, "swapper/0", 16, 0);
	aa_noise(&aa, 0, AA_THREAD, 1066000, 20000, "kworker/0:1", 16, 99);
	/* a thread sample of another window changes nothing */
	aa_sample(&aa, 0, 1090000, 5, CTX_THREAD, 6, 1);
	aa_sample(&aa, 0, 1090000, 5, CTX_THREAD, 7, 100000);
	capture_open(&cap);
	render_aa(cap.stream, &aa, &opts);
	capture_close(&cap);
	assert_string_equal(cap.text,
		"## CPU 0 hit stop tracing, analyzing it ##\n"
		"  Previous IRQ interference:                  up to       2.00 us\n"
		"  IRQ handler delay:                  (exit from idle)       4.00 us (4.00 %)\n"
		"  IRQ latency:                                              10.00 us\n"
		"  Timerlat IRQ duration:                                     8.00 us (8.00 %)\n"
		"  Blocking thread:                                          50.00 us (50.00 %)\n"
		"                       swapper/0:0                          50.00 us\n"
		"  NMI interference                                           1.00 us (1.00 %)\n"
		"  Softirq interference                                       3.00 us (3.00 %)\n"
		"                     TIMER:1                                 3.00 us\n"
		"  Thread interference                                       20.00 us (20.00 %)\n"
		"                     kworker/0:1:99                         20.00 us\n"
		"------------------------------------------------------------------------\n"
		"  Thread latency:                                          100.00 us (100%)\n");
	free(cap.text);
	aa_free(&aa);
}

/*
 * The first thread sample of a run whose IRQ sample came before tracing
 * did (the e2e suite met it on 5.10 with -T 1): the hit is still analysed,
 * with what was traced.
 */
static void test_irq_untraced(void **state)
{
	struct aa_render_opts opts = { .thread_thresh_ns = 1000 };
	struct capture cap;
	struct aa aa;

	assert_int_equal(aa_alloc(&aa, 2), 0);
	aa_noise(&aa, 1, AA_THREAD, 1016000, 50000, "kworker/1:0", 16, 22);
	aa_sample(&aa, 1, 1090000, 5, CTX_THREAD, 1, 4617000);
	capture_open(&cap);
	render_aa(cap.stream, &aa, &opts);
	capture_close(&cap);
	assert_string_equal(cap.text,
		"## CPU 1 hit stop tracing, analyzing it ##\n"
		"  Timer IRQ of this sample: not traced (tracing began after it)\n"
		"------------------------------------------------------------------------\n"
		"  Thread latency:                                         4617.00 us (100%)\n");
	free(cap.text);
	aa_free(&aa);
}

static const char *two_symbols(void *ctx, uint64_t addr)
{
	return addr == 0x10 ? "first" : addr == 0x20 ? "second" : NULL;
}

/* An address that is no symbol: truncate, skip or full. */
static void test_stack_formats(void **state)
{
	static const uint64_t stack[] = { 0x10, 0xdead, 0x20 };
	static const char *const expected[] = {
		[AA_STACK_TRUNCATE] = "-> first\n",
		[AA_STACK_SKIP] = "-> first\n                -> second\n",
		[AA_STACK_FULL] = "-> first\n                -> 0xdead\n                -> second\n",
	};
	struct aa_render_opts opts = {
		.irq_thresh_ns = 1000, .symbol = two_symbols,
	};
	struct capture cap;
	struct aa aa;
	const char *s;
	int i;

	assert_int_equal(aa_alloc(&aa, 1), 0);
	aa_switch(&aa, 0, 42, "busy", 4);
	aa_sample(&aa, 0, 5000000, 42, CTX_IRQ, 1, 2000000);
	aa_stack(&aa, 0, stack, 3);
	for (i = AA_STACK_TRUNCATE; i <= AA_STACK_FULL; i++) {
		opts.stack_format = i;
		capture_open(&cap);
		render_aa(cap.stream, &aa, &opts);
		capture_close(&cap);
		s = strstr(cap.text, "    Blocking thread stack trace\n                ");
		assert_non_null(s);
		s += strlen("    Blocking thread stack trace\n                ");
		assert_memory_equal(s, expected[i], strlen(expected[i]));
		assert_string_equal(s + strlen(expected[i]),
			"------------------------------------------------------------------------\n"
			"     IRQ latency:                                         2000.00 us (100%)\n");
		assert_non_null(strstr(cap.text, "  Blocking thread:\n                            busy:42       \n"));
		free(cap.text);
	}
	aa_free(&aa);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_thread_hit),
		cmocka_unit_test(test_irq_hit),
		cmocka_unit_test(test_stack),
		cmocka_unit_test(test_synthetic),
		cmocka_unit_test(test_irq_untraced),
		cmocka_unit_test(test_stack_formats),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
