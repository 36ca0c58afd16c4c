// SPDX-License-Identifier: GPL-2.0
/* timerlat monitor --record files (one JSON line a window) read back. */
#include <errno.h>
#include <json.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/input_stream.h"
#include "input/json_read.h"
#include "input/window_file.h"

/* Bounds that keep a corrupt file from asking for gigabytes. */
#define WINDOW_MAX_CPUS		4096
#define WINDOW_MAX_LINES	(1 << 20)
#define WINDOW_MAX_BYTES	((size_t)256 << 20)
#define WINDOW_MAX_LINE_BYTES	((size_t)16 << 20)

/* Would @lines windows of @cpus CPUs take more than the bound? */
static bool too_large(size_t lines, size_t cpus)
{
	return lines * cpus > WINDOW_MAX_BYTES / sizeof(struct window_cpu);
}

static int fail(char *why, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	json_read_vfail(why, size, fmt, ap);
	va_end(ap);
	return -1;
}

/* A whole number >= 0; -1 when @value is not one. */
static int as_u64(struct json_object *value, uint64_t *out)
{
	if (!json_object_is_type(value, json_type_int) ||
	    json_object_get_int64(value) < 0)
		return -1;
	*out = json_object_get_uint64(value);
	return 0;
}

static int as_index(const char *text, int max)
{
	char *end;
	long n;

	if (*text < '0' || *text > '9')
		return -1;
	errno = 0;
	n = strtol(text, &end, 10);
	return *end || errno || n >= max ? -1 : (int)n;
}

/* Room for @nr CPUs in every line of @series. */
static int grow_cpus(struct window_series *series, int nr)
{
	struct window_cpu *cpu;
	int i;

	for (i = 0; i < series->nr_lines; i++) {
		cpu = realloc(series->lines[i].cpu, nr * sizeof(*cpu));
		if (!cpu)
			return -1;
		memset(cpu + series->nr_cpus, 0,
		       (nr - series->nr_cpus) * sizeof(*cpu));
		series->lines[i].cpu = cpu;
	}
	series->nr_cpus = nr;
	return 0;
}

static int read_stats(struct json_object *obj, unsigned int ns_per_unit,
		      struct window_stats *s, char *why, size_t size)
{
	struct json_object *pct = json_member(obj, "percentiles"), *value;
	double avg;
	int i;

	if (!json_object_is_type(obj, json_type_object) ||
	    as_u64(json_member(obj, "count"), &s->count))
		return fail(why, size, "no count");
	if (as_u64(json_member(obj, "over"), &s->over))
		s->over = 0;
	if (!s->count)
		return 0;
	value = json_member(obj, "avg");
	if (as_u64(json_member(obj, "max"), &s->max) ||
	    !(json_object_is_type(value, json_type_double) ||
	      json_object_is_type(value, json_type_int)))
		return fail(why, size, "%llu samples but no max or avg",
			    (unsigned long long)s->count);
	avg = json_object_get_double(value);
	if (!(avg >= 0 && avg <= s->max))
		return fail(why, size, "avg %g is not within 0..max", avg);
	if (__builtin_mul_overflow(s->max, ns_per_unit, &s->max))
		return fail(why, size, "max past what rtla can count in ns");
	s->avg = avg * ns_per_unit;
	for (i = 0; i < NR_STANDARD_PERCENTILES; i++) {
		value = json_member(pct, standard_percentiles[i].name);
		s->pct_known[i] = !as_u64(value, &s->pct[i]);
		if (s->pct_known[i] &&
		    __builtin_mul_overflow(s->pct[i], ns_per_unit, &s->pct[i]))
			return fail(why, size, "%s past what rtla can count in ns",
				    standard_percentiles[i].name);
	}
	return 0;
}

