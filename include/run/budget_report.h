/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_BUDGET_REPORT_H
#define RTLA_BUDGET_REPORT_H

#include <stdio.h>

#include "model/budget.h"
#include "model/results.h"

/*
 * Check @budgets: on @text one line for each verdict that is not met,
 * then "N budgets checked, M violated".  The exit status they call for.
 */
int budgets_report(FILE *text, const char *tool,
		   const struct budget_set *budgets,
		   const struct rtla_results *results,
		   struct budget_verdict *verdicts, int max, int *count);

#endif
