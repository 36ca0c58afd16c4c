// SPDX-License-Identifier: GPL-2.0
/*
 * What outlives a run: the record of the original knobs that the next
 * run restores after a SIGKILL, the run lock, and the check whether
 * tracefs is mounted.  Root applies a record: one it cannot trust, or a
 * corrupt one, must change nothing.
 */
#include "testutil.h"

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "session/idle_states.h"
#include "session/knobs.h"
#include "session/process_identity.h"
#include "session/state_dir.h"
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
	idle_states_set_sysfs_root(dir);
	fake_put("osnoise/period_us", "700000\n");
	fake_put("osnoise/runtime_us", "600000\n");
	fake_put("osnoise/cpus", "1\n");
	fake_put("osnoise/options", "DEFAULTS OSNOISE_WORKLOAD NO_PANIC_ON_STOP\n");
	fake_put("tracing_thresh", "3\n");
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	state_lock_drop();
	unsetenv("RTLA_STATE_DIR");
	idle_states_set_sysfs_root("/sys");
	fake_tracefs_remove();
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd);
}

static void put_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* Plant @text as the record, as its owner (this user) would leave it. */
static void plant(const char *text)
{
	put_file(state_record_path(), text);
	chmod(state_record_path(), 0600);
}

static bool exists(const char *path)
{
	struct stat st;

	return !lstat(path, &st);
}

