// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <cpuidle.h>

#include "session/idle_states.h"

/* The enabled states deeper than @deepest on @cpu, to disable. */
static int plan_cpu(struct idle_states *saved, int cpu, unsigned int deepest)
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
		if (disabled < 0) {
			errno = EIO;
			return -1;
		}
		saved->disabled_by_us[cpu][state] = !disabled;
	}
	return 0;
}

int idle_states_plan(struct idle_states *saved, const cpu_set_t *cpus,
		     int nr_cpus, unsigned int deepest)
{
	int cpu;

	saved->nr_cpus = nr_cpus;
	saved->nr_states = calloc(nr_cpus, sizeof(*saved->nr_states));
	saved->disabled_by_us = calloc(nr_cpus, sizeof(*saved->disabled_by_us));
	if (!saved->nr_states || !saved->disabled_by_us)
		return -1;
	for (cpu = 0; cpu < nr_cpus && cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, cpus) && plan_cpu(saved, cpu, deepest))
			return -1;
	return 0;
}

int idle_states_apply(const struct idle_states *saved)
{
	int cpu, state;

	for (cpu = 0; cpu < saved->nr_cpus; cpu++)
		for (state = 0; state < saved->nr_states[cpu]; state++)
			if (saved->disabled_by_us[cpu][state] &&
			    cpuidle_state_disable(cpu, state, 1)) {
				errno = EIO;
				return -1;
			}
	return 0;
}

int idle_states_files(const struct idle_states *saved,
		      struct saved_file **files)
{
	int cpu, state, count = 0;
	struct saved_file *file;

	for (cpu = 0; cpu < saved->nr_cpus; cpu++)
		for (state = 0; state < saved->nr_states[cpu]; state++)
			count += saved->disabled_by_us[cpu][state];
	*files = calloc(count ? count : 1, sizeof(**files));
	if (!*files)
		return -1;
	file = *files;
	for (cpu = 0; cpu < saved->nr_cpus; cpu++)
		for (state = 0; state < saved->nr_states[cpu]; state++) {
			if (!saved->disabled_by_us[cpu][state])
				continue;
			/* where libcpupower writes it */
			snprintf(file->path, sizeof(file->path),
				 "/sys/devices/system/cpu/cpu%d/cpuidle/state%d/disable",
				 cpu, state);
			snprintf(file->value, sizeof(file->value), "0");
			file++;
		}
	return count;
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
