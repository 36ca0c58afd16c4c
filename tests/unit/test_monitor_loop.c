// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat monitor's loop on a fake collector and a fake clock: windows
 * closed on time, hits counted and traced past, the unmeasured time, and
 * the exposition fed by the collector's snapshot.
 */
#include "testutil.h"

#include "layout_helper.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include "fake_collector.h"
#include "model/results_delta.h"
#include "run/monitor.h"
#include "run/run.h"

#define MS	1000000ULL
#define SEC	1000000000ULL

/* Where a case's --record and --textfile go. */
static char dir[32], record[64], textfile[64];

static int loop_setup(void **state)
{
	struct fake_run *loop = calloc(1, sizeof(*loop));

	assert_non_null(loop);
	fake_run_init(loop, &timerlat_monitor_tool);
	loop->params.interval_s = 1;
	strcpy(dir, "/tmp/rtla-monitor-XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(record, sizeof(record), "%s/windows.jsonl", dir);
	snprintf(textfile, sizeof(textfile), "%s/rtla.prom", dir);
	*state = loop;
	return 0;
}

static int loop_teardown(void **state)
{
	fake_run_free(*state);
	free(*state);
	unlink(record);
	unlink(textfile);
	rmdir(dir);
	return 0;
}

/* Append @calls to @want, @times times. */
static void expect(char *want, const char *calls, int times)
{
	while (times-- > 0)
		strcat(want, calls);
}

/* The lines of @path, each at most 4 KiB, into @lines; how many. */
static int read_lines(const char *path, char lines[][4096], int max)
{
	FILE *f = fopen(path, "r");
	int n = 0;

	assert_non_null(f);
	while (n < max && fgets(lines[n], sizeof(lines[n]), f))
		n++;
	fclose(f);
	return n;
}

/* The number after "@name " in the file at @path, or -1. */
static double metric(const char *path, const char *name)
{
	char line[512];
	double value = -1;
	size_t len = strlen(name);
	FILE *f = fopen(path, "r");

	assert_non_null(f);
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, name, len) && line[len] == ' ')
			value = strtod(line + len + 1, NULL);
	fclose(f);
	return value;
}

#define END	"fSdcl"		/* freeze, stop, the last drain and reads */
#define CLOSE	"sl"		/* a window closed: snapshot, losses */
#define WANT_LEN	512

/* A window every second, on the second; the last one at the end. */
static void test_windows_close_on_time(void **state)
{
	struct fake_run *loop = *state;
	char want[WANT_LEN] = "", lines[8][4096];

	loop->params.record_file = strdup(record);
	loop->fake.signal_at_ns = 3450 * MS;
	loop->fake.signal = SIGTERM;
	assert_int_equal(run_monitor(&loop->run), 0);
	expect(want, "wd", 10);
	expect(want, CLOSE, 1);
	expect(want, "wd", 10);
	expect(want, CLOSE, 1);
	expect(want, "wd", 10);
	expect(want, CLOSE, 1);
	expect(want, "wd", 5);
	expect(want, END, 1);
	assert_string_equal(loop->fake.calls, want);
	assert_int_equal(loop->fake.stopped_at_ns, 3500 * MS);
	/* three whole windows of 10 samples, then 3.1 s to the end: 6 */
	assert_int_equal(read_lines(record, lines, 8), 4);
	assert_non_null(strstr(lines[0], "\"irq\":{\"count\":10,"));
	assert_non_null(strstr(lines[1], "\"irq\":{\"count\":10,"));
	assert_non_null(strstr(lines[2], "\"irq\":{\"count\":10,"));
	assert_non_null(strstr(lines[3], "\"irq\":{\"count\":6,"));
	assert_int_equal(loop->run.results.cpu[0].hist[CTX_IRQ].stats.count,
			 36);
	assert_int_equal(loop->run.results.elapsed_s, 3);
	/* nothing periodic on the terminal */
	assert_string_equal(fake_run_text(loop), "");
}

/* -d ends it at the duration, between two windows. */
static void test_duration(void **state)
{
	struct fake_run *loop = *state;
	char want[WANT_LEN] = "";

	loop->params.duration_s = 2;
	loop->params.interval_s = 3;
	assert_int_equal(run_monitor(&loop->run), 0);
	expect(want, "wd", 20);
	expect(want, END, 1);
	assert_string_equal(loop->fake.calls, want);
	assert_int_equal(loop->fake.stopped_at_ns, 2 * SEC);
	assert_int_equal(run_stop_requested, 0);
}

