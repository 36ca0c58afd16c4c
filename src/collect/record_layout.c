// SPDX-License-Identifier: GPL-2.0
/* Where a tracepoint record's fields lie, found once; and read. */
#include <string.h>

#include <event-parse.h>

#include "collect/record_layout.h"

void record_layout_resolve(struct tep_handle *tep, const char *system,
			   const char *name, const char *const *names,
			   int first_raw, struct record_layout *layout)
{
	struct tep_event *event = tep_find_event_by_name(tep, system, name);
	struct tep_format_field *field;
	int i;

	layout->id = -1;
	if (!event)
		return;
	for (i = 0; names[i]; i++) {
		field = tep_find_field(event, names[i]);
		if (!field)
			return;
		if (field->offset < 0 || field->size <= 0 ||
		    (i < first_raw && field->size > 8))
			return;
		layout->fields[i].offset = field->offset;
		layout->fields[i].size = field->size;
		if (field->offset + field->size > layout->min_size)
			layout->min_size = field->offset + field->size;
	}
	layout->id = event->id;
}

uint64_t record_layout_number(struct tep_handle *tep, bool foreign_endian,
			      const void *data, const struct field_ref *ref)
{
	const char *at = (const char *)data + ref->offset;
	uint64_t u64;
	uint32_t u32;
	uint16_t u16;

	if (foreign_endian)
		return tep_read_number(tep, at, ref->size);
	switch (ref->size) {
	case 8:
		memcpy(&u64, at, 8);
		return u64;
	case 4:
		memcpy(&u32, at, 4);
		return u32;
	case 2:
		memcpy(&u16, at, 2);
		return u16;
	case 1:
		return *(const uint8_t *)at;
	default:
		return tep_read_number(tep, at, ref->size);
	}
}

const char *record_layout_string(struct tep_handle *tep, const void *data,
				 int size, const struct field_ref *ref,
				 bool dynamic, int *len)
{
	uint32_t loc;

	if (!dynamic) {
		*len = ref->size;
		return (const char *)data + ref->offset;
	}
	loc = tep_read_number(tep, (const char *)data + ref->offset, 4);
	*len = loc >> 16;
	if ((int)(loc & 0xffff) + *len > size) {
		*len = 0;
		return NULL;
	}
	return (const char *)data + (loc & 0xffff);
}
