// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <linux/magic.h>
#include <unistd.h>

#include "session/cgroup.h"

#define CGROUP_ROOT	"/sys/fs/cgroup"

/* "0::/system.slice/x.service" in /proc/self/cgroup: the v2 path. */
static int own_cgroup(char *path, size_t size)
{
	char line[4096];
	FILE *f = fopen("/proc/self/cgroup", "re");
	int ret = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "0::", 3))
			continue;
		line[strcspn(line, "\n")] = '\0';
		snprintf(path, size, "%s", line + 3);
		ret = 0;
		break;
	}
	fclose(f);
	if (ret)
		errno = ENOENT;
	return ret;
}

int cgroup_dir(const char *name, char *dir, size_t size)
{
	char path[4096];
	struct stat st;

	if (name)
		snprintf(path, sizeof(path), "%s%s", *name == '/' ? "" : "/",
			 name);
	else if (own_cgroup(path, sizeof(path)))
		return -1;
	if ((size_t)snprintf(dir, size, CGROUP_ROOT "%s", path) >= size) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if (stat(dir, &st))
		return -1;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return -1;
	}
	return 0;
}

bool cgroup2_mounted(void)
{
	struct statfs fs;

	return !statfs(CGROUP_ROOT, &fs) && fs.f_type == CGROUP2_SUPER_MAGIC;
}

int cgroup_move(const char *dir, pid_t tid)
{
	char path[4200], text[32];
	int fd, len, ret;

	snprintf(path, sizeof(path), "%s/cgroup.procs", dir);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	len = snprintf(text, sizeof(text), "%d\n", (int)tid);
	ret = write(fd, text, len) == len ? 0 : -1;
	close(fd);
	return ret;
}
