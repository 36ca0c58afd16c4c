/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_TRACE_DAT_H
#define RTLA_TRACE_DAT_H

#include <stdbool.h>
#include <stddef.h>

struct tracefs_instance;

/* The program that writes trace-cmd's files, looked for in PATH. */
#define TRACE_DAT_WRITER	"trace-cmd"

/* A trace saved to @path is trace-cmd's binary trace.dat: "*.dat". */
bool trace_dat_wanted(const char *path);

/* Whether TRACE_DAT_WRITER is an executable in PATH. */
bool trace_dat_writer_found(void);

/*
 * @instance's buffers, event formats and saved command lines written to
 * @path as trace-cmd's trace.dat, by "trace-cmd extract", which reads
 * (and so empties) the buffers and leaves the instance's settings as
 * they are.  Written beside @path and renamed over it when whole.  0, or
 * -1 with errno and @why filled.
 */
int trace_dat_save(struct tracefs_instance *instance, const char *path,
		   char *why, size_t size);

#endif
