// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <stdio.h>

#include "output/duration.h"

void format_duration(char *buf, size_t size, uint64_t seconds)
{
	snprintf(buf, size, "%3" PRIu64 " %02" PRIu64 ":%02" PRIu64 ":%02" PRIu64,
		 seconds / 86400, seconds / 3600 % 24, seconds / 60 % 60,
		 seconds % 60);
}
