/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_READER_H
#define RTLA_READER_H

#include <stdint.h>

struct tep_handle;
struct tracefs_instance;
struct sample_source;
struct trace_reader;

/* Load the record formats rtla decodes: ftrace, osnoise and sched. */
struct tep_handle *reader_load_formats(void);
/* Just one event's format (the BPF collector's field offsets), or NULL. */
struct tep_handle *reader_load_format(const char *system, const char *name);

/*
 * Keep the trace_pipe_raw files of CPUs 0..@nr_cpus-1 of @instance open
 * for the whole run, with one sub-buffer for them all.
 * NULL, with errno set, when not one of them opens.
 */
struct trace_reader *reader_open(struct tep_handle *tep,
				 struct tracefs_instance *instance,
				 int nr_cpus);
void reader_close(struct trace_reader *reader);

/* Decode every record waiting in the buffers; the number decoded, or -1. */
long reader_drain(struct trace_reader *reader, struct sample_source *source);

/*
 * Decode the records of one ring-buffer sub-buffer of @len bytes read
 * from @cpu.  Nothing past @len is read: a sub-buffer whose header claims
 * more, or larger than a read returns, is counted as bad and gives -1
 * (errno EBADMSG); a record running past the commit ends the decoding.
 */
long reader_decode_subbuffer(struct trace_reader *reader, const void *data,
			     int len, int cpu, struct sample_source *source);

/* Sub-buffers refused as damaged so far. */
unsigned long reader_bad_subbuffers(const struct trace_reader *reader);

/*
 * A reader that decodes sub-buffers handed to it (of @subbuf_size bytes at
 * most) without reading any CPU: for tests and fuzzing.
 */
struct trace_reader *reader_alloc_detached(struct tep_handle *tep,
					   int subbuf_size);

/* A timerlat record in the ring buffer, header and time extend included */
#define READER_RECORD_BYTES	48
/* the shortest wait between two reads */
#define READER_POLL_MIN_NS	10000000L

/*
 * How often a per-CPU ring buffer of @buffer_bytes must be read when
 * each CPU writes @records_per_period records every @period_us: a quarter
 * of the buffer fills between two reads, never more than once a second,
 * never less than READER_POLL_MIN_NS.
 */
long reader_poll_interval_ns(uint64_t buffer_bytes, uint64_t period_us,
			     unsigned int records_per_period);

/* Records the ring buffer of @cpu overwrote or dropped. */
uint64_t reader_lost_events(struct tracefs_instance *instance, int cpu);

#endif
