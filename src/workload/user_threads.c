// SPDX-License-Identifier: GPL-2.0
/*
 * rtla's user-space timerlat workload: one process per measured CPU, a
 * child of rtla named timerlatu/N as rtla 7.2's are, pinned to its CPU
 * and reading the CPU's timerlat_fd.  Processes, not threads: a script
 * finds them with "pgrep -P <rtla's pid>", and -C moves each into the
 * cgroup without moving rtla.  They die with rtla however it ends, a
 * SIGKILL included (PR_SET_PDEATHSIG).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <tracefs.h>

#include "session/thread_sched.h"
#include "workload/user_threads.h"

#ifndef MCL_ONFAULT
#define MCL_ONFAULT	4
#endif

#define USER_THREAD_DEFAULT_PRIORITY	95
#define STOP_STEP_NS			10000000L	/* 10 ms */
#define STOP_STEPS_BEFORE_KILL		200		/* 2 s */

enum proc_state { STARTING, RUNNING, FAILED, ENDED };

/* What a measuring process tells rtla: in memory they share. */
struct proc_report {
	_Atomic int state;
	int error;			/* errno of what made it fail */
};

struct shared_page {
	atomic_bool stop;
	struct proc_report report[];
};

/* rtla's side of one process. */
struct user_proc {
	pid_t pid;			/* 0: not started */
	bool reaped;
	int cpu;
};

struct user_threads {
	struct shared_page *shared;
	size_t shared_size;
	struct sched_spec sched;
	int nr;
	struct user_proc proc[];
};

static void on_wake(int sig)
{
}

/* The child: report why it cannot measure, and end. */
static void __attribute__((noreturn)) child_fail(struct proc_report *report)
{
	report->error = errno;
	atomic_store(&report->state, FAILED);
	_exit(1);
}

/*
 * The measuring process, forked from rtla: system calls only (rtla may
 * hold a lock of libc's in another thread), nothing allocated.
 */
static void __attribute__((noreturn))
measure_on_cpu(struct user_threads *threads, int i, pid_t rtla,
	       const char *path, const char *name)
{
	struct proc_report *report = &threads->shared->report[i];
	char buf[1024];
	cpu_set_t cpu;
	int fd;

	/* rtla gone, even by SIGKILL: this one goes too */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != rtla)
		_exit(1);
	/* none of rtla's files: its exporter's channel ends when rtla closes it */
	syscall(SYS_close_range, 3, ~0U, 0);
	prctl(PR_SET_NAME, name);
	CPU_ZERO(&cpu);
	CPU_SET(threads->proc[i].cpu, &cpu);
	if (sched_setaffinity(0, sizeof(cpu), &cpu) ||
	    sched_apply(0, &threads->sched))
		child_fail(report);
	/* locked as rtla is, without copying what it shares with rtla */
	mlockall(MCL_CURRENT | MCL_FUTURE | MCL_ONFAULT);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		child_fail(report);
	atomic_store(&report->state, RUNNING);
	while (!atomic_load(&threads->shared->stop)) {
		if (read(fd, buf, sizeof(buf)) < 0 && errno != EINTR)
			child_fail(report);
	}
	close(fd);
	atomic_store(&report->state, ENDED);
	_exit(0);
}

/* Inherited by the processes; harmless to rtla, as its threads were. */
static void install_wake_handler(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_wake;	/* no SA_RESTART: read() returns */
	sigemptyset(&sa.sa_mask);
	sigaction(USER_THREADS_WAKE_SIGNAL, &sa, NULL);
}

static int start_one(struct user_threads *threads, int i)
{
	char rel[64], name[16], path[PATH_MAX], *file;
	int cpu = threads->proc[i].cpu;
	pid_t rtla = getpid(), pid;

	snprintf(rel, sizeof(rel), TIMERLAT_FD_FMT, cpu);
	file = tracefs_get_tracing_file(rel);
	if (!file)
		return -1;
	snprintf(path, sizeof(path), "%s", file);
	tracefs_put_tracing_file(file);
	snprintf(name, sizeof(name), "timerlatu/%d", cpu);
	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid)
		measure_on_cpu(threads, i, rtla, path, name);
	threads->proc[i].pid = pid;
	return 0;
}

