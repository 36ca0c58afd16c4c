// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output/report.h"

int report_write_file(const struct run_report *report, const char *path,
		      int (*writer)(const struct run_report *, FILE *))
{
	char *tmp = NULL;
	int fd, ret, saved;
	FILE *out;

	if (!strcmp(path, "-")) {
		ret = writer(report, stdout);
		fflush(stdout);
		return ret;
	}
	if (asprintf(&tmp, "%s.XXXXXX", path) < 0)
		return -1;
	fd = mkstemp(tmp);
	if (fd < 0) {
		free(tmp);
		return -1;
	}
	fchmod(fd, 0644);
	out = fdopen(fd, "w");
	if (!out) {
		close(fd);
		ret = -1;
		goto out;
	}
	ret = writer(report, out);
	if (fclose(out))
		ret = -1;
	if (!ret && rename(tmp, path))
		ret = -1;
out:
	saved = errno;
	if (ret)
		unlink(tmp);
	free(tmp);
	errno = saved;
	return ret;
}
