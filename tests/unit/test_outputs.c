// SPDX-License-Identifier: GPL-2.0
/*
 * Output files as root in a shared directory: a planted symlink is not
 * followed, the umask holds, a full disk (here RLIMIT_FSIZE) leaves the
 * old file whole and no temporary behind.
 */
#include "testutil.h"

#include "layout_helper.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <tracefs.h>

#include "cli/options.h"
#include "output/out_file.h"
#include "output/report.h"
#include "run/run.h"
#include "run/trace_file.h"

#include "fake_tracefs.h"

static char dir[64];

static int make_dir(void **state)
{
	char *text = calloc(1, 300000);

	snprintf(dir, sizeof(dir), "/tmp/rtla-outputs-XXXXXX");
	if (!mkdtemp(dir) || fake_tracefs_create())
		return -1;
	/* a trace larger than the file size limit below */
	memset(text, 'x', 299999);
	fake_put("trace", text);
	free(text);
	return 0;
}

static int remove_dir(void **state)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	fake_tracefs_remove();
	return system(cmd);
}

static const char *in_dir(const char *name)
{
	static char path[2][128];
	static int i;

	i ^= 1;
	snprintf(path[i], sizeof(path[i]), "%s/%s", dir, name);
	return path[i];
}

static char *slurp(const char *path)
{
	static char text[4096];
	FILE *f = fopen(path, "r");
	size_t n;

	assert_non_null(f);
	n = fread(text, 1, sizeof(text) - 1, f);
	text[n] = '\0';
	fclose(f);
	return text;
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static int entries(void)
{
	struct dirent *e;
	int n = 0;
	DIR *d = opendir(dir);

	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

static int big_writer(const struct run_report *report, FILE *out)
{
	int i;

	for (i = 0; i < 100000; i++)
		if (fputs("0123456789\n", out) < 0)
			return -1;
	return 0;
}

static int small_writer(const struct run_report *report, FILE *out)
{
	return fputs("{}\n", out) < 0 ? -1 : 0;
}

static void test_report_respects_umask(void **state)
{
	struct run_report report = { 0 };
	mode_t old = umask(077);
	struct stat st;

	assert_int_equal(report_write_file(&report, in_dir("r.json"),
					   small_writer), 0);
	umask(old);
	assert_int_equal(stat(in_dir("r.json"), &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	assert_string_equal(slurp(in_dir("r.json")), "{}\n");
}

static void test_report_full_disk(void **state)
{
	struct rlimit small = { 4096, RLIM_INFINITY }, old;
	struct run_report report = { 0 };

	put(in_dir("r.json"), "old report\n");
	signal(SIGXFSZ, SIG_IGN);
	getrlimit(RLIMIT_FSIZE, &old);
	setrlimit(RLIMIT_FSIZE, &small);
	assert_int_equal(report_write_file(&report, in_dir("r.json"),
					   big_writer), -1);
	setrlimit(RLIMIT_FSIZE, &old);
	assert_string_equal(slurp(in_dir("r.json")), "old report\n");
	assert_int_equal(entries(), 1);
}

static void test_trace_not_through_symlink(void **state)
{
	struct stat st;

	put(in_dir("precious"), "keep me\n");
	assert_int_equal(symlink(in_dir("precious"), in_dir("trace.txt")), 0);
	assert_int_equal(trace_file_save_trace(NULL, in_dir("trace.txt")),
			 0);
	assert_string_equal(slurp(in_dir("precious")), "keep me\n");
	assert_int_equal(lstat(in_dir("trace.txt"), &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(st.st_size, 299999);
}

static void test_trace_full_disk(void **state)
{
	struct rlimit small = { 4096, RLIM_INFINITY }, old;
	mode_t mask = umask(027);
	struct stat st;

	put(in_dir("trace.txt"), "old trace\n");
	signal(SIGXFSZ, SIG_IGN);
	getrlimit(RLIMIT_FSIZE, &old);
	setrlimit(RLIMIT_FSIZE, &small);
	assert_int_equal(trace_file_save_trace(NULL, in_dir("trace.txt")),
			 -1);
	/* the cause, not a guess: past the file size limit, not a full disk */
	assert_int_equal(errno, EFBIG);
	setrlimit(RLIMIT_FSIZE, &old);
	assert_string_equal(slurp(in_dir("trace.txt")), "old trace\n");
	assert_int_equal(entries(), 1);
	/* and a trace that fits gets the umask */
	assert_int_equal(trace_file_save_trace(NULL, in_dir("t2.txt")), 0);
	umask(mask);
	assert_int_equal(stat(in_dir("t2.txt"), &st), 0);
	assert_int_equal(st.st_mode & 0777, 0640);
}

/* One output that cannot be written does not stop the others. */
static void test_every_output_attempted(void **state)
{
	char json[128], junit[128];
	const char *argv[] = { "hist", "--json", json, "--openmetrics", "-",
			       "--junit", junit, NULL };
	struct rtla_params params;
	struct run run = {
		.tool = &timerlat_hist_tool,
		.tracer = tracer_desc(TRACER_TIMERLAT),
		.params = &params,
		.workload.dma_fd = -1,
	};
	FILE *saved_stdout = stdout;

	snprintf(json, sizeof(json), "%s/no/such/dir/r.json", dir);
	snprintf(junit, sizeof(junit), "%s/r.xml", dir);
	assert_int_equal(options_parse(&timerlat_hist_tool.id, 7,
				       (char **)argv, 1, &params, stderr),
			 OPTIONS_OK);
	assert_int_equal(results_alloc_params(&run.results, &params, 1), 0);
	run.text = fopen("/dev/null", "w");
	/* stdout that cannot be written: a full disk behind a redirect */
	stdout = fopen("/dev/full", "w");
	assert_int_equal(run_finish(&run), RTLA_EXIT_ERROR);
	fclose(stdout);
	stdout = saved_stdout;
	assert_non_null(strstr(slurp(junit), "<testsuite"));
	fclose(run.text);
	results_free(&run.results);
	params_free(&params);
}

/* Before the run: each path that cannot be written is told. */
static void test_paths_checked(void **state)
{
	char why[128];

	assert_int_equal(out_file_check(in_dir("new.json"), why, sizeof(why)),
			 0);
	assert_int_equal(entries(), 0);
	assert_int_equal(out_file_check("-", why, sizeof(why)), 0);
	assert_int_equal(out_file_check(dir, why, sizeof(why)), -1);
	assert_string_equal(why, "is a directory");
	assert_int_equal(out_file_check(in_dir("no/x.json"), why,
					sizeof(why)), -1);
	assert_string_equal(why, "No such file or directory");
	if (geteuid())
		return;		/* the rest needs root to give a file away */
	put(in_dir("theirs"), "not ours\n");
	assert_int_equal(chown(in_dir("theirs"), 1234, 1234), 0);
	assert_int_equal(out_file_check(in_dir("theirs"), why, sizeof(why)),
			 -1);
	assert_string_equal(why, "exists and belongs to user 1234");
	assert_string_equal(slurp(in_dir("theirs")), "not ours\n");
}

/* --web-config, read once the tracer is on: a FIFO refused before */
static void test_web_config_checked(void **state)
{
	struct rtla_params params;
	struct run run = {
		.tool = &timerlat_monitor_tool,
		.params = &params,
	};

	params_alloc(&params, TRACER_TIMERLAT, MODE_HIST);
	params.monitor.web_config = strdup(in_dir("web.yml"));
	assert_int_equal(mkfifo(params.monitor.web_config, 0600), 0);
	assert_int_equal(run_check_outputs(&run), -1);
	assert_int_equal(unlink(params.monitor.web_config), 0);
	assert_int_equal(run_check_outputs(&run), -1);
	put(params.monitor.web_config, "basic_auth_users: {}\n");
	assert_int_equal(run_check_outputs(&run), 0);
	params_free(&params);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_report_respects_umask,
						make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_report_full_disk,
						make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_trace_not_through_symlink,
						make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_trace_full_disk,
						make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_every_output_attempted,
						make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_paths_checked,
						make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_web_config_checked,
						make_dir, remove_dir),
	};

	return RUN_SUITE("outputs", tests);
}
