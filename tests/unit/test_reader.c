// SPDX-License-Identifier: GPL-2.0
/*
 * The trace reader against a fake tracing directory whose
 * per_cpu/cpuN/trace_pipe_raw files hold ring-buffer sub-buffers laid out
 * as the kernel writes them: a u64 timestamp, a long commit (the length
 * of the data), then events of a 32-bit header (type_len in the low 5
 * bits: the length in words; time delta above) and the record.
 */
#include "testutil.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <event-parse.h>
#include <tracefs.h>

#include "collect/reader.h"
#include "collect/sample_source.h"

#include "fake_tracefs.h"
#include "recording_sink.h"

static int timerlat_id, osnoise_id;


struct subbuf {
	unsigned char bytes[4096];
	size_t used;
};

static void subbuf_init(struct subbuf *sb, uint64_t timestamp)
{
	memset(sb, 0, sizeof(*sb));
	memcpy(sb->bytes, &timestamp, sizeof(timestamp));
	sb->used = sizeof(uint64_t) + sizeof(long);
}

/* Append one record of @len bytes (a multiple of 4, at most 112). */
static void subbuf_add(struct subbuf *sb, const void *rec, size_t len,
		       uint32_t delta)
{
	uint32_t header = (uint32_t)(len / 4) | delta << 5;
	long commit;

	memcpy(sb->bytes + sb->used, &header, sizeof(header));
	memcpy(sb->bytes + sb->used + sizeof(header), rec, len);
	sb->used += sizeof(header) + len;
	commit = sb->used - sizeof(uint64_t) - sizeof(long);
	memcpy(sb->bytes + sizeof(uint64_t), &commit, sizeof(commit));
}

static void timerlat_record(unsigned char *rec, int context, uint64_t ns)
{
	uint16_t type = timerlat_id;
	int32_t ctx = context;

	memset(rec, 0, 32);
	memcpy(rec, &type, sizeof(type));
	memcpy(rec + 16, &ctx, sizeof(ctx));	/* context@16 */
	memcpy(rec + 24, &ns, sizeof(ns));	/* timer_latency@24 */
}

static void osnoise_record(unsigned char *rec)
{
	uint16_t type = osnoise_id;
	uint64_t runtime = 1000000;

	memset(rec, 0, 60);
	memcpy(rec, &type, sizeof(type));
	memcpy(rec + 24, &runtime, sizeof(runtime));	/* runtime@24 */
}

static void write_cpu_file(int cpu, const struct subbuf *pages, int nr)
{
	char path[64];
	FILE *f;

	snprintf(path, sizeof(path), "per_cpu/cpu%d", cpu);
	fake_mkdir(path);
	strcat(path, "/trace_pipe_raw");
	f = fopen(fake_path(path), "w");
	assert_non_null(f);
	while (nr--)
		assert_int_equal(fwrite(pages++->bytes, 4096, 1, f), 1);
	fclose(f);
}

static struct tep_handle *load_formats(void)
{
	struct tep_handle *tep = tep_alloc();
	const char *files[] = {
		"formats/ftrace_timerlat.format", "formats/ftrace_osnoise.format",
		"formats/osnoise_sample_threshold.format",
	};
	const char *systems[] = { "ftrace", "ftrace", "osnoise" };
	struct tep_event *event;
	char *text;
	int i;

	for (i = 0; i < 3; i++) {
		text = read_data_file(files[i]);
		assert_int_equal(tep_parse_format(tep, &event, text,
						  strlen(text), systems[i]), 0);
		if (i == 0)
			timerlat_id = event->id;
		if (i == 1)
			osnoise_id = event->id;
		free(text);
	}
	return tep;
}

/* Each case gets a fresh tracing directory with per_cpu/ and events/. */
static int fake_tracefs(void **state)
{
	char *text = read_data_file("formats/header_page");

	if (fake_tracefs_create())
		return -1;
	fake_mkdir("per_cpu");
	/* libtracefs sizes the sub-buffers from it */
	fake_put("events/header_page", text);
	free(text);
	return 0;
}

