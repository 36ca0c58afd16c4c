// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>

#include <cpuidle.h>

#include "session/idle_states.h"

static int limit_cpu(struct idle_states *saved, int cpu, unsigned int deepest)
{
	unsigned int state, count = cpuidle_state_count(cpu);
	int disabled;

	if (!count) {
		errno = ENODEV;
		return -1;
	}
	saved->disabled_by_us[cpu] = calloc(count, sizeof(bool));
	if (!saved->disabled_by_us[cpu])
		return -1;
	saved->nr_states[cpu] = count;
	for (state = deepest + 1; state < count; state++) {
		disabled = cpuidle_is_state_disabled(cpu, state);
		if (disabled < 0 || (!disabled &&
				     cpuidle_state_disable(cpu, state, 1))) {
			errno = EIO;
			return -1;
		}
		saved->disabled_by_us[cpu][state] = !disabled;
	}
	return 0;
}

int idle_states_limit(struct idle_states *saved, const cpu_set_t *cpus,
		      int nr_cpus, unsigned int deepest)
{
	int cpu;

	saved->nr_cpus = nr_cpus;
	saved->nr_states = calloc(nr_cpus, sizeof(*saved->nr_states));
	saved->disabled_by_us = calloc(nr_cpus, sizeof(*saved->disabled_by_us));
	if (!saved->nr_states || !saved->disabled_by_us)
		return -1;
	for (cpu = 0; cpu < nr_cpus && cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, cpus) && limit_cpu(saved, cpu, deepest))
			return -1;
	return 0;
}

int idle_states_restore(struct idle_states *saved)
{
	int cpu, state, ret = 0;

	for (cpu = 0; saved->nr_states && cpu < saved->nr_cpus; cpu++) {
		for (state = 0; state < saved->nr_states[cpu]; state++)
			if (saved->disabled_by_us[cpu][state] &&
			    cpuidle_state_disable(cpu, state, 0))
				ret = -1;
		free(saved->disabled_by_us[cpu]);
	}
	free(saved->nr_states);
	free(saved->disabled_by_us);
	saved->nr_states = NULL;
	saved->disabled_by_us = NULL;
	saved->nr_cpus = 0;
	return ret;
}
