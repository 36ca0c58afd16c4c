/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_COMPARE_SAVED_H
#define RTLA_COMPARE_SAVED_H

#include "model/compare.h"
#include "model/window_series.h"

/* rtla compare BASE NEW [--rule CTX:STAT=+LIMIT]... [--json F] [--junit F] */
struct compare_args {
	const char *files[2];
	int nr_files;			/* operands given: two are taken */
	struct compare_rule rules[COMPARE_MAX_RULES];
	int nr_rules;
	const char *json_file;
	const char *junit_file;
	enum window_choice choice;
};

/* The regression gate between @args->files: the exit status. */
int compare_run(const struct compare_args *args);

#endif
