// SPDX-License-Identifier: GPL-2.0
/* What the JSON readers (saved reports, --record files) share. */
#include <stdio.h>

#include "input/json_read.h"

struct json_object *json_member(struct json_object *obj, const char *key)
{
	struct json_object *value;

	if (!json_object_is_type(obj, json_type_object) ||
	    !json_object_object_get_ex(obj, key, &value))
		return NULL;
	return value;
}

int json_read_vfail(char *why, size_t size, const char *fmt, va_list ap)
{
	char *c;

	vsnprintf(why, size, fmt, ap);
	for (c = why; *c; c++)
		if ((unsigned char)*c < ' ')
			*c = ' ';
	return -1;
}
