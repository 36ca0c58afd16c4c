// SPDX-License-Identifier: GPL-2.0
/*
 * The measuring threads and the CPUs around them: user-space threads,
 * scheduling (-P), cgroup (-C), rtla's own CPUs (-H), idle states and
 * the DMA-latency hold; and undoing all of it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run/run.h"
#include "session/cgroup.h"
#include "session/dma_latency.h"
#include "session/housekeeping.h"
#include "session/state_record.h"
#include "session/thread_sched.h"
#include "workload/user_threads.h"

#define MAX_THREADS	CPU_SETSIZE

/* rtla's own threads away from the measured CPUs (-H, or automatic). */
static int move_rtla(struct run *run)
{
	const struct threads_params *threads = &run->params->threads;
	cpu_set_t allowed, cpus;

	if (sched_getaffinity(0, sizeof(allowed), &allowed))
		return 0;
	if (!housekeeping_cpus(threads->housekeeping ?
			       &threads->housekeeping_set : NULL,
			       &threads->cpu_set, &allowed, &cpus))
		return 0;
	if (!housekeeping_move_self(&cpus)) {
		if (threads->housekeeping)
			run_debug(run, "rtla runs on the -H CPUs %s",
				  threads->housekeeping);
		else	/* rtla 7.2's words */
			run_debug(run, "rtla automatically moved to an auto house-keeping cpu set");
		return 0;
	}
	if (!threads->housekeeping)
		return 0;	/* automatic: best effort */
	run_error(run, "cannot run rtla on the -H CPUs %s: %s",
		  threads->housekeeping, strerror(errno));
	return -1;
}

/* The tasks that measure: rtla's user threads or the tracer's. */
static int measuring_tasks(struct run *run, pid_t *tids, int max)
{
	char prefix[32];

	if (run->workload.threads)
		return user_threads_tids(run->workload.threads, tids, max);
	snprintf(prefix, sizeof(prefix), "%s/", run->tracer->name);
	return tracer_threads(NULL, prefix, tids, max);
}

/* The one CPU @tid may run on, or -1. */
static int task_cpu(pid_t tid)
{
	cpu_set_t cpus;
	int cpu;

	if (sched_getaffinity(tid, sizeof(cpus), &cpus) || CPU_COUNT(&cpus) != 1)
		return -1;
	for (cpu = 0; !CPU_ISSET(cpu, &cpus); cpu++)
		;
	return cpu;
}

static void report_user_threads(struct run *run)
{
	pid_t tids[MAX_THREADS];
	int i, count;

	if (!run->params->debug)
		return;
	count = user_threads_tids(run->workload.threads, tids, MAX_THREADS);
	for (i = 0; i < count; i++)
		run_debug(run, "User-space timerlat pid %d on cpu %d",
			  (int)tids[i], task_cpu(tids[i]));
}

static void report_kernel_threads(struct run *run, pid_t *tids, int count)
{
	char path[64], comm[32] = "";
	FILE *file;
	int i;

	for (i = 0; run->params->debug && i < count; i++) {
		snprintf(path, sizeof(path), "/proc/%d/comm", (int)tids[i]);
		file = fopen(path, "r");
		if (!file || !fgets(comm, sizeof(comm), file))
			strcpy(comm, "?\n");
		if (file)
			fclose(file);
		comm[strcspn(comm, "\n")] = '\0';
		run_debug(run, "Found workload pid:%d comm:%s on cpu %d",
			  (int)tids[i], comm, task_cpu(tids[i]));
	}
}

static int set_scheduling(struct run *run, pid_t *tids, int count)
{
	int i;

	for (i = 0; i < count; i++) {
		if (sched_apply(tids[i], &run->params->threads.sched))
			goto fail;
		run_debug(run, "Set sched attributes for pid:%d", (int)tids[i]);
	}
	run_debug(run, "scheduling set on %d threads", count);
	return 0;
fail:
	run_error(run, "cannot set the scheduling of the %s threads: %s",
		  run->tracer->name, strerror(errno));
	return -1;
}