/* Each hit is counted and logged, its actions run, tracing goes on. */
static void test_hits_rearmed(void **state)
{
	struct fake_run *loop = *state;
	char want[WANT_LEN] = "";
	const char *why = NULL, *text;

	loop->on_threshold.count = 1;
	assert_int_equal(action_parse("continue", &loop->on_threshold.item[0],
				      &why), 0);
	run_actions_init(&loop->run.on_threshold, &loop->on_threshold);
	loop->fake.hit_at_ns[0] = 1250 * MS;
	loop->fake.hit_at_ns[1] = 2550 * MS;
	loop->fake.signal_at_ns = 3450 * MS;
	loop->fake.signal = SIGINT;
	assert_int_equal(run_monitor(&loop->run), 0);
	expect(want, "wd", 10);
	expect(want, CLOSE, 1);
	expect(want, "wd", 3);
	expect(want, "r", 1);
	expect(want, "wd", 7);
	expect(want, CLOSE, 1);
	expect(want, "wd", 6);
	expect(want, "r", 1);
	expect(want, "wd", 4);
	expect(want, CLOSE, 1);
	expect(want, "wd", 5);
	expect(want, END, 1);
	assert_string_equal(loop->fake.calls, want);
	assert_int_equal(loop->run.results.threshold_hits, 2);
	assert_false(loop->run.results.stopped);
	assert_int_equal(loop->run.on_threshold.item[0].runs, 2);
	/* samples went on after each hit: every drain's is there */
	assert_int_equal(loop->run.results.cpu[0].hist[CTX_IRQ].stats.count,
			 36);
	text = fake_run_text(loop);
	assert_non_null(strstr(text, "timerlat hit stop tracing (hit 1); tracing again\n"));
	assert_non_null(strstr(text, "timerlat hit stop tracing (hit 2); tracing again\n"));
	/* a timestamp begins the block: 2026-12-06T01:02:03+0000 */
	assert_true(text[4] == '-' && text[10] == 'T');
}

/*
 * From the last look that saw tracing on to tracing again is a counter:
 * hits at 250 and 1550 ms, seen at 300 and 1600 (on at 200 and 1500),
 * tracing again 30 ms later: 2 x 130 ms.
 */
static void test_unmeasured_time(void **state)
{
	struct fake_run *loop = *state;

	loop->params.textfile = strdup(textfile);
	loop->fake.resume_ns = 30 * MS;
	loop->fake.hit_at_ns[0] = 250 * MS;
	loop->fake.hit_at_ns[1] = 1550 * MS;
	loop->fake.signal_at_ns = 2450 * MS;
	loop->fake.signal = SIGTERM;
	assert_int_equal(run_monitor(&loop->run), 0);
	assert_int_equal(loop->run.results.threshold_hits, 2);
	assert_true(metric(textfile, "rtla_unmeasured_seconds_total") ==
		    0.26);
	assert_true(metric(textfile, "rtla_timerlat_threshold_hits_total") ==
		    2);
}

static char *slurp(const char *path)
{
	char *text = NULL;
	size_t size = 0;
	FILE *in = fopen(path, "r");

	assert_non_null(in);
	if (getdelim(&text, &size, '\0', in) < 0) {
		free(text);
		text = strdup("");
	}
	fclose(in);
	return text;
}

/*
 * A --textfile that cannot be written: said once, not every window, and
 * the run ends with status 1.
 */
static void test_textfile_unwritable(void **state)
{
	struct fake_run *loop = *state;
	char err_path[64], *said, *at;
	int saved, fd, lines = 0;

	loop->params.textfile = strdup("/nonexistent/rtla.prom");
	loop->fake.signal_at_ns = 2450 * MS;
	loop->fake.signal = SIGTERM;
	snprintf(err_path, sizeof(err_path), "%s/stderr", dir);
	fflush(stderr);
	saved = dup(2);
	fd = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(saved >= 0 && fd >= 0);
	dup2(fd, 2);
	close(fd);
	assert_int_equal(run_monitor(&loop->run), 0);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	assert_int_equal(loop->run.textfile_errno, ENOENT);
	assert_int_equal(run_finish(&loop->run), RTLA_EXIT_ERROR);
	said = slurp(err_path);
	unlink(err_path);
	for (at = said; (at = strstr(at, "cannot write")); at++)
		lines++;
	if (lines != 1)
		fail_msg("said %d times: %s", lines, said);
	free(said);
}

