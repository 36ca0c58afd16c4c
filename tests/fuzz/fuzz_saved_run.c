// SPDX-License-Identifier: GPL-2.0
/*
 * Saved JSON reports, rtla's and cyclictest's (src/input/saved_run.c),
 * and what rtla report and compare then do with them: a refused file has
 * a one-line reason; an accepted one renders and compares with itself.
 */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "compare_self.h"
#include "input/saved_run.h"
#include "model/compare.h"
#include "output/render.h"
#include "run/tool.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void compare_with_itself(const struct saved_run *run)
{
	struct compare_side side = { .name = "fuzz",
				     .view = params_context_view(&run->params),
				     .results = &run->results };

	compare_side_with_itself(&side, "*:max=+0%");
	compare_side_with_itself_by_default(&side);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct render_view view;
	struct saved_run run;
	char why[256] = "";
	FILE *null;

	if (size > 1 << 20)
		return 0;
	if (saved_run_parse((const char *)data, size, &run, why,
			    sizeof(why))) {
		assert(*why && !strchr(why, '\n'));
		return 0;
	}
	null = fopen("/dev/null", "w");
	view = tool_render_view(&run.params);
	if (run.params.mode == MODE_HIST)
		render_hist(null, &view, &run.results);
	fclose(null);
	compare_with_itself(&run);
	saved_run_free(&run);
	return 0;
}