/*
 * Has process @i ended (reaped now or before)?  One whose status rtla
 * cannot have (SIGCHLD ignored by whoever started rtla) has ended too.
 */
static bool proc_ended(struct user_threads *threads, int i)
{
	struct user_proc *proc = &threads->proc[i];
	int status;
	pid_t ret;

	if (proc->reaped || !proc->pid)
		return true;
	ret = waitpid(proc->pid, &status, WNOHANG);
	if (ret == 0 || (ret < 0 && errno == EINTR))
		return false;
	proc->reaped = true;
	return true;
}

/* Wait until every process has its file open (or failed). */
static int wait_started(struct user_threads *threads)
{
	struct timespec pause = { 0, 1000000 };
	struct proc_report *report;
	int i, state;

	for (i = 0; i < threads->nr; i++) {
		report = &threads->shared->report[i];
		while ((state = atomic_load(&report->state)) == STARTING &&
		       !proc_ended(threads, i))
			nanosleep(&pause, NULL);
		if (state == RUNNING)
			continue;
		errno = state == FAILED && report->error ? report->error :
			ESRCH;
		return -1;
	}
	return 0;
}

struct user_threads *user_threads_start(const cpu_set_t *cpus, int nr_cpus,
					const struct sched_spec *sched)
{
	struct user_threads *threads;
	int cpu, count = 0, saved;
	void *shared;
	size_t size;

	for (cpu = 0; cpu < nr_cpus && cpu < CPU_SETSIZE; cpu++)
		count += CPU_ISSET(cpu, cpus) != 0;
	threads = calloc(1, sizeof(*threads) + count * sizeof(threads->proc[0]));
	if (!threads)
		return NULL;
	size = sizeof(struct shared_page) + count * sizeof(struct proc_report);
	shared = mmap(NULL, size, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shared == MAP_FAILED) {
		free(threads);
		return NULL;
	}
	threads->shared = shared;
	threads->shared_size = size;
	threads->sched = *sched;
	if (!sched->set) {
		threads->sched.set = true;
		threads->sched.policy = SCHED_FIFO;
		threads->sched.priority = USER_THREAD_DEFAULT_PRIORITY;
	}
	install_wake_handler();
	for (cpu = 0; cpu < nr_cpus && cpu < CPU_SETSIZE; cpu++) {
		if (!CPU_ISSET(cpu, cpus))
			continue;
		threads->proc[threads->nr].cpu = cpu;
		threads->nr++;
		if (start_one(threads, threads->nr - 1))
			goto fail;
	}
	if (wait_started(threads))
		goto fail;
	return threads;
fail:
	saved = errno;
	user_threads_stop(threads);
	errno = saved;
	return NULL;
}

int user_threads_tids(const struct user_threads *threads, pid_t *tids,
		      int max)
{
	int i;

	for (i = 0; i < threads->nr && i < max; i++)
		tids[i] = threads->proc[i].pid;
	return i;
}

int user_threads_failed(struct user_threads *threads)
{
	int i, failed = 0;

	for (i = 0; threads && i < threads->nr; i++)
		failed += atomic_load(&threads->shared->report[i].state) ==
			  FAILED || proc_ended(threads, i);
	return failed;
}

/* Wake process @i out of its read until it ends; SIGKILL if it hangs. */
static void stop_one(struct user_threads *threads, int i)
{
	struct timespec pause = { 0, STOP_STEP_NS };
	pid_t pid = threads->proc[i].pid;
	int steps;

	for (steps = 0; !proc_ended(threads, i); steps++) {
		kill(pid, steps < STOP_STEPS_BEFORE_KILL ?
			  USER_THREADS_WAKE_SIGNAL : SIGKILL);
		nanosleep(&pause, NULL);
	}
}

void user_threads_stop(struct user_threads *threads)
{
	int i;

	if (!threads)
		return;
	atomic_store(&threads->shared->stop, true);
	/* a read sleeps until the next period: wake it */
	for (i = 0; i < threads->nr; i++)
		stop_one(threads, i);
	munmap(threads->shared, threads->shared_size);
	free(threads);
}
