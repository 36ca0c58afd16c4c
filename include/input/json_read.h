/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_JSON_READ_H
#define RTLA_JSON_READ_H

#include <json.h>
#include <stdarg.h>
#include <stddef.h>

/* @key of the JSON object @obj; NULL when absent or @obj is no object. */
struct json_object *json_member(struct json_object *obj, const char *key);

/*
 * @fmt into @why as one line, whatever a file's keys hold (control
 * characters blanked): -1, for the readers to return.
 */
int json_read_vfail(char *why, size_t size, const char *fmt, va_list ap);

#endif
