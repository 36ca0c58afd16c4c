/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_CGROUP_H
#define RTLA_CGROUP_H

#include <stddef.h>
#include <sys/types.h>

/*
 * The cgroup (v2) directory for @name, or for this process's own cgroup
 * when @name is NULL: "/sys/fs/cgroup/<path>".  -1 when there is none.
 */
int cgroup_dir(const char *name, char *dir, size_t size);

/* Move task @tid into the cgroup at @dir. */
int cgroup_move(const char *dir, pid_t tid);

#endif
