/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_CGROUP_H
#define RTLA_CGROUP_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/*
 * The cgroup (v2) directory for @name, or for this process's own cgroup
 * when @name is NULL: "/sys/fs/cgroup/<path>".  -1 when there is none.
 */
int cgroup_dir(const char *name, char *dir, size_t size);

/* A cgroup v2 hierarchy is mounted at /sys/fs/cgroup. */
bool cgroup2_mounted(void);

/* Move task @tid into the cgroup at @dir. */
int cgroup_move(const char *dir, pid_t tid);

#endif
