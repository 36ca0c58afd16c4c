// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event-parse.h>
#include <tracefs.h>

#include "collect/reader.h"
#include "collect/sample_source.h"


struct trace_reader {
	struct tep_handle *tep;
	struct tracefs_instance *instance;
	void *subbuf;
	int subbuf_size;	/* what one read returns at most */
	unsigned long bad_subbuffers;
	int nr_cpus;
	int *fd;		/* each CPU's trace_pipe_raw */
	struct tracefs_cpu *cpu[];
};

/* The records rtla decodes; the osnoise system is loaded whole. */
static const char *const wanted_events[][2] = {
	{ "ftrace", "timerlat" },
	{ "ftrace", "osnoise" },
	{ "ftrace", "kernel_stack" },
	{ "sched", "sched_switch" },
};

static int parse_format(struct tep_handle *tep, const char *system,
			const char *name)
{
	enum tep_errno err;
	char *format;
	int len;

	format = tracefs_event_file_read(NULL, system, name, "format", &len);
	if (!format)
		return -1;
	err = tep_parse_event(tep, format, len, system);
	free(format);
	return err ? -1 : 0;
}

/*
 * Only the formats of the records above and the sub-buffer header: no
 * kallsyms, printk formats or cmdlines (libtracefs's loaders read them
 * all, seconds of CPU in a small VM; auto-analysis loads kallsyms only
 * when it prints a stack).  A missing event is the decoder's business.
 */
struct tep_handle *reader_load_formats(void)
{
	struct tep_handle *tep = tep_alloc();
	char **events, *header;
	size_t i;
	int len;

	if (!tep)
		return NULL;
	header = tracefs_instance_file_read(NULL, "events/header_page", &len);
	if (!header) {
		tep_free(tep);
		return NULL;
	}
	tep_parse_header_page(tep, header, len, sizeof(long));
	free(header);
	for (i = 0; i < sizeof(wanted_events) / sizeof(wanted_events[0]); i++)
		parse_format(tep, wanted_events[i][0], wanted_events[i][1]);
	events = tracefs_system_events(NULL, "osnoise");
	for (i = 0; events && events[i]; i++)
		parse_format(tep, "osnoise", events[i]);
	tracefs_list_free(events);
	return tep;
}

struct tep_handle *reader_load_format(const char *system, const char *name)
{
	struct tep_handle *tep = tep_alloc();

	if (tep && parse_format(tep, system, name)) {
		tep_free(tep);
		return NULL;
	}
	return tep;
}

/*
 * One CPU's trace_pipe_raw, opened here with O_CLOEXEC (libtracefs's
 * own open lacks it, and an action's command would inherit it).
 */
static struct tracefs_cpu *open_cpu(struct trace_reader *reader, int cpu)
{
	int size = tep_get_sub_buffer_size(reader->tep), fd;
	struct tracefs_cpu *file;
	char name[64], *path;

	snprintf(name, sizeof(name), "per_cpu/cpu%d/trace_pipe_raw", cpu);
	path = tracefs_instance_get_file(reader->instance, name);
	if (!path)
		return NULL;
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	tracefs_put_tracing_file(path);
	if (fd < 0)
		return NULL;
	file = tracefs_cpu_alloc_fd(fd, size > 0 ? size : getpagesize(), true);
	if (!file) {
		close(fd);
		return NULL;
	}
	reader->fd[cpu] = fd;
	return file;
}

static void close_cpu(struct trace_reader *reader, int cpu)
{
	tracefs_cpu_free_fd(reader->cpu[cpu]);
	close(reader->fd[cpu]);
	reader->cpu[cpu] = NULL;
}

/* A CPU that was offline at the start is looked for again at each drain. */
static struct tracefs_cpu *cpu_file(struct trace_reader *reader, int cpu)
{
	if (!reader->cpu[cpu])
		reader->cpu[cpu] = open_cpu(reader, cpu);
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
	reader->fd = calloc(nr_cpus, sizeof(*reader->fd));
	if (!reader->fd)
		goto fail;
	reader->subbuf_size = getpagesize();
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		if (!cpu_file(reader, cpu))
			continue;
		opened++;
		/* kernels with larger sub-buffers read more than a page */
		if (tracefs_cpu_read_size(reader->cpu[cpu]) > reader->subbuf_size)
			reader->subbuf_size =
				tracefs_cpu_read_size(reader->cpu[cpu]);
	}
	if (!opened)
		goto fail;
	reader->subbuf = malloc(reader->subbuf_size);
	if (!reader->subbuf)
		goto fail;
	return reader;
fail:
	saved_errno = errno;
	reader_close(reader);
	errno = saved_errno;
	return NULL;
}

struct trace_reader *reader_alloc_detached(struct tep_handle *tep,
					   int subbuf_size)
{
	struct trace_reader *reader = calloc(1, sizeof(*reader));

	if (!reader)
		return NULL;
	reader->tep = tep;
	reader->subbuf_size = subbuf_size;
	reader->subbuf = malloc(subbuf_size);
	if (!reader->subbuf) {
		reader_close(reader);
		return NULL;
	}
	return reader;
}

void reader_close(struct trace_reader *reader)
{
	int cpu;

	if (!reader)
		return;
	for (cpu = 0; cpu < reader->nr_cpus; cpu++)
		if (reader->cpu[cpu])
			close_cpu(reader, cpu);
	free(reader->fd);
	free(reader->subbuf);
	free(reader);
}

