// SPDX-License-Identifier: GPL-2.0
/* Every output file checked before the run changes anything. */
#include <stdio.h>

#include "output/out_file.h"
#include "run/run.h"

int run_check_outputs(struct run *run)
{
	const struct rtla_params *params = run->params;
	const char *paths[] = {
		params->trace ? tracer_trace_file(params) : NULL,
		params->json_file, params->openmetrics_file,
		params->junit_file,
	};
	char why[128];
	size_t i;
	int ret = 0;

	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		if (!paths[i] || !out_file_check(paths[i], why, sizeof(why)))
			continue;
		run_error(run, "cannot write %s: %s", paths[i], why);
		ret = -1;
	}
	return ret;
}
