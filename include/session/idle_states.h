/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_IDLE_STATES_H
#define RTLA_IDLE_STATES_H

#include <sched.h>
#include <stdbool.h>

/* The idle states rtla disabled, to enable again. */
struct idle_states {
	int nr_cpus;
	int *nr_states;		/* per CPU; 0: not touched */
	bool **disabled_by_us;	/* per CPU, per state */
};

/*
 * Disable every idle state deeper than @deepest on the CPUs of @cpus,
 * saving what was set.  -1 with errno on failure (ENODEV: no cpuidle
 * states on a CPU); what was changed is still put back by
 * idle_states_restore().
 */
int idle_states_limit(struct idle_states *saved, const cpu_set_t *cpus,
		      int nr_cpus, unsigned int deepest);

/* Put back every state idle_states_limit() changed; -1 if one failed. */
int idle_states_restore(struct idle_states *saved);

#endif
