// SPDX-License-Identifier: GPL-2.0
/* Every output file checked before the run changes anything. */
#include <stdio.h>

#include "output/out_file.h"
#include "run/file_tools.h"
#include "run/run.h"

static int check_output(struct run *run, const char *path)
{
	char why[128];

	if (!path || !out_file_check(path, why, sizeof(why)))
		return 0;
	run_error(run, "cannot write %s: %s", path, why);
	return -1;
}

/* The files of the trace actions in @list. */
static int check_trace_actions(struct run *run, const struct action_list *list)
{
	int i, ret = 0;

	for (i = 0; i < list->count; i++)
		if (list->item[i].kind == ACTION_TRACE &&
		    check_output(run, list->item[i].file ? list->item[i].file :
				 run->tracer->trace_file))
			ret = -1;
	return ret;
}

int outputs_check_paths(const char *command, const char *const paths[],
			size_t nr)
{
	char why[128];
	size_t i;
	int ret = 0;

	for (i = 0; i < nr; i++) {
		if (!paths[i] || !out_file_check(paths[i], why, sizeof(why)))
			continue;
		fprintf(stderr, "rtla %s: cannot write %s: %s\n", command,
			paths[i], why);
		ret = -1;
	}
	return ret;
}

int run_check_outputs(struct run *run)
{
	const struct rtla_params *params = run->params;
	const char *paths[] = {
		params->trace_on_stop ? tracer_trace_file(params) : NULL,
		params->json_file, params->openmetrics_file,
		params->junit_file, params->record_file, params->textfile,
	};
	size_t i;
	int ret = 0;

	/* each failure told, whatever the others did */
	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
		if (check_output(run, paths[i]))
			ret = -1;
	if (check_trace_actions(run, &params->on_threshold))
		ret = -1;
	if (check_trace_actions(run, &params->on_end))
		ret = -1;
	return ret;
}
