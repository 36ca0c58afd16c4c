/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_REPORT_SAVED_H
#define RTLA_REPORT_SAVED_H

#include "params/params.h"

/* rtla report FILE [--json F] [--openmetrics F] [--junit F] [--budget B]... */
struct report_args {
	const char *file;
	int nr_files;			/* operands given: one is taken */
	const char *budgets[RTLA_MAX_BUDGETS];
	int nr_budgets;
	const char *json_file;
	const char *openmetrics_file;
	const char *junit_file;
};

/*
 * The saved run in @args->file printed as the live tool printed it, its
 * budgets judged again, its reports written again: the exit status.
 */
int report_run(const struct report_args *args);

#endif
