// SPDX-License-Identifier: GPL-2.0
/* RTLA_COLLECTOR and RTLA_NO_BPF: which path collects the samples. */
#include <string.h>

#include "collect/collector_choice.h"

enum collector_choice collector_choice_parse(const char *value,
					     const char *no_bpf)
{
	if (!value || !*value || !strcmp(value, "auto"))
		return no_bpf && !strcmp(no_bpf, "1") ? COLLECTOR_NO_BPF :
		       COLLECTOR_AUTO;
	if (!strcmp(value, "tracefs"))
		return COLLECTOR_TRACEFS;
	if (!strcmp(value, "bpf"))
		return COLLECTOR_BPF;
	return COLLECTOR_INVALID;
}
