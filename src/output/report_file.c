// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output/out_file.h"
#include "output/report.h"

int out_file_write(const char *path, int (*writer)(const void *, FILE *),
		   const void *ctx)
{
	struct out_file file;
	int fd, ret;
	FILE *out;

	if (!strcmp(path, "-")) {
		ret = writer(ctx, stdout);
		if (fflush(stdout) || ferror(stdout))
			ret = -1;
		return ret;
	}
	if (out_file_open(&file, path))
		return -1;
	/* the stream gets its own descriptor: the file's is synced after */
	fd = dup(file.fd);
	out = fd < 0 ? NULL : fdopen(fd, "w");
	if (!out) {
		if (fd >= 0)
			close(fd);
		out_file_abort(&file);
		return -1;
	}
	ret = writer(ctx, out);
	if (fclose(out))
		ret = -1;
	if (ret) {
		out_file_abort(&file);
		return -1;
	}
	return out_file_commit(&file);
}

struct report_writer {
	const struct run_report *report;
	int (*writer)(const struct run_report *, FILE *);
};

static int write_report(const void *ctx, FILE *out)
{
	const struct report_writer *w = ctx;

	return w->writer(w->report, out);
}

int report_write_file(const struct run_report *report, const char *path,
		      int (*writer)(const struct run_report *, FILE *))
{
	struct report_writer w = { report, writer };

	return out_file_write(path, write_report, &w);
}