static void test_drain_every_cpu_and_page(void **state)
{
	struct sample_sink sink;
	struct tep_handle *tep = load_formats();
	struct sample_source *source;
	struct trace_reader *reader;
	struct subbuf pages[2];
	unsigned char rec[64];
	struct recorded seen = { 0 };
	int i;

	sink = recording_sink(&seen);
	/* CPU 0: two full-ish pages of timerlat samples, 1..100 us */
	subbuf_init(&pages[0], 1000);
	for (i = 1; i <= 60; i++) {
		timerlat_record(rec, i & 1, i * 1000);
		subbuf_add(&pages[0], rec, 32, 10);
	}
	subbuf_init(&pages[1], 2000);
	for (i = 61; i <= 100; i++) {
		timerlat_record(rec, i & 1, i * 1000);
		subbuf_add(&pages[1], rec, 32, 10);
	}
	write_cpu_file(0, pages, 2);
	/* CPU 1: one osnoise period; CPU 2 offline; CPU 3 nothing yet */
	subbuf_init(&pages[0], 3000);
	osnoise_record(rec);
	subbuf_add(&pages[0], rec, 60, 1);
	write_cpu_file(1, pages, 1);

	source = sample_source_alloc(tep, &sink);
	assert_non_null(source);
	reader = reader_open(tep, NULL, 4);
	assert_non_null(reader);

	assert_int_equal(reader_drain(reader, source), 101);
	assert_int_equal(seen.latencies, 100);
	assert_int_equal(seen.latency_sum, 5050 * 1000);
	assert_int_equal(seen.per_cpu[0], 100);
	assert_int_equal(seen.periods, 1);
	assert_int_equal(seen.per_cpu[1], 1);
	assert_int_equal(seen.noises, 0);
	/* read records are gone */
	assert_int_equal(reader_drain(reader, source), 0);

	/* a CPU that comes online later is read too */
	subbuf_init(&pages[0], 4000);
	timerlat_record(rec, 0, 7);
	subbuf_add(&pages[0], rec, 32, 1);
	write_cpu_file(3, pages, 1);
	assert_int_equal(reader_drain(reader, source), 1);
	assert_int_equal(seen.per_cpu[3], 1);
	assert_int_equal(seen.cpu, 3);

	reader_close(reader);
	sample_source_free(source);
	tep_free(tep);
}

/* The open descriptors on a trace_pipe_raw, and how many lack O_CLOEXEC. */
static int buffers_open(int *inherited)
{
	char link[300], target[512];
	struct dirent *entry;
	int count = 0, fd;
	ssize_t len;
	DIR *dir;

	*inherited = 0;
	dir = opendir("/proc/self/fd");
	assert_non_null(dir);
	while ((entry = readdir(dir))) {
		fd = atoi(entry->d_name);
		snprintf(link, sizeof(link), "/proc/self/fd/%s", entry->d_name);
		len = readlink(link, target, sizeof(target) - 1);
		if (len <= 0)
			continue;
		target[len] = '\0';
		if (!strstr(target, "trace_pipe_raw"))
			continue;
		count++;
		if (!(fcntl(fd, F_GETFD) & FD_CLOEXEC))
			(*inherited)++;
	}
	closedir(dir);
	return count;
}

/* An action's command inherits none of the ring buffers rtla reads. */
static void test_buffers_close_on_exec(void **state)
{
	struct tep_handle *tep = load_formats();
	struct trace_reader *reader;
	struct subbuf page;
	int inherited;

	subbuf_init(&page, 1000);
	write_cpu_file(0, &page, 1);
	write_cpu_file(1, &page, 1);
	reader = reader_open(tep, NULL, 2);
	assert_non_null(reader);
	assert_int_equal(buffers_open(&inherited), 2);
	assert_int_equal(inherited, 0);
	reader_close(reader);
	assert_int_equal(buffers_open(&inherited), 0);
	tep_free(tep);
}

