/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_THREAD_SCHED_H
#define RTLA_THREAD_SCHED_H

#include "cli/params.h"

#include <sys/types.h>

/* Give task @pid the scheduling @sched describes. */
int sched_apply(pid_t pid, const struct sched_spec *sched);

/*
 * The processes whose name starts with @prefix ("timerlat/": the
 * tracer's kernel threads), at most @max of them; how many, or -1.
 */
int threads_named(const char *prefix, pid_t *pids, int max);

#endif
