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
#include "session/log.h"
#include "session/process_identity.h"

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
	char name[96], path[128];

	rtla_instance_name("main", name, sizeof(name));
	snprintf(path, sizeof(path), "instances/%s", name);
	instance = rtla_instance_create("main");
	assert_non_null(instance);
	assert_true(fake_exists(path));
	rtla_instance_destroy(instance);
	assert_false(fake_exists(path));
	rtla_instance_destroy(NULL);
}

/* An instance name of @pid's, as that process would name it. */
static void name_of(pid_t pid, unsigned long long start, unsigned long ns,
		    char *path, size_t size)
{
	snprintf(path, size, "instances/rtla-%d-main-%llu-%lu", (int)pid,
		 start, ns);
}

/*
 * Killed runs' instances go, whether their pid is free or given to
 * another process since; a live run's stay, and so does one of another
 * PID namespace, which no pid here can tell about.
 */
static void test_stale_instances(void **state)
{
	char dead[96], reused[96], alive[96], foreign[96], legacy[64];
	pid_t parent = getppid();
	unsigned long ns = pid_namespace_id();

	name_of(dead_pid(), 12345, ns, dead, sizeof(dead));
	name_of(parent, process_start_time(parent) + 1, ns, reused,
		sizeof(reused));
	name_of(parent, process_start_time(parent), ns, alive, sizeof(alive));
	name_of(dead_pid(), 12345, ns + 1, foreign, sizeof(foreign));
	snprintf(legacy, sizeof(legacy), "instances/rtla-%d-main",
		 (int)dead_pid());
	fake_mkdir(dead);
	fake_mkdir(reused);
	fake_mkdir(alive);
	fake_mkdir(foreign);
	fake_mkdir(legacy);
	fake_mkdir("instances/somebody-else");
	assert_int_equal(rtla_instances_remove_stale(), 3);
	assert_false(fake_exists(dead));
	assert_false(fake_exists(reused));
	assert_false(fake_exists(legacy));
	assert_true(fake_exists(alive));
	assert_true(fake_exists(foreign));
	assert_true(fake_exists("instances/somebody-else"));
}

static void test_instance_owner(void **state)
{
	struct instance_owner owner;

	assert_true(rtla_instance_owner("rtla-123-main-456-789", &owner));
	assert_int_equal(owner.pid, 123);
	assert_int_equal(owner.start, 456);
	assert_int_equal(owner.pid_ns, 789);
	assert_true(rtla_instance_owner("rtla-123-trace", &owner));
	assert_int_equal(owner.pid, 123);
	assert_int_equal(owner.start, 0);
	assert_false(rtla_instance_owner("rtla-123", &owner));
	assert_false(rtla_instance_owner("rtla-x-main", &owner));
	assert_false(rtla_instance_owner("rtla-123-main-456-789x", &owner));
	assert_false(rtla_instance_owner("rtla-123-main-0-789", &owner));
	assert_false(rtla_instance_owner("timerlat_top", &owner));
}

/*
 * The busy check: another tool's instance or a live run's is busy, a
 * killed run's or ours is not; another namespace's says how to clear it.
 */
