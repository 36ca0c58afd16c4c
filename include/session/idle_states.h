/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_IDLE_STATES_H
#define RTLA_IDLE_STATES_H

#include <sched.h>
#include <stdbool.h>

#include "session/state_record.h"

/* The idle states rtla disabled, to enable again. */
struct idle_states {
	int nr_cpus;
	int *nr_states;		/* per CPU; 0: not touched */
	bool **disabled_by_us;	/* per CPU, per state */
};

/*
 * Find the idle states deeper than @deepest that are enabled on the CPUs
 * of @cpus: those idle_states_apply() disables.  -1 with errno on
 * failure (ENODEV: no cpuidle states on a CPU).
 */
int idle_states_save(struct idle_states *saved, const cpu_set_t *cpus,
		     int nr_cpus, unsigned int deepest);
/*
 * Disable the planned states; -1 with errno on failure, and what was
 * changed is still put back by idle_states_restore().
 */
int idle_states_apply(const struct idle_states *saved);
/*
 * The cpuidle files the plan changes, with the value that undoes it,
 * for the state record: how many (*@files to free), or -1.
 */
int idle_states_files(const struct idle_states *saved,
		      struct saved_file **files);

/*
 * Whether a record's file is one idle_states_files() names, with a value
 * it would write: root never writes other files from a record.
 */
bool idle_states_file_valid(const struct saved_file *file);
/* Where sysfs is, "/sys" unless a test says otherwise. */
void idle_states_set_sysfs_root(const char *root);

/* Enable again every planned state; -1 if one failed. */
int idle_states_restore(struct idle_states *saved);

#endif
