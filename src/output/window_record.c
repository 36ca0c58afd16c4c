// SPDX-License-Identifier: GPL-2.0
/* --record: one JSON line per closed window, in size-capped rotated files. */
#include <errno.h>
#include <json.h>
#include <stdlib.h>
#include <string.h>

#include "output/json_hist.h"
#include "output/window_record.h"

/* Append to the file, its size known. */
static int open_file(struct window_record *record)
{
	long size;

	record->file = fopen(record->path, "ae");
	if (!record->file)
		return -1;
	if (fseek(record->file, 0, SEEK_END) ||
	    (size = ftell(record->file)) < 0) {
		fclose(record->file);
		record->file = NULL;
		return -1;
	}
	record->size = size;
	return 0;
}

int window_record_open(struct window_record *record, const char *path,
		       uint64_t max_bytes, unsigned int keep)
{
	memset(record, 0, sizeof(*record));
	record->path = strdup(path);
	if (!record->path)
		return -1;
	record->max_bytes = max_bytes;
	record->keep = keep;
	if (open_file(record)) {
		window_record_close(record);
		return -1;
	}
	return 0;
}

void window_record_close(struct window_record *record)
{
	if (record->file)
		fclose(record->file);
	record->file = NULL;
	free(record->path);
	record->path = NULL;
}

/* FILE.<n>, or FILE itself for 0. */
static void rotated_name(char *buf, size_t size, const char *path,
			 unsigned int n)
{
	if (n)
		snprintf(buf, size, "%s.%u", path, n);
	else
		snprintf(buf, size, "%s", path);
}

/* Shift FILE.<keep-1> .. FILE to FILE.<keep> .. FILE.1; a new FILE. */
static int rotate(struct window_record *record)
{
	size_t len = strlen(record->path) + 16;
	char from[len], to[len];
	unsigned int n;

	int closed = fclose(record->file);

	record->file = NULL;
	if (closed)
		return -1;
	for (n = record->keep; n > 0; n--) {
		rotated_name(from, len, record->path, n - 1);
		rotated_name(to, len, record->path, n);
		if (rename(from, to) && errno != ENOENT)
			return -1;
	}
	/* keep 0: the file is emptied ("w"); otherwise it was renamed */
	record->file = fopen(record->path, "we");
	if (!record->file)
		return -1;
	record->size = 0;
	return 0;
}

static struct json_object *u64(uint64_t value)
{
	return json_object_new_uint64(value);
}

static struct json_object *context_object(const struct histogram *hist)
{
	struct json_object *obj = json_object_new_object();
	const struct series_stats *s = &hist->stats;

	json_object_object_add(obj, "count", u64(s->count));
	json_object_object_add(obj, "max", s->count ? u64(s->max) : NULL);
	json_object_object_add(obj, "avg", s->count ?
			       json_object_new_double((double)s->sum / s->count) :
			       NULL);
	json_object_object_add(obj, "percentiles", json_percentiles(hist));
	json_object_object_add(obj, "over", u64(hist->over));
	return obj;
}

static struct json_object *window_object(const struct rtla_results *window,
					 const struct context_desc *const *contexts,
					 int nr, time_t end)
{
	struct json_object *line = json_object_new_object(), *cpus, *cpu_obj;
	char stamp[32], key[16];
	struct tm tm;
	int cpu, c;

	gmtime_r(&end, &tm);
	strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%SZ", &tm);
	json_object_object_add(line, "time", json_object_new_string(stamp));
	json_object_object_add(line, "unit", json_object_new_string(
		window->divisor == 1 ? "ns" : "us"));
	cpus = json_object_new_object();
	for (cpu = 0; cpu < window->nr_cpus; cpu++) {
		if (!results_cpu_shown(window, cpu))
			continue;
		cpu_obj = json_object_new_object();
		for (c = 0; c < nr; c++)
			json_object_object_add(cpu_obj, contexts[c]->key,
				context_object(&window->cpu[cpu].hist[contexts[c]->id]));
		json_object_object_add(cpu_obj, "lost",
				       u64(window->cpu[cpu].lost_events));
		snprintf(key, sizeof(key), "%d", cpu);
		json_object_object_add(cpus, key, cpu_obj);
	}
	json_object_object_add(line, "cpus", cpus);
	return line;
}

int window_record_write(struct window_record *record,
			const struct rtla_results *window,
			const struct context_desc *const *contexts, int nr,
			time_t end)
{
	struct json_object *line;
	const char *text;
	size_t len;
	int ret = -1;

	/* a rotation failed before: try the file again */
	if (!record->file && open_file(record))
		return -1;
	line = window_object(window, contexts, nr, end);
	text = json_object_to_json_string_ext(line, JSON_C_TO_STRING_PLAIN);
	len = strlen(text) + 1;
	if (record->size && record->size + len > record->max_bytes &&
	    rotate(record))
		goto out;
	if (fprintf(record->file, "%s\n", text) < 0 || fflush(record->file))
		goto out;
	record->size += len;
	ret = 0;
out:
	json_object_put(line);
	return ret;
}
