// SPDX-License-Identifier: GPL-2.0
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "params/params.h"

void params_alloc(struct rtla_params *params, enum rtla_tracer tracer,
		  enum rtla_mode mode)
{
	memset(params, 0, sizeof(*params));
	params->tracer = tracer;
	params->mode = mode;
	params->knobs.period_us = PARAM_UNSET;
	params->knobs.runtime_us = PARAM_UNSET;
	params->knobs.stop_us = PARAM_UNSET;
	params->knobs.stop_total_us = PARAM_UNSET;
	params->knobs.threshold_us = PARAM_UNSET;
	params->knobs.print_stack_us = PARAM_UNSET;
	params->analysis.auto_us = PARAM_UNSET;
	params->analysis.aa_only_us = PARAM_UNSET;
	params->threads.dma_latency_us = PARAM_UNSET;
	params->warm_up_s = PARAM_UNSET;
	params->knobs.buffer_kb = PARAM_UNSET;
	params->knobs.aligned_us = PARAM_UNSET;
	params->threads.deepest_idle_state = PARAM_UNSET;
	params->hist.bucket_size = 1;
	params->hist.entries = 256;
	params->monitor.interval_s = 60;
	params->monitor.record_bytes = 16 << 20;
	params->monitor.record_keep = 4;
	params->monitor.keep_traces = 10;
}

/* The strings a command line can set, freed by params_free(). */
static const size_t string_fields[] = {
	offsetof(struct rtla_params, threads.cpus),
	offsetof(struct rtla_params, tracing.trace_file),
	offsetof(struct rtla_params, reports.cmdline),
	offsetof(struct rtla_params, reports.json_file),
	offsetof(struct rtla_params, reports.openmetrics_file),
	offsetof(struct rtla_params, reports.junit_file),
	offsetof(struct rtla_params, threads.housekeeping),
	offsetof(struct rtla_params, threads.cgroup_name),
	offsetof(struct rtla_params, monitor.listen),
	offsetof(struct rtla_params, monitor.web_config),
	offsetof(struct rtla_params, monitor.record_file),
	offsetof(struct rtla_params, monitor.textfile),
	offsetof(struct rtla_params, actions.bpf_action),
};

void params_free(struct rtla_params *params)
{
	char **field;
	size_t i;

	for (i = 0; i < (size_t)params->tracing.nr_events; i++) {
		free(params->tracing.events[i].system);
		free(params->tracing.events[i].name);
		free(params->tracing.events[i].filter);
		free(params->tracing.events[i].trigger);
	}
	params->tracing.nr_events = 0;
	for (i = 0; i < sizeof(string_fields) / sizeof(string_fields[0]); i++) {
		field = (char **)((char *)params + string_fields[i]);
		free(*field);
		*field = NULL;
	}
	action_list_free(&params->actions.on_threshold);
	action_list_free(&params->actions.on_end);
}

static bool is_stdout(const char *path)
{
	return path && !strcmp(path, "-");
}

bool params_report_to_stdout(const struct rtla_params *params)
{
	return is_stdout(params->reports.json_file) ||
	       is_stdout(params->reports.openmetrics_file) ||
	       is_stdout(params->reports.junit_file);
}

bool params_aa_enabled(const struct rtla_params *params)
{
	return params->tracer == TRACER_TIMERLAT && !params->analysis.no_aa &&
	       (param_or(params->knobs.stop_us, 0) ||
		param_or(params->knobs.stop_total_us, 0));
}

struct results_layout params_results_layout(const struct rtla_params *params)
{
	struct results_layout layout = {
		.tracer = params->tracer,
		.cpus = params->threads.cpu_set,
		.divisor = params->display.nano ? 1 : 1000,
		.entries = params->mode == MODE_HIST ? params->hist.entries : 0,
		.bucket_size = params->hist.bucket_size,
		.view = params_context_view(params),
	};

	return layout;
}

struct budget_set params_budget_set(const struct rtla_params *params)
{
	uint64_t unit_ns = params->display.nano ? 1 : 1000;

	return (struct budget_set){
		.budgets = params->reports.budgets,
		.count = params->reports.nr_budgets,
		.osnoise_top = params->tracer == TRACER_OSNOISE &&
			       params->mode == MODE_TOP,
		.nano = params->display.nano,
		.hist_end_ns = params->mode != MODE_HIST ? 0 :
			       (uint64_t)params->hist.entries *
			       params->hist.bucket_size * unit_ns,
	};
}

struct context_view params_context_view(const struct rtla_params *params)
{
	return (struct context_view){
		.tracer = params->tracer,
		.no_irq = params->hist.no_irq,
		.no_thread = params->hist.no_thread,
		.user = params->threads.user_threads ||
			params->threads.user_load,
	};
}

int tracer_shown_contexts(const struct rtla_params *params,
			  const struct context_desc *shown[NR_CONTEXTS])
{
	struct context_view view = params_context_view(params);

	return tracer_view_contexts(&view, shown);
}

const char *tracer_trace_file(const struct rtla_params *params)
{
	if (params->tracing.trace_file)
		return params->tracing.trace_file;
	return tracer_desc(params->tracer)->trace_file;
}
