/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_READER_H
#define RTLA_READER_H

#include <stdint.h>

struct tep_handle;
struct tracefs_instance;
struct sample_source;

/* Load the record formats rtla decodes: the ftrace and osnoise systems. */
struct tep_handle *reader_load_formats(void);

/* Decode every record waiting in the instance's buffers. */
int reader_drain(struct tep_handle *tep, struct tracefs_instance *instance,
		 struct sample_source *source);

/* Records the ring buffer of @cpu overwrote or dropped. */
uint64_t reader_lost_events(struct tracefs_instance *instance, int cpu);

#endif
