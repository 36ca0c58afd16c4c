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
#include "session/housekeeping.h"
#include "session/knobs.h"

#include "fake_tracefs.h"

/* Each case gets a fresh tracing directory with the 6.1 knobs. */
static int fake_tracefs(void **state)
{
	if (fake_tracefs_create())
		return -1;
	fake_mkdir("instances");
	fake_put("osnoise/cpus", "0-1\n");
	fake_put("osnoise/period_us", "1000000\n");
	fake_put("osnoise/runtime_us", "1000000\n");
	fake_put("osnoise/stop_tracing_us", "0\n");
	fake_put("osnoise/stop_tracing_total_us", "0\n");
	fake_put("osnoise/timerlat_period_us", "1000\n");
	fake_put("osnoise/print_stack", "0\n");
	fake_put("tracing_thresh", "0\n");
	fake_put("current_tracer", "nop\n");
	fake_put("available_tracers", "timerlat osnoise nop\n");
	return 0;
}

static int remove_fake(void **state)
{
	return fake_tracefs_remove();
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
	fake_assert_file("osnoise/cpus", "1");
	fake_assert_file("osnoise/timerlat_period_us", "500");
	fake_assert_file("osnoise/stop_tracing_us", "40");

	assert_int_equal(knobs_restore(&knobs), 0);
	fake_assert_file("osnoise/cpus", "0-1");
	fake_assert_file("osnoise/timerlat_period_us", "1000");
	fake_assert_file("osnoise/stop_tracing_us", "0");
	/* untouched knobs are not written at all */
	fake_assert_file("osnoise/runtime_us", "1000000\n");
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

	assert_int_equal(knobs_save(&knobs), 0);
	/* a directory where the file was: every write fails */
	unlink(fake_path("osnoise/print_stack"));
	fake_mkdir("osnoise/print_stack");
	assert_int_equal(knobs_apply(&knobs, settings, 2, &failed), -1);
	assert_ptr_equal(failed, &settings[1]);
	fake_assert_file("osnoise/stop_tracing_us", "7");
	/* the refused write changed nothing: nothing of it to restore */
	assert_false(knobs.knob[KNOB_PRINT_STACK].changed);
	assert_int_equal(knobs_restore(&knobs), 0);
	fake_assert_file("osnoise/stop_tracing_us", "0");
	knobs_free(&knobs);
}

/* A knob changed and then not restorable: the failure is reported. */
static void test_restore_refused_write(void **state)
{
	struct knob_setting settings[] = { { KNOB_STOP, "7" } };
	const struct knob_setting *failed = NULL;
	struct knobs knobs;

	assert_int_equal(knobs_save(&knobs), 0);
	assert_int_equal(knobs_apply(&knobs, settings, 1, &failed), 0);
	unlink(fake_path("osnoise/stop_tracing_us"));
	fake_mkdir("osnoise/stop_tracing_us");
	assert_int_equal(knobs_restore(&knobs), -1);
	assert_true(knobs.knob[KNOB_STOP].changed);
	knobs_free(&knobs);
}

static void test_options_knob(void **state)
{
	struct knob_setting settings[] = {
		{ KNOB_OPTIONS, "DEFAULTS OSNOISE_IRQ_DISABLE" },
	};
	const struct knob_setting *failed = NULL;
	struct knobs knobs;

	fake_put("osnoise/options", "NO_DEFAULTS OSNOISE_WORKLOAD PANIC_ON_STOP\n");
	assert_int_equal(knobs_save(&knobs), 0);
	assert_true(knob_present(&knobs, KNOB_OPTIONS));
	assert_int_equal(knobs_apply(&knobs, settings, 1, &failed), 0);
	/* one option a write: the file keeps the last */
	fake_assert_file("osnoise/options", "OSNOISE_IRQ_DISABLE");
	assert_int_equal(knobs_restore(&knobs), 0);
	fake_assert_file("osnoise/options", "PANIC_ON_STOP");
	knobs_free(&knobs);
}

