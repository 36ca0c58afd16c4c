// SPDX-License-Identifier: GPL-2.0
/* RTLA_TRACING_DIR: the tests' fake tracing directory, and its checks. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <tracefs.h>

#include "session/tracing_dir.h"

#define TRACEFS_FS_MAGIC	0x74726163
#define DEBUGFS_FS_MAGIC	0x64626720
#define REAL_STATE_DIR		"/run/rtla"

static const char *fake_dir;

static int refuse(char *why, size_t size, const char *what)
{
	snprintf(why, size, "%s", what);
	return -1;
}

/* Whether the directory @path itself is the caller's alone. */
static int check_leaf(const char *path, char *why, size_t size)
{
	struct statfs fs;
	struct stat st;

	if (lstat(path, &st))
		return refuse(why, size, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return refuse(why, size, "not a directory");
	if (st.st_uid != geteuid())
		return refuse(why, size, "not owned by this user");
	if (st.st_mode & (S_IWGRP | S_IWOTH))
		return refuse(why, size, "writable by other users");
	if (statfs(path, &fs))
		return refuse(why, size, strerror(errno));
	if (fs.f_type == TRACEFS_FS_MAGIC || fs.f_type == DEBUGFS_FS_MAGIC)
		return refuse(why, size, "a real tracing directory, not a fake one");
	return 0;
}

/* Whether no one but root and the caller can replace what is below @path. */
static int check_parents(const char *path, char *why, size_t size)
{
	char parent[PATH_MAX], *slash;
	struct stat st;

	snprintf(parent, sizeof(parent), "%s", path);
	while ((slash = strrchr(parent, '/'))) {
		if (slash == parent)
			slash[1] = '\0';
		else
			*slash = '\0';
		if (stat(parent, &st))
			return refuse(why, size, strerror(errno));
		if (st.st_uid != 0 && st.st_uid != geteuid())
			return refuse(why, size, "a directory above it is another user's");
		if ((st.st_mode & (S_IWGRP | S_IWOTH)) && !(st.st_mode & S_ISVTX))
			return refuse(why, size, "a directory above it is writable by other users");
		if (!strcmp(parent, "/"))
			break;
	}
	return 0;
}

int tracing_dir_override(char *why, size_t size)
{
	const char *dir = getenv("RTLA_TRACING_DIR");
	const char *state = getenv("RTLA_STATE_DIR");

	if (!dir || !*dir)
		return 0;
	if (!state || !*state || !strcmp(state, REAL_STATE_DIR))
		return refuse(why, size, "RTLA_STATE_DIR must name a directory of the test's, not " REAL_STATE_DIR);
	if (*dir != '/')
		return refuse(why, size, "not an absolute path");
	if (strlen(dir) >= PATH_MAX)
		return refuse(why, size, strerror(ENAMETOOLONG));
	if (check_leaf(dir, why, size) || check_parents(dir, why, size))
		return -1;
	if (tracefs_set_tracing_dir((char *)dir))
		return refuse(why, size, strerror(errno));
	fake_dir = dir;
	return 1;
}

const char *tracing_dir_fake(void)
{
	return fake_dir;
}
