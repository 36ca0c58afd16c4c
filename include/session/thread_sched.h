/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_THREAD_SCHED_H
#define RTLA_THREAD_SCHED_H

#include "cli/params.h"

/*
 * Apply @sched to every kernel thread whose name starts with @prefix
 * ("timerlat/"); returns how many, or -1 when one refused.
 */
int sched_apply_to_threads(const char *prefix, const struct sched_spec *sched);

#endif
