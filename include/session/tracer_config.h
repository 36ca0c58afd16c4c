/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_TRACER_CONFIG_H
#define RTLA_TRACER_CONFIG_H

#include "session/knobs.h"
#include "params/params.h"

#define CONFIG_MAX_SETTINGS	NR_KNOBS
#define CONFIG_VALUE_SIZE	32

/* The knob values a run writes, built from the params alone. */
struct tracer_config {
	struct knob_setting settings[CONFIG_MAX_SETTINGS];
	char values[CONFIG_MAX_SETTINGS][CONFIG_VALUE_SIZE];
	char options[96];		/* the osnoise/options value */
	int count;
};

#define OSNOISE_DEFAULT_PERIOD_US	1000000
#define OSNOISE_DEFAULT_RUNTIME_US	1000000
/* hwnoise's IRQs stay on a quarter of each period, as in rtla 7.2 */
#define HWNOISE_DEFAULT_RUNTIME_US	750000
#define TIMERLAT_DEFAULT_PERIOD_US	1000

/* The period and (osnoise) runtime a run uses, given or not. */
uint64_t tracer_config_period_us(const struct rtla_params *params);
uint64_t tracer_config_runtime_us(const struct rtla_params *params);

/*
 * Every knob the tracer depends on gets a value: the one asked for, or
 * the tracer's default, so a run never inherits a leftover setting.
 * Knobs the kernel lacks (@has_options, @has_print_stack) are left out.
 * @user_space: user-space threads or the user's load measure, so the
 * kernel starts no timerlat thread of its own.
 */
void tracer_config_build(const struct rtla_params *params, bool user_space,
			 bool has_options, bool has_print_stack,
			 struct tracer_config *config);

#endif
