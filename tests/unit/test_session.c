// SPDX-License-Identifier: GPL-2.0
/* The tracefs session layer against a fake tracing directory. */
#include "testutil.h"

#include <errno.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <tracefs.h>

#include "session/tracer_config.h"
#include "session/instance.h"
#include "session/knobs.h"

static char root[] = "/tmp/rtla-fake-tracefs-XXXXXX";

static void put(const char *path, const char *text)
{
	char full[512];
	FILE *f;

	snprintf(full, sizeof(full), "%s/%s", root, path);
	f = fopen(full, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static char *get(const char *path)
{
	char full[512], *text = calloc(1, 256);
	FILE *f;

	snprintf(full, sizeof(full), "%s/%s", root, path);
	f = fopen(full, "r");
	assert_non_null(f);
	assert_true(fread(text, 1, 255, f) > 0 || feof(f));
	fclose(f);
	return text;
}

static void assert_file(const char *path, const char *want)
{
	char *text = get(path);

	assert_string_equal(text, want);
	free(text);
}

static bool exists(const char *path)
{
	char full[512];
	struct stat st;

	snprintf(full, sizeof(full), "%s/%s", root, path);
	return stat(full, &st) == 0;
}

static void make_dir(const char *path)
{
	char full[512];

	snprintf(full, sizeof(full), "%s/%s", root, path);
	assert_int_equal(mkdir(full, 0755), 0);
}

static int fake_tracefs(void **state)
{
	assert_non_null(mkdtemp(root));
	make_dir("osnoise");
	make_dir("instances");
	put("osnoise/cpus", "0-1\n");
	put("osnoise/period_us", "1000000\n");
	put("osnoise/runtime_us", "1000000\n");
	put("osnoise/stop_tracing_us", "0\n");
	put("osnoise/stop_tracing_total_us", "0\n");
	put("osnoise/timerlat_period_us", "1000\n");
	put("osnoise/print_stack", "0\n");
	put("tracing_thresh", "0\n");
	put("current_tracer", "nop\n");
	put("available_tracers", "timerlat osnoise nop\n");
	return tracefs_set_tracing_dir(root);
}

static int remove_fake(void **state)
{
	char cmd[600];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
	return system(cmd);
}

static void test_save_apply_restore(void **state)
{
	struct knob_setting settings[] = {
		{ KNOB_CPUS, "1" },
		{ KNOB_TIMERLAT_PERIOD, "500" },
		{ KNOB_STOP, "40" },
	};
	const struct knob_setting *failed = NULL;
	struct knobs knobs;

	assert_int_equal(knobs_save(&knobs), 0);
	assert_true(knob_present(&knobs, KNOB_CPUS));
	assert_false(knob_present(&knobs, KNOB_OPTIONS));
	assert_string_equal(knobs.knob[KNOB_TIMERLAT_PERIOD].saved, "1000");

	assert_int_equal(knobs_apply(&knobs, settings, 3, &failed), 0);
	assert_file("osnoise/cpus", "1");
	assert_file("osnoise/timerlat_period_us", "500");
	assert_file("osnoise/stop_tracing_us", "40");

	assert_int_equal(knobs_restore(&knobs), 0);
	assert_file("osnoise/cpus", "0-1");
	assert_file("osnoise/timerlat_period_us", "1000");
	assert_file("osnoise/stop_tracing_us", "0");
	/* untouched knobs are not written at all */
	assert_file("osnoise/runtime_us", "1000000\n");
	knobs_free(&knobs);
	knobs_free(&knobs);
}

static void test_apply_missing_knob(void **state)
{
	struct knob_setting settings[] = { { KNOB_OPTIONS, "DEFAULTS" } };
	const struct knob_setting *failed = NULL;
	struct knobs knobs;

	assert_int_equal(knobs_save(&knobs), 0);
	assert_int_equal(knobs_apply(&knobs, settings, 1, &failed), -1);
	assert_int_equal(errno, ENOENT);
	assert_ptr_equal(failed, &settings[0]);
	assert_int_equal(knobs_restore(&knobs), 0);
	knobs_free(&knobs);
}

static void test_apply_refused_write(void **state)
{
	struct knob_setting settings[] = {
		{ KNOB_STOP, "7" },
		{ KNOB_PRINT_STACK, "9" },
	};
	const struct knob_setting *failed = NULL;
	struct knobs knobs;
	char full[512];

	assert_int_equal(knobs_save(&knobs), 0);
	/* a directory where the file was: every write fails */
	snprintf(full, sizeof(full), "%s/osnoise/print_stack", root);
	unlink(full);
	mkdir(full, 0755);
	assert_int_equal(knobs_apply(&knobs, settings, 2, &failed), -1);
	assert_ptr_equal(failed, &settings[1]);
	assert_file("osnoise/stop_tracing_us", "7");
	/* what could be restored is; the failure is reported */
	assert_int_equal(knobs_restore(&knobs), -1);
	assert_file("osnoise/stop_tracing_us", "0");
	rmdir(full);
	put("osnoise/print_stack", "0\n");
	knobs_free(&knobs);
}

static void test_options_knob(void **state)
{
	struct knob_setting settings[] = {
		{ KNOB_OPTIONS, "DEFAULTS OSNOISE_IRQ_DISABLE" },
	};
	const struct knob_setting *failed = NULL;
	struct knobs knobs;

	put("osnoise/options", "NO_DEFAULTS OSNOISE_WORKLOAD PANIC_ON_STOP\n");
	assert_int_equal(knobs_save(&knobs), 0);
	assert_true(knob_present(&knobs, KNOB_OPTIONS));
	assert_int_equal(knobs_apply(&knobs, settings, 1, &failed), 0);
	/* one option a write: the file keeps the last */
	assert_file("osnoise/options", "OSNOISE_IRQ_DISABLE");
	assert_int_equal(knobs_restore(&knobs), 0);
	assert_file("osnoise/options", "PANIC_ON_STOP");
	knobs_free(&knobs);
	unlink(strcat(strcpy((char[512]){ 0 }, root), "/osnoise/options"));
}

static void test_instance_lifecycle(void **state)
{
	struct tracefs_instance *instance;
	char name[64];

	snprintf(name, sizeof(name), "instances/rtla-%d-main", (int)getpid());
	instance = rtla_instance_create("main");
	assert_non_null(instance);
	assert_true(exists(name));
	rtla_instance_destroy(instance);
	assert_false(exists(name));
	rtla_instance_destroy(NULL);
}

static pid_t dead_pid(void)
{
	pid_t pid = fork();

	if (!pid)
		_exit(0);
	waitpid(pid, NULL, 0);
	return pid;
}

static void test_stale_instances(void **state)
{
	char stale[64], alive[64];

	snprintf(stale, sizeof(stale), "instances/rtla-%d-main", (int)dead_pid());
	snprintf(alive, sizeof(alive), "instances/rtla-%d-main", (int)getppid());
	make_dir(stale);
	make_dir(alive);
	make_dir("instances/somebody-else");
	assert_int_equal(rtla_instances_remove_stale(), 1);
	assert_false(exists(stale));
	assert_true(exists(alive));
	assert_true(exists("instances/somebody-else"));
}

static void test_instance_pid(void **state)
{
	assert_int_equal(rtla_instance_pid("rtla-123-main"), 123);
	assert_int_equal(rtla_instance_pid("rtla-123"), 0);
	assert_int_equal(rtla_instance_pid("rtla-x-main"), 0);
	assert_int_equal(rtla_instance_pid("timerlat_top"), 0);
}

static void test_busy_tracer(void **state)
{
	char who[128];

	assert_int_equal(rtla_tracer_user("rtla-1-", who, sizeof(who)), 0);
	put("instances/somebody-else/current_tracer", "timerlat\n");
	assert_int_equal(rtla_tracer_user("rtla-1-", who, sizeof(who)), 1);
	assert_string_equal(who, "instance 'somebody-else'");
	assert_int_equal(rtla_tracer_user("somebody", who, sizeof(who)), 0);
	put("current_tracer", "osnoise\n");
	assert_int_equal(rtla_tracer_user("rtla-1-", who, sizeof(who)), 1);
	assert_string_equal(who, "the top-level buffer");
	put("current_tracer", "nop\n");
	put("instances/somebody-else/current_tracer", "nop\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_save_apply_restore),
		cmocka_unit_test(test_apply_missing_knob),
		cmocka_unit_test(test_apply_refused_write),
		cmocka_unit_test(test_options_knob),
		cmocka_unit_test(test_instance_lifecycle),
		cmocka_unit_test(test_stale_instances),
		cmocka_unit_test(test_instance_pid),
		cmocka_unit_test(test_busy_tracer),
	};

	return cmocka_run_group_tests_name("session", tests, fake_tracefs,
					   remove_fake);
}
