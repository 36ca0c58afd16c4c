/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_HOUSEKEEPING_H
#define RTLA_HOUSEKEEPING_H

#include <sched.h>
#include <stdbool.h>

/*
 * The CPUs rtla's own threads should run on: @given (-H) when set,
 * else the allowed CPUs that @measured leaves free, if any.  False when
 * rtla should stay where it is.
 */
bool housekeeping_cpus(const cpu_set_t *given, const cpu_set_t *measured,
		       const cpu_set_t *allowed, cpu_set_t *cpus);

/* Move this process (and the threads it creates) onto @cpus. */
int housekeeping_move_self(const cpu_set_t *cpus);

#endif
