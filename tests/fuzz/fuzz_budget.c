// SPDX-License-Identifier: GPL-2.0
/* --budget values and percentile names (src/model/budget.c, percentile.c). */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model/budget.h"
#include "model/percentile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	enum rtla_tracer tracer;
	struct budget budget;
	const char *why = NULL;
	double quantile;
	char *text;

	if (size < 1 || size > 512)
		return 0;
	tracer = data[0] & 1 ? TRACER_TIMERLAT : TRACER_OSNOISE;
	text = malloc(size);
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	if (budget_parse(text, tracer, data[0] & 2 ? MODE_HIST : MODE_TOP,
			 &budget, &why))
		assert(why && *why && !strchr(why, '\n'));
	if (!percentile_parse(text, &quantile))
		assert(quantile > 0 && quantile <= 1);
	free(text);
	return 0;
}
