// SPDX-License-Identifier: GPL-2.0
/*
 * What outlives a run: the record of the original knobs that the next
 * run restores after a SIGKILL, and the check whether tracefs is mounted.
 */
#include "testutil.h"

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "session/knobs.h"
#include "session/state_record.h"
#include "session/tracefs_mount.h"

#include "fake_tracefs.h"

static char dir[64];

static int setup(void **state)
{
	snprintf(dir, sizeof(dir), "/tmp/rtla-state-XXXXXX");
	if (!mkdtemp(dir) || fake_tracefs_create())
		return -1;
	setenv("RTLA_STATE_DIR", dir, 1);
	fake_put("osnoise/period_us", "700000\n");
	fake_put("osnoise/runtime_us", "600000\n");
	fake_put("osnoise/cpus", "1\n");
	fake_put("tracing_thresh", "3\n");
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	unsetenv("RTLA_STATE_DIR");
	fake_tracefs_remove();
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd);
}

/* A run that saved and recorded the knobs, changed two, and was killed. */
static void killed_run(void)
{
	struct knobs knobs;
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (!pid) {
		if (knobs_save(&knobs) || state_record_write(&knobs, NULL, 0))
			_exit(1);
		fake_put("osnoise/period_us", "1000\n");
		fake_put("osnoise/cpus", "0-3\n");
		raise(SIGKILL);
	}
	assert_int_equal(waitpid(pid, NULL, 0), pid);
}

static void test_recover_after_kill(void **state)
{
	char what[256];
	struct stat st;
	pid_t pid;

	killed_run();
	assert_int_equal(stat(state_record_path(), &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	assert_int_equal(state_record_recover(&pid, what, sizeof(what)), 2);
	assert_true(pid > 0);
	assert_string_equal(what, "osnoise/cpus=1, osnoise/period_us=700000");
	fake_assert_file("osnoise/period_us", "700000");
	fake_assert_file("osnoise/cpus", "1");
	fake_assert_file("osnoise/runtime_us", "600000\n");
	/* the record is gone: the next run has nothing to restore */
	assert_int_not_equal(stat(state_record_path(), &st), 0);
	assert_int_equal(state_record_recover(&pid, what, sizeof(what)), 0);
}

static void put_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/*
 * --deepest-idle-state: the files it changes outside tracefs (cpuidle's
 * "disable") are in the record too, and put back after a SIGKILL.
 */
static void test_recover_idle_states(void **state)
{
	struct saved_file files[2];
	struct knobs knobs;
	char what[512], want[512];
	pid_t pid;
	int i;

	for (i = 0; i < 2; i++) {
		snprintf(files[i].path, sizeof(files[i].path),
			 "%s/state%d-disable", dir, i + 2);
		snprintf(files[i].value, sizeof(files[i].value), "0");
	}
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		if (knobs_save(&knobs) ||
		    state_record_write(&knobs, files, 2))
			_exit(1);
		for (i = 0; i < 2; i++)
			put_file(files[i].path, "1\n");
		raise(SIGKILL);
	}
	assert_int_equal(waitpid(pid, NULL, 0), pid);
	/* one was enabled again by hand meanwhile */
	put_file(files[1].path, "0\n");

	assert_int_equal(state_record_recover(&pid, what, sizeof(what)), 1);
	snprintf(want, sizeof(want), "%s=0", files[0].path);
	assert_string_equal(what, want);
	for (i = 0; i < 2; i++) {
		char text[8] = "";
		FILE *f = fopen(files[i].path, "r");

		assert_non_null(f);
		assert_non_null(fgets(text, sizeof(text), f));
		fclose(f);
		assert_string_equal(text, i ? "0\n" : "0");
	}
}

static void test_live_run_keeps_its_record(void **state)
{
	char what[256];
	FILE *f;
	pid_t pid;

	mkdir(dir, 0700);
	f = fopen(state_record_path(), "w");
	assert_non_null(f);
	/* pid 1 always runs */
	fputs("pid\t1\nosnoise/period_us\t5\n", f);
	fclose(f);
	assert_int_equal(state_record_recover(&pid, what, sizeof(what)), 0);
	assert_int_equal(pid, 1);
	fake_assert_file("osnoise/period_us", "700000\n");
}

static void test_tracefs_listed(void **state)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/mounts", dir);
	f = fopen(path, "w");
	fputs("proc /proc proc rw 0 0\ndebugfs /sys/kernel/debug debugfs rw 0 0\n", f);
	fclose(f);
	assert_false(tracefs_listed(path));
	f = fopen(path, "a");
	fputs("nodev /sys/kernel/tracing tracefs rw,relatime 0 0\n", f);
	fclose(f);
	assert_true(tracefs_listed(path));
	assert_false(tracefs_listed("/nonexistent/mounts"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_recover_after_kill, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_recover_idle_states, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_live_run_keeps_its_record,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_tracefs_listed, setup,
						teardown),
	};

	return RUN_SUITE("state", tests);
}
