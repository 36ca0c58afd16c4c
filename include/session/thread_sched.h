/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_THREAD_SCHED_H
#define RTLA_THREAD_SCHED_H

#include "params/params.h"

#include <sys/types.h>

/* Give task @pid the scheduling @sched describes. */
int sched_apply(pid_t pid, const struct sched_spec *sched);

/*
 * The kernel threads (children of kthreadd) whose name starts with
 * @prefix ("timerlat/": the tracer's), found in @proc (NULL: "/proc"),
 * at most @max of them; how many, or -1.  A user process of that name
 * is not one of them.
 */
int tracer_threads(const char *proc, const char *prefix, pid_t *pids,
		   int max);

#endif
