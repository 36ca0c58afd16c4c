// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>

#include "run/budget_report.h"
#include "run/tool.h"

/* Budgets given, and budgets missed (or undecided) on some CPU. */
static void count_budgets(const struct budget_set *budgets,
			  const struct budget_verdict *verdicts, int count,
			  enum budget_result result, int *counted)
{
	int b, i;

	*counted = 0;
	for (b = 0; b < budgets->count; b++) {
		for (i = 0; i < count; i++) {
			if (verdicts[i].budget == &budgets->budgets[b] &&
			    verdicts[i].result == result) {
				(*counted)++;
				break;
			}
		}
	}
}

int budgets_report(FILE *text, const char *tool,
		   const struct budget_set *budgets,
		   const struct rtla_results *results,
		   struct budget_verdict *verdicts, int max, int *count)
{
	int i, missed, undecided;
	char line[320];

	*count = budgets_evaluate(budgets, results, verdicts, max);
	if (!budgets->count)
		return RTLA_EXIT_OK;
	for (i = 0; i < *count; i++) {
		if (verdicts[i].result == BUDGET_MET)
			continue;
		budget_verdict_describe(&verdicts[i], results, line,
					sizeof(line));
		fprintf(text, "rtla %s: %s\n", tool, line);
	}
	count_budgets(budgets, verdicts, *count, BUDGET_MISSED, &missed);
	count_budgets(budgets, verdicts, *count, BUDGET_UNDECIDED, &undecided);
	fprintf(text, "rtla %s: %d budget%s checked, %d violated",
		tool, budgets->count, budgets->count == 1 ? "" : "s", missed);
	if (undecided)
		fprintf(text, ", %d undecided", undecided);
	fputc('\n', text);
	fflush(text);
	/* a known miss is the gate's verdict; undecided, it has none */
	if (missed)
		return RTLA_EXIT_BUDGET_MISSED;
	return undecided ? RTLA_EXIT_ERROR : RTLA_EXIT_OK;
}
