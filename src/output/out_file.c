// SPDX-License-Identifier: GPL-2.0
/* Output files: created new, written whole, renamed into place. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output/out_file.h"

static mode_t current_umask(void)
{
	mode_t mask = umask(0);

	umask(mask);
	return mask;
}

int out_file_open(struct out_file *file, const char *path)
{
	file->path = path;
	file->fd = -1;
	if (asprintf(&file->tmp, "%s.XXXXXX", path) < 0) {
		file->tmp = NULL;
		return -1;
	}
	/* mkstemp: O_CREAT | O_EXCL, mode 0600 */
	file->fd = mkstemp(file->tmp);
	if (file->fd < 0 || fchmod(file->fd, 0666 & ~current_umask())) {
		out_file_abort(file);
		return -1;
	}
	return 0;
}

void out_file_abort(struct out_file *file)
{
	int saved = errno;

	if (file->fd >= 0) {
		close(file->fd);
		unlink(file->tmp);
	}
	free(file->tmp);
	file->tmp = NULL;
	file->fd = -1;
	errno = saved;
}

int out_file_commit(struct out_file *file)
{
	int fd = file->fd;

	if (fsync(fd)) {
		out_file_abort(file);
		return -1;
	}
	file->fd = -1;
	if (close(fd) || rename(file->tmp, file->path)) {
		fd = errno;
		unlink(file->tmp);
		free(file->tmp);
		file->tmp = NULL;
		errno = fd;
		return -1;
	}
	free(file->tmp);
	file->tmp = NULL;
	return 0;
}

int out_file_check(const char *path, char *why, size_t size)
{
	struct out_file probe;
	struct stat st;

	if (!strcmp(path, "-"))
		return 0;
	if (!lstat(path, &st)) {
		if (S_ISDIR(st.st_mode)) {
			snprintf(why, size, "is a directory");
			return -1;
		}
		if (!S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode)) {
			snprintf(why, size, "exists and is not a regular file");
			return -1;
		}
		/* rename() would replace another user's file */
		if (st.st_uid != geteuid()) {
			snprintf(why, size, "exists and belongs to user %u",
				 (unsigned int)st.st_uid);
			return -1;
		}
	}
	if (out_file_open(&probe, path)) {
		snprintf(why, size, "%s", strerror(errno));
		return -1;
	}
	out_file_abort(&probe);
	return 0;
}
