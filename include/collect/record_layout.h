/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_RECORD_LAYOUT_H
#define RTLA_RECORD_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

struct tep_handle;

/* Where one field of a tracepoint's record lies. */
struct field_ref {
	int offset;
	int size;
};

/* The fields read from one tracepoint's records, found once. */
struct record_layout {
	int id;			/* -1: the kernel has no such record */
	int min_size;		/* the end of the last field read */
	struct field_ref fields[8];
};

/* record_layout_resolve()'s @first_raw where every field is a number. */
#define RECORD_ALL_NUMBERS	8

/*
 * Find the fields @names of @system:@name in @tep's formats, in order.
 * Fields are numbers of 8 bytes at most, but for those from index
 * @first_raw on (strings and arrays), which are read as bytes.  Any one
 * missing: @layout->id is -1.
 */
void record_layout_resolve(struct tep_handle *tep, const char *system,
			   const char *name, const char *const *names,
			   int first_raw, struct record_layout *layout);

/* The number at @ref in @data; @foreign_endian: in @tep's byte order. */
uint64_t record_layout_number(struct tep_handle *tep, bool foreign_endian,
			      const void *data, const struct field_ref *ref);

/*
 * The bytes of a string field at @ref of @data (@size bytes): fixed
 * (char[16]) or __data_loc (@dynamic); their length in @len.  NULL when
 * a __data_loc points past the record.
 */
const char *record_layout_string(struct tep_handle *tep, const void *data,
				 int size, const struct field_ref *ref,
				 bool dynamic, int *len);

#endif
