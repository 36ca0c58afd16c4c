/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_COMPARE_REPORT_H
#define RTLA_COMPARE_REPORT_H

#include <stdio.h>

#include "model/compare.h"

/* What rtla compare prints and writes: the files, their unit and result. */
struct compare_report {
	const char *base;
	const char *new;
	const char *unit;		/* "us", or "ns" when both are */
	const struct comparison *cmp;
	int exit_status;
};

/* The table, then a line for each rule not kept, then the tally. */
void render_compare(FILE *out, const struct compare_report *report);
int compare_write_json(const struct compare_report *report, FILE *out);
int compare_write_junit(const struct compare_report *report, FILE *out);

#endif