static int set_cgroup(struct run *run, pid_t *tids, int count)
{
	const char *name = run->params->threads.cgroup_name;
	char dir[4200];
	int i;

	/* rtla 7.2 runs: there is no cgroup to join */
	if (!name && !cgroup2_mounted()) {
		run_error(run, "warning: -C: no cgroup v2 hierarchy is mounted, the threads stay where they are");
		return 0;
	}
	if (cgroup_dir(name, dir, sizeof(dir))) {
		if (name)
			run_error(run, "no cgroup %s: %s", name, strerror(errno));
		else
			run_error(run, "cannot find rtla's own cgroup: %s",
				  strerror(errno));
		return -1;
	}
	for (i = 0; i < count; i++)
		if (cgroup_move(dir, tids[i])) {
			run_error(run, "cannot move thread %d into %s: %s",
				  (int)tids[i], dir, strerror(errno));
			return -1;
		}
	run_debug(run, "%d threads moved into %s", count, dir);
	return 0;
}

/*
 * Before the idle states change: their undoing joins the state record,
 * for the next run to do after a SIGKILL.  Not kept is a warning.
 */
static int record_idle_states(struct run *run)
{
	struct saved_file *files;
	int count = idle_states_files(&run->workload.idle, &files);

	if (count < 0)
		return -1;
	if (run->changed.knobs_saved &&
	    state_record_write(&run->changed.knobs, files, count))
		run_error(run, "warning: cannot keep the idle states in %s (%s): a killed run cannot undo them",
			  state_record_path(), strerror(errno));
	free(files);
	return 0;
}

static int hold_cpus(struct run *run)
{
	const struct threads_params *threads = &run->params->threads;

	if (param_given(threads->dma_latency_us)) {
		run->workload.dma_fd =
			dma_latency_open(threads->dma_latency_us);
		if (run->workload.dma_fd < 0) {
			run_error(run, "cannot set /dev/cpu_dma_latency: %s",
				  strerror(errno));
			return -1;
		}
	}
	if (!param_given(threads->deepest_idle_state))
		return 0;
	run->workload.idle_limited = true;
	if (!idle_states_save(&run->workload.idle, &threads->cpu_set,
			      run->results.nr_cpus,
			      threads->deepest_idle_state) &&
	    !record_idle_states(run) && !idle_states_apply(&run->workload.idle))
		return 0;
	/* rtla 7.2 runs: there is nothing to limit */
	if (errno == ENODEV) {
		run_error(run, "warning: --deepest-idle-state: this machine has no cpuidle states, nothing to limit");
		return 0;
	}
	run_error(run, "cannot limit the idle states to %llu: %s",
		  (unsigned long long)threads->deepest_idle_state,
		  strerror(errno));
	return -1;
}

int run_workload_setup(struct run *run)
{
	const struct threads_params *threads = &run->params->threads;
	pid_t tids[MAX_THREADS];
	int count;

	if (move_rtla(run) || hold_cpus(run))
		return -1;
	if (run->workload.user_threads) {
		run->workload.threads = user_threads_start(&threads->cpu_set,
						       run->results.nr_cpus,
						       &threads->sched);
		if (!run->workload.threads) {
			run_error(run, "cannot start the user-space timerlat threads: %s",
				  strerror(errno));
			return -1;
		}
		report_user_threads(run);
	}
	if (!threads->sched.set && !threads->cgroup)
		return 0;
	count = measuring_tasks(run, tids, MAX_THREADS);
	if (count <= 0) {
		run_error(run, "no %s threads found to set up",
			  run->tracer->name);
		return -1;
	}
	if (!run->workload.threads)
		report_kernel_threads(run, tids, count);
	if (threads->sched.set && !run->workload.threads &&
	    set_scheduling(run, tids, count))
		return -1;
	if (threads->cgroup && set_cgroup(run, tids, count))
		return -1;
	return 0;
}

void run_workload_stop(struct run *run)
{
	user_threads_stop(run->workload.threads);
	run->workload.threads = NULL;
}

void run_workload_teardown(struct run *run)
{
	run_workload_stop(run);
	if (run->workload.idle_limited && idle_states_restore(&run->workload.idle))
		run_error(run, "could not enable every idle state again: %s",
			  strerror(errno));
	run->workload.idle_limited = false;
	if (run->workload.dma_fd >= 0)
		close(run->workload.dma_fd);
	run->workload.dma_fd = -1;
}
