// SPDX-License-Identifier: GPL-2.0
/* --record: one JSON line per window, capped and rotated. */
#include "testutil.h"

#include "layout_helper.h"

#include <errno.h>
#include <json.h>
#include <sys/stat.h>

#include "input/window_file.h"
#include "output/window_record.h"

struct fixture {
	char dir[64];
	char path[96];
	struct rtla_params params;
	struct rtla_results window;
	const struct context_desc *shown[NR_CONTEXTS];
	int nr_shown;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	int i;

	snprintf(f->dir, sizeof(f->dir), "/tmp/rtla-record-XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	snprintf(f->path, sizeof(f->path), "%s/windows.jsonl", f->dir);
	params_alloc(&f->params, TRACER_TIMERLAT, MODE_HIST);
	f->params.hist.entries = 100;
	CPU_SET(1, &f->params.threads.cpu_set);
	assert_int_equal(results_alloc_params(&f->window, &f->params, 2), 0);
	for (i = 0; i < 999; i++)
		histogram_add(&f->window.cpu[1].hist[CTX_THREAD], 10);
	histogram_add(&f->window.cpu[1].hist[CTX_THREAD], 400);
	histogram_add(&f->window.cpu[1].hist[CTX_IRQ], 3);
	f->window.cpu[1].lost_events = 2;
	f->nr_shown = tracer_shown_contexts(&f->params, f->shown);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	char cmd[128];

	results_free(&f->window);
	params_free(&f->params);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", f->dir);
	assert_int_equal(system(cmd), 0);
	free(f);
	return 0;
}

static char *slurp(const char *path)
{
	char *text = NULL;
	size_t size = 0;
	FILE *in = fopen(path, "r");

	if (!in)
		return NULL;
	if (getdelim(&text, &size, '\0', in) < 0) {
		free(text);
		text = strdup("");
	}
	fclose(in);
	return text;
}

static int64_t int_at(struct json_object *obj, const char *a, const char *b,
		      const char *c)
{
	struct json_object *v = obj;

	assert_true(json_object_object_get_ex(v, a, &v));
	if (b)
		assert_true(json_object_object_get_ex(v, b, &v));
	if (c)
		assert_true(json_object_object_get_ex(v, c, &v));
	return json_object_get_int64(v);
}

static void test_record_line(void **state)
{
	struct fixture *f = *state;
	struct json_object *line, *cpu, *v;
	struct window_record record;
	char *text;

	assert_int_equal(window_record_open(&record, f->path, 1 << 20, 3), 0);
	assert_int_equal(window_record_write(&record, &f->window, f->shown,
					     f->nr_shown, 1700000000), 0);
	window_record_close(&record);
	window_record_close(&record);

	text = slurp(f->path);
	assert_non_null(text);
	/* one line, newline-terminated */
	assert_non_null(strchr(text, '\n'));
	assert_int_equal(strchr(text, '\n') - text + 1, strlen(text));
	line = json_tokener_parse(text);
	assert_non_null(line);
	assert_true(json_object_object_get_ex(line, "time", &v));
	assert_string_equal(json_object_get_string(v), "2023-11-14T22:13:20Z");
	assert_true(json_object_object_get_ex(line, "unit", &v));
	assert_string_equal(json_object_get_string(v), "us");
	assert_true(json_object_object_get_ex(line, "cpus", &cpu));
	/* CPU 0 is not measured */
	assert_false(json_object_object_get_ex(cpu, "0", NULL));
	assert_int_equal(int_at(cpu, "1", "thread", "count"), 1000);
	assert_int_equal(int_at(cpu, "1", "thread", "max"), 400);
	assert_int_equal(int_at(cpu, "1", "thread", "over"), 1);
	assert_int_equal(int_at(cpu, "1", "irq", "count"), 1);
	assert_int_equal(int_at(cpu, "1", "lost", NULL), 2);
	assert_true(json_object_object_get_ex(cpu, "1", &v));
	assert_true(json_object_object_get_ex(v, "thread", &v));
	assert_true(json_object_object_get_ex(v, "avg", &v));
	assert_true(json_object_get_double(v) == 10.39);
	assert_true(json_object_object_get_ex(cpu, "1", &v));
	assert_true(json_object_object_get_ex(v, "thread", &v));
	assert_true(json_object_object_get_ex(v, "percentiles", &v));
	assert_int_equal(int_at(v, "p99.9", NULL, NULL), 10);
	/* rank 1000 of 1000 is the one over the histogram: unknown */
	assert_true(json_object_object_get_ex(v, "p99.99", &v));
	assert_null(v);
	assert_false(json_object_object_get_ex(cpu, "1", &v) &&
		     json_object_object_get_ex(v, "user", NULL));
	json_object_put(line);
	free(text);
}

static size_t lines_in(const char *path)
{
	char *text = slurp(path), *p;
	size_t n = 0;

	if (!text)
		return 0;
	for (p = text; *p; p++)
		n += *p == '\n';
	free(text);
	return n;
}

static bool exists(const char *path)
{
	struct stat st;

	return !stat(path, &st);
}

static uint64_t size_of(const char *path)
{
	struct stat st;

	assert_int_equal(stat(path, &st), 0);
	return st.st_size;
}

static void assert_in_file(const char *path, const char *text, bool in)
{
	char *all = slurp(path);

	assert_non_null(all);
	if ((strstr(all, text) != NULL) != in)
		fail_msg("%s %s %s", path, in ? "lacks" : "has", text);
	free(all);
}

/* @n windows written to a record reopened with @max_bytes and @keep. */
static void write_windows(struct fixture *f, uint64_t max_bytes,
			  unsigned int keep, int n, time_t first)
{
	struct window_record record;
	int i;

	assert_int_equal(window_record_open(&record, f->path, max_bytes,
					    keep), 0);
	for (i = 0; i < n; i++)
		assert_int_equal(window_record_write(&record, &f->window,
						     f->shown, f->nr_shown,
						     first + i), 0);
	window_record_close(&record);
}

/* The lines of FILE.<n> (FILE for 0); -1 when it does not exist. */
static int lines_of(struct fixture *f, unsigned int n)
{
	char name[128];

	if (n)
		snprintf(name, sizeof(name), "%s.%u", f->path, n);
	else
		snprintf(name, sizeof(name), "%s", f->path);
	return exists(name) ? (int)lines_in(name) : -1;
}

static void test_record_rotation(void **state)
{
	struct fixture *f = *state;
	char name[128];
	uint64_t line;

	/* the size of one line, to set the cap at two lines and a half */
	write_windows(f, 1 << 20, 2, 1, 1700000000);
	line = size_of(f->path);
	assert_int_equal(unlink(f->path), 0);

	write_windows(f, line * 5 / 2, 2, 4, 1700000000);
	/* lines 1, 2 in .1; lines 3, 4 in the file */
	assert_int_equal(lines_of(f, 0), 2);
	assert_int_equal(lines_of(f, 1), 2);
	assert_int_equal(lines_of(f, 2), -1);

	/* reopened: the size already there counts */
	write_windows(f, line * 5 / 2, 2, 4, 1700000010);
	/* 8 lines: 7, 8 in the file, 5, 6 in .1, 3, 4 in .2; 1, 2 gone */
	assert_int_equal(lines_of(f, 0), 2);
	assert_int_equal(lines_of(f, 1), 2);
	assert_int_equal(lines_of(f, 2), 2);
	assert_int_equal(lines_of(f, 3), -1);
	snprintf(name, sizeof(name), "%s.2", f->path);
	assert_in_file(name, "\"2023-11-14T22:13:22Z\"", true);
	assert_in_file(name, "\"2023-11-14T22:13:20Z\"", false);
	assert_in_file(f->path, "\"2023-11-14T22:13:33Z\"", true);
	assert_true(size_of(f->path) <= line * 5 / 2);
}

static void test_record_keep_none(void **state)
{
	struct fixture *f = *state;

	write_windows(f, 10, 0, 3, 1700000000);
	/* a line larger than the cap is written alone; nothing kept */
	assert_int_equal(lines_of(f, 0), 1);
	assert_int_equal(lines_of(f, 1), -1);
}

static void test_record_open_fails(void **state)
{
	struct window_record record;

	assert_int_equal(window_record_open(&record, "/nonexistent/dir/w.jsonl",
					    100, 1), -1);
	assert_int_equal(errno, ENOENT);
	assert_null(record.path);
	assert_int_equal(record.fd, -1);
}

/* The bytes a wrapped write() lets through, -1: all of them. */
static ssize_t write_room = -1;

ssize_t __real_write(int fd, const void *buf, size_t count);
ssize_t __wrap_write(int fd, const void *buf, size_t count);

/* write(), short when write_room says so (a full disk) */
ssize_t __wrap_write(int fd, const void *buf, size_t count)
{
	if (write_room >= 0 && count > (size_t)write_room)
		count = write_room;
	return __real_write(fd, buf, count);
}

static void write_one(struct fixture *f, struct window_record *record,
		      time_t end, int want)
{
	assert_int_equal(window_record_write(record, &f->window, f->shown,
					     f->nr_shown, end), want);
}

/* Every line of @path is a JSON object of its own; how many. */
static int json_lines(const char *path)
{
	char *text = slurp(path), *line, *save = NULL;
	struct json_object *obj;
	int n = 0;

	assert_non_null(text);
	assert_true(!*text || text[strlen(text) - 1] == '\n');
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save), n++) {
		obj = json_tokener_parse(line);
		if (!json_object_is_type(obj, json_type_object))
			fail_msg("line %d is not a JSON object: %.40s", n + 1, line);
		json_object_put(obj);
	}
	free(text);
	return n;
}

