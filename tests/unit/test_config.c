// SPDX-License-Identifier: GPL-2.0
#include "testutil.h"

#include "session/tracer_config.h"

static const char *value_of(const struct tracer_config *c, enum knob_id id)
{
	int i;

	for (i = 0; i < c->count; i++)
		if (c->settings[i].id == id)
			return c->settings[i].value;
	return NULL;
}

/* The run's user-space threads, as run/setup.c decides without -k. */
static bool user_space(const struct rtla_params *p)
{
	return p->threads.user_threads || p->threads.user_load;
}

static void test_timerlat_defaults(void **state)
{
	struct rtla_params p;
	struct tracer_config c;

	params_alloc(&p, TRACER_TIMERLAT, MODE_HIST);
	tracer_config_build(&p, user_space(&p), true, true, &c);
	assert_string_equal(value_of(&c, KNOB_OPTIONS), "DEFAULTS");
	assert_string_equal(value_of(&c, KNOB_CPUS), "all");
	assert_string_equal(value_of(&c, KNOB_TIMERLAT_PERIOD), "1000");
	assert_string_equal(value_of(&c, KNOB_PRINT_STACK), "0");
	assert_string_equal(value_of(&c, KNOB_STOP), "0");
	assert_string_equal(value_of(&c, KNOB_STOP_TOTAL), "0");
	assert_null(value_of(&c, KNOB_PERIOD));
	assert_null(value_of(&c, KNOB_TRACING_THRESH));
}

static void test_timerlat_given(void **state)
{
	struct rtla_params p;
	struct tracer_config c;

	params_alloc(&p, TRACER_TIMERLAT, MODE_TOP);
	p.threads.cpus = "1-2";
	p.knobs.period_us = 250;
	p.knobs.stop_us = 40;
	p.knobs.stop_total_us = 50;
	p.knobs.print_stack_us = 30;
	tracer_config_build(&p, user_space(&p), false, false, &c);
	assert_null(value_of(&c, KNOB_OPTIONS));
	assert_null(value_of(&c, KNOB_PRINT_STACK));
	assert_string_equal(value_of(&c, KNOB_CPUS), "1-2");
	assert_string_equal(value_of(&c, KNOB_TIMERLAT_PERIOD), "250");
	assert_string_equal(value_of(&c, KNOB_STOP), "40");
	assert_string_equal(value_of(&c, KNOB_STOP_TOTAL), "50");
}

/* User threads turn the kernel's workload off; -A asks for alignment. */
static void test_timerlat_user_threads_aligned(void **state)
{
	struct rtla_params p;
	struct tracer_config c;

	params_alloc(&p, TRACER_TIMERLAT, MODE_HIST);
	p.threads.user_threads = true;
	p.knobs.aligned_us = 20;
	tracer_config_build(&p, user_space(&p), true, true, &c);
	assert_string_equal(value_of(&c, KNOB_OPTIONS),
			    "DEFAULTS NO_OSNOISE_WORKLOAD TIMERLAT_ALIGN");
	assert_string_equal(value_of(&c, KNOB_TIMERLAT_ALIGN), "20");
	assert_string_equal(value_of(&c, KNOB_TIMERLAT_PERIOD), "1000");

	p.threads.user_threads = false;
	p.threads.user_load = true;
	p.knobs.aligned_us = PARAM_UNSET;
	tracer_config_build(&p, user_space(&p), true, true, &c);
	assert_string_equal(value_of(&c, KNOB_OPTIONS),
			    "DEFAULTS NO_OSNOISE_WORKLOAD");
	assert_null(value_of(&c, KNOB_TIMERLAT_ALIGN));
}

static void test_osnoise_period_runtime(void **state)
{
	struct rtla_params p;
	struct tracer_config c;

	params_alloc(&p, TRACER_OSNOISE, MODE_TOP);
	tracer_config_build(&p, user_space(&p), true, true, &c);
	assert_string_equal(value_of(&c, KNOB_PERIOD), "1000000");
	assert_string_equal(value_of(&c, KNOB_RUNTIME), "1000000");
	assert_string_equal(value_of(&c, KNOB_TRACING_THRESH), "0");
	assert_null(value_of(&c, KNOB_TIMERLAT_PERIOD));

	p.knobs.period_us = 500000;
	tracer_config_build(&p, user_space(&p), true, true, &c);
	assert_string_equal(value_of(&c, KNOB_RUNTIME), "500000");

	/* hwnoise leaves IRQs on for a quarter of each period, as rtla 7.2 */
	p.hwnoise = true;
	p.knobs.period_us = PARAM_UNSET;
	tracer_config_build(&p, user_space(&p), true, true, &c);
	assert_string_equal(value_of(&c, KNOB_PERIOD), "1000000");
	assert_string_equal(value_of(&c, KNOB_RUNTIME), "750000");
	p.knobs.period_us = 2000000;
	tracer_config_build(&p, user_space(&p), true, true, &c);
	assert_string_equal(value_of(&c, KNOB_RUNTIME), "750000");
	p.knobs.period_us = 500000;
	tracer_config_build(&p, user_space(&p), true, true, &c);
	assert_string_equal(value_of(&c, KNOB_RUNTIME), "500000");
	p.hwnoise = false;

	p.knobs.period_us = PARAM_UNSET;
	p.knobs.runtime_us = 2000000;
	tracer_config_build(&p, user_space(&p), true, true, &c);
	assert_string_equal(value_of(&c, KNOB_PERIOD), "2000000");

	p.knobs.threshold_us = 3;
	tracer_config_build(&p, user_space(&p), true, true, &c);
	assert_string_equal(value_of(&c, KNOB_TRACING_THRESH), "3");
}

static void test_hwnoise(void **state)
{
	struct rtla_params p;
	struct tracer_config c;

	params_alloc(&p, TRACER_OSNOISE, MODE_TOP);
	p.hwnoise = true;
	tracer_config_build(&p, user_space(&p), true, true, &c);
	assert_string_equal(value_of(&c, KNOB_OPTIONS),
			    "DEFAULTS OSNOISE_IRQ_DISABLE");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timerlat_defaults),
		cmocka_unit_test(test_timerlat_given),
		cmocka_unit_test(test_timerlat_user_threads_aligned),
		cmocka_unit_test(test_osnoise_period_runtime),
		cmocka_unit_test(test_hwnoise),
	};

	return RUN_SUITE("config", tests);
}
