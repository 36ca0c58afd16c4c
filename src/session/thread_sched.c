// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "session/thread_sched.h"

/* The kernel's struct sched_attr, which glibc does not export. */
struct kernel_sched_attr {
	uint32_t size;
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime;
	uint64_t sched_deadline;
	uint64_t sched_period;
};

int sched_apply(pid_t pid, const struct sched_spec *sched)
{
	struct kernel_sched_attr attr = {
		.size = sizeof(attr),
		.sched_policy = sched->policy,
	};

	if (sched->policy == SCHED_OTHER)
		attr.sched_nice = sched->priority;
	else if (sched->policy == SCHED_DEADLINE) {
		attr.sched_runtime = sched->runtime_ns;
		attr.sched_deadline = sched->period_ns;
		attr.sched_period = sched->period_ns;
	} else {
		attr.sched_priority = sched->priority;
	}
	return syscall(SYS_sched_setattr, pid, &attr, 0);
}

static int read_comm(const char *pid, char *comm, size_t size)
{
	char path[300];
	ssize_t len;
	int fd;

	snprintf(path, sizeof(path), "/proc/%s/comm", pid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	len = read(fd, comm, size - 1);
	close(fd);
	if (len <= 0)
		return -1;
	comm[len] = '\0';
	comm[strcspn(comm, "\n")] = '\0';
	return 0;
}

int threads_named(const char *prefix, pid_t *pids, int max)
{
	DIR *proc = opendir("/proc");
	struct dirent *entry;
	int count = 0;
	char comm[32];

	if (!proc)
		return -1;
	while ((entry = readdir(proc)) && count < max) {
		if (!isdigit((unsigned char)entry->d_name[0]))
			continue;
		if (read_comm(entry->d_name, comm, sizeof(comm)) ||
		    strncmp(comm, prefix, strlen(prefix)))
			continue;
		pids[count++] = atoi(entry->d_name);
	}
	closedir(proc);
	return count;
}
