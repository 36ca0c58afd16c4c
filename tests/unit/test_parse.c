// SPDX-License-Identifier: GPL-2.0
#include "testutil.h"

#include "cli/parse.h"

static void test_u64(void **state)
{
	const char *why = NULL;
	uint64_t v;

	assert_int_equal(parse_u64("1234", &v, &why), 0);
	assert_int_equal(v, 1234);
	assert_int_equal(parse_u64("12a", &v, &why), -1);
	assert_string_equal(why, "not a number");
	assert_int_equal(parse_u64("-1", &v, &why), -1);
	assert_int_equal(parse_u64("", &v, &why), -1);
	assert_int_equal(parse_u64("99999999999999999999999", &v, &why), -1);
	assert_string_equal(why, "number too large");
	assert_int_equal(parse_u64_range("100", 100, 200, &v, &why), 0);
	assert_int_equal(parse_u64_range("99", 100, 200, &v, &why), -1);
	assert_string_equal(why, "out of range");
	assert_int_equal(parse_u64_range("99999999999999999999999", 100, 200,
					 &v, &why), -1);
	assert_string_equal(why, "out of range");
	assert_int_equal(parse_u64_range("1x", 100, 200, &v, &why), -1);
	assert_string_equal(why, "not a number");
}

/* Each reason is in its caller's buffer: a second refusal keeps the first. */
static void test_u64_in_reason(void **state)
{
	char first[RANGE_REASON_SIZE], second[RANGE_REASON_SIZE];
	const char *why_first = NULL, *why_second = NULL;
	uint64_t v;

	assert_int_equal(parse_u64_in("0", 1, 4294967295ULL, "us", &v,
				      &why_first, first), -1);
	assert_int_equal(parse_u64_in("18446744073709551616", 0, 99, NULL, &v,
				      &why_second, second), -1);
	assert_string_equal(why_first, "must be 1-4294967295 us");
	assert_string_equal(why_second, "must be 0-99");
	assert_ptr_equal(why_first, first);
	assert_int_equal(parse_u64_in("abc", 0, 99, NULL, &v, &why_second,
				      second), -1);
	assert_string_equal(why_second, "not a number");
	assert_int_equal(parse_u64_in("18446744073709551615", 0, UINT64_MAX,
				      "us", &v, &why_first, first), 0);
	assert_true(v == UINT64_MAX);
}

static void test_duration(void **state)
{
	const char *why = NULL;
	uint64_t s;

	assert_int_equal(parse_duration("10", &s, &why), 0);
	assert_int_equal(s, 10);
	assert_int_equal(parse_duration("10s", &s, &why), 0);
	assert_int_equal(s, 10);
	assert_int_equal(parse_duration("2m", &s, &why), 0);
	assert_int_equal(s, 120);
	assert_int_equal(parse_duration("3h", &s, &why), 0);
	assert_int_equal(s, 10800);
	assert_int_equal(parse_duration("1d", &s, &why), 0);
	assert_int_equal(s, 86400);
	/* the units in either case, as rtla 7.2 */
	assert_int_equal(parse_duration("10S", &s, &why), 0);
	assert_int_equal(s, 10);
	assert_int_equal(parse_duration("1M", &s, &why), 0);
	assert_int_equal(s, 60);
	assert_int_equal(parse_duration("2H", &s, &why), 0);
	assert_int_equal(s, 7200);
	assert_int_equal(parse_duration("1D", &s, &why), 0);
	assert_int_equal(s, 86400);
	assert_int_equal(parse_seconds("0", &s, &why), 0);
	assert_int_equal(s, 0);
	assert_int_equal(parse_duration("5x", &s, &why), -1);
	assert_string_equal(why, "unknown unit, use s, m, h or d");
	assert_int_equal(parse_duration("5ms", &s, &why), -1);
	assert_int_equal(parse_duration("xyz", &s, &why), -1);
	assert_int_equal(parse_duration("0", &s, &why), -1);
	assert_int_equal(parse_duration("s", &s, &why), -1);
}

static void test_time_ns(void **state)
{
	const char *why = NULL;
	uint64_t ns;

	assert_int_equal(parse_time_ns("500", &ns, &why), 0);
	assert_int_equal(ns, 500);
	assert_int_equal(parse_time_ns("200us", &ns, &why), 0);
	assert_int_equal(ns, 200000);
	assert_int_equal(parse_time_ns("3ms", &ns, &why), 0);
	assert_int_equal(ns, 3000000);
	assert_int_equal(parse_time_ns("1s", &ns, &why), 0);
	assert_int_equal(ns, 1000000000);
	assert_int_equal(parse_time_ns("1h", &ns, &why), -1);
}

