// SPDX-License-Identifier: GPL-2.0
/*
 * LD_PRELOAD'ed into rtla by tests/fake/suite.sh: in a fake tracing
 * directory, mkdir of instances/NAME fills the new instance from
 * $FAKE_INSTANCE_TEMPLATE, and rmdir of it removes what is inside first,
 * as tracefs does with its own files.  Nothing else is touched.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int mkdir(const char *path, mode_t mode);
int rmdir(const char *path);

static char copy_to[PATH_MAX];
static size_t template_len;

/* Whether @path is an instance directory in the fake tracing directory. */
static int is_instance(const char *path)
{
	const char *dir = getenv("RTLA_TRACING_DIR");
	size_t len;

	if (!dir || !getenv("FAKE_INSTANCE_TEMPLATE"))
		return 0;
	len = strlen(dir);
	return !strncmp(path, dir, len) &&
	       !strncmp(path + len, "/instances/", 11) &&
	       !strchr(path + len + 11, '/');
}

static int real_mkdir(const char *path, mode_t mode)
{
	int (*next)(const char *, mode_t) = dlsym(RTLD_NEXT, "mkdir");

	return next(path, mode);
}

static int copy_file(const char *from, const char *to)
{
	char buf[4096];
	ssize_t len;
	int in, out, ret = 0;

	in = open(from, O_RDONLY | O_CLOEXEC);
	out = open(to, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (in < 0 || out < 0)
		ret = -1;
	while (!ret && (len = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, len) != len)
			ret = -1;
	if (in >= 0)
		close(in);
	if (out >= 0)
		close(out);
	return ret;
}

static int copy_entry(const char *path, const struct stat *st, int type,
		      struct FTW *ftw)
{
	char to[PATH_MAX];

	if (!ftw->level)
		return 0;
	snprintf(to, sizeof(to), "%s%s", copy_to, path + template_len);
	if (type == FTW_D)
		return real_mkdir(to, 0755) ? -1 : 0;
	return copy_file(path, to);
}

int mkdir(const char *path, mode_t mode)
{
	const char *template = getenv("FAKE_INSTANCE_TEMPLATE");
	int saved;

	if (real_mkdir(path, mode))
		return -1;
	if (!is_instance(path))
		return 0;
	saved = errno;
	snprintf(copy_to, sizeof(copy_to), "%s", path);
	template_len = strlen(template);
	nftw(template, copy_entry, 16, FTW_PHYS);
	errno = saved;
	return 0;
}

static int remove_entry(const char *path, const struct stat *st, int type,
			struct FTW *ftw)
{
	return ftw->level ? remove(path) : 0;
}

int rmdir(const char *path)
{
	int (*next)(const char *) = dlsym(RTLD_NEXT, "rmdir");

	if (is_instance(path))
		nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	return next(path);
}
