// SPDX-License-Identifier: GPL-2.0
#include <stdbool.h>
#include <stdio.h>

#include "output/report.h"
#include "output/xml.h"

/* The run itself: it must end as it was asked to, without a stop. */
static int write_run_case(const struct run_report *report, FILE *out,
			  double seconds)
{
	const struct rtla_results *results = report->results;
	char text[160];

	fprintf(out, "    <testcase classname=\"rtla.%s\" name=\"run\" time=\"%.0f\">",
		results->tracer->name, seconds);
	if (report->interrupted) {
		snprintf(text, sizeof(text),
			 "ended by %s after %llu of %llu s", report->end_reason,
			 (unsigned long long)results->elapsed_s,
			 (unsigned long long)report->params->duration_s);
		fprintf(out, "\n      <error");
		xml_attr(out, "message", text);
		fprintf(out, " type=\"interrupted\"/>\n    </testcase>\n");
		return 1;
	}
	/* --on-threshold continue measured past its hits: exit 0, as 7.2 */
	if (results->stopped) {
		snprintf(text, sizeof(text),
			 "a stop threshold was hit %llu time%s",
			 (unsigned long long)results->threshold_hits,
			 results->threshold_hits == 1 ? "" : "s");
		fprintf(out, "\n      <failure");
		xml_attr(out, "message", text);
		fprintf(out, " type=\"threshold\"/>\n    </testcase>\n");
		return 1;
	}
	fprintf(out, "<system-out>ended by %s; %llu stop threshold hits measured past</system-out></testcase>\n",
		report->end_reason ? report->end_reason : "duration",
		(unsigned long long)results->threshold_hits);
	return 0;
}

static void write_budget_case(const struct run_report *report, FILE *out,
			      const struct budget_verdict *v, double seconds)
{
	char description[320];

	budget_verdict_describe(v, report->results, description,
				sizeof(description));
	fprintf(out, "    <testcase classname=\"rtla.%s\" name=\"",
		report->results->tracer->name);
	xml_text(out, v->budget->text);
	fprintf(out, " cpu%d\" time=\"%.0f\">", v->cpu, seconds);
	if (v->result == BUDGET_MET) {
		fprintf(out, "<system-out>");
		xml_text(out, description);
		fprintf(out, "</system-out></testcase>\n");
		return;
	}
	/* undecided: the gate could not judge, an error rather than a miss */
	fprintf(out, "\n      <%s", v->result == BUDGET_MISSED ? "failure" : "error");
	xml_attr(out, "message", description);
	fprintf(out, " type=\"budget\">");
	xml_text(out, description);
	fprintf(out, "</%s>\n    </testcase>\n",
		v->result == BUDGET_MISSED ? "failure" : "error");
}

/* A test case for the run, then one per budget and CPU. */
int report_write_junit(const struct run_report *report, FILE *out)
{
	const struct budget_verdict *v = report->verdicts;
	int n = report->nr_verdicts, i, tests = n + 1, failures, errors;
	double seconds = difftime(report->end_time, report->start_time);
	bool run_failed = report->results->stopped;

	failures = budget_verdicts_count(v, n, BUDGET_MISSED) +
		   (!report->interrupted && run_failed);
	errors = budget_verdicts_count(v, n, BUDGET_UNDECIDED) +
		 report->interrupted;
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(out, "<testsuites name=\"rtla\" tests=\"%d\" failures=\"%d\" errors=\"%d\" time=\"%.0f\">\n",
		tests, failures, errors, seconds);
	fprintf(out, "  <testsuite name=\"rtla %s\" tests=\"%d\" failures=\"%d\" errors=\"%d\" time=\"%.0f\">\n",
		report->tool_name, tests, failures, errors, seconds);
	fprintf(out, "    <properties>\n      <property name=\"end_reason\"");
	xml_attr(out, "value", report->end_reason ? report->end_reason :
						    "duration");
	fprintf(out, "/>\n      <property name=\"exit_status\" value=\"%d\"/>\n    </properties>\n",
		report->exit_status);
	write_run_case(report, out, seconds);
	for (i = 0; i < n; i++)
		write_budget_case(report, out, &v[i], seconds);
	fprintf(out, "  </testsuite>\n</testsuites>\n");
	return ferror(out) ? -1 : 0;
}
