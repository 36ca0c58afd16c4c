// SPDX-License-Identifier: GPL-2.0
/*
 * The trace decoder fed raw ring-buffer sub-buffers: whatever the bytes,
 * nothing past them is read, and every sample handed on lies inside them.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event-parse.h>

#include "collect/reader.h"
#include "collect/sample_source.h"
#include "model/aa.h"

#ifndef RTLA_TESTDATA_DIR
#define RTLA_TESTDATA_DIR "tests/data"
#endif

#define MAX_SUBBUF	8192

static struct tep_handle *tep;
static struct trace_reader *reader;
static struct sample_source *source;
static unsigned long samples;
static struct aa aa;		/* auto-analysis fed too: strings, stacks */

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *slurp(const char *name, size_t *size)
{
	char path[512], *text;
	FILE *f;
	long len;

	snprintf(path, sizeof(path), "%s/formats/%s", RTLA_TESTDATA_DIR, name);
	f = fopen(path, "r");
	if (!f) {
		perror(path);
		exit(1);
	}
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	text = calloc(1, len + 1);
	if (!text || fread(text, 1, len, f) != (size_t)len)
		exit(1);
	fclose(f);
	*size = len;
	return text;
}

static void on_sample(void *ctx, int cpu, enum sample_context context,
		      uint64_t ns)
{
	samples++;
}

static void on_period(void *ctx, int cpu, const struct noise_period *p)
{
	samples++;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const char *const files[][2] = {
		{ "ftrace_timerlat.format", "ftrace" },
		{ "ftrace_osnoise.format", "ftrace" },
		{ "osnoise_sample_threshold.format", "osnoise" },
		{ "osnoise_irq_noise.format", "osnoise" },
		{ "osnoise_nmi_noise.format", "osnoise" },
		{ "osnoise_softirq_noise.format", "osnoise" },
		{ "osnoise_thread_noise.format", "osnoise" },
		{ "sched_sched_switch.format", "sched" },
		{ "ftrace_kernel_stack.format", "ftrace" },
	};
	struct sample_sink sink = { on_sample, on_period, NULL };
	size_t i, size;
	char *text;

	tep = tep_alloc();
	text = slurp("header_page", &size);
	if (tep_parse_header_page(tep, text, size, sizeof(long)))
		exit(1);
	free(text);
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		text = slurp(files[i][0], &size);
		if (tep_parse_event(tep, text, size, files[i][1]))
			exit(1);
		free(text);
	}
	reader = reader_alloc_detached(tep, MAX_SUBBUF);
	source = sample_source_alloc(tep, &sink);
	if (!reader || !source || aa_alloc(&aa, 1))
		exit(1);
	sample_source_set_aa(source, &aa);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *copy;
	long count;

	if (size > MAX_SUBBUF)
		return 0;
	/* an exact-size copy: ASan catches a read past the bytes */
	copy = malloc(size ? size : 1);
	memcpy(copy, data, size);
	count = reader_decode_subbuffer(reader, copy, size, 0, source);
	/* a record holds at least its 4-byte header and 4 bytes of data */
	if (count > (long)size / 8)
		abort();
	free(copy);
	return 0;
}
