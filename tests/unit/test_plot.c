// SPDX-License-Identifier: GPL-2.0
/* rtla plot's geometry, formats and arguments: exact numbers. */
#include "testutil.h"

#include <math.h>

#include "cli/plot_args.h"
#include "cli/plot_exec.h"
#include "output/plot_axes.h"
#include "output/plot_layout.h"
#include "output/plot_format.h"

#define EPS	1e-9

static void expect_linear(double max, double axis_max, double step)
{
	struct plot_axis a = plot_axis_linear(max);

	assert_false(a.log);
	assert_float_equal(a.min, 0, EPS);
	assert_float_equal(a.max, axis_max, EPS);
	assert_float_equal(a.step, step, EPS);
}

static void test_axis_linear(void **state)
{
	expect_linear(0, 1, 0.2);		/* nothing: 0 to 1 */
	expect_linear(1, 1, 0.2);
	expect_linear(47, 50, 10);
	expect_linear(50, 50, 10);		/* a round max stays */
	expect_linear(55, 60, 20);
	expect_linear(101, 150, 50);
	expect_linear(0.3, 0.3, 0.1);
	expect_linear(2700, 3000, 1000);
}

static void test_axis_log(void **state)
{
	struct plot_axis a;

	a = plot_axis_log(0);
	assert_true(a.log);
	assert_float_equal(a.min, 1, EPS);
	assert_float_equal(a.max, 10, EPS);
	assert_float_equal(plot_axis_log(7).max, 10, EPS);
	assert_float_equal(plot_axis_log(10).max, 10, EPS);
	assert_float_equal(plot_axis_log(11).max, 100, EPS);
	assert_float_equal(plot_axis_log(100000).max, 100000, EPS);
	assert_float_equal(plot_axis_log(123456).max, 1000000, EPS);
}

static void test_positions(void **state)
{
	struct plot_axis lin = plot_axis_linear(50);
	struct plot_axis log = plot_axis_log(10000);

	/* x: 0..50 us over pixels 100..600 */
	assert_float_equal(plot_axis_position(&lin, 0, 100, 600), 100, EPS);
	assert_float_equal(plot_axis_position(&lin, 25, 100, 600), 350, EPS);
	assert_float_equal(plot_axis_position(&lin, 50, 100, 600), 600, EPS);
	/* past either end: kept at it */
	assert_float_equal(plot_axis_position(&lin, 80, 100, 600), 600, EPS);
	assert_float_equal(plot_axis_position(&lin, -3, 100, 600), 100, EPS);
	/* y: counts 1..10^4 upwards from pixel 400 to 0, a decade each 100 */
	assert_float_equal(plot_axis_position(&log, 1, 400, 0), 400, EPS);
	assert_float_equal(plot_axis_position(&log, 10, 400, 0), 300, EPS);
	assert_float_equal(plot_axis_position(&log, 100, 400, 0), 200, EPS);
	assert_float_equal(plot_axis_position(&log, 10000, 400, 0), 0, EPS);
	assert_float_equal(plot_axis_position(&log, 1000 * sqrt(10), 400, 0),
			   50, EPS);
	/* an empty bucket drops to the foot, below the count 1 */
	assert_float_equal(plot_count_position(&log, 0, 400, 0, 406), 406, EPS);
	assert_float_equal(plot_count_position(&log, 1, 400, 0, 406), 400, EPS);
	assert_float_equal(plot_count_position(&log, 1000, 400, 0, 406), 100,
			   EPS);
}

static void test_ticks(void **state)
{
	struct plot_axis lin = plot_axis_linear(55);
	struct plot_axis log = plot_axis_log(20000);
	double t[PLOT_MAX_TICKS];

	assert_int_equal(plot_axis_ticks(&lin, t, PLOT_MAX_TICKS), 4);
	assert_float_equal(t[0], 0, EPS);
	assert_float_equal(t[1], 20, EPS);
	assert_float_equal(t[3], 60, EPS);
	assert_int_equal(plot_axis_ticks(&log, t, PLOT_MAX_TICKS), 6);
	assert_float_equal(t[0], 1, EPS);
	assert_float_equal(t[5], 100000, EPS);
	/* no more than asked */
	assert_int_equal(plot_axis_ticks(&log, t, 3), 3);
	assert_float_equal(t[2], 100, EPS);
	lin = plot_axis_linear(0.3);
	assert_int_equal(plot_axis_ticks(&lin, t, PLOT_MAX_TICKS), 4);
	assert_float_equal(t[3], 0.3, EPS);
}

