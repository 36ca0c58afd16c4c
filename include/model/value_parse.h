/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_VALUE_PARSE_H
#define RTLA_VALUE_PARSE_H

#include <sched.h>
#include <stdint.h>

/*
 * Value parsers for rtla's text: options, budgets, compare rules.  Each
 * returns 0 on success, or -1 with *why pointing to a sentence saying
 * what is wrong.
 */
int parse_u64(const char *text, uint64_t *value, const char **why);
/* Out of [min, max], or too large for 64 bits: "out of range". */
int parse_u64_range(const char *text, uint64_t min, uint64_t max,
		    uint64_t *value, const char **why);
/* Room for "must be MIN-MAX UNIT" with both bounds 20 digits long. */
#define RANGE_REASON_SIZE	96
/*
 * As parse_u64_range, with "must be MIN-MAX UNIT" (@unit may be NULL)
 * written into the caller's @reason, RANGE_REASON_SIZE bytes, as *why.
 */
int parse_u64_in(const char *text, uint64_t min, uint64_t max,
		 const char *unit, uint64_t *value, const char **why,
		 char *reason);
/* The longest -d: ten years. */
#define MAX_DURATION_S	(3650ULL * 86400)
/* Seconds, or with a unit s, m, h or d in either case ("90", "2M"). */
int parse_seconds(const char *text, uint64_t *seconds, const char **why);
/* parse_seconds() for a run's length: 1 s to MAX_DURATION_S. */
int parse_duration(const char *text, uint64_t *seconds, const char **why);
int parse_time_ns(const char *text, uint64_t *ns, const char **why);
int parse_cpu_list(const char *text, int nr_cpus, cpu_set_t *set,
		   const char **why);

#endif
