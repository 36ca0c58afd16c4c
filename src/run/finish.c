// SPDX-License-Identifier: GPL-2.0
/* The end of a run: the stop report and trace, budgets, report files. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/budget.h"
#include "output/report.h"
#include "run/run.h"
#include "run/budget_report.h"
#include "run/run_end.h"
#include "run/trace_file.h"
#include "session/tracer_config.h"
#include "version.h"

#include <tracefs.h>

/* The stop, after the threshold's actions saved what they save. */
static void report_stop(struct run *run)
{
	/* rtla 7.2's words (rtla 6.1 began with "rtla ") */
	fprintf(run->text, "%s hit stop tracing\n", run->tracer->name);
	run_aa_report(run);
}

/* -e with a hist: trigger: its histogram goes to <system>_<event>_hist.txt. */
static int save_hist_triggers(struct run *run)
{
	const struct rtla_params *params = run->params;
	const struct event_spec *event;
	char path[512], file[512];
	int i, ret = 0;

	for (i = 0; run->trace && i < params->tracing.nr_events; i++) {
		event = &params->tracing.events[i];
		if (!event->trigger || strncmp(event->trigger, "hist:", 5))
			continue;
		snprintf(path, sizeof(path), "%s_%s_hist.txt", event->system,
			 event->name);
		snprintf(file, sizeof(file), "events/%s/%s/hist",
			 event->system, event->name);
		if (!trace_file_save(run->trace, file, path))
			continue;
		run_error(run, "cannot save %s: %s", path, strerror(errno));
		ret = -1;
	}
	return ret;
}

/* Thresholds that --on-threshold continue measured past. */
static void report_hits(struct run *run)
{
	uint64_t hits = run->results.threshold_hits - run->results.stopped;

	if (!hits)
		return;
	fprintf(run->text, "rtla %s: a stop threshold was hit %llu time%s; measuring went on\n",
		run->tool->id.name, (unsigned long long)hits,
		hits == 1 ? "" : "s");
	fflush(run->text);
}

static enum run_end run_end_of(const struct run *run)
{
	if (run->results.stopped)
		return RUN_END_THRESHOLD;
	if (run_stop_requested)
		return RUN_END_SIGNAL;
	if (run->workload.failed)
		return RUN_END_WORKLOAD;
	return RUN_END_DURATION;
}

static int write_reports(struct run *run, int status,
			 const struct budget_verdict *verdicts, int count)
{
	const struct rtla_params *params = run->params;
	const struct report_params *reports = &params->reports;
	struct system_facts system;
	char end_name[RUN_END_NAME_SIZE];
	struct run_report report = {
		.tool_name = run->tool->id.name,
		.version = RTLA_VERSION,
		.params = params,
		.results = &run->results,
		.system = &system,
		.start_time = run->results.start_time,
		.end_time = run->results.end_time,
		.exit_status = status,
		.end_reason = run_end_name(run_end_of(run), run_stop_requested,
					   end_name, sizeof(end_name)),
		.interrupted = run_end_of(run) == RUN_END_SIGNAL &&
			       run_stop_requested != SIGALRM &&
			       params->duration_s,
		.period_us = tracer_config_period_us(params),
		.runtime_us = tracer_config_runtime_us(params),
		.verdicts = verdicts,
		.nr_verdicts = count,
		.on_threshold = &run->on_threshold,
		.on_end = &run->on_end,
	};
	const struct {
		const char *path;
		const char *what;
		int (*writer)(const struct run_report *, FILE *);
	} outputs[] = {
		{ reports->json_file, "JSON report", report_write_json },
		{ reports->openmetrics_file, "OpenMetrics report",
		  report_write_openmetrics },
		{ reports->junit_file, "JUnit report", report_write_junit },
	};
	size_t i;
	int ret = 0;

	system_facts_collect(&system);
	/* each is attempted, and each failure told, whatever the others did */
	for (i = 0; i < sizeof(outputs) / sizeof(outputs[0]); i++) {
		if (!outputs[i].path ||
		    !report_write_file(&report, outputs[i].path,
				       outputs[i].writer))
			continue;
		if (!strcmp(outputs[i].path, "-"))
			run_error(run, "cannot write the %s to stdout: %s",
				  outputs[i].what, strerror(errno));
		else
			run_error(run, "cannot write the %s to %s: %s",
				  outputs[i].what, outputs[i].path,
				  strerror(errno));
		ret = -1;
	}
	return ret;
}

int run_finish(struct run *run)
{
	struct budget_set budget_set = params_budget_set(run->params);
	int max = budget_set.count * run->results.nr_cpus, count;
	struct budget_verdict *verdicts = calloc(max + 1, sizeof(*verdicts));
	int status = RTLA_EXIT_OK, budgets, signalled;

	if (!verdicts) {
		run_error(run, "out of memory");
		return RTLA_EXIT_ERROR;
	}
	/*
	 * As in rtla 7.2: the --on-end actions come before the stop's
	 * report, and a run that --on-threshold continue took to its end
	 * is exit 0 (report_hits() counts the hits).
	 */
	run_actions(run, &run->on_end);
	if (run->results.stopped) {
		status = RTLA_EXIT_THRESHOLD_HIT;
		report_stop(run);
	} else if (param_given(run->params->analysis.aa_only_us)) {
		run_aa_max_latency(run);
	}
	if (run->trace_save_failed || run->textfile_errno)
		status = RTLA_EXIT_ERROR;
	report_hits(run);
	if (run->workload.failed || save_hist_triggers(run))
		status = RTLA_EXIT_ERROR;
	budgets = budgets_report(run->text, run->tool->id.name, &budget_set,
				 &run->results, verdicts, max, &count);
	if (status == RTLA_EXIT_OK)
		status = budgets;
	/* a signal that ended a hung --on-end command counts as any other */
	signalled = run->tool->until_signal ?
		    run_exit_status_until_stopped(run_stop_requested, status) :
		    run_exit_status_after_signal(run_stop_requested, true,
						 status);
	if (write_reports(run, signalled, verdicts, count) &&
	    signalled == status)
		signalled = status = RTLA_EXIT_ERROR;
	free(verdicts);
	return signalled;
}
