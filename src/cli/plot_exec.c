// SPDX-License-Identifier: GPL-2.0
/* rtla plot: run rtla-plot, found next to rtla or in its libexec dir. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/plot_exec.h"

int plot_program_paths(const char *self, char *first, char *second,
		       size_t size)
{
	const char *slash = strrchr(self, '/');
	int dir = slash ? (int)(slash - self) : 1;
	int a, b;

	if (!slash)
		self = ".";
	a = snprintf(first, size, "%.*s/%s", dir, self, PLOT_PROGRAM);
	b = snprintf(second, size, "%.*s/../libexec/rtla/%s", dir, self,
		     PLOT_PROGRAM);
	return a < 0 || b < 0 || (size_t)a >= size || (size_t)b >= size ? -1 : 0;
}

int plot_exec(int argc, char **argv)
{
	char self[PATH_MAX], first[PATH_MAX], second[PATH_MAX];
	ssize_t len;
	int err;

	len = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (len < 0) {
		fprintf(stderr, "rtla plot: cannot find rtla's own path: %s\n",
			strerror(errno));
		return 1;
	}
	self[len] = '\0';
	if (plot_program_paths(self, first, second, sizeof(first))) {
		fprintf(stderr, "rtla plot: the path of rtla is too long\n");
		return 1;
	}
	(void)argc;
	argv[0] = first;
	execv(first, argv);
	err = errno;
	argv[0] = second;
	execv(second, argv);
	if (errno == ENOENT && err == ENOENT) {
		fprintf(stderr, "rtla plot: %s is not installed (looked for %s and %s): install the %s package\n",
			PLOT_PROGRAM, first, second, PLOT_PACKAGE);
		return 1;
	}
	/* the helper's own error, if it is there, else the first place's */
	if (errno == ENOENT)
		errno = err;
	fprintf(stderr, "rtla plot: cannot run %s (looked for %s and %s): %s\n",
		PLOT_PROGRAM, first, second, strerror(errno));
	return 1;
}