static void test_unknown_event(void **state)
{
	struct recorded seen = { 0 };
	struct sample_sink sink = recording_sink(&seen);
	struct tep_handle *tep = load_formats();
	struct sample_source *source = sample_source_alloc(tep, &sink);
	struct trace_reader *reader = reader_open(tep, NULL, 1);
	struct subbuf page;
	unsigned char rec[64];

	assert_null(reader);
	write_cpu_file(0, NULL, 0);
	reader = reader_open(tep, NULL, 1);
	assert_non_null(reader);
	subbuf_init(&page, 1);
	timerlat_record(rec, 0, 5);
	subbuf_add(&page, rec, 32, 1);
	/* an event id no format describes is counted as ignored */
	rec[0] = 0xee;
	rec[1] = 0x7e;
	subbuf_add(&page, rec, 32, 1);
	assert_int_equal(reader_decode_subbuffer(reader, page.bytes,
						 sizeof(page.bytes), 0, source), 2);
	assert_int_equal(seen.latencies, 1);
	assert_int_equal(sample_source_ignored(source), 1);
	reader_close(reader);
	sample_source_free(source);
	tep_free(tep);
}

static void test_no_buffer_to_read(void **state)
{
	struct tep_handle *tep = load_formats();
	struct tracefs_instance *empty;

	/* an instance without per_cpu files */
	fake_mkdir("instances/empty");
	empty = tracefs_instance_alloc(NULL, "empty");
	assert_non_null(empty);
	assert_null(reader_open(tep, empty, 2));
	assert_int_equal(errno, ENOENT);
	tracefs_instance_free(empty);
	tep_free(tep);
}

/*
 * pages[0] is a broken sub-buffer: only the record of latency 9 in the
 * good page after it is read, and the broken one is counted.
 */
static void expect_only_next_page_read(struct subbuf pages[2])
{
	struct recorded seen = { 0 };
	struct sample_sink sink = recording_sink(&seen);
	struct tep_handle *tep = load_formats();
	struct sample_source *source = sample_source_alloc(tep, &sink);
	struct trace_reader *reader;
	unsigned char rec[64];

	subbuf_init(&pages[1], 2);
	timerlat_record(rec, 1, 9);
	subbuf_add(&pages[1], rec, 32, 1);
	write_cpu_file(0, pages, 2);
	reader = reader_open(tep, NULL, 1);
	assert_non_null(reader);
	reader_drain(reader, source);
	assert_int_equal(seen.latencies, 1);
	assert_int_equal(seen.latency_sum, 9);
	assert_int_equal(reader_bad_subbuffers(reader), 1);
	reader_close(reader);
	sample_source_free(source);
	tep_free(tep);
}

/* A commit field past the bytes read is not walked; the next page is. */
static void test_commit_past_read(void **state)
{
	struct subbuf pages[2];
	unsigned char rec[64];
	long commit = 0x7ffffff;
	int i;

	subbuf_init(&pages[0], 1);
	for (i = 0; i < 100; i++) {
		timerlat_record(rec, 0, 5);
		subbuf_add(&pages[0], rec, 32, 1);
	}
	memcpy(pages[0].bytes + sizeof(uint64_t), &commit, sizeof(commit));
	expect_only_next_page_read(pages);
}

/* A record shorter than its format is not read past its end. */
static void test_short_record(void **state)
{
	struct recorded seen = { 0 };
	struct sample_sink sink = recording_sink(&seen);
	struct tep_handle *tep = load_formats();
	struct sample_source *source = sample_source_alloc(tep, &sink);
	struct trace_reader *reader;
	struct subbuf page;
	unsigned char rec[64];

	subbuf_init(&page, 1);
	timerlat_record(rec, 0, 0x1234);
	subbuf_add(&page, rec, 32, 1);
	/* 20 bytes, the last of the page: no timer_latency */
	timerlat_record(rec, 0, 5);
	subbuf_add(&page, rec, 20, 1);
	write_cpu_file(0, &page, 1);
	reader = reader_open(tep, NULL, 1);
	assert_non_null(reader);
	assert_int_equal(reader_drain(reader, source), 2);
	assert_int_equal(seen.latencies, 1);
	assert_int_equal(seen.latency_sum, 0x1234);
	assert_int_equal(sample_source_ignored(source), 1);
	reader_close(reader);
	sample_source_free(source);
	tep_free(tep);
}

/*
 * An event whose length word is 0 never moves kbuffer forward: it used
 * to hang in kbuffer_load_subbuffer() (fuzz_decoder).  It is now a bad
 * sub-buffer, and the next one is read.
 */
