/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_STATE_RECORD_H
#define RTLA_STATE_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "session/knobs.h"
#include "session/process_identity.h"

/*
 * The knobs as they were before a run, kept in a file for as long as the
 * run may have changed them: after a run killed by SIGKILL or the OOM
 * killer, the next run puts these originals back, not the values it
 * finds.  The file is knobs in state_dir().
 */
const char *state_record_path(void);

/* A file outside tracefs that a run changes, and its original value. */
struct saved_file {
	char path[128];
	char value[16];
};

/*
 * Write the saved values of @knobs and the @nr_files @files (cpuidle's
 * "disable" files of --deepest-idle-state), with who this process is.
 */
int state_record_write(const struct knobs *knobs,
		       const struct saved_file *files, int nr_files);
void state_record_remove(void);

/* A record as read: who wrote it and what it would put back. */
struct state_record {
	pid_t pid;
	unsigned long long start;
	char boot[BOOT_ID_SIZE];
	char *value[NR_KNOBS];
	struct saved_file *files;
	int nr_files;
	bool dropped_panic;	/* PANIC_ON_STOP left out: never from a file */
};

/*
 * Parse @text strictly: every line known and every value of its knob's
 * form; -1 with @why (one phrase) for a corrupt record.
 */
int state_record_parse(const char *text, struct state_record *record,
		       char *why, size_t size);
void state_record_free(struct state_record *record);

enum recovery_outcome {
	RECOVERY_NONE,		/* no record, or one of an earlier boot */
	RECOVERY_RESTORED,	/* @count settings put back */
	RECOVERY_OWNER_LIVES,	/* the run that wrote it still runs */
	RECOVERY_IGNORED,	/* untrusted, corrupt or refused: @why */
};

struct recovery {
	enum recovery_outcome outcome;
	pid_t pid;
	int count;
	bool dropped_panic;	/* the record's PANIC_ON_STOP left out */
	char what[1024];	/* the settings put back */
	char why[512];
};

/*
 * When a record left by a run that no longer runs exists: write back
 * its values where the kernel's differ and remove it.  A record that
 * cannot be trusted is left alone; a corrupt one, or one with a value
 * the kernel refuses, is moved aside (state_record_path() + ".bad").
 */
void state_record_recover(struct recovery *out);

#endif
