// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat monitor --record lines (src/input/window_file.c), one per
 * input line, and what rtla compare does with the series: a refused line
 * has a one-line reason, and so has the input refused as a whole file
 * (src/input/saved_input.c); a series compares with itself under every
 * --window choice without a broken rule.
 */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "compare_self.h"
#include "input/saved_input.h"
#include "input/window_file.h"
#include "model/compare.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void compare_with_itself(const struct window_series *series,
				enum window_choice choice)
{
	struct compare_side side = { .name = "fuzz",
				     .view = window_series_view(series),
				     .series = series, .choice = choice };

	compare_side_with_itself(&side, "*:p99=+0%");
	compare_side_with_itself_by_default(&side);
}

/* The same bytes as a file rtla compare or plot reads, in one pass. */
static void read_as_file(const uint8_t *data, size_t size)
{
	FILE *f = fmemopen((void *)data, size ? size : 1, "r");
	struct saved_input in;
	char why[256] = "";

	if (!f || !size) {
		if (f)
			fclose(f);
		return;
	}
	if (saved_input_read_stream(f, &in, why, sizeof(why)))
		assert(*why && !strchr(why, '\n'));
	else
		saved_input_free(&in);
	fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data, *end = text + size, *nl;
	struct window_series series = { 0 };
	char why[256];

	if (size > 1 << 20)
		return 0;
	for (; text < end; text = nl + 1) {
		nl = memchr(text, '\n', end - text);
		if (!nl)
			nl = end;
		why[0] = 0;
		if (window_series_add_line(&series, text, nl - text, why,
					   sizeof(why)))
			assert(*why && !strchr(why, '\n'));
	}
	if (series.nr_lines) {
		compare_with_itself(&series, WINDOW_WORST);
		compare_with_itself(&series, WINDOW_LAST);
		compare_with_itself(&series, WINDOW_ALL);
	}
	window_series_free(&series);
	read_as_file(data, size);
	return 0;
}
