/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_SCHED_ATTR_H
#define RTLA_SCHED_ATTR_H

#include "params.h"

/*
 * Apply @sched to every kernel thread whose name starts with @prefix
 * ("timerlat/"); returns how many, or -1 when one refused.
 */
int sched_apply_to_threads(const char *prefix, const struct sched_spec *sched);

/* Hold /dev/cpu_dma_latency at @us; the fd to close when done, or -1. */
int dma_latency_hold(int us);

#endif
