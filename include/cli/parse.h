/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_PARSE_H
#define RTLA_PARSE_H

#include <sched.h>
#include <stdint.h>

#include "params/params.h"
#include "model/value_parse.h"

/* The option values of params' own types; as the value parsers. */
int parse_sched(const char *text, struct sched_spec *sched, const char **why);
int parse_event(const char *text, struct event_spec *event, const char **why);

#endif