static void test_cpu_list(void **state)
{
	const char *why = NULL;
	cpu_set_t set;

	assert_int_equal(parse_cpu_list("0-3,5", 8, &set, &why), 0);
	assert_int_equal(CPU_COUNT(&set), 5);
	assert_true(CPU_ISSET(3, &set));
	assert_false(CPU_ISSET(4, &set));
	assert_true(CPU_ISSET(5, &set));
	assert_int_equal(parse_cpu_list("7", 8, &set, &why), 0);
	assert_int_equal(CPU_COUNT(&set), 1);
	assert_int_equal(parse_cpu_list("8", 8, &set, &why), -1);
	assert_string_equal(why, "no such CPU");
	assert_int_equal(parse_cpu_list("3-1", 8, &set, &why), -1);
	assert_string_equal(why, "range runs backwards");
	assert_int_equal(parse_cpu_list("abc", 8, &set, &why), -1);
	assert_int_equal(parse_cpu_list("1,", 8, &set, &why), -1);
	assert_int_equal(parse_cpu_list("1,,2", 8, &set, &why), -1);
	assert_int_equal(parse_cpu_list("1-", 8, &set, &why), -1);
	assert_int_equal(parse_cpu_list("", 8, &set, &why), -1);
}

static void test_sched(void **state)
{
	static const struct {
		const char *text;
		int policy;
	} upper[] = {
		{ "F:1", SCHED_FIFO }, { "R:2", SCHED_RR },
		{ "O:0", SCHED_OTHER }, { "D:100us:1ms", SCHED_DEADLINE },
	};
	struct sched_spec s;
	const char *why = NULL;
	size_t i;

	assert_int_equal(parse_sched("f:95", &s, &why), 0);
	assert_true(s.set);
	assert_int_equal(s.policy, SCHED_FIFO);
	assert_int_equal(s.priority, 95);
	assert_int_equal(parse_sched("r:1", &s, &why), 0);
	assert_int_equal(s.policy, SCHED_RR);
	assert_int_equal(parse_sched("o:-5", &s, &why), 0);
	assert_int_equal(s.policy, SCHED_OTHER);
	assert_int_equal(s.priority, -5);
	assert_int_equal(parse_sched("d:100us:1ms", &s, &why), 0);
	assert_int_equal(s.policy, SCHED_DEADLINE);
	assert_int_equal(s.runtime_ns, 100000);
	assert_int_equal(s.period_ns, 1000000);
	/* rtla 7.2 takes the policy letter in either case */
	for (i = 0; i < sizeof(upper) / sizeof(upper[0]); i++) {
		assert_int_equal(parse_sched(upper[i].text, &s, &why), 0);
		assert_int_equal(s.policy, upper[i].policy);
	}
	assert_int_equal(parse_sched("X:1", &s, &why), -1);
	assert_int_equal(parse_sched("d:2ms:1ms", &s, &why), -1);
	assert_int_equal(parse_sched("f:100", &s, &why), -1);
	assert_int_equal(parse_sched("f:0", &s, &why), -1);
	assert_int_equal(parse_sched("o:20", &s, &why), -1);
	assert_int_equal(parse_sched("x:1", &s, &why), -1);
	assert_int_equal(parse_sched("f", &s, &why), -1);
	assert_int_equal(parse_sched("d:1ms", &s, &why), -1);
	assert_false(s.set);
}

static void test_event(void **state)
{
	struct event_spec e;
	const char *why = NULL;

	assert_int_equal(parse_event("sched:sched_switch", &e, &why), 0);
	assert_string_equal(e.system, "sched");
	assert_string_equal(e.name, "sched_switch");
	free(e.system);
	free(e.name);
	assert_int_equal(parse_event("osnoise", &e, &why), 0);
	assert_string_equal(e.system, "osnoise");
	assert_null(e.name);
	free(e.system);
	assert_int_equal(parse_event("osnoise:*", &e, &why), 0);
	assert_null(e.name);
	free(e.system);
	assert_int_equal(parse_event("a b:c", &e, &why), -1);
	assert_int_equal(parse_event(":x", &e, &why), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_u64),
		cmocka_unit_test(test_u64_in_reason),
		cmocka_unit_test(test_duration),
		cmocka_unit_test(test_time_ns),
		cmocka_unit_test(test_cpu_list),
		cmocka_unit_test(test_sched),
		cmocka_unit_test(test_event),
	};

	return RUN_SUITE("parse", tests);
}
