// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>

#include "output/report.h"

static void xml_text(FILE *out, const char *text)
{
	for (; *text; text++) {
		switch (*text) {
		case '&':
			fputs("&amp;", out);
			break;
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '"':
			fputs("&quot;", out);
			break;
		default:
			fputc(*text, out);
		}
	}
}

/* One test case per budget and CPU. */
int report_write_junit(const struct run_report *report, FILE *out)
{
	char description[256];
	int i, failures = 0;
	double seconds = difftime(report->end_time, report->start_time);

	for (i = 0; i < report->nr_verdicts; i++)
		failures += !report->verdicts[i].pass;
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(out, "<testsuites name=\"rtla\" tests=\"%d\" failures=\"%d\" time=\"%.0f\">\n",
		report->nr_verdicts, failures, seconds);
	fprintf(out, "  <testsuite name=\"rtla %s\" tests=\"%d\" failures=\"%d\" errors=\"0\" time=\"%.0f\">\n",
		report->tool_name, report->nr_verdicts, failures, seconds);
	for (i = 0; i < report->nr_verdicts; i++) {
		const struct budget_verdict *v = &report->verdicts[i];

		budget_verdict_describe(v, report->results, description,
					sizeof(description));
		fprintf(out, "    <testcase classname=\"rtla.%s\" name=\"",
			report->results->tracer->name);
		xml_text(out, v->budget->text);
		fprintf(out, " cpu%d\" time=\"%.0f\">", v->cpu, seconds);
		if (v->pass) {
			fprintf(out, "<system-out>");
			xml_text(out, description);
			fprintf(out, "</system-out></testcase>\n");
			continue;
		}
		fprintf(out, "\n      <failure message=\"");
		xml_text(out, description);
		fprintf(out, "\" type=\"budget\">");
		xml_text(out, description);
		fprintf(out, "</failure>\n    </testcase>\n");
	}
	fprintf(out, "  </testsuite>\n</testsuites>\n");
	return ferror(out) ? -1 : 0;
}
