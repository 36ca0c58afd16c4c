// SPDX-License-Identifier: GPL-2.0
/* How often timerlat's ring buffers are read. */
#include "testutil.h"

#include "collect/reader.h"

#define MS	1000000L
#define SEC	1000000000L

static void test_quarter_of_the_buffer(void **state)
{
	/* 1 MiB a CPU, 100 us, IRQ + thread: 960000 B/s, a quarter in 273 ms */
	assert_int_equal(reader_poll_interval_ns(1 << 20, 100, 2), 273066666L);
	/* a user-space thread's record too: 1440000 B/s */
	assert_int_equal(reader_poll_interval_ns(1 << 20, 100, 3), 182044444L);
	/* just short of a second's worth in a quarter */
	assert_int_equal(reader_poll_interval_ns(383996, 1000, 2), 999989583L);
}

static void test_at_most_a_second(void **state)
{
	/* 96000 B/s: exactly a second in a quarter of 384000 B, and more */
	assert_int_equal(reader_poll_interval_ns(384000, 1000, 2), SEC);
	assert_int_equal(reader_poll_interval_ns(1 << 20, 1000, 2), SEC);
	/* a period so long that no record comes in a second */
	assert_int_equal(reader_poll_interval_ns(4096, 10000000, 2), SEC);
}

static void test_at_least_the_floor(void **state)
{
	/* 8 kB at 100 us with user threads: 1.4 ms, raised to 10 ms */
	assert_int_equal(reader_poll_interval_ns(8192, 100, 3), 10 * MS);
	/* period 0 is taken as 1 us, an empty buffer as full at once */
	assert_int_equal(reader_poll_interval_ns(1 << 20, 0, 2), 10 * MS);
	assert_int_equal(reader_poll_interval_ns(0, 100, 2), 10 * MS);
	assert_int_equal(READER_POLL_MIN_NS, 10 * MS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quarter_of_the_buffer),
		cmocka_unit_test(test_at_most_a_second),
		cmocka_unit_test(test_at_least_the_floor),
	};

	return RUN_SUITE("poll_interval", tests);
}