static void test_busy_tracer(void **state)
{
	char who[400], dead[96], foreign[96], mine[96], path[128];
	unsigned long ns = pid_namespace_id();

	fake_mkdir("instances/somebody-else");
	assert_int_equal(rtla_tracer_user(who, sizeof(who)), 0);
	fake_put("instances/somebody-else/current_tracer", "timerlat\n");
	assert_int_equal(rtla_tracer_user(who, sizeof(who)), 1);
	assert_string_equal(who, "instance 'somebody-else'");
	fake_put("instances/somebody-else/current_tracer", "nop\n");

	name_of(dead_pid(), 1, ns, dead, sizeof(dead));
	snprintf(path, sizeof(path), "%s/current_tracer", dead);
	fake_put(path, "osnoise\n");
	rtla_instance_name("main", mine, sizeof(mine));
	snprintf(path, sizeof(path), "instances/%s/current_tracer", mine);
	fake_put(path, "osnoise\n");
	assert_int_equal(rtla_tracer_user(who, sizeof(who)), 0);

	name_of(getppid(), 1, ns + 1, foreign, sizeof(foreign));
	snprintf(path, sizeof(path), "%s/current_tracer", foreign);
	fake_put(path, "timerlat\n");
	assert_int_equal(rtla_tracer_user(who, sizeof(who)), 1);
	assert_non_null(strstr(who, "another PID namespace"));
	assert_non_null(strstr(who, "rmdir"));

	fake_put("current_tracer", "osnoise\n");
	assert_int_equal(rtla_tracer_user(who, sizeof(who)), 1);
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

/* The -D lines the session layer reports, collected for the test. */
static char logged[4096];

static void log_line(const char *line)
{
	strncat(logged, line, sizeof(logged) - strlen(logged) - 2);
	strcat(logged, "\n");
}

static void test_debug_log(void **state)
{
	struct knob_setting settings[] = { { KNOB_TIMERLAT_PERIOD, "500" } };
	const struct knob_setting *failed = NULL;
	struct tracefs_instance *instance;
	struct knobs knobs;
	char want[256], name[96];

	logged[0] = '\0';
	session_log_set(log_line);
	assert_int_equal(knobs_save(&knobs), 0);
	assert_int_equal(knobs_apply(&knobs, settings, 1, &failed), 0);
	assert_int_equal(knobs_restore(&knobs), 0);
	knobs_free(&knobs);
	instance = rtla_instance_create("main");
	assert_non_null(instance);
	/* the fake instance has no current_tracer: the attempt is reported */
	rtla_instance_set_tracer(instance, "timerlat");
	assert_int_equal(rtla_instance_destroy(instance), 0);
	session_log_set(NULL);
	session_log("dropped without a hook");

	/* rtla 7.2's words: the value read, the value written, restored */
	assert_non_null(strstr(logged,
			       "reading osnoise/timerlat_period_us returned 1000\n"
			       "reading osnoise/print_stack returned 0\n"));
	assert_non_null(strstr(logged, "reading osnoise/cpus returned 0-1\n"));
	assert_non_null(strstr(logged, "reading tracing_thresh returned 0\n"));
	assert_non_null(strstr(logged,
			       "setting osnoise/timerlat_period_us to 500\n"
			       "restoring osnoise/timerlat_period_us to 1000\n"));
	rtla_instance_name("main", name, sizeof(name));
	snprintf(want, sizeof(want), "creating instance %s\n"
		 "Enabling timerlat tracer\n"
		 "removing instance %s\n", name, name);
	assert_non_null(strstr(logged, want));
	assert_null(strstr(logged, "dropped"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_save_apply_restore, fake_tracefs,
						fake_tracefs_teardown),
		cmocka_unit_test_setup_teardown(test_apply_missing_knob, fake_tracefs,
						fake_tracefs_teardown),
		cmocka_unit_test_setup_teardown(test_apply_refused_write, fake_tracefs,
						fake_tracefs_teardown),
		cmocka_unit_test_setup_teardown(test_restore_refused_write,
						fake_tracefs, fake_tracefs_teardown),
		cmocka_unit_test_setup_teardown(test_options_knob, fake_tracefs,
						fake_tracefs_teardown),
		cmocka_unit_test_setup_teardown(test_instance_lifecycle, fake_tracefs,
						fake_tracefs_teardown),
		cmocka_unit_test_setup_teardown(test_stale_instances, fake_tracefs,
						fake_tracefs_teardown),
		cmocka_unit_test_setup_teardown(test_debug_log, fake_tracefs,
						fake_tracefs_teardown),
		cmocka_unit_test(test_instance_owner),
		cmocka_unit_test(test_housekeeping_cpus),
		cmocka_unit_test_setup_teardown(test_busy_tracer, fake_tracefs,
						fake_tracefs_teardown),
	};

	return RUN_SUITE("session", tests);
}
