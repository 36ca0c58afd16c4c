// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <tracefs.h>

#include "session/thread_sched.h"
#include "workload/user_threads.h"

#define USER_THREAD_DEFAULT_PRIORITY	95

enum thread_state { STARTING, RUNNING, FAILED, ENDED };

struct user_thread {
	pthread_t thread;
	bool created;
	int cpu;
	pid_t tid;
	int error;			/* errno of what made it fail */
	_Atomic int state;
	const struct user_threads *group;
};

struct user_threads {
	atomic_bool stop;
	struct sched_spec sched;
	int nr;
	struct user_thread thread[];
};

static void on_wake(int sig)
{
}

static int open_timerlat_fd(int cpu)
{
	char rel[64], *path;
	int fd;

	snprintf(rel, sizeof(rel), TIMERLAT_FD_FMT, cpu);
	path = tracefs_get_tracing_file(rel);
	if (!path)
		return -1;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	tracefs_put_tracing_file(path);
	return fd;
}

static void *measure_on_cpu(void *arg)
{
	struct user_thread *self = arg;
	const struct user_threads *group = self->group;
	char name[16], buf[1024];
	int fd;

	self->tid = syscall(SYS_gettid);
	snprintf(name, sizeof(name), "timerlatu/%d", self->cpu);
	prctl(PR_SET_NAME, name);
	if (sched_apply(self->tid, &group->sched)) {
		self->error = errno;
		atomic_store(&self->state, FAILED);
		return NULL;
	}
	fd = open_timerlat_fd(self->cpu);
	if (fd < 0) {
		self->error = errno;
		atomic_store(&self->state, FAILED);
		return NULL;
	}
	atomic_store(&self->state, RUNNING);
	while (!atomic_load(&group->stop)) {
		if (read(fd, buf, sizeof(buf)) < 0 && errno != EINTR) {
			self->error = errno;
			break;
		}
	}
	close(fd);
	atomic_store(&self->state, self->error ? FAILED : ENDED);
	return NULL;
}

/* A read loop with a 1 KiB buffer, and what libc needs around it. */
#define USER_THREAD_STACK_BYTES	(256 * 1024)

static int start_one(struct user_threads *threads, struct user_thread *t)
{
	pthread_attr_t attr;
	cpu_set_t cpu;
	int ret;

	CPU_ZERO(&cpu);
	CPU_SET(t->cpu, &cpu);
	t->group = threads;
	pthread_attr_init(&attr);
	ret = pthread_attr_setaffinity_np(&attr, sizeof(cpu), &cpu);
	/* not the default 8 MiB: mlockall() faults every stack in */
	if (!ret)
		ret = pthread_attr_setstacksize(&attr, USER_THREAD_STACK_BYTES);
	if (!ret)
		ret = pthread_create(&t->thread, &attr, measure_on_cpu, t);
	pthread_attr_destroy(&attr);
	if (ret) {
		errno = ret;
		return -1;
	}
	t->created = true;
	return 0;
}

/* Wait until every thread has its file open (or failed). */
static int wait_started(struct user_threads *threads)
{
	struct timespec pause = { 0, 1000000 };
	int i, state;

	for (i = 0; i < threads->nr; i++) {
		while ((state = atomic_load(&threads->thread[i].state)) ==
		       STARTING)
			nanosleep(&pause, NULL);
		if (state == FAILED) {
			errno = threads->thread[i].error;
			return -1;
		}
	}
	return 0;
}

static void install_wake_handler(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_wake;	/* no SA_RESTART: read() returns */
	sigemptyset(&sa.sa_mask);
	sigaction(USER_THREADS_WAKE_SIGNAL, &sa, NULL);
}

struct user_threads *user_threads_start(const cpu_set_t *cpus, int nr_cpus,
					const struct sched_spec *sched)
{
	int cpu, count = 0, saved;
	struct user_threads *threads;

	for (cpu = 0; cpu < nr_cpus && cpu < CPU_SETSIZE; cpu++)
		count += CPU_ISSET(cpu, cpus) != 0;
	threads = calloc(1, sizeof(*threads) + count * sizeof(threads->thread[0]));
	if (!threads)
		return NULL;
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
		threads->thread[threads->nr].cpu = cpu;
		if (start_one(threads, &threads->thread[threads->nr]))
			goto fail;
		threads->nr++;
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
		tids[i] = threads->thread[i].tid;
	return i;
}

int user_threads_failed(const struct user_threads *threads)
{
	int i, failed = 0;

	for (i = 0; threads && i < threads->nr; i++)
		failed += atomic_load(&threads->thread[i].state) == FAILED;
	return failed;
}

void user_threads_stop(struct user_threads *threads)
{
	struct timespec pause = { 0, 10000000 };
	int i;

	if (!threads)
		return;
	atomic_store(&threads->stop, true);
	for (i = 0; i < threads->nr; i++) {
		struct user_thread *t = &threads->thread[i];

		if (!t->created)
			continue;
		/* a read sleeps until the next period: wake it */
		while (atomic_load(&t->state) < FAILED) {
			pthread_kill(t->thread, USER_THREADS_WAKE_SIGNAL);
			nanosleep(&pause, NULL);
		}
		pthread_join(t->thread, NULL);
	}
	free(threads);
}
