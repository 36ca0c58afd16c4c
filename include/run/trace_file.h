/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_TRACE_FILE_H
#define RTLA_TRACE_FILE_H

struct tracefs_instance;

/*
 * Copy the instance's @file ("trace", "events/x/y/hist") to @path, as an
 * out_file (whole or not at all): 0, or -1 with errno.
 */
int trace_file_save(struct tracefs_instance *instance, const char *file,
		    const char *path);
/* The instance's trace to @path. */
int trace_file_save_trace(struct tracefs_instance *instance, const char *path);

#endif
