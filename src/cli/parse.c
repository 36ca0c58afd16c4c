// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cli/parse.h"

static int fail(const char **why, const char *reason)
{
	*why = reason;
	return -1;
}

static int parse_rt_priority(const char *text, int *priority,
			     const char **why)
{
	uint64_t value;

	if (parse_u64_range(text, 1, 99, &value, why))
		return fail(why, "real-time priority must be 1-99");
	*priority = value;
	return 0;
}

static int parse_nice(const char *text, int *nice, const char **why)
{
	int negative = *text == '-';
	uint64_t value;

	if (parse_u64(text + negative, &value, why))
		return -1;
	if ((negative && value > 20) || (!negative && value > 19))
		return fail(why, "nice value must be -20..19");
	*nice = negative ? -(int)value : (int)value;
	return 0;
}

static int parse_deadline(const char *text, struct sched_spec *sched,
			  const char **why)
{
	const char *colon = strchr(text, ':');
	char runtime[64];

	if (!colon || (size_t)(colon - text) >= sizeof(runtime))
		return fail(why, "deadline needs d:runtime:period");
	memcpy(runtime, text, colon - text);
	runtime[colon - text] = '\0';
	if (parse_time_ns(runtime, &sched->runtime_ns, why) ||
	    parse_time_ns(colon + 1, &sched->period_ns, why))
		return -1;
	if (!sched->runtime_ns || sched->runtime_ns > sched->period_ns)
		return fail(why, "deadline runtime must be > 0 and <= period");
	return 0;
}

int parse_sched(const char *text, struct sched_spec *sched, const char **why)
{
	memset(sched, 0, sizeof(*sched));
	if (!text[0] || text[1] != ':')
		return fail(why, "expected o:prio, r:prio, f:prio or d:runtime:period");
	/* rtla 7.2 takes the letter in either case */
	switch (tolower((unsigned char)text[0])) {
	case 'o':
		sched->policy = SCHED_OTHER;
		if (parse_nice(text + 2, &sched->priority, why))
			return -1;
		break;
	case 'r':
		sched->policy = SCHED_RR;
		if (parse_rt_priority(text + 2, &sched->priority, why))
			return -1;
		break;
	case 'f':
		sched->policy = SCHED_FIFO;
		if (parse_rt_priority(text + 2, &sched->priority, why))
			return -1;
		break;
	case 'd':
		sched->policy = SCHED_DEADLINE;
		if (parse_deadline(text + 2, sched, why))
			return -1;
		break;
	default:
		return fail(why, "expected o:prio, r:prio, f:prio or d:runtime:period");
	}
	sched->set = true;
	return 0;
}

static int valid_event_word(const char *word)
{
	if (!*word)
		return 0;
	for (; *word; word++)
		if (!isalnum((unsigned char)*word) && *word != '_' &&
		    *word != '-' && *word != '.')
			return 0;
	return 1;
}

int parse_event(const char *text, struct event_spec *event, const char **why)
{
	const char *colon = strchr(text, ':');

	memset(event, 0, sizeof(*event));
	if (colon) {
		event->system = strndup(text, colon - text);
		event->name = strdup(colon + 1);
	} else {
		event->system = strdup(text);
	}
	if (!event->system || (colon && !event->name))
		return fail(why, "out of memory");
	if (!valid_event_word(event->system) ||
	    (event->name && !valid_event_word(event->name) &&
	     strcmp(event->name, "*"))) {
		free(event->system);
		free(event->name);
		memset(event, 0, sizeof(*event));
		return fail(why, "expected sys or sys:event");
	}
	if (event->name && !strcmp(event->name, "*")) {
		free(event->name);
		event->name = NULL;
	}
	return 0;
}