static int read_cpu(struct json_object *obj, unsigned int ns_per_unit,
		    struct window_series *series, struct window_cpu *cpu,
		    char *why, size_t size)
{
	const struct tracer_desc *t = tracer_desc(TRACER_TIMERLAT);
	struct json_object *ctx;
	int c;

	if (!json_object_is_type(obj, json_type_object))
		return fail(why, size, "not an object");
	cpu->shown = true;
	if (as_u64(json_member(obj, "lost"), &cpu->lost))
		cpu->lost = 0;
	for (c = 0; c < t->nr_contexts; c++) {
		ctx = json_member(obj, t->contexts[c].key);
		if (!ctx)
			continue;
		if (read_stats(ctx, ns_per_unit,
			       &cpu->ctx[t->contexts[c].id], why, size))
			return -1;
		series->has_ctx[t->contexts[c].id] = true;
	}
	return 0;
}

static int read_line(struct json_object *root, struct window_series *series,
		     struct window_line *line, char *why, size_t size)
{
	struct json_object *unit = json_member(root, "unit");
	struct json_object *cpus = json_member(root, "cpus");
	const char *time = json_object_get_string(json_member(root, "time"));
	unsigned int ns_per_unit;
	char reason[128];
	struct tm tm;
	char *end;
	int cpu;

	memset(&tm, 0, sizeof(tm));
	end = time ? strptime(time, "%Y-%m-%dT%H:%M:%SZ", &tm) : NULL;
	if (!end || *end)
		return fail(why, size, "no \"time\" as 2026-12-06T04:00:00Z");
	line->end = timegm(&tm);
	if (!json_object_is_type(unit, json_type_string) ||
	    (strcmp(json_object_get_string(unit), "us") &&
	     strcmp(json_object_get_string(unit), "ns")))
		return fail(why, size, "\"unit\" is not us or ns");
	ns_per_unit = strcmp(json_object_get_string(unit), "ns") ? 1000 : 1;
	if (series->nr_lines > 1 && series->nano != (ns_per_unit == 1))
		return fail(why, size, "the files mix us and ns windows");
	series->nano = ns_per_unit == 1;
	if (!json_object_is_type(cpus, json_type_object))
		return fail(why, size, "no \"cpus\" object");
	json_object_object_foreach(cpus, key, value) {
		cpu = as_index(key, WINDOW_MAX_CPUS);
		if (cpu < 0)
			return fail(why, size, "CPU \"%s\" is not a CPU number",
				    key);
		if (cpu >= series->nr_cpus &&
		    too_large(series->nr_lines, cpu + 1))
			return fail(why, size, "CPU %d in %d windows: more than %zu MiB",
				    cpu, series->nr_lines,
				    WINDOW_MAX_BYTES >> 20);
		if (cpu >= series->nr_cpus && grow_cpus(series, cpu + 1))
			return fail(why, size, "out of memory");
		if (read_cpu(value, ns_per_unit, series, &line->cpu[cpu],
			     reason, sizeof(reason)))
			return fail(why, size, "CPU %d: %s", cpu, reason);
	}
	return 0;
}

int window_series_add_line(struct window_series *series, const char *text,
			   size_t len, char *why, size_t size)
{
	struct json_tokener *tok = json_tokener_new();
	struct json_object *root = NULL;
	struct window_line *lines, *line;
	int ret = -1;

	if (!tok)
		return fail(why, size, "out of memory");
	root = json_tokener_parse_ex(tok, text, len);
	if (!json_object_is_type(root, json_type_object) ||
	    tok->char_offset < (int)len) {
		fail(why, size, "not one JSON object");
		goto out;
	}
	if (series->nr_lines == WINDOW_MAX_LINES ||
	    too_large(series->nr_lines + 1, series->nr_cpus)) {
		fail(why, size, "more than %d windows or %zu MiB of them",
		     WINDOW_MAX_LINES, WINDOW_MAX_BYTES >> 20);
		goto out;
	}
	lines = realloc(series->lines,
			(series->nr_lines + 1) * sizeof(*lines));
	if (!lines) {
		fail(why, size, "out of memory");
		goto out;
	}
	series->lines = lines;
	line = &lines[series->nr_lines];
	line->seq = series->nr_lines;
	line->cpu = calloc(series->nr_cpus ? series->nr_cpus : 1,
			   sizeof(*line->cpu));
	if (!line->cpu) {
		fail(why, size, "out of memory");
		goto out;
	}
	/* counted first: a CPU the line adds grows it with the others */
	series->nr_lines++;
	ret = read_line(root, series, line, why, size);
	if (ret) {
		free(line->cpu);
		series->nr_lines--;
	}
out:
	json_object_put(root);
	json_tokener_free(tok);
	return ret;
}