static void test_instance_lifecycle(void **state)
{
	struct tracefs_instance *instance;
	char name[64];

	snprintf(name, sizeof(name), "instances/rtla-%d-main", (int)getpid());
	instance = rtla_instance_create("main");
	assert_non_null(instance);
	assert_true(fake_exists(name));
	rtla_instance_destroy(instance);
	assert_false(fake_exists(name));
	rtla_instance_destroy(NULL);
}

static void test_stale_instances(void **state)
{
	char stale[64], alive[64];

	snprintf(stale, sizeof(stale), "instances/rtla-%d-main", (int)dead_pid());
	snprintf(alive, sizeof(alive), "instances/rtla-%d-main", (int)getppid());
	fake_mkdir(stale);
	fake_mkdir(alive);
	fake_mkdir("instances/somebody-else");
	assert_int_equal(rtla_instances_remove_stale(), 1);
	assert_false(fake_exists(stale));
	assert_true(fake_exists(alive));
	assert_true(fake_exists("instances/somebody-else"));
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

	fake_mkdir("instances/somebody-else");
	assert_int_equal(rtla_tracer_user("rtla-1-", who, sizeof(who)), 0);
	fake_put("instances/somebody-else/current_tracer", "timerlat\n");
	assert_int_equal(rtla_tracer_user("rtla-1-", who, sizeof(who)), 1);
	assert_string_equal(who, "instance 'somebody-else'");
	assert_int_equal(rtla_tracer_user("somebody", who, sizeof(who)), 0);
	fake_put("current_tracer", "osnoise\n");
	assert_int_equal(rtla_tracer_user("rtla-1-", who, sizeof(who)), 1);
	assert_string_equal(who, "the top-level buffer");
}

/* -H wins; else the CPUs the measured ones leave free; else stay. */
static void test_housekeeping_cpus(void **state)
{
	cpu_set_t given, measured, allowed, cpus;

	CPU_ZERO(&given);
	CPU_ZERO(&measured);
	CPU_ZERO(&allowed);
	CPU_SET(0, &allowed);
	CPU_SET(1, &allowed);
	CPU_SET(2, &allowed);
	CPU_SET(1, &measured);
	CPU_SET(2, &measured);
	assert_true(housekeeping_cpus(NULL, &measured, &allowed, &cpus));
	assert_int_equal(CPU_COUNT(&cpus), 1);
	assert_true(CPU_ISSET(0, &cpus));

	CPU_SET(2, &given);
	assert_true(housekeeping_cpus(&given, &measured, &allowed, &cpus));
	assert_int_equal(CPU_COUNT(&cpus), 1);
	assert_true(CPU_ISSET(2, &cpus));

	CPU_SET(0, &measured);
	assert_false(housekeeping_cpus(NULL, &measured, &allowed, &cpus));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_save_apply_restore, fake_tracefs,
						remove_fake),
		cmocka_unit_test_setup_teardown(test_apply_missing_knob, fake_tracefs,
						remove_fake),
		cmocka_unit_test_setup_teardown(test_apply_refused_write, fake_tracefs,
						remove_fake),
		cmocka_unit_test_setup_teardown(test_restore_refused_write,
						fake_tracefs, remove_fake),
		cmocka_unit_test_setup_teardown(test_options_knob, fake_tracefs,
						remove_fake),
		cmocka_unit_test_setup_teardown(test_instance_lifecycle, fake_tracefs,
						remove_fake),
		cmocka_unit_test_setup_teardown(test_stale_instances, fake_tracefs,
						remove_fake),
		cmocka_unit_test(test_instance_pid),
		cmocka_unit_test(test_housekeeping_cpus),
		cmocka_unit_test_setup_teardown(test_busy_tracer, fake_tracefs,
						remove_fake),
	};

	return RUN_SUITE("session", tests);
}