static void test_zero_length_event(void **state)
{
	struct subbuf pages[2];
	uint32_t zero_length[2] = { 0, 0 };	/* type_len 0, length 0 */
	unsigned char rec[64];
	long commit;

	subbuf_init(&pages[0], 1);
	memcpy(pages[0].bytes + pages[0].used, zero_length, sizeof(zero_length));
	pages[0].used += sizeof(zero_length);
	timerlat_record(rec, 0, 5);
	subbuf_add(&pages[0], rec, 32, 1);
	commit = pages[0].used - sizeof(uint64_t) - sizeof(long);
	memcpy(pages[0].bytes + sizeof(uint64_t), &commit, sizeof(commit));
	expect_only_next_page_read(pages);
}

/* The address of a kernel text symbol, 0 when /proc/kallsyms hides them. */
static unsigned long long kernel_text_symbol(void)
{
	FILE *f = fopen("/proc/kallsyms", "r");
	unsigned long long addr = 0;
	char type, name[256];

	while (f && fscanf(f, "%llx %c %255s%*[^\n]", &addr, &type, name) == 3)
		if (addr && (type == 'T' || type == 't'))
			break;
	if (f)
		fclose(f);
	return type == 'T' || type == 't' ? addr : 0;
}

/*
 * The formats of the systems rtla decodes and nothing more: no other
 * system, and not the megabytes of /proc/kallsyms (that read took 25 s of
 * an ASan build's start under TCG).
 */
static void test_load_formats_only(void **state)
{
	static const char *const files[][2] = {
		{ "events/ftrace/timerlat/format", "formats/ftrace_timerlat.format" },
		{ "events/osnoise/sample_threshold/format",
		  "formats/osnoise_sample_threshold.format" },
		{ "events/sched/sched_switch/format",
		  "formats/sched_sched_switch.format" },
		{ "events/irq/irq_noise/format", "formats/osnoise_irq_noise.format" },
	};
	unsigned long long symbol = kernel_text_symbol();
	struct tep_handle *tep;
	char *text;
	size_t i;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		text = read_data_file(files[i][1]);
		fake_put(files[i][0], text);
		free(text);
	}
	tep = reader_load_formats();
	assert_non_null(tep);
	assert_non_null(tep_find_event_by_name(tep, "ftrace", "timerlat"));
	assert_non_null(tep_find_event_by_name(tep, "osnoise", "sample_threshold"));
	assert_non_null(tep_find_event_by_name(tep, "sched", "sched_switch"));
	assert_null(tep_find_event_by_name(tep, "irq", "irq_noise"));
	assert_int_equal(tep_get_header_page_size(tep), 8);
	if (symbol)
		assert_null(tep_find_function(tep, symbol));
	else
		print_message("kernel symbols hidden: not checked\n");
	tep_free(tep);
}

/* Without events/header_page no record can be decoded: no formats. */
static void test_load_formats_no_header(void **state)
{
	assert_int_equal(unlink(fake_path("events/header_page")), 0);
	assert_null(reader_load_formats());
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_load_formats_only,
						fake_tracefs, fake_tracefs_teardown),
		cmocka_unit_test_setup_teardown(test_load_formats_no_header,
						fake_tracefs, fake_tracefs_teardown),
		cmocka_unit_test_setup_teardown(test_zero_length_event,
						fake_tracefs, fake_tracefs_teardown),
		cmocka_unit_test_setup_teardown(test_drain_every_cpu_and_page, fake_tracefs,
						fake_tracefs_teardown),
		cmocka_unit_test_setup_teardown(test_buffers_close_on_exec,
						fake_tracefs, fake_tracefs_teardown),
		cmocka_unit_test_setup_teardown(test_unknown_event, fake_tracefs,
						fake_tracefs_teardown),
		cmocka_unit_test_setup_teardown(test_no_buffer_to_read, fake_tracefs,
						fake_tracefs_teardown),
		cmocka_unit_test_setup_teardown(test_commit_past_read, fake_tracefs,
						fake_tracefs_teardown),
		cmocka_unit_test_setup_teardown(test_short_record, fake_tracefs,
						fake_tracefs_teardown),
	};

	return RUN_SUITE("reader", tests);
}