/*
 * One line of @name (the @nr-th), newline and all, into @series.  A last
 * line without its newline that does not read, a window being written or
 * cut short, is skipped with a warning.
 */
static int add_file_line(struct window_series *series, const char *name,
			 size_t nr, char *text, size_t len, char *why,
			 size_t size)
{
	bool whole = len && text[len - 1] == '\n';
	char reason[192];

	while (len && (text[len - 1] == '\n' || text[len - 1] == '\r'))
		len--;
	if (!len)
		return 0;
	if (!window_series_add_line(series, text, len, reason, sizeof(reason)))
		return 0;
	if (!whole) {
		fprintf(stderr, "rtla: %s%sline %zu: an unfinished last line, skipped: %s\n",
			name ? name : "", name ? ": " : "", nr, reason);
		return 0;
	}
	if (!name)
		return fail(why, size, "line %zu: %s", nr, reason);
	return fail(why, size, "%s:%zu: %s", name, nr, reason);
}

int window_series_read_stream(FILE *f, const char *name, char *first,
			      struct window_series *series, char *why,
			      size_t size)
{
	size_t cap = 0, nr = 0;
	char *text = NULL;
	ssize_t len;
	int ret = 0;

	if (first)
		ret = add_file_line(series, name, ++nr, first, strlen(first),
				    why, size);
	while (!ret && (len = input_line(f, &text, &cap,
					 WINDOW_MAX_LINE_BYTES)) >= 0)
		ret = add_file_line(series, name, ++nr, text, len, why, size);
	if (!ret && len == -2)
		ret = fail(why, size, "%s%sline %zu: %s", name ? name : "",
			   name ? ": " : "", nr + 1,
			   errno == EFBIG ? "more than 16 MiB" : strerror(errno));
	free(text);
	return ret;
}

static int read_file(const char *path, struct window_series *series,
		     char *why, size_t size)
{
	char reason[128];
	FILE *f = input_open(path, reason, sizeof(reason));
	int ret;

	if (!f)
		return fail(why, size, "%s: %s", path, reason);
	ret = window_series_read_stream(f, path, NULL, series, why, size);
	input_close(f);
	return ret;
}

/* Oldest first; a file's own order for windows that ended together. */
static int by_time(const void *a, const void *b)
{
	const struct window_line *x = a, *y = b;

	if (x->end != y->end)
		return x->end < y->end ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

int window_series_finish(struct window_series *series, const char *name,
			 char *why, size_t size)
{
	if (!series->nr_lines) {
		window_series_free(series);
		if (!name)
			return fail(why, size, "no window");
		return fail(why, size, "%s: no window", name);
	}
	qsort(series->lines, series->nr_lines, sizeof(*series->lines),
	      by_time);
	return 0;
}

int window_series_read(const char *list, struct window_series *series,
		       char *why, size_t size)
{
	char *copy = strdup(list), *path, *save = NULL;
	int files = 0;

	memset(series, 0, sizeof(*series));
	if (!copy)
		return fail(why, size, "out of memory");
	for (path = strtok_r(copy, ",", &save); path;
	     path = strtok_r(NULL, ",", &save)) {
		if (++files > WINDOW_MAX_FILES) {
			fail(why, size, "more than %d files in one series",
			     WINDOW_MAX_FILES);
			goto fail;
		}
		if (read_file(path, series, why, size))
			goto fail;
	}
	free(copy);
	return window_series_finish(series, list, why, size);
fail:
	free(copy);
	window_series_free(series);
	return -1;
}

bool window_line_is_record(const char *text)
{
	struct json_object *root = json_tokener_parse(text);
	bool record;

	record = json_object_is_type(json_member(root, "time"), json_type_string) &&
		 json_object_is_type(json_member(root, "cpus"), json_type_object);
	json_object_put(root);
	return record;
}
