// SPDX-License-Identifier: GPL-2.0
/* Each value parser of src/cli/parse.c: the first byte picks which. */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli/parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_why(int ret, const char *why)
{
	/* a refusal always says why, in one line */
	if (ret) {
		assert(why && *why);
		assert(!strchr(why, '\n'));
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char reason[RANGE_REASON_SIZE];
	struct event_spec event;
	struct sched_spec sched;
	const char *why = NULL;
	uint64_t value;
	cpu_set_t set;
	char *text;
	int ret;

	if (size < 1 || size > 1024)
		return 0;
	text = malloc(size);
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	switch (data[0] % 8) {
	case 0:
		ret = parse_u64(text, &value, &why);
		break;
	case 1:
		ret = parse_u64_range(text, 10, 1000, &value, &why);
		assert(ret || (value >= 10 && value <= 1000));
		break;
	case 2:
		ret = parse_duration(text, &value, &why);
		assert(ret || (value && value <= MAX_DURATION_S));
		break;
	case 3:
		ret = parse_time_ns(text, &value, &why);
		break;
	case 4:
		ret = parse_cpu_list(text, 1 + data[0] / 8, &set, &why);
		assert(ret || CPU_COUNT(&set) > 0);
		break;
	case 5:
		ret = parse_sched(text, &sched, &why);
		break;
	case 6:
		ret = parse_u64_in(text, 1, 4294967295ULL, "us", &value, &why,
				   reason);
		assert(ret || (value >= 1 && value <= 4294967295ULL));
		break;
	default:
		ret = parse_event(text, &event, &why);
		if (!ret) {
			free(event.system);
			free(event.name);
		}
		break;
	}
	check_why(ret, why);
	free(text);
	return 0;
}
