/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_SAVED_RUN_READER_H
#define RTLA_SAVED_RUN_READER_H

/*
 * What the readers of rtla's JSON report (saved_run.c) and cyclictest's
 * (saved_cyclictest.c) share, from saved_run_reader.c.
 */
#include <json.h>
#include <stddef.h>
#include <stdint.h>

#include "input/saved_run.h"

/* Bounds that keep a corrupt file from asking for gigabytes. */
#define SAVED_MAX_CPUS		4096
#define SAVED_MAX_ENTRIES	10000000

struct histogram;

struct saved_run_reader {
	struct saved_run *run;
	char *why;
	size_t size;
};

/* The reason into r->why: -1, for the readers to return. */
int saved_run_fail(struct saved_run_reader *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* @key of @obj when it is an object, else NULL. */
struct json_object *saved_run_member(struct json_object *obj, const char *key);
/* A whole number >= 0 at @key; -1 when absent or not one. */
int saved_run_get_u64(struct json_object *obj, const char *key, uint64_t *out);
/* "12" as a whole number, or -1. */
int saved_run_parse_index(const char *text, uint64_t *out);
/* @value's string into @dst, else @fallback. */
void saved_run_copy_string(char *dst, size_t size, struct json_object *value,
			   const char *fallback);
/* Add a JSON histogram (bucket value in display units: count) to @hist. */
int saved_run_read_buckets(struct saved_run_reader *r,
			   struct json_object *buckets,
			   struct histogram *hist, uint64_t *total);
/* -1 (said) when @nr_cpus or the histogram asks for too much memory. */
int saved_run_check_size(struct saved_run_reader *r, int nr_cpus);

/* cyclictest's report: its @threads into r->run. */
int saved_run_read_cyclictest(struct saved_run_reader *r,
			      struct json_object *root,
			      struct json_object *threads);

#endif