/* The commit field's length bits; the bits above flag lost events. */
#define COMMIT_LENGTH_MASK	((1UL << 27) - 1)

/* The size of the sub-buffer header's commit field: the kernel's long. */
static int commit_size(struct tep_handle *tep)
{
	int size = tep_get_header_page_size(tep);

	return size == 4 || size == 8 ? size : (int)sizeof(long);
}

/*
 * The end of the records the sub-buffer header claims, or -1 when that
 * is past the @len bytes read.  Checked before the records are walked.
 */
static long committed(struct trace_reader *reader, int len)
{
	int size = commit_size(reader->tep);
	int header = sizeof(uint64_t) + size;
	unsigned long commit = 0;
	uint32_t commit32;

	if (len < header)
		return -1;
	if (size == 4) {
		memcpy(&commit32, (char *)reader->subbuf + sizeof(uint64_t), 4);
		commit = commit32;
	} else {
		memcpy(&commit, (char *)reader->subbuf + sizeof(uint64_t),
		       sizeof(commit));
	}
	commit &= COMMIT_LENGTH_MASK;
	if (commit > (unsigned long)(len - header))
		return -1;
	return header + commit;
}

/* Ring-buffer event types (type_len values above the data lengths). */
#define EVENT_PADDING		29
#define EVENT_TIME_EXTEND	30
#define EVENT_TIME_STAMP	31

/*
 * Every event header from @from to @end must step forward inside it:
 * the walk trusts the lengths, and a zero one would loop for ever
 * (found by fuzz_decoder).  True when the walk ends exactly at @end or
 * at a padding event that fills the rest.
 */
static bool events_walkable(const char *subbuf, long from, long end)
{
	uint32_t header, length;
	long pos = from, step;

	while (pos < end) {
		if (end - pos < 4)
			return false;
		memcpy(&header, subbuf + pos, 4);
		switch (header & 31) {
		case EVENT_TIME_EXTEND:
		case EVENT_TIME_STAMP:
			step = 8;
			break;
		case EVENT_PADDING:
			if (!(header >> 5))	/* the rest of the page */
				return true;
			/* else a length word follows, as for type 0 */
			/* fall through */
		case 0:
			if (end - pos < 8)
				return false;
			memcpy(&length, subbuf + pos + 4, 4);
			if (length < 4)
				return false;
			step = 4 + (long)length;
			break;
		default:
			step = 4 + (header & 31) * 4;
			break;
		}
		if (step > end - pos)
			return false;
		pos += step;
	}
	return true;
}

/* The record type: common_type, the first field of every record. */
static int record_type(const char *data, long size)
{
	uint16_t type;

	if (size < (long)sizeof(type))
		return -1;
	memcpy(&type, data, sizeof(type));
	return type;
}

/*
 * Hand each record of a sub-buffer that events_walkable() accepted to
 * @source, with its time stamp: a walk over the event headers, no
 * library call per record.
 */
static long decode_records(const char *subbuf, long from, long end, int cpu,
			   struct sample_source *source)
{
	uint32_t header, word;
	uint64_t ts;
	long pos = from, count = 0, size;
	const char *data;

	memcpy(&ts, subbuf, sizeof(ts));
	while (pos < end) {
		memcpy(&header, subbuf + pos, 4);
		switch (header & 31) {
		case EVENT_PADDING:
			if (!(header >> 5))
				return count;
			memcpy(&word, subbuf + pos + 4, 4);
			pos += 4 + (long)word;
			continue;
		case EVENT_TIME_EXTEND:
			memcpy(&word, subbuf + pos + 4, 4);
			ts += ((uint64_t)word << 27) + (header >> 5);
			pos += 8;
			continue;
		case EVENT_TIME_STAMP:
			memcpy(&word, subbuf + pos + 4, 4);
			ts = ((uint64_t)word << 27) + (header >> 5);
			pos += 8;
			continue;
		case 0:
			memcpy(&word, subbuf + pos + 4, 4);
			data = subbuf + pos + 8;
			size = (long)word - 4;
			pos += 4 + (long)word;
			break;
		default:
			data = subbuf + pos + 4;
			size = (header & 31) * 4;
			pos += 4 + size;
			break;
		}
		ts += header >> 5;
		sample_source_decode_at(source, record_type(data, size), data,
					size, cpu, ts);
		count++;
	}
	return count;
}

long reader_decode_subbuffer(struct trace_reader *reader, const void *data,
			     int len, int cpu, struct sample_source *source)
{
	char *start = reader->subbuf;
	long end, from;

	if (len < 0 || len > reader->subbuf_size)
		goto bad;
	if (data != reader->subbuf)
		memcpy(reader->subbuf, data, len);
	/* checked before the walk: every step stays inside the commit */
	end = committed(reader, len);
	from = sizeof(uint64_t) + commit_size(reader->tep);
	if (end < 0 || !events_walkable(start, from, end))
		goto bad;
	return decode_records(start, from, end, cpu, source);
bad:
	reader->bad_subbuffers++;
	errno = EBADMSG;
	return -1;
}

unsigned long reader_bad_subbuffers(const struct trace_reader *reader)
{
	return reader->bad_subbuffers;
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
			/* a damaged sub-buffer is counted and skipped */
			count = reader_decode_subbuffer(reader, reader->subbuf,
							size, cpu, source);
			if (count > 0)
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
