// SPDX-License-Identifier: GPL-2.0
#include <json.h>
#include <stdio.h>

#include "output/compare_report.h"
#include "output/xml.h"

static const char *const result_names[] = {
	[COMPARE_KEPT] = "kept",
	[COMPARE_BROKEN] = "broken",
	[COMPARE_UNDECIDED] = "undecided",
};

static struct json_object *value(const struct compare_row *row, int side,
				 const char *unit)
{
	if (!row->known[side])
		return NULL;	/* past a histogram: the table's ">N" */
	return json_object_new_uint64(row->is_count ? row->value[side] :
				       compare_in_unit(row->value[side], unit));
}

static struct json_object *row_object(const struct compare_row *row,
				      const char *unit)
{
	struct json_object *obj = json_object_new_object();

	json_object_object_add(obj, "cpu", row->cpu == COMPARE_ALL_CPUS ?
			       json_object_new_string("all") :
			       json_object_new_int(row->cpu));
	json_object_object_add(obj, "context",
			       json_object_new_string(row->context));
	json_object_object_add(obj, "stat", json_object_new_string(row->stat));
	json_object_object_add(obj, "base", value(row, 0, unit));
	json_object_object_add(obj, "new", value(row, 1, unit));
	return obj;
}

int compare_write_json(const struct compare_report *report, FILE *out)
{
	const struct comparison *cmp = report->cmp;
	struct json_object *root = json_object_new_object();
	struct json_object *rows = json_object_new_array();
	struct json_object *verdicts = json_object_new_array(), *v;
	int i, ret;

	json_object_object_add(root, "base", json_object_new_string(report->base));
	json_object_object_add(root, "new", json_object_new_string(report->new));
	json_object_object_add(root, "unit", json_object_new_string(report->unit));
	for (i = 0; i < cmp->nr_rows; i++)
		json_object_array_add(rows, row_object(&cmp->rows[i],
						       report->unit));
	for (i = 0; i < cmp->nr_verdicts; i++) {
		v = row_object(cmp->verdicts[i].row, report->unit);
		json_object_object_add(v, "rule", json_object_new_string(
			cmp->verdicts[i].rule->text));
		json_object_object_add(v, "result", json_object_new_string(
			compare_verdict_is_note(&cmp->verdicts[i]) ? "note" :
			result_names[cmp->verdicts[i].result]));
		json_object_array_add(verdicts, v);
	}
	json_object_object_add(root, "rows", rows);
	json_object_object_add(root, "verdicts", verdicts);
	json_object_object_add(root, "broken", json_object_new_int(
		compare_count(cmp, COMPARE_BROKEN)));
	json_object_object_add(root, "undecided", json_object_new_int(
		compare_count_firm_undecided(cmp)));
	json_object_object_add(root, "notes", json_object_new_int(
		compare_count(cmp, COMPARE_UNDECIDED) -
		compare_count_firm_undecided(cmp)));
	json_object_object_add(root, "return_code",
			       json_object_new_int(report->exit_status));
	ret = fprintf(out, "%s\n", json_object_to_json_string_ext(root,
			JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
			JSON_C_TO_STRING_NOSLASHESCAPE)) < 0;
	json_object_put(root);
	return ret ? -1 : 0;
}

/*
 * One test case per rule and CPU: broken a failure, undecided an error,
 * a default rule undecided skipped.
 */
/* @tag's name and counts: notes are skipped tests. */
static void suite_open(FILE *out, const char *tag,
		       const struct comparison *cmp)
{
	int errors = compare_count_firm_undecided(cmp);

	fprintf(out, "%s name=\"rtla compare\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\">\n",
		tag, cmp->nr_verdicts, compare_count(cmp, COMPARE_BROKEN),
		errors, compare_count(cmp, COMPARE_UNDECIDED) - errors);
}

int compare_write_junit(const struct compare_report *report, FILE *out)
{
	const struct comparison *cmp = report->cmp;
	const struct compare_verdict *v;
	char line[320], name[96];
	int i;

	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	suite_open(out, "<testsuites", cmp);
	suite_open(out, "  <testsuite", cmp);
	for (i = 0; i < cmp->nr_verdicts; i++) {
		v = &cmp->verdicts[i];
		compare_verdict_describe(v, report->unit, line, sizeof(line));
		if (v->row->cpu == COMPARE_ALL_CPUS)
			snprintf(name, sizeof(name), "%s %s all",
				 v->rule->text, v->row->context);
		else
			snprintf(name, sizeof(name), "%s %s cpu%d",
				 v->rule->text, v->row->context, v->row->cpu);
		fprintf(out, "    <testcase classname=\"rtla.compare\"");
		xml_attr(out, "name", name);
		if (v->result == COMPARE_KEPT) {
			fprintf(out, "><system-out>");
			xml_text(out, line);
			fprintf(out, "</system-out></testcase>\n");
			continue;
		}
		fprintf(out, ">\n      <%s",
			v->result == COMPARE_BROKEN ? "failure" :
			compare_verdict_is_note(v) ? "skipped" : "error");
		xml_attr(out, "message", line);
		fprintf(out, "%s/>\n    </testcase>\n",
			compare_verdict_is_note(v) ? "" : " type=\"regression\"");
	}
	fprintf(out, "  </testsuite>\n</testsuites>\n");
	return ferror(out) ? -1 : 0;
}
