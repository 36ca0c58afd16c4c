/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_TRACING_DIR_H
#define RTLA_TRACING_DIR_H

#include <stddef.h>

/*
 * $RTLA_TRACING_DIR: a fake tracing directory for tests, which the run
 * uses instead of tracefs.  It is honoured only when nobody but the
 * caller can have put its files there and no later real run can apply
 * what a fake run records:
 *  - RTLA_STATE_DIR is set too, and is not /run/rtla;
 *  - the path is absolute, a directory (not a symbolic link), owned by
 *    the caller and writable by the caller alone;
 *  - every directory above it is owned by root or the caller and, if
 *    others may write to it, sticky (as /tmp is): no one else can move
 *    it away and put theirs in its place;
 *  - it is not a tracefs or debugfs: a real tracing directory is found
 *    the usual way.
 * Returns 0 when the variable is unset or empty, 1 when the directory is
 * used, -1 with @why (a phrase) when it is refused.
 */
int tracing_dir_override(char *why, size_t size);

/* The directory tracing_dir_override() chose, or NULL. */
const char *tracing_dir_fake(void);

#endif
