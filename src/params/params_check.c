// SPDX-License-Identifier: GPL-2.0
/* The run-wide rules of parsed options, and what options imply. */
#include <stdarg.h>
#include <stdio.h>

#include "model/budget.h"
#include "params/output_paths.h"
#include "params/params_check.h"

static int refuse(struct params_verdict *verdict, bool own_line,
		  const char *format, ...)
{
	va_list ap;

	va_start(ap, format);
	vsnprintf(verdict->refusal, sizeof(verdict->refusal), format, ap);
	va_end(ap);
	verdict->own_line = own_line;
	return -1;
}

/* Options that exclude each other, in rtla 7.2's lines where it has one. */
static int check_exclusions(const struct rtla_params *params,
			    struct params_verdict *verdict)
{
	if (params->no_irq && params->no_thread)
		return refuse(verdict, true,
			      "no-irq and no-thread set, there is nothing to do here");
	if (params->user_threads && params->kernel_threads &&
	    !params->user_load)
		return refuse(verdict, true,
			      "--kernel-threads and --user-threads are mutually exclusive!");
	if (param_given(params->aa_only_us) && params->no_aa)
		return refuse(verdict, false,
			      "--aa-only and --no-aa exclude each other");
	if (params->user_threads + params->kernel_threads +
	    params->user_load > 1)
		return refuse(verdict, false, "-u, -k and -U exclude each other");
	return 0;
}

int params_check(const struct rtla_params *params,
		 struct params_verdict *verdict)
{
	struct output_path first, second;
	struct budget_set budgets;
	char reason[320];

	verdict->warning[0] = '\0';
	verdict->refusal[0] = '\0';
	verdict->own_line = false;
	if (check_exclusions(params, verdict))
		return -1;
	budgets = params_budget_set(params);
	if (budgets_check_units(&budgets, reason, sizeof(reason)))
		return refuse(verdict, false, "%s", reason);
	if (budgets_check_range(&budgets, reason, sizeof(reason)))
		snprintf(verdict->warning, sizeof(verdict->warning), "%s",
			 reason);
	if (output_paths_clash(params, &first, &second))
		return refuse(verdict, false,
			      "%s and %s both write %s: give each its own file",
			      first.option, second.option, second.path);
	if (param_given(params->period_us) &&
	    param_given(params->runtime_us) &&
	    params->runtime_us > params->period_us)
		return refuse(verdict, false,
			      "runtime %llu us is longer than period %llu us",
			      (unsigned long long)params->runtime_us,
			      (unsigned long long)params->period_us);
	return 0;
}

/* -a: stop at the given latency and keep the trace, unless set otherwise. */
static void resolve_auto(struct rtla_params *params)
{
	if (!param_given(params->auto_us))
		return;
	params->stop_us = param_or(params->stop_us, params->auto_us);
	if (params->tracer == TRACER_TIMERLAT) {
		params->stop_total_us = param_or(params->stop_total_us,
						 params->auto_us);
		params->print_stack_us = param_or(params->print_stack_us,
						  params->auto_us);
	} else {
		params->threshold_us = param_or(params->threshold_us, 1);
	}
	params->trace = true;
	params->trace_on_stop = true;
}

/* --aa-only: stop at the latency given, analyse it, print nothing else. */
static void resolve_aa_only(struct rtla_params *params)
{
	if (!param_given(params->aa_only_us))
		return;
	params->stop_us = param_or(params->stop_us, params->aa_only_us);
	params->stop_total_us = param_or(params->stop_total_us,
					 params->aa_only_us);
	params->print_stack_us = param_or(params->print_stack_us,
					  params->aa_only_us);
}

void params_resolve(struct rtla_params *params)
{
	resolve_auto(params);
	resolve_aa_only(params);
	if (params->hwnoise)
		params->threshold_us = param_or(params->threshold_us, 1);
}
