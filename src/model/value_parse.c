// SPDX-License-Identifier: GPL-2.0
/* Numbers, durations, times and CPU lists as rtla's text gives them. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "model/value_parse.h"

static int fail(const char **why, const char *reason)
{
	*why = reason;
	return -1;
}

/* Parse leading decimal digits; *end is set past them. */
static int parse_digits(const char *text, uint64_t *value, const char **end,
			const char **why)
{
	char *stop;

	if (!isdigit((unsigned char)*text))
		return fail(why, "not a number");
	errno = 0;
	*value = strtoull(text, &stop, 10);
	if (errno == ERANGE)
		return fail(why, "number too large");
	*end = stop;
	return 0;
}

int parse_u64(const char *text, uint64_t *value, const char **why)
{
	const char *end;

	if (parse_digits(text, value, &end, why))
		return -1;
	if (*end)
		return fail(why, "not a number");
	return 0;
}

int parse_u64_range(const char *text, uint64_t min, uint64_t max,
		    uint64_t *value, const char **why)
{
	if (!parse_u64(text, value, why)) {
		if (*value >= min && *value <= max)
			return 0;
	} else if (strcmp(*why, "number too large")) {
		return -1;
	}
	return fail(why, "out of range");
}

int parse_u64_in(const char *text, uint64_t min, uint64_t max,
		 const char *unit, uint64_t *value, const char **why,
		 char *reason)
{
	if (!parse_u64_range(text, min, max, value, why))
		return 0;
	if (strcmp(*why, "out of range"))
		return -1;
	snprintf(reason, RANGE_REASON_SIZE, "must be %llu-%llu%s%s",
		 (unsigned long long)min, (unsigned long long)max,
		 unit ? " " : "", unit ? unit : "");
	return fail(why, reason);
}

struct unit {
	const char *suffix;
	uint64_t factor;
};

/* @units' suffixes compared by @same (strcmp or strcasecmp). */
static int parse_with_units(const char *text, const struct unit *units,
			    int (*same)(const char *, const char *),
			    uint64_t *value, const char **why)
{
	const char *end;
	uint64_t number;

	if (parse_digits(text, &number, &end, why))
		return -1;
	for (; units->suffix; units++) {
		if (same(end, units->suffix))
			continue;
		if (number > UINT64_MAX / units->factor)
			return fail(why, "number too large");
		*value = number * units->factor;
		return 0;
	}
	return fail(why, "unknown unit");
}

int parse_seconds(const char *text, uint64_t *seconds, const char **why)
{
	static const struct unit units[] = {
		{ "", 1 }, { "s", 1 }, { "m", 60 }, { "h", 3600 },
		{ "d", 86400 }, { NULL, 0 },
	};

	/* rtla 7.2 takes the units in either case */
	if (!parse_with_units(text, units, strcasecmp, seconds, why))
		return 0;
	if (!strcmp(*why, "unknown unit"))
		*why = "unknown unit, use s, m, h or d";
	return -1;
}

int parse_duration(const char *text, uint64_t *seconds, const char **why)
{
	if (parse_seconds(text, seconds, why)) {
		/* digits with a known unit: only the size was wrong */
		if (!strcmp(*why, "number too large"))
			return fail(why, "duration must be 1s-3650d");
		return -1;
	}
	if (!*seconds)
		return fail(why, "must be at least one second");
	/* in ns it must not wrap, and no run is meant to last longer */
	if (*seconds > MAX_DURATION_S)
		return fail(why, "duration must be 1s-3650d");
	return 0;
}

int parse_time_ns(const char *text, uint64_t *ns, const char **why)
{
	static const struct unit units[] = {
		{ "", 1 }, { "ns", 1 }, { "us", 1000 }, { "ms", 1000000 },
		{ "s", 1000000000ULL }, { NULL, 0 },
	};

	return parse_with_units(text, units, strcmp, ns, why);
}

static int parse_cpu(const char **cursor, int nr_cpus, int *cpu,
		     const char **why)
{
	const char *end;
	uint64_t value;

	if (parse_digits(*cursor, &value, &end, why))
		return fail(why, "not a CPU list (example: 0-3,5)");
	if (value >= (uint64_t)nr_cpus)
		return fail(why, "no such CPU");
	*cpu = value;
	*cursor = end;
	return 0;
}

int parse_cpu_list(const char *text, int nr_cpus, cpu_set_t *set,
		   const char **why)
{
	const char *cursor = text;
	int first, last, cpu;

	CPU_ZERO(set);
	if (nr_cpus > CPU_SETSIZE)
		nr_cpus = CPU_SETSIZE;
	for (;;) {
		if (parse_cpu(&cursor, nr_cpus, &first, why))
			return -1;
		last = first;
		if (*cursor == '-') {
			cursor++;
			if (parse_cpu(&cursor, nr_cpus, &last, why))
				return -1;
			if (last < first)
				return fail(why, "range runs backwards");
		}
		for (cpu = first; cpu <= last; cpu++)
			CPU_SET(cpu, set);
		if (!*cursor)
			return 0;
		if (*cursor++ != ',' || !*cursor)
			return fail(why, "not a CPU list (example: 0-3,5)");
	}
}

