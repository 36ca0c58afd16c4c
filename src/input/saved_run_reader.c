// SPDX-License-Identifier: GPL-2.0
/* What the readers of rtla's and cyclictest's JSON reports share. */
#include <errno.h>
#include <json.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "input/json_read.h"
#include "input/saved_run_reader.h"

int saved_run_fail(struct saved_run_reader *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	json_read_vfail(r->why, r->size, fmt, ap);
	va_end(ap);
	return -1;
}

struct json_object *saved_run_member(struct json_object *obj,
				     const char *key)
{
	struct json_object *value = json_member(obj, key);

	return json_object_is_type(value, json_type_object) ? value : NULL;
}

/* A whole number >= 0 at @key; -1 when absent or not one. */
int saved_run_get_u64(struct json_object *obj, const char *key, uint64_t *out)
{
	struct json_object *value = json_member(obj, key);
	double d;

	if (json_object_is_type(value, json_type_int)) {
		if (json_object_get_int64(value) < 0)
			return -1;
		*out = json_object_get_uint64(value);
		return 0;
	}
	if (!json_object_is_type(value, json_type_double))
		return -1;
	d = json_object_get_double(value);
	if (!(d >= 0 && d < 1.8e19))
		return -1;
	*out = (uint64_t)d;
	return 0;
}

/* "12" as a whole number, or -1. */
int saved_run_parse_index(const char *text, uint64_t *out)
{
	char *end;

	if (*text < '0' || *text > '9')
		return -1;
	errno = 0;
	*out = strtoull(text, &end, 10);
	return *end || errno ? -1 : 0;
}

void saved_run_copy_string(char *dst, size_t size, struct json_object *value,
			   const char *fallback)
{
	snprintf(dst, size, "%s", json_object_is_type(value, json_type_string) ?
		 json_object_get_string(value) : fallback);
}

/* Add a JSON histogram (bucket value in display units: count) to @hist. */
int saved_run_read_buckets(struct saved_run_reader *r, struct json_object *buckets,
			   struct histogram *hist, uint64_t *total)
{
	uint64_t value, count, index;

	*total = 0;
	if (!buckets)
		return 0;
	if (!json_object_is_type(buckets, json_type_object))
		return saved_run_fail(r, "a histogram is not an object");
	json_object_object_foreach(buckets, key, jcount) {
		if (saved_run_parse_index(key, &value) ||
		    !json_object_is_type(jcount, json_type_int) ||
		    json_object_get_int64(jcount) < 0)
			return saved_run_fail(r, "histogram bucket \"%s\" is not a value and a count",
					      key);
		count = json_object_get_uint64(jcount);
		index = value / hist->bucket_size;
		if (!hist->entries || index >= hist->entries)
			return saved_run_fail(r, "histogram bucket %s lies past the histogram's %u entries",
					      key, hist->entries);
		if (__builtin_add_overflow(hist->buckets[index], count,
					   &hist->buckets[index]) ||
		    __builtin_add_overflow(*total, count, total))
			return saved_run_fail(r, "histogram bucket \"%s\": more samples than rtla can count",
					      key);
	}
	return 0;
}

int saved_run_check_size(struct saved_run_reader *r, int nr_cpus)
{
	const struct rtla_params *params = &r->run->params;
	uint64_t bytes = (uint64_t)nr_cpus * NR_CONTEXTS *
			 (params->mode == MODE_HIST ? params->entries : 0) * 8;

	if (bytes > SAVED_MAX_HIST_BYTES)
		return saved_run_fail(r, "%d CPUs of %u entries are more than rtla reads",
				      nr_cpus, params->entries);
	return 0;
}