/* A scrape of @m in @format: CPU 0's IRQ _count in it. */
static int scraped_count(struct monitor *m, enum prom_format format)
{
	const char *count =
		"rtla_timerlat_latency_seconds_count{cpu=\"0\",context=\"irq\"} ";
	struct capture out;
	char *at;
	int value;

	capture_open(&out);
	assert_int_equal(monitor_render(m, format, out.stream), 0);
	capture_close(&out);
	assert_non_null(strstr(out.text, "collector=\"tracefs\""));
	at = strstr(out.text, count);
	assert_non_null(at);
	value = atoi(at + strlen(count));
	free(out.text);
	return value;
}

/* A scrape shows what the kernel counted up to it, not the last drain. */
static void test_snapshot_feeds_exposition(void **state)
{
	struct timespec half = { 0, 500 * MS }, some = { 0, 300 * MS };
	struct fake_run *loop = *state;
	struct monitor m;

	loop->fake.in_kernel = true;
	assert_int_equal(monitor_open(&m, &loop->run), 0);
	nanosleep(&half, NULL);
	assert_int_equal(scraped_count(&m, PROM_TEXT), 5);
	nanosleep(&some, NULL);
	assert_int_equal(scraped_count(&m, PROM_OPENMETRICS), 8);
	monitor_close(&m);
	monitor_close(&m);
}

/* Each hit's trace gets its own name; only the last ones are kept. */
static void test_keep_traces(void **state)
{
	char path[96], name[128], text[16];
	uint64_t hit;
	FILE *f;

	snprintf(path, sizeof(path), "%s/hit.txt", dir);
	for (hit = 1; hit <= 5; hit++) {
		f = fopen(path, "w");
		assert_non_null(f);
		fprintf(f, "hit %d", (int)hit);
		fclose(f);
		assert_int_equal(monitor_keep_trace(path, hit, 3), 0);
	}
	/* a hit that saved nothing */
	assert_int_equal(monitor_keep_trace(path, 6, 3), 0);
	assert_int_equal(access(path, F_OK), -1);
	for (hit = 1; hit <= 6; hit++) {
		snprintf(name, sizeof(name), "%s.%d", path, (int)hit);
		if (hit < 4 || hit == 6) {
			assert_int_equal(access(name, F_OK), -1);
			continue;
		}
		f = fopen(name, "r");
		assert_non_null(f);
		assert_non_null(fgets(text, sizeof(text), f));
		fclose(f);
		assert_int_equal(atoi(text + 4), hit);
		unlink(name);
	}
}

/* A trace.dat keeps its suffix: hit.N.dat, which trace-cmd's tools open. */
static void test_keep_traces_dat(void **state)
{
	char path[96], name[128];
	uint64_t hit;
	FILE *f;

	snprintf(path, sizeof(path), "%s/hit.dat", dir);
	for (hit = 1; hit <= 3; hit++) {
		f = fopen(path, "w");
		assert_non_null(f);
		fclose(f);
		assert_int_equal(monitor_keep_trace(path, hit, 2), 0);
	}
	snprintf(name, sizeof(name), "%s/hit.1.dat", dir);
	assert_int_equal(access(name, F_OK), -1);
	for (hit = 2; hit <= 3; hit++) {
		snprintf(name, sizeof(name), "%s/hit.%d.dat", dir, (int)hit);
		assert_int_equal(access(name, F_OK), 0);
		unlink(name);
	}
}

/* A window is what the totals gained; its extremes its own. */
static void test_results_delta(void **state)
{
	struct fake_run *loop = *state;
	struct rtla_results before, window, *now = &loop->run.results;
	struct histogram *irq = &now->cpu[0].hist[CTX_IRQ];
	struct histogram *win;

	assert_int_equal(results_alloc_params(&before, &loop->params, 1), 0);
	assert_int_equal(results_alloc_params(&window, &loop->params, 1), 0);
	win = &window.cpu[0].hist[CTX_IRQ];
	histogram_add(irq, 40);
	histogram_add(irq, 3);
	results_copy(&before, now);
	results_window_restart(now);
	/* below the max so far */
	histogram_add(irq, 7);
	histogram_add(irq, 5);
	results_delta(&window, now, &before);
	assert_int_equal(win->stats.count, 2);
	assert_int_equal(win->stats.max, 7);
	assert_int_equal(win->stats.min, 5);
	assert_int_equal(win->stats.sum, 12);
	assert_int_equal(win->buckets[7], 1);
	assert_int_equal(win->buckets[40], 0);
	/* a new max is the window's, exactly; past the buckets too */
	results_copy(&before, now);
	results_window_restart(now);
	histogram_add(irq, 300);
	histogram_add(irq, 9);
	results_delta(&window, now, &before);
	assert_int_equal(win->stats.count, 2);
	assert_int_equal(win->stats.max, 300);
	assert_int_equal(win->over, 1);
	/*
	 * past the buckets but below the max so far: the window's own max,
	 * not the max since the start; its min from its own samples too
	 */
	results_copy(&before, now);
	results_window_restart(now);
	histogram_add(irq, 270);
	histogram_add(irq, 280);
	results_delta(&window, now, &before);
	assert_int_equal(win->stats.count, 2);
	assert_int_equal(win->over, 2);
	assert_int_equal(win->stats.max, 280);
	assert_int_equal(win->stats.min, 270);
	/* nothing new: an empty window */
	results_copy(&before, now);
	results_window_restart(now);
	results_delta(&window, now, &before);
	assert_int_equal(win->stats.count, 0);
	assert_int_equal(win->stats.max, 0);
	results_free(&before);
	results_free(&window);
}

