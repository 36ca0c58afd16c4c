/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_STATE_RECORD_H
#define RTLA_STATE_RECORD_H

#include <stddef.h>
#include <sys/types.h>

#include "session/knobs.h"

/*
 * The knobs as they were before a run, kept in a file for as long as the
 * run may have changed them: after a run killed by SIGKILL or the OOM
 * killer, the next run puts these originals back, not the values it
 * finds.  The file is $RTLA_STATE_DIR/knobs, /run/rtla/knobs by default.
 */
const char *state_record_path(void);

/* A file outside tracefs that a run changes, and its original value. */
struct saved_file {
	char path[128];
	char value[16];
};

/*
 * Write the saved values of @knobs and the @nr_files @files (cpuidle's
 * "disable" files of --deepest-idle-state), with this process's pid.
 */
int state_record_write(const struct knobs *knobs,
		       const struct saved_file *files, int nr_files);
void state_record_remove(void);

/*
 * When a record left by a process that no longer runs exists: write its
 * values back where the kernel's differ, remove it, and return the
 * number of knobs and files put back (*pid: the dead run's), -1 if one
 * could not be.  0 when there is no such record; @what lists them.
 */
int state_record_recover(pid_t *pid, char *what, size_t size);

#endif
