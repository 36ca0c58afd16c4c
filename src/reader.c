// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event-parse.h>
#include <tracefs.h>

#include "reader.h"
#include "source.h"

struct tep_handle *reader_load_formats(void)
{
	const char *systems[] = { "ftrace", "osnoise", NULL };

	return tracefs_local_events_system(NULL, systems);
}

static int decode_record(struct tep_event *event, struct tep_record *record,
			 int cpu, void *data)
{
	sample_source_decode(data, event->id, record->data, cpu);
	return 0;
}

int reader_drain(struct tep_handle *tep, struct tracefs_instance *instance,
		 struct sample_source *source)
{
	return tracefs_iterate_raw_events(tep, instance, NULL, 0,
					  decode_record, source);
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