/*
 * A disturber in the second window: samples of 5 ms, past the histogram;
 * one of 2 ms in the third.  Each window's max is its own: large while
 * it ran, down again after, though the third has a sample past the
 * buckets too.
 */
static void test_window_max_comes_back(void **state)
{
	struct fake_run *loop = *state;
	char lines[8][4096];

	loop->params.record_file = strdup(record);
	loop->fake.spike[0] = (struct fake_spike){ 5 * MS, 1050 * MS, 2050 * MS };
	loop->fake.spike[1] = (struct fake_spike){ 2 * MS, 2050 * MS, 2150 * MS };
	loop->fake.signal_at_ns = 3450 * MS;
	loop->fake.signal = SIGTERM;
	assert_int_equal(run_monitor(&loop->run), 0);
	assert_int_equal(read_lines(record, lines, 8), 4);
	assert_non_null(strstr(lines[0], "\"max\":1,"));
	assert_non_null(strstr(lines[1], "\"max\":5000,"));
	assert_non_null(strstr(lines[1], "\"over\":10"));
	assert_non_null(strstr(lines[2], "\"max\":2000,"));
	assert_non_null(strstr(lines[2], "\"over\":1"));
	assert_non_null(strstr(lines[3], "\"max\":1,"));
}

/* What monitor_open() says on stderr with --buckets @list, into @said. */
static void open_with_buckets(struct fake_run *loop, const char *list,
			      char *said, size_t len)
{
	int saved = dup(2), fd;
	struct monitor m;
	const char *why;
	ssize_t n;

	assert_int_equal(bucket_bounds_parse(list, &loop->params.buckets,
					     &why), 0);
	fd = open(textfile, O_RDWR | O_CREAT | O_TRUNC, 0600);
	assert_true(fd >= 0);
	dup2(fd, 2);
	assert_int_equal(monitor_open(&m, &loop->run), 0);
	monitor_close(&m);
	dup2(saved, 2);
	close(saved);
	n = pread(fd, said, len - 1, 0);
	said[n > 0 ? n : 0] = 0;
	close(fd);
}

/* --buckets past the histogram's end (-E 256 x -b 1 us): one warning. */
static void test_buckets_past_histogram(void **state)
{
	struct fake_run *loop = *state;
	char said[512];

	open_with_buckets(loop, "100us,256us", said, sizeof(said));
	assert_string_equal(said, "");
	open_with_buckets(loop, "100us,300us,1ms", said, sizeof(said));
	assert_string_equal(said, "rtla timerlat monitor: warning: --buckets bounds from 300 us are past the histogram's end, 256 us (-E x -b): left out, their samples counted in +Inf only\n");
}

#define LOOP_TEST(fn) cmocka_unit_test_setup_teardown(fn, loop_setup, \
						      loop_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		LOOP_TEST(test_windows_close_on_time),
		LOOP_TEST(test_duration),
		LOOP_TEST(test_hits_rearmed),
		LOOP_TEST(test_unmeasured_time),
		LOOP_TEST(test_textfile_unwritable),
		LOOP_TEST(test_snapshot_feeds_exposition),
		LOOP_TEST(test_keep_traces),
		LOOP_TEST(test_keep_traces_dat),
		LOOP_TEST(test_results_delta),
		LOOP_TEST(test_window_max_comes_back),
		LOOP_TEST(test_buckets_past_histogram),
	};

	return RUN_SUITE("monitor_loop", tests);
}
