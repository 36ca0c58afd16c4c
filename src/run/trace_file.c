// SPDX-License-Identifier: GPL-2.0
/* An instance's trace, or another of its files, copied to a file. */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include <tracefs.h>

#include "output/out_file.h"
#include "run/trace_file.h"

/*
 * A short write is followed by one that fails with the cause (ENOSPC,
 * EFBIG past RLIMIT_FSIZE, EDQUOT): that errno is the one reported.
 */
static int write_all(int fd, const char *buf, size_t len)
{
	ssize_t written;

	while (len) {
		written = write(fd, buf, len);
		if (written < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (!written) {
			errno = EIO;
			return -1;
		}
		buf += written;
		len -= written;
	}
	return 0;
}

int trace_file_save(struct tracefs_instance *instance, const char *file,
		    const char *path)
{
	struct out_file out;
	char buf[65536];
	ssize_t n;
	int in;

	in = tracefs_instance_file_open(instance, file, O_RDONLY);
	if (in < 0)
		return -1;
	if (out_file_open(&out, path)) {
		close(in);
		return -1;
	}
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write_all(out.fd, buf, n))
			break;
	close(in);
	if (n) {
		out_file_abort(&out);
		return -1;
	}
	return out_file_commit(&out);
}

int trace_file_save_trace(struct tracefs_instance *instance, const char *path)
{
	return trace_file_save(instance, "trace", path);
}
