/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_WINDOW_FILE_H
#define RTLA_WINDOW_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "model/window_series.h"

/* How many files one series may join (FILE,FILE.1,...). */
#define WINDOW_MAX_FILES	64

/*
 * Is @text (a file's first line, NUL-ended) a timerlat monitor --record
 * window: a JSON object with "time" and "cpus"?
 */
bool window_line_is_record(const char *text);

/*
 * Read the --record files of @list (comma-separated: a file and its
 * rotated FILE.1..N, in any order) into @series, its lines sorted by
 * time: 0, or -1 with a one-line reason naming file and line in @why.  A
 * last line without its newline that does not read (a window being
 * written) is skipped, with a warning on stderr.
 * window_series_free() after a success.
 */
int window_series_read(const char *list, struct window_series *series,
		       char *why, size_t size);

/*
 * The lines of @f into @series; @first, when not NULL, is its first
 * line, already read.  0, or -1 with a reason that names the line, and
 * @name when not NULL.
 */
int window_series_read_stream(FILE *f, const char *name, char *first,
			      struct window_series *series, char *why,
			      size_t size);
/* Every line read: sort them by time; -1 with a reason (naming @name,
 * when not NULL) when none. */
int window_series_finish(struct window_series *series, const char *name,
			 char *why, size_t size);

/* One line's text into @series (the fuzzer's entry): 0 or -1. */
int window_series_add_line(struct window_series *series, const char *text,
			   size_t len, char *why, size_t size);

#endif
