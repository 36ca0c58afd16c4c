// SPDX-License-Identifier: GPL-2.0
/*
 * Every output file, and the monitor's --web-config, checked before the
 * run changes anything.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output/out_file.h"
#include "run/outputs.h"
#include "run/run.h"
#include "run/trace_dat.h"

static int check_output(struct run *run, const char *path)
{
	char why[128];

	if (!path || !out_file_check(path, why, sizeof(why)))
		return 0;
	run_error(run, "cannot write %s: %s", path, why);
	return -1;
}

/* A trace file; a *.dat one told at once when trace-cmd is missing. */
static int check_trace(struct run *run, const char *path)
{
	if (check_output(run, path))
		return -1;
	if (trace_dat_wanted(path) && !trace_dat_writer_found())
		run_error(run, "%s not found in PATH: %s will hold the text trace, not a trace.dat",
			  TRACE_DAT_WRITER, path);
	return 0;
}

/* The files of the trace actions in @list. */
static int check_trace_actions(struct run *run, const struct action_list *list)
{
	int i, ret = 0;

	for (i = 0; i < list->count; i++)
		if (list->item[i].kind == ACTION_TRACE &&
		    check_trace(run, list->item[i].file ? list->item[i].file :
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

/*
 * A file read once the tracer is on: a FIFO or a device there would hang
 * the run with the tracer on (opened here without waiting for a writer).
 */
static int check_input(struct run *run, const char *path)
{
	struct stat st;
	int fd, ret = 0;

	if (!path)
		return 0;
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st)) {
		run_error(run, "cannot read %s: %s", path, strerror(errno));
		ret = -1;
	} else if (!S_ISREG(st.st_mode)) {
		run_error(run, "cannot read %s: not a regular file", path);
		ret = -1;
	}
	if (fd >= 0)
		close(fd);
	return ret;
}

int run_check_outputs(struct run *run)
{
	const struct rtla_params *params = run->params;
	const char *paths[] = {
		params->json_file, params->openmetrics_file,
		params->junit_file, params->record_file, params->textfile,
	};
	size_t i;
	int ret = 0;

	/* each failure told, whatever the others did */
	if (params->trace_on_stop && check_trace(run, tracer_trace_file(params)))
		ret = -1;
	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
		if (check_output(run, paths[i]))
			ret = -1;
	if (check_trace_actions(run, &params->on_threshold))
		ret = -1;
	if (check_trace_actions(run, &params->on_end))
		ret = -1;
	if (check_input(run, params->web_config))
		ret = -1;
	return ret;
}
