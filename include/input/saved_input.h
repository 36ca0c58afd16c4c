/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_SAVED_INPUT_H
#define RTLA_SAVED_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "input/saved_run.h"
#include "input/window_file.h"

/* A file given to rtla compare or rtla plot: a report, or a series. */
struct saved_input {
	bool record;			/* timerlat monitor --record windows */
	struct saved_run run;		/* else a saved JSON report */
	struct window_series series;
};

/*
 * Read @arg, once, into @in: a comma-separated list of --record files,
 * or one file ("-": stdin; a pipe will do) holding a JSON report or
 * --record lines, told apart by its first line.  0, or -1 with a
 * one-line reason in @why; saved_input_free() after a success.
 */
int saved_input_read(const char *arg, struct saved_input *in, char *why,
		     size_t size);
/* The same from an open stream (@in zeroed first; the fuzzer's entry). */
int saved_input_read_stream(FILE *f, struct saved_input *in, char *why,
			    size_t size);
void saved_input_free(struct saved_input *in);

/* A report alone, as saved_input_read() reads it; saved_run_free() it. */
int saved_report_read(const char *path, struct saved_run *run, char *why,
		      size_t size);

#endif
