/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_OUT_FILE_H
#define RTLA_OUT_FILE_H

#include <stddef.h>
#include <stdio.h>

/*
 * An output file written as a new temporary beside @path (O_EXCL: no
 * symlink followed, nothing clobbered while writing), with the umask's
 * mode, synced and renamed over @path only when whole: a full disk or an
 * error leaves what was at @path untouched and no temporary behind.
 */
struct out_file {
	const char *path;
	char *tmp;
	int fd;
};

int out_file_open(struct out_file *file, const char *path);
/* Sync, close and rename into place; -1 with errno when any step fails. */
int out_file_commit(struct out_file *file);
/* Close and remove the temporary. */
void out_file_abort(struct out_file *file);

/*
 * Write @path ("-": stdout) through @writer(@ctx, stream), as an
 * out_file: 0, or -1 with errno.
 */
int out_file_write(const char *path, int (*writer)(const void *, FILE *),
		   const void *ctx);

/*
 * Before a run: can a file be created beside @path, and is @path, if it
 * exists, a regular file or symlink of ours?  0, or -1 with @why filled.
 */
int out_file_check(const char *path, char *why, size_t size);

#endif
