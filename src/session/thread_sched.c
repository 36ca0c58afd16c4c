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

#define KTHREADD_PID	2
#define PF_KTHREAD	0x00200000	/* the kernel's task flag */

/*
 * From /proc/PID/stat: the name (field 2, in parentheses and free to hold
 * spaces and ')'), the parent (field 4) and the task flags (field 9).
 */
static int read_stat(const char *proc, const char *pid, char *comm,
		     size_t size, int *ppid, unsigned long *flags)
{
	char path[300], text[1024], *open_paren, *close_paren;
	ssize_t len;
	size_t name_len;
	int fd;

	snprintf(path, sizeof(path), "%s/%s/stat", proc, pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	len = read(fd, text, sizeof(text) - 1);
	close(fd);
	if (len <= 0)
		return -1;
	text[len] = '\0';
	open_paren = strchr(text, '(');
	close_paren = strrchr(text, ')');
	if (!open_paren || !close_paren || close_paren < open_paren)
		return -1;
	name_len = close_paren - open_paren - 1;
	if (name_len >= size)
		name_len = size - 1;
	memcpy(comm, open_paren + 1, name_len);
	comm[name_len] = '\0';
	/* after the name: state, ppid, pgrp, session, tty, tpgid, flags */
	if (sscanf(close_paren + 1, " %*c %d %*d %*d %*d %*d %lu",
		   ppid, flags) != 2)
		return -1;
	return 0;
}

int tracer_threads(const char *proc, const char *prefix, pid_t *pids,
		   int max)
{
	struct dirent *entry;
	unsigned long flags;
	int count = 0, ppid;
	char comm[64];
	DIR *dir;

	if (!proc)
		proc = "/proc";
	dir = opendir(proc);
	if (!dir)
		return -1;
	while ((entry = readdir(dir)) && count < max) {
		if (!isdigit((unsigned char)entry->d_name[0]))
			continue;
		if (read_stat(proc, entry->d_name, comm, sizeof(comm), &ppid,
			      &flags) ||
		    strncmp(comm, prefix, strlen(prefix)))
			continue;
		/* anybody can call a process "timerlat/0" */
		if (!(flags & PF_KTHREAD) || ppid != KTHREADD_PID)
			continue;
		pids[count++] = atoi(entry->d_name);
	}
	closedir(dir);
	return count;
}
