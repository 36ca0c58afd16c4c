/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_USER_THREADS_H
#define RTLA_USER_THREADS_H

#include <sched.h>
#include <signal.h>
#include <sys/types.h>

#include "params/params.h"

struct user_threads;

/* Wakes a measuring process out of its read, for it to end. */
#define USER_THREADS_WAKE_SIGNAL	(SIGRTMIN + 1)

/* The file a user-space timerlat thread of @cpu reads, under tracefs. */
#define TIMERLAT_FD_FMT		"osnoise/per_cpu/cpu%d/timerlat_fd"

/*
 * Start one process per CPU of @cpus, as rtla 7.2 does: a child of rtla
 * pinned to the CPU and named timerlatu/N, scheduled as @sched says
 * (SCHED_FIFO 95 when not set), reading its CPU's timerlat_fd until
 * user_threads_stop(), or until rtla dies.  Returns once every process
 * has opened its file; NULL with errno when one could not.
 */
struct user_threads *user_threads_start(const cpu_set_t *cpus, int nr_cpus,
					const struct sched_spec *sched);

/* The pids of the processes; how many were written. */
int user_threads_tids(const struct user_threads *threads, pid_t *tids,
		      int max);

/* Processes that ended on their own (a failed read, a kill): 0 while
   all run.  Reaps those. */
int user_threads_failed(struct user_threads *threads);

/* Wake, end and reap every process, then free; NULL-safe. */
void user_threads_stop(struct user_threads *threads);

#endif
