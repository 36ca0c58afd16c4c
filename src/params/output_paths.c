// SPDX-License-Identifier: GPL-2.0
#include <string.h>
#include <sys/stat.h>

#include "params/output_paths.h"
#include "model/tracer.h"

static const char *without_dot_slash(const char *path)
{
	while (!strncmp(path, "./", 2))
		path += 2;
	return path;
}

bool output_paths_same(const char *a, const char *b)
{
	struct stat sa, sb;

	if (!strcmp(a, "-") || !strcmp(b, "-"))
		return !strcmp(a, b);
	if (!strcmp(without_dot_slash(a), without_dot_slash(b)))
		return true;
	return !stat(a, &sa) && !stat(b, &sb) && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

static int list_outputs(const struct rtla_params *params,
			struct output_path *list)
{
	const struct report_params *reports = &params->reports;
	int n = 0;

	if (reports->json_file)
		list[n++] = (struct output_path){ "--json",
						  reports->json_file };
	if (reports->openmetrics_file)
		list[n++] = (struct output_path){ "--openmetrics",
						  reports->openmetrics_file };
	if (reports->junit_file)
		list[n++] = (struct output_path){ "--junit",
						  reports->junit_file };
	if (params->tracing.trace)
		list[n++] = (struct output_path){ "-t",
						  tracer_trace_file(params) };
	if (params->monitor.record_file)
		list[n++] = (struct output_path){ "--record",
						  params->monitor.record_file };
	if (params->monitor.textfile)
		list[n++] = (struct output_path){ "--textfile",
						  params->monitor.textfile };
	return n;
}

bool output_paths_clash(const struct rtla_params *params,
			struct output_path *first, struct output_path *second)
{
	struct output_path list[6];
	int i, j, n = list_outputs(params, list);

	for (i = 0; i < n; i++) {
		for (j = i + 1; j < n; j++) {
			if (!output_paths_same(list[i].path, list[j].path))
				continue;
			*first = list[i];
			*second = list[j];
			return true;
		}
	}
	return false;
}