static void test_bucket_us(void **state)
{
	/* bucket 7 of 2 us buckets starts at 14 us */
	assert_float_equal(plot_bucket_us(7, 2, 1000), 14, EPS);
	/* a run in ns: bucket 1500 of 1 ns buckets, 1.5 us */
	assert_float_equal(plot_bucket_us(1500, 1, 1), 1.5, EPS);
	assert_float_equal(plot_bucket_us(0, 10, 1000), 0, EPS);
}

static void expect_rect(const struct plot_rect *r, double left, double top,
			double right, double bottom)
{
	assert_float_equal(r->left, left, EPS);
	assert_float_equal(r->top, top, EPS);
	assert_float_equal(r->right, right, EPS);
	assert_float_equal(r->bottom, bottom, EPS);
}

static void test_layout(void **state)
{
	struct plot_layout l;

	/* two files, two panels (irq and thread) on 1000x700 */
	assert_int_equal(plot_layout_fit(&l, 1000, 700, 2, 2), 0);
	assert_int_equal(l.nr_panels, 2);
	expect_rect(&l.header, 10, 10, 990, 76);
	expect_rect(&l.legend, 894, 100, 990, 690);
	expect_rect(&l.panels[0], 72, 100, 884, 343);
	expect_rect(&l.panels[1], 72, 407, 884, 650);
	/* one file, one panel */
	assert_int_equal(plot_layout_fit(&l, 800, 400, 1, 1), 0);
	expect_rect(&l.panels[0], 72, 84, 684, 350);
	/* too small for three panels, too narrow, no panel */
	assert_int_equal(plot_layout_fit(&l, 400, 300, 1, 3), -1);
	assert_int_equal(plot_layout_fit(&l, 300, 700, 1, 1), -1);
	assert_int_equal(plot_layout_fit(&l, 1000, 700, 1, 0), -1);
	assert_int_equal(plot_layout_fit(&l, 1000, 700, 1, PLOT_MAX_PANELS + 1),
			 -1);
}

static void test_groups(void **state)
{
	assert_int_equal(plot_group_size(1), 1);
	assert_int_equal(plot_group_size(16), 1);
	assert_int_equal(plot_group_count(16), 16);
	/* past 16 CPUs, they share colours */
	assert_int_equal(plot_group_size(17), 2);
	assert_int_equal(plot_group_count(17), 9);
	assert_int_equal(plot_group_size(64), 4);
	assert_int_equal(plot_group_count(64), 16);
	assert_int_equal(plot_group_size(65), 5);
	assert_int_equal(plot_group_count(65), 13);
	assert_int_equal(plot_group_count(1024), 16);
}

/* The sixteen colours differ pairwise by at least a fifth of a channel. */
static void test_colors(void **state)
{
	double a[3], b[3], d;
	int i, j, k;

	plot_color(0, a);
	assert_float_equal(a[0], 0x1f / 255.0, EPS);
	assert_float_equal(a[1], 0x77 / 255.0, EPS);
	assert_float_equal(a[2], 0xb4 / 255.0, EPS);
	for (i = 0; i < PLOT_PALETTE_SIZE; i++)
		for (j = i + 1; j < PLOT_PALETTE_SIZE; j++) {
			plot_color(i, a);
			plot_color(j, b);
			for (d = 0, k = 0; k < 3; k++)
				d = fmax(d, fabs(a[k] - b[k]));
			assert_true(d >= 0.2);
		}
	/* none is near white, the page */
	for (i = 0; i < PLOT_PALETTE_SIZE; i++) {
		plot_color(i, a);
		assert_true(a[0] + a[1] + a[2] < 2.4);
	}
}

static void test_dashes(void **state)
{
	double d[4];

	assert_int_equal(plot_dash(0, d), 0);
	assert_int_equal(plot_dash(1, d), 2);
	assert_float_equal(d[0], 6, EPS);
	assert_float_equal(d[1], 3, EPS);
	assert_int_equal(plot_dash(2, d), 2);
	assert_float_equal(d[0], 1.5, EPS);
	assert_int_equal(plot_dash(3, d), 4);
	assert_int_equal(plot_dash(4, d), 0);
}

static void test_formats(void **state)
{
	assert_int_equal(plot_format_of("a.svg"), PLOT_SVG);
	assert_int_equal(plot_format_of("dir.x/b.PNG"), PLOT_PNG);
	assert_int_equal(plot_format_of("c.pdf"), PLOT_PDF);
	assert_int_equal(plot_format_of("d.jpg"), PLOT_NONE);
	assert_int_equal(plot_format_of("dir.svg/plot"), PLOT_NONE);
	assert_int_equal(plot_format_of("plot"), PLOT_NONE);
	assert_int_equal(plot_format_named("pdf"), PLOT_PDF);
	assert_int_equal(plot_format_named("eps"), PLOT_NONE);
}

