// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cpuidle.h>

#include "session/idle_states.h"

#define DISABLE_FILE_FMT "%s/devices/system/cpu/cpu%u/cpuidle/state%u/disable"

static const char *sysfs_root = "/sys";

void idle_states_set_sysfs_root(const char *root)
{
	sysfs_root = root;
}

bool idle_states_file_valid(const struct saved_file *file)
{
	unsigned int cpu, state;
	char again[sizeof(file->path)];
	int end = 0;

	if (strcmp(file->value, "0") && strcmp(file->value, "1"))
		return false;
	if (strncmp(file->path, sysfs_root, strlen(sysfs_root)))
		return false;
	if (sscanf(file->path + strlen(sysfs_root),
		   "/devices/system/cpu/cpu%u/cpuidle/state%u/disable%n",
		   &cpu, &state, &end) != 2 || !end)
		return false;
	/* no "+1", leading zeros or text after the name */
	snprintf(again, sizeof(again), DISABLE_FILE_FMT, sysfs_root, cpu,
		 state);
	return !strcmp(again, file->path);
}

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

int idle_states_save(struct idle_states *saved, const cpu_set_t *cpus,
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
				 DISABLE_FILE_FMT, sysfs_root, cpu, state);
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