static bool moved_aside(void)
{
	char bad[128];

	snprintf(bad, sizeof(bad), "%s.bad", state_record_path());
	return exists(bad) && !exists(state_record_path());
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
	struct recovery got;
	struct stat st;

	killed_run();
	assert_int_equal(stat(state_record_path(), &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	state_record_recover(&got);
	assert_int_equal(got.outcome, RECOVERY_RESTORED);
	assert_int_equal(got.count, 2);
	assert_true(got.pid > 0);
	assert_string_equal(got.what, "osnoise/cpus=1, osnoise/period_us=700000");
	fake_assert_file("osnoise/period_us", "700000");
	fake_assert_file("osnoise/cpus", "1");
	fake_assert_file("osnoise/runtime_us", "600000\n");
	/* the record is gone: the next run has nothing to restore */
	assert_false(exists(state_record_path()));
	state_record_recover(&got);
	assert_int_equal(got.outcome, RECOVERY_NONE);
}

static void disable_file(char *path, size_t size, int state_nr)
{
	char command[320];

	snprintf(path, size, "%s/devices/system/cpu/cpu0/cpuidle/state%d/disable",
		 dir, state_nr);
	snprintf(command, sizeof(command), "mkdir -p $(dirname %s)", path);
	assert_int_equal(system(command), 0);
}

/*
 * --deepest-idle-state: the files it changes outside tracefs (cpuidle's
 * "disable") are in the record too, and put back after a SIGKILL.
 */
static void test_recover_idle_states(void **state)
{
	struct saved_file files[2];
	struct recovery got;
	struct knobs knobs;
	char want[512];
	pid_t pid;
	int i;

	for (i = 0; i < 2; i++) {
		disable_file(files[i].path, sizeof(files[i].path), i + 2);
		snprintf(files[i].value, sizeof(files[i].value), "0");
		assert_true(idle_states_file_valid(&files[i]));
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

	state_record_recover(&got);
	assert_int_equal(got.outcome, RECOVERY_RESTORED);
	assert_int_equal(got.count, 1);
	snprintf(want, sizeof(want), "%s=0", files[0].path);
	assert_string_equal(got.what, want);
	for (i = 0; i < 2; i++) {
		char text[8] = "";
		FILE *f = fopen(files[i].path, "r");

		assert_non_null(f);
		assert_non_null(fgets(text, sizeof(text), f));
		fclose(f);
		assert_string_equal(text, i ? "0\n" : "0");
	}
}

static void plant_owned_by(pid_t pid, unsigned long long start,
			   const char *rest)
{
	char text[512];

	snprintf(text, sizeof(text), "pid\t%d\nstart\t%llu\n%s", (int)pid,
		 start, rest);
	plant(text);
}

/* A run that still runs keeps its record, and this one must not start. */
static void test_live_run_keeps_its_record(void **state)
{
	pid_t parent = getppid();
	struct recovery got;

	plant_owned_by(parent, process_start_time(parent),
		       "osnoise/period_us\t5\n");
	state_record_recover(&got);
	assert_int_equal(got.outcome, RECOVERY_OWNER_LIVES);
	assert_int_equal(got.pid, parent);
	fake_assert_file("osnoise/period_us", "700000\n");
	assert_true(exists(state_record_path()));
}

/* The pid was given to another process: the run that wrote it is dead. */
static void test_reused_pid_is_not_the_owner(void **state)
{
	pid_t parent = getppid();
	struct recovery got;

	plant_owned_by(parent, process_start_time(parent) + 1,
		       "osnoise/period_us\t5000\n");
	state_record_recover(&got);
	assert_int_equal(got.outcome, RECOVERY_RESTORED);
	fake_assert_file("osnoise/period_us", "5000");
	assert_false(exists(state_record_path()));
}

/* A record of an earlier boot: the reboot already reset everything. */
static void test_earlier_boot(void **state)
{
	struct recovery got;

	plant("pid\t1\nstart\t1\nboot\t00000000-0000-0000-0000-000000000000\n"
	      "osnoise/period_us\t5000\n");
	state_record_recover(&got);
	assert_int_equal(got.outcome, RECOVERY_NONE);
	fake_assert_file("osnoise/period_us", "700000\n");
	assert_false(exists(state_record_path()));
}

static void expect_corrupt(const char *text, const char *why)
{
	struct recovery got;

	plant(text);
	state_record_recover(&got);
	assert_int_equal(got.outcome, RECOVERY_IGNORED);
	if (!strstr(got.why, why))
		fail_msg("\"%s\" does not say \"%s\"", got.why, why);
	assert_non_null(strstr(got.why, "moved it to"));
	assert_true(moved_aside());
	fake_assert_file("osnoise/period_us", "700000\n");
	fake_assert_file("osnoise/cpus", "1\n");
}

static void test_corrupt_records(void **state)
{
	expect_corrupt("pid\tabc\nstart\t1\nosnoise/period_us\t5\n", "line 1");
	expect_corrupt("pid\t9\nstart\t1\nosnoise/period_us\t\n", "line 3");
	expect_corrupt("pid\t9\nstart\t1\nosnoise/period_us\t5x\n", "line 3");
	expect_corrupt("pid\t9\nstart\t1\nosnoise/cpus\t1;reboot\n", "line 3");
	expect_corrupt("pid\t9\nstart\t1\nosnoise/options\tA  B\n", "line 3");
	expect_corrupt("pid\t9\nstart\t1\nosnoise/period_us\t5\n"
		       "osnoise/period_us\t6\n", "line 4");
	expect_corrupt("pid\t9\nstart\t1\n/etc/passwd\troot\n", "line 3");
	expect_corrupt("pid\t9\nstart\t1\nfile\t/etc/passwd\t0\n", "line 3");
	expect_corrupt("pid\t9\nstart\t1\nosnoise/cpus\t1", "no end");
	expect_corrupt("pid\t9\nosnoise/period_us\t5\n", "which run");
	expect_corrupt("", "which run");
}

/* A value the kernel refuses: named, moved aside, and the run goes on. */
static void test_refused_value(void **state)
{
	struct recovery got;
	char path[128];

	/* a folder where a knob was: every write to it fails */
	snprintf(path, sizeof(path), "rm %s && mkdir %s",
		 fake_path("osnoise/runtime_us"), fake_path("osnoise/runtime_us"));
	assert_int_equal(system(path), 0);
	plant_owned_by(999999, 1, "osnoise/period_us\t5000\n"
		       "osnoise/runtime_us\t4000\n");
	state_record_recover(&got);
	assert_int_equal(got.outcome, RECOVERY_IGNORED);
	assert_non_null(strstr(got.why, "refused osnoise/runtime_us=4000"));
	assert_non_null(strstr(got.why, state_record_path()));
	assert_true(moved_aside());
	/* what the kernel took went in */
	fake_assert_file("osnoise/period_us", "5000");
}

/* PANIC_ON_STOP is never set from a file. */
static void test_no_panic_from_a_record(void **state)
{
	struct recovery got;

	plant_owned_by(999999, 1, "osnoise/options\tPANIC_ON_STOP NO_OSNOISE_WORKLOAD\n");
	state_record_recover(&got);
	assert_int_equal(got.outcome, RECOVERY_RESTORED);
	assert_true(got.dropped_panic);
	assert_string_equal(got.what, "osnoise/options=NO_OSNOISE_WORKLOAD");
	fake_assert_file("osnoise/options", "NO_OSNOISE_WORKLOAD");
}

static void expect_untrusted(const char *why)
{
	struct recovery got;

	state_record_recover(&got);
	assert_int_equal(got.outcome, RECOVERY_IGNORED);
	if (!strstr(got.why, why))
		fail_msg("\"%s\" does not say \"%s\"", got.why, why);
	fake_assert_file("osnoise/period_us", "700000\n");
}

/*
 * Records root cannot trust are left alone: in a directory others can
 * write to or own, owned by another user, writable by others, a
 * symbolic link, or a FIFO (which must not hang the run).
 */
static void test_untrusted_records(void **state)
{
	char link_target[128], text[160];
	struct knobs knobs = { 0 };

	plant_owned_by(999999, 1, "osnoise/period_us\t5000\n");
	chmod(dir, 0777);
	expect_untrusted("writable by other users");
	assert_int_not_equal(state_record_write(&knobs, NULL, 0), 0);
	chmod(dir, 0700);
	if (!geteuid()) {
		assert_int_equal(chown(dir, 65534, 65534), 0);
		expect_untrusted("owned by uid 65534");
		assert_int_equal(chown(dir, 0, 0), 0);
		assert_int_equal(chown(state_record_path(), 65534, 65534), 0);
		expect_untrusted("owned by uid 65534");
		assert_int_equal(chown(state_record_path(), 0, 0), 0);
	}
	chmod(state_record_path(), 0666);
	expect_untrusted("writable by other users");
	assert_true(exists(state_record_path()));

	snprintf(link_target, sizeof(link_target), "%s/elsewhere", dir);
	rename(state_record_path(), link_target);
	assert_int_equal(symlink(link_target, state_record_path()), 0);
	expect_untrusted("symbolic link");
	unlink(state_record_path());

	assert_int_equal(mkfifo(state_record_path(), 0600), 0);
	alarm(5);
	expect_untrusted("not a regular file");
	alarm(0);
	snprintf(text, sizeof(text), "%s", state_record_path());
	unlink(text);
}

/* One run at a time: the second learns who holds the lock. */
static void test_run_lock(void **state)
{
	int ready[2];
	pid_t child, holder;
	char byte;

	assert_int_equal(pipe(ready), 0);
	child = fork();
	assert_true(child >= 0);
	if (!child) {
		if (state_lock_take(&holder))
			_exit(1);
		if (write(ready[1], "x", 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	assert_int_equal(read(ready[0], &byte, 1), 1);
	assert_int_equal(state_lock_take(&holder), 1);
	assert_int_equal(holder, child);
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	/* the kernel dropped it with the process */
	assert_int_equal(state_lock_take(&holder), 0);
	close(ready[0]);
	close(ready[1]);
}

static void test_process_identity(void **state)
{
	unsigned long long start = process_start_time(getpid());
	char boot[BOOT_ID_SIZE];
	pid_t child;

	assert_true(start > 0);
	assert_true(process_is_alive(getpid(), start));
	assert_false(process_is_alive(getpid(), start + 1));
	child = fork();
	if (!child)
		_exit(0);
	waitpid(child, NULL, 0);
	assert_int_equal(process_start_time(child), 0);
	boot_id_read(boot);
	assert_int_equal(strlen(boot), 36);
	assert_true(pid_namespace_id() > 0);
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

#define STATE_TEST(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		STATE_TEST(test_recover_after_kill),
		STATE_TEST(test_recover_idle_states),
		STATE_TEST(test_live_run_keeps_its_record),
		STATE_TEST(test_reused_pid_is_not_the_owner),
		STATE_TEST(test_earlier_boot),
		STATE_TEST(test_corrupt_records),
		STATE_TEST(test_refused_value),
		STATE_TEST(test_no_panic_from_a_record),
		STATE_TEST(test_untrusted_records),
		STATE_TEST(test_run_lock),
		STATE_TEST(test_process_identity),
		STATE_TEST(test_tracefs_listed),
	};

	return RUN_SUITE("state", tests);
}