/* A write cut short (ENOSPC) leaves no torn line to glue to the next. */
static void test_record_short_write(void **state)
{
	struct fixture *f = *state;
	struct window_record record;
	uint64_t whole;

	assert_int_equal(window_record_open(&record, f->path, 1 << 20, 1), 0);
	write_one(f, &record, 1700000000, 0);
	whole = size_of(f->path);
	write_room = 20;
	write_one(f, &record, 1700000001, -1);
	write_room = -1;
	assert_int_equal(errno, ENOSPC);
	assert_int_equal(size_of(f->path), whole);
	write_one(f, &record, 1700000002, 0);
	window_record_close(&record);
	assert_int_equal(json_lines(f->path), 2);
	assert_in_file(f->path, "\"2023-11-14T22:13:21Z\"", false);
}

/* @text appended to the file at @path, as another writer would */
static void append_text(const char *path, const char *text)
{
	FILE *out = fopen(path, "a");

	assert_non_null(out);
	fputs(text, out);
	fclose(out);
}

/* A line cut short before (a crash) is cut off when the file is opened. */
static void test_record_torn_before(void **state)
{
	struct fixture *f = *state;

	write_windows(f, 1 << 20, 1, 1, 1700000000);
	append_text(f->path, "{\"time\":\"2023-11");
	write_windows(f, 1 << 20, 1, 1, 1700000001);
	assert_int_equal(json_lines(f->path), 2);
}

