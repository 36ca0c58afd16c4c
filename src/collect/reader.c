// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event-parse.h>
#include <kbuffer.h>
#include <tracefs.h>

#include "collect/reader.h"
#include "collect/sample_source.h"

struct trace_reader {
	struct tep_handle *tep;
	struct tracefs_instance *instance;
	struct kbuffer *kbuf;
	void *subbuf;
	int nr_cpus;
	struct tracefs_cpu *cpu[];
};

struct tep_handle *reader_load_formats(void)
{
	const char *systems[] = { "ftrace", "osnoise", NULL };

	return tracefs_local_events_system(NULL, systems);
}

/* The sub-buffer header holds a long of the kernel's size. */
static struct kbuffer *kbuffer_for(struct tep_handle *tep)
{
	enum kbuffer_long_size size = KBUFFER_LSIZE_SAME_AS_HOST;

	if (tep_get_header_page_size(tep) == 8)
		size = KBUFFER_LSIZE_8;
	else if (tep_get_header_page_size(tep) == 4)
		size = KBUFFER_LSIZE_4;
	return kbuffer_alloc(size, KBUFFER_ENDIAN_SAME_AS_HOST);
}

/* A CPU that was offline at the start is looked for again at each drain. */
static struct tracefs_cpu *cpu_file(struct trace_reader *reader, int cpu)
{
	if (!reader->cpu[cpu])
		reader->cpu[cpu] = tracefs_cpu_open(reader->instance, cpu, true);
	return reader->cpu[cpu];
}

struct trace_reader *reader_open(struct tep_handle *tep,
				 struct tracefs_instance *instance,
				 int nr_cpus)
{
	struct trace_reader *reader;
	int cpu, opened = 0, saved_errno;

	reader = calloc(1, sizeof(*reader) + nr_cpus * sizeof(reader->cpu[0]));
	if (!reader)
		return NULL;
	reader->tep = tep;
	reader->instance = instance;
	reader->nr_cpus = nr_cpus;
	reader->kbuf = kbuffer_for(tep);
	reader->subbuf = malloc(getpagesize());
	if (!reader->kbuf || !reader->subbuf)
		goto fail;
	for (cpu = 0; cpu < nr_cpus; cpu++)
		if (cpu_file(reader, cpu))
			opened++;
	if (!opened)
		goto fail;
	return reader;
fail:
	saved_errno = errno;
	reader_close(reader);
	errno = saved_errno;
	return NULL;
}

void reader_close(struct trace_reader *reader)
{
	int cpu;

	if (!reader)
		return;
	for (cpu = 0; cpu < reader->nr_cpus; cpu++)
		if (reader->cpu[cpu])
			tracefs_cpu_close(reader->cpu[cpu]);
	if (reader->kbuf)
		kbuffer_free(reader->kbuf);
	free(reader->subbuf);
	free(reader);
}

long reader_decode_subbuffer(struct trace_reader *reader, void *subbuf,
			     int cpu, struct sample_source *source)
{
	struct tep_record record = { .cpu = cpu };
	long count = 0;

	if (kbuffer_load_subbuffer(reader->kbuf, subbuf) < 0)
		return -1;
	while ((record.data = kbuffer_read_event(reader->kbuf, &record.ts))) {
		record.size = kbuffer_event_size(reader->kbuf);
		sample_source_decode(source, tep_data_type(reader->tep, &record),
				     record.data, cpu);
		count++;
		kbuffer_next_event(reader->kbuf, NULL);
	}
	return count;
}

long reader_drain(struct trace_reader *reader, struct sample_source *source)
{
	struct tracefs_cpu *file;
	long total = 0, count;
	int cpu, size;

	for (cpu = 0; cpu < reader->nr_cpus; cpu++) {
		file = cpu_file(reader, cpu);
		if (!file)
			continue;
		while ((size = tracefs_cpu_read(file, reader->subbuf, true)) > 0) {
			count = reader_decode_subbuffer(reader, reader->subbuf,
							cpu, source);
			if (count < 0)
				return -1;
			total += count;
		}
		if (size < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
			return -1;
	}
	return total;
}

static uint64_t stats_value(const char *stats, const char *key)
{
	const char *line = strstr(stats, key);

	if (!line)
		return 0;
	return strtoull(line + strlen(key), NULL, 10);
}

uint64_t reader_lost_events(struct tracefs_instance *instance, int cpu)
{
	char path[64], *stats;
	uint64_t lost;

	snprintf(path, sizeof(path), "per_cpu/cpu%d/stats", cpu);
	stats = tracefs_instance_file_read(instance, path, NULL);
	if (!stats)
		return 0;
	lost = stats_value(stats, "overrun:") +
	       stats_value(stats, "dropped events:");
	free(stats);
	return lost;
}
