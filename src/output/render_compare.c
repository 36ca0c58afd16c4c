// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <stdio.h>

#include "output/compare_report.h"

static void change(const struct compare_row *row, const char *unit,
		   char *buf, size_t size)
{
	uint64_t a, b, diff;
	int len;

	if (!row->known[0] || !row->known[1]) {
		snprintf(buf, size, "?");
		return;
	}
	a = row->is_count ? row->value[0] : compare_in_unit(row->value[0], unit);
	b = row->is_count ? row->value[1] : compare_in_unit(row->value[1], unit);
	/* unsigned: any two 64-bit values, no signed overflow */
	diff = b >= a ? b - a : a - b;
	len = snprintf(buf, size, "%c%" PRIu64, b >= a ? '+' : '-', diff);
	if (a && len > 0 && (size_t)len < size)
		snprintf(buf + len, size - len, " (%+.1f%%)",
			 100.0 * ((double)b - (double)a) / (double)a);
}

void render_compare(FILE *out, const struct compare_report *report)
{
	const struct comparison *cmp = report->cmp;
	const struct compare_row *row;
	char where[8], a[24], b[24], delta[40], line[320];
	int i, notes;

	fprintf(out, "# RTLA comparison: BASE %s, NEW %s\n", report->base,
		report->new);
	fprintf(out, "# Time unit is %s (%s)\n",
		report->unit[0] == 'n' ? "nanoseconds" : "microseconds",
		report->unit);
	fprintf(out, "%-4s %-7s %-7s %12s %12s  %s\n", "CPU", "CTX", "STAT",
		"BASE", "NEW", "CHANGE");
	for (i = 0; i < cmp->nr_rows; i++) {
		row = &cmp->rows[i];
		if (row->cpu == COMPARE_ALL_CPUS)
			snprintf(where, sizeof(where), "ALL");
		else
			snprintf(where, sizeof(where), "%d", row->cpu);
		compare_format_value(row, 0, report->unit, false, a, sizeof(a));
		compare_format_value(row, 1, report->unit, false, b, sizeof(b));
		change(row, report->unit, delta, sizeof(delta));
		fprintf(out, "%-4s %-7s %-7s %12s %12s  %s\n", where,
			row->context, row->stat, a, b, delta);
	}
	for (i = 0; i < cmp->nr_verdicts; i++) {
		if (cmp->verdicts[i].result == COMPARE_KEPT)
			continue;
		compare_verdict_describe(&cmp->verdicts[i], report->unit, line,
					 sizeof(line));
		fprintf(out, "rtla compare: %s%s\n",
			compare_verdict_is_note(&cmp->verdicts[i]) ?
			"note: " : "", line);
	}
	fprintf(out, "rtla compare: %d rule checks, %d broken",
		cmp->nr_verdicts, compare_count(cmp, COMPARE_BROKEN));
	if (compare_count_firm_undecided(cmp))
		fprintf(out, ", %d undecided",
			compare_count_firm_undecided(cmp));
	notes = compare_count(cmp, COMPARE_UNDECIDED) -
		compare_count_firm_undecided(cmp);
	if (notes)
		fprintf(out, ", %d note%s (default rules that cannot be decided)",
			notes, notes == 1 ? "" : "s");
	fputc('\n', out);
}
