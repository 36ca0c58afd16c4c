/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_REPORT_H
#define RTLA_REPORT_H

#include <stdio.h>
#include <time.h>

#include "model/action_outcome.h"
#include "model/budget.h"
#include "params/params.h"
#include "model/results.h"
#include "model/system_facts.h"

void system_facts_collect(struct system_facts *facts);

/* A finished run, as the machine-readable writers see it. */
struct run_report {
	const char *tool_name;
	const char *version;
	const struct rtla_params *params;
	const struct rtla_results *results;
	const struct system_facts *system;
	time_t start_time;
	time_t end_time;
	int exit_status;
	const char *end_reason;		/* "duration", "threshold", "SIGTERM"... */
	bool interrupted;		/* a signal ended it before its -d */
	uint64_t period_us;		/* the tracer's, given or default */
	uint64_t runtime_us;		/* osnoise */
	const struct budget_verdict *verdicts;
	int nr_verdicts;
	const struct action_outcomes *on_threshold;
	const struct action_outcomes *on_end;
};

int report_write_json(const struct run_report *report, FILE *out);
int report_write_openmetrics(const struct run_report *report, FILE *out);

/*
 * --sources' series, @name_total{cpu,kind,source}: each shown CPU's top N
 * and other (bounded however many sources come and go); the family's
 * HELP text.  Shared by --openmetrics and the monitor's exposition, whose
 * @other (one a CPU; NULL: the view's own) keeps other from decreasing
 * between scrapes.
 */
struct other_counter;
void metrics_write_sources(FILE *out, const char *name,
			   const struct rtla_results *results,
			   struct other_counter *other);
const char *metrics_sources_help(const struct rtla_results *results);
int report_write_junit(const struct run_report *report, FILE *out);

/* Write through @writer to a temporary file renamed to @path at the end. */
int report_write_file(const struct run_report *report, const char *path,
		      int (*writer)(const struct run_report *, FILE *));

#endif
