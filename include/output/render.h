/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_RENDER_H
#define RTLA_RENDER_H

#include <stdint.h>
#include <stdio.h>

#include "cli/params.h"
#include "model/results.h"

void render_hist(FILE *out, const struct rtla_params *params,
		 const struct rtla_results *results);
void render_timerlat_top(FILE *out, const struct rtla_params *params,
			 const struct rtla_results *results);
void render_osnoise_top(FILE *out, const struct rtla_params *params,
			const struct rtla_results *results);

#endif