static int parse(struct plot_args *args, char *line)
{
	char *argv[16], *word;
	int argc = 0;

	for (word = strtok(line, " "); word && argc < 15;
	     word = strtok(NULL, " "))
		argv[argc++] = word;
	argv[argc] = NULL;
	return plot_parse_args(argc, argv, args);
}

static void test_args(void **state)
{
	struct plot_args a;
	char line[256];

	strcpy(line, "plot a.json b.json -o out.svg");
	assert_int_equal(parse(&a, line), OPTIONS_OK);
	assert_int_equal(a.nr_files, 2);
	assert_string_equal(a.files[1], "b.json");
	assert_int_equal(a.format, PLOT_SVG);
	assert_int_equal(a.width, PLOT_DEFAULT_WIDTH);
	assert_int_equal(a.height, PLOT_DEFAULT_HEIGHT);
	strcpy(line, "plot a.json --output=out --format pdf --size 640x480");
	assert_int_equal(parse(&a, line), 0);
	assert_int_equal(a.format, PLOT_PDF);
	assert_int_equal(a.width, 640);
	assert_int_equal(a.height, 480);
	/* --format wins over the extension */
	strcpy(line, "plot a.json -o out.svg --format=png");
	assert_int_equal(parse(&a, line), 0);
	assert_int_equal(a.format, PLOT_PNG);
}

static void test_bad_args(void **state)
{
	static const char *const bad[] = {
		"plot a.json",				/* no -o */
		"plot -o out.svg",			/* no file */
		"plot a.json -o out.jpg",		/* no format */
		"plot a.json -o out.svg --format gif",
		"plot a.json -o out.svg --size 640",
		"plot a.json -o out.svg --size 640x",
		"plot a.json -o out.svg --size 0x480",
		"plot a.json -o out.svg --size 640x480px",
		"plot a.json -o out.svg --size 20000x480",
		"plot a.json -o out.svg --size -640x480",
		"plot a.json -o out.svg --bogus",
		"plot 1 2 3 4 5 6 7 8 9 -o out.svg",	/* too many files */
	};
	struct plot_args a;
	char line[256];
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		strcpy(line, bad[i]);
		if (parse(&a, line) == OPTIONS_OK)
			fail_msg("accepted: %s", bad[i]);
	}
}

/* A malformed command line is a usage error (exit 129), a bad value not. */
static void test_usage_errors(void **state)
{
	struct plot_args a;
	char line[256];

	strcpy(line, "plot a.json");
	assert_int_equal(parse(&a, line), OPTIONS_USAGE);
	strcpy(line, "plot -o out.svg");
	assert_int_equal(parse(&a, line), OPTIONS_USAGE);
	strcpy(line, "plot a.json -o out.svg --bogus");
	assert_int_equal(parse(&a, line), OPTIONS_USAGE);
	strcpy(line, "plot a.json -o out.svg --format gif");
	assert_int_equal(parse(&a, line), OPTIONS_ERROR);
	strcpy(line, "plot a.json -o out.jpg");
	assert_int_equal(parse(&a, line), OPTIONS_ERROR);
}

static void test_program_paths(void **state)
{
	char a[64], b[64];

	assert_int_equal(plot_program_paths("/usr/bin/rtla", a, b, sizeof(a)),
			 0);
	assert_string_equal(a, "/usr/bin/rtla-plot");
	assert_string_equal(b, "/usr/bin/../libexec/rtla/rtla-plot");
	assert_int_equal(plot_program_paths("/w/build/rtla", a, b, sizeof(a)),
			 0);
	assert_string_equal(a, "/w/build/rtla-plot");
	assert_int_equal(plot_program_paths("/a/very/long/path/of/the/bin/rtla",
					    a, b, 40), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_axis_linear),
		cmocka_unit_test(test_axis_log),
		cmocka_unit_test(test_positions),
		cmocka_unit_test(test_ticks),
		cmocka_unit_test(test_bucket_us),
		cmocka_unit_test(test_layout),
		cmocka_unit_test(test_groups),
		cmocka_unit_test(test_colors),
		cmocka_unit_test(test_dashes),
		cmocka_unit_test(test_formats),
		cmocka_unit_test(test_args),
		cmocka_unit_test(test_bad_args),
		cmocka_unit_test(test_usage_errors),
		cmocka_unit_test(test_program_paths),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
