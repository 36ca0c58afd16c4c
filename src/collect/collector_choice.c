// SPDX-License-Identifier: GPL-2.0
/* RTLA_COLLECTOR: which path collects the samples. */
#include <string.h>

#include "collect/collector_choice.h"

enum collector_choice collector_choice_parse(const char *value)
{
	if (!value || !*value || !strcmp(value, "auto"))
		return COLLECTOR_AUTO;
	if (!strcmp(value, "tracefs"))
		return COLLECTOR_TRACEFS;
	if (!strcmp(value, "bpf"))
		return COLLECTOR_BPF;
	return COLLECTOR_INVALID;
}
