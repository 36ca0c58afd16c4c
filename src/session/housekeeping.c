// SPDX-License-Identifier: GPL-2.0
#include "session/housekeeping.h"

bool housekeeping_cpus(const cpu_set_t *given, const cpu_set_t *measured,
		       const cpu_set_t *allowed, cpu_set_t *cpus)
{
	cpu_set_t free_cpus;
	int cpu;

	if (given && CPU_COUNT(given)) {
		*cpus = *given;
		return true;
	}
	CPU_ZERO(&free_cpus);
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, allowed) && !CPU_ISSET(cpu, measured))
			CPU_SET(cpu, &free_cpus);
	if (!CPU_COUNT(&free_cpus))
		return false;
	*cpus = free_cpus;
	return true;
}

int housekeeping_move_self(const cpu_set_t *cpus)
{
	return sched_setaffinity(0, sizeof(*cpus), cpus);
}
