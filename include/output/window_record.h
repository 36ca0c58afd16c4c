/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_WINDOW_RECORD_H
#define RTLA_WINDOW_RECORD_H

#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "model/results.h"
#include "model/tracer.h"

/*
 * --record FILE: each closed window appended as one JSON line.  When a
 * line would take the file past max_bytes, the file is rotated first:
 * FILE.1 is the newest old file, FILE.<keep> the oldest, older ones are
 * deleted; with keep 0 the file is emptied.  The disk holds at most
 * (keep + 1) * max_bytes, or one line more when a line alone is larger.
 *
 * The file is opened once (and anew on a rotation) without following a
 * link, and must be a regular file of rtla's user with one link (else
 * ELOOP, EINVAL, EPERM or EMLINK); the descriptor is kept.  Each line is
 * one write: a line written short (a full disk) is cut off again, so the
 * file holds whole lines only.
 */
struct window_record {
	char *path;
	uint64_t max_bytes;
	unsigned int keep;
	int fd;
	uint64_t size;
};

/* Open @path for appending; -1 with errno when it cannot be. */
int window_record_open(struct window_record *record, const char *path,
		       uint64_t max_bytes, unsigned int keep);
/* Idempotent; @record->path is NULL once closed. */
void window_record_close(struct window_record *record);

/*
 * Append the window that ended at @end: per shown CPU and context (the
 * @nr @contexts), count, max, avg, percentiles and over, with the CPU's
 * lost samples; values in @window's units.  -1 with errno on failure.
 */
int window_record_write(struct window_record *record,
			const struct rtla_results *window,
			const struct context_desc *const *contexts, int nr,
			time_t end);

#endif
