// SPDX-License-Identifier: GPL-2.0
/* params_check() and params_resolve(): the rules after parsing, alone. */
#include "testutil.h"

#include "params/params_check.h"

static void fresh(struct rtla_params *params, enum rtla_tracer tracer)
{
	params_alloc(params, tracer, MODE_TOP);
}

static void test_fine(void **state)
{
	struct params_verdict verdict;
	struct rtla_params params;

	fresh(&params, TRACER_TIMERLAT);
	assert_int_equal(params_check(&params, &verdict), 0);
	assert_string_equal(verdict.refusal, "");
	assert_string_equal(verdict.warning, "");
	params_free(&params);
}

/* rtla 7.2's own line, said as it is; ours after the tool's name. */
static void test_exclusions(void **state)
{
	struct params_verdict verdict;
	struct rtla_params params;

	fresh(&params, TRACER_TIMERLAT);
	params.no_irq = params.no_thread = true;
	assert_int_equal(params_check(&params, &verdict), -1);
	assert_true(verdict.own_line);
	assert_string_equal(verdict.refusal,
			    "no-irq and no-thread set, there is nothing to do here");
	params.no_irq = false;
	params.user_threads = params.user_load = true;
	assert_int_equal(params_check(&params, &verdict), -1);
	assert_false(verdict.own_line);
	assert_string_equal(verdict.refusal, "-u, -k and -U exclude each other");
	params_free(&params);
}

static void test_runtime_past_period(void **state)
{
	struct params_verdict verdict;
	struct rtla_params params;

	fresh(&params, TRACER_OSNOISE);
	params.period_us = 1000;
	params.runtime_us = 2000;
	assert_int_equal(params_check(&params, &verdict), -1);
	assert_string_equal(verdict.refusal,
			    "runtime 2000 us is longer than period 1000 us");
	params.runtime_us = 1000;
	assert_int_equal(params_check(&params, &verdict), 0);
	params_free(&params);
}

/* -a sets what was not set, and keeps what was. */
static void test_resolve_auto(void **state)
{
	struct rtla_params params;

	fresh(&params, TRACER_TIMERLAT);
	params.auto_us = 50;
	params.stop_total_us = 80;
	params_resolve(&params);
	assert_int_equal(params.stop_us, 50);
	assert_int_equal(params.stop_total_us, 80);
	assert_int_equal(params.print_stack_us, 50);
	assert_true(params.trace && params.trace_on_stop);
	params_free(&params);

	fresh(&params, TRACER_OSNOISE);
	params.hwnoise = true;
	params_resolve(&params);
	assert_int_equal(params.threshold_us, 1);
	assert_false(params.trace);
	params_free(&params);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fine),
		cmocka_unit_test(test_exclusions),
		cmocka_unit_test(test_runtime_past_period),
		cmocka_unit_test(test_resolve_auto),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
