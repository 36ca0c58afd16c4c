/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_DURATION_H
#define RTLA_DURATION_H

#include <stddef.h>
#include <stdint.h>

/* "  0 00:00:05": days, then hours, minutes and seconds. */
void format_duration(char *buf, size_t size, uint64_t seconds);

#endif
