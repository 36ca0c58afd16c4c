/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_STATE_DIR_H
#define RTLA_STATE_DIR_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/*
 * The directory of what outlives a run: the record of the original
 * settings and the lock that makes one run at a time.  $RTLA_STATE_DIR,
 * /run/rtla by default.  Root trusts it only when it is a real directory
 * (no symlink) owned by root and writable by root alone: anyone else's
 * directory could plant settings for root to apply.
 */
const char *state_dir(void);

/*
 * Create the directory if needed and check that it can be trusted; -1
 * with @why (a phrase) when it cannot.
 */
int state_dir_ensure(char *why, size_t size);

/*
 * Whether the open file @fd may be trusted: a regular file owned by this
 * user and writable by it alone; @why says what is wrong otherwise.
 */
bool state_file_trusted(int fd, char *why, size_t size);

/*
 * Take the run lock ($dir/lock) for as long as this process lives (it is
 * dropped by the kernel whatever the end).  0 when taken; 1 when another
 * run holds it (*@holder: its pid, 0 if unknown); -1 with errno.
 */
int state_lock_take(pid_t *holder);
void state_lock_drop(void);

#endif
