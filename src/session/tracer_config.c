// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <stdio.h>

#include "session/tracer_config.h"

static void add(struct tracer_config *config, enum knob_id id,
		const char *value)
{
	struct knob_setting *s = &config->settings[config->count];

	s->id = id;
	s->value = value;
	config->count++;
}

static void add_u64(struct tracer_config *config, enum knob_id id,
		    uint64_t value)
{
	char *buf = config->values[config->count];

	snprintf(buf, CONFIG_VALUE_SIZE, "%" PRIu64, value);
	add(config, id, buf);
}

uint64_t tracer_config_period_us(const struct rtla_params *params)
{
	const struct tracer_knobs *knobs = &params->knobs;
	uint64_t runtime = knobs->runtime_us;

	if (param_given(knobs->period_us))
		return knobs->period_us;
	if (params->tracer == TRACER_TIMERLAT)
		return TIMERLAT_DEFAULT_PERIOD_US;
	return param_given(runtime) && runtime > OSNOISE_DEFAULT_PERIOD_US ?
	       runtime : OSNOISE_DEFAULT_PERIOD_US;
}

uint64_t tracer_config_runtime_us(const struct rtla_params *params)
{
	uint64_t period = tracer_config_period_us(params);
	uint64_t runtime = params->hwnoise ? HWNOISE_DEFAULT_RUNTIME_US :
			   OSNOISE_DEFAULT_RUNTIME_US;

	if (param_given(params->knobs.runtime_us))
		return params->knobs.runtime_us;
	return period < runtime ? period : runtime;
}

static void add_osnoise(const struct rtla_params *params,
			struct tracer_config *config)
{
	add_u64(config, KNOB_PERIOD, tracer_config_period_us(params));
	add_u64(config, KNOB_RUNTIME, tracer_config_runtime_us(params));
	/* 0: the tracer's own default (5 us) */
	add_u64(config, KNOB_TRACING_THRESH,
		param_or(params->knobs.threshold_us, 0));
}

/* DEFAULTS, then the options the command line asks for. */
static const char *options_value(const struct rtla_params *params,
				 bool user_space, struct tracer_config *config)
{
	bool aligned = param_given(params->knobs.aligned_us);
	char *buf = config->options;

	snprintf(buf, sizeof(config->options), "DEFAULTS%s%s%s",
		 params->hwnoise ? " OSNOISE_IRQ_DISABLE" : "",
		 user_space ? " NO_OSNOISE_WORKLOAD" : "",
		 aligned ? " TIMERLAT_ALIGN" : "");
	return buf;
}

void tracer_config_build(const struct rtla_params *params, bool user_space,
			 bool has_options,
			 bool has_print_stack, struct tracer_config *config)
{
	const struct tracer_knobs *knobs = &params->knobs;

	config->count = 0;
	if (has_options)
		add(config, KNOB_OPTIONS, options_value(params, user_space, config));
	add(config, KNOB_CPUS,
	    params->threads.cpus ? params->threads.cpus : "all");
	if (params->tracer == TRACER_OSNOISE) {
		add_osnoise(params, config);
	} else {
		add_u64(config, KNOB_TIMERLAT_PERIOD,
			tracer_config_period_us(params));
		if (has_print_stack)
			add_u64(config, KNOB_PRINT_STACK,
				param_or(knobs->print_stack_us, 0));
		if (param_given(knobs->aligned_us))
			add_u64(config, KNOB_TIMERLAT_ALIGN, knobs->aligned_us);
	}
	/* 0: no stop threshold */
	add_u64(config, KNOB_STOP, param_or(knobs->stop_us, 0));
	add_u64(config, KNOB_STOP_TOTAL, param_or(knobs->stop_total_us, 0));
}
