/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_TRACEFS_MOUNT_H
#define RTLA_TRACEFS_MOUNT_H

#include <stdbool.h>

#define TRACEFS_DEFAULT_DIR	"/sys/kernel/tracing"

/* Whether @mounts (a /proc/self/mounts) lists a tracefs. */
bool tracefs_listed(const char *mounts);

/*
 * Mount tracefs on /sys/kernel/tracing when none is mounted: 1 when it
 * was mounted here (unmount it at the end), 0 when one already was, -1
 * with errno when it could not be.
 */
int tracefs_mount_if_needed(void);

#endif