/*
 * What was planted at the path since the start-up check: rtla (root)
 * appends to none of it; @make plants it, -1 with errno @want.
 */
static void expect_refused_at(struct fixture *f, int (*make)(const char *,
			      const char *), int want)
{
	struct window_record record;
	char target[128];

	snprintf(target, sizeof(target), "%s/victim", f->dir);
	write_windows(f, 1 << 20, 1, 0, 0);
	assert_int_equal(rename(f->path, target), 0);
	assert_int_equal(make(target, f->path), 0);
	assert_int_equal(window_record_open(&record, f->path, 1 << 20, 1), -1);
	assert_int_equal(errno, want);
	assert_int_equal(size_of(target), 0);
}

static int fifo_at(const char *target, const char *path)
{
	(void)target;
	return mkfifo(path, 0600);
}

static void test_record_planted(void **state)
{
	struct fixture *f = *state;

	expect_refused_at(f, symlink, ELOOP);
	assert_int_equal(unlink(f->path), 0);
	expect_refused_at(f, link, EMLINK);
	assert_int_equal(unlink(f->path), 0);
	expect_refused_at(f, fifo_at, EINVAL);
}

/* Readers of a live file skip its last line, half written. */
static void test_record_read_live(void **state)
{
	struct fixture *f = *state;
	struct window_series series;
	char why[256];

	write_windows(f, 1 << 20, 1, 2, 1700000000);
	append_text(f->path, "{\"time\":\"2023-11-14T22:13:22Z\",\"unit\":\"us\",\"cpus\":{\"1\":");
	if (window_series_read(f->path, &series, why, sizeof(why)))
		fail_msg("%s", why);
	assert_int_equal(series.nr_lines, 2);
	window_series_free(&series);

	/* a torn line before the last is refused */
	append_text(f->path, "\n");
	write_windows(f, 1 << 20, 1, 1, 1700000003);
	assert_int_equal(window_series_read(f->path, &series, why, sizeof(why)),
			 -1);
	assert_non_null(strstr(why, ":3: not one JSON object"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_record_line, setup, teardown),
		cmocka_unit_test_setup_teardown(test_record_rotation, setup, teardown),
		cmocka_unit_test_setup_teardown(test_record_keep_none, setup, teardown),
		cmocka_unit_test(test_record_open_fails),
		cmocka_unit_test_setup_teardown(test_record_short_write, setup, teardown),
		cmocka_unit_test_setup_teardown(test_record_torn_before, setup, teardown),
		cmocka_unit_test_setup_teardown(test_record_planted, setup, teardown),
		cmocka_unit_test_setup_teardown(test_record_read_live, setup, teardown),
	};

	return RUN_SUITE("window_record", tests);
}
