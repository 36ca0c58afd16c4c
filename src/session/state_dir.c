// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "session/state_dir.h"

#define DEFAULT_STATE_DIR	"/run/rtla"

static int lock_fd = -1;

const char *state_dir(void)
{
	const char *dir = getenv("RTLA_STATE_DIR");

	return dir && *dir ? dir : DEFAULT_STATE_DIR;
}

static bool owned_and_private(const struct stat *st, char *why, size_t size)
{
	if (st->st_uid != geteuid()) {
		snprintf(why, size, "owned by uid %u, not by this user",
			 (unsigned int)st->st_uid);
		return false;
	}
	if (st->st_mode & (S_IWGRP | S_IWOTH)) {
		snprintf(why, size, "writable by other users");
		return false;
	}
	return true;
}

int state_dir_ensure(char *why, size_t size)
{
	const char *dir = state_dir();
	struct stat st;

	if (!strcmp(dir, DEFAULT_STATE_DIR))
		mkdir("/run", 0755);
	if (mkdir(dir, 0700) && errno != EEXIST) {
		snprintf(why, size, "%s", strerror(errno));
		return -1;
	}
	if (lstat(dir, &st)) {
		snprintf(why, size, "%s", strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(why, size, "not a directory");
		return -1;
	}
	return owned_and_private(&st, why, size) ? 0 : -1;
}

bool state_file_trusted(int fd, char *why, size_t size)
{
	struct stat st;

	if (fstat(fd, &st)) {
		snprintf(why, size, "%s", strerror(errno));
		return false;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(why, size, "not a regular file");
		return false;
	}
	return owned_and_private(&st, why, size);
}

static pid_t read_holder(int fd)
{
	char text[32];
	ssize_t len = pread(fd, text, sizeof(text) - 1, 0);

	if (len <= 0)
		return 0;
	text[len] = '\0';
	return (pid_t)atoi(text);
}

int state_lock_take(pid_t *holder)
{
	char path[4096], why[128], text[32];
	int fd, len;

	*holder = 0;
	if (lock_fd >= 0)
		return 0;
	snprintf(path, sizeof(path), "%s/lock", state_dir());
	fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC,
		  0600);
	if (fd < 0)
		return -1;
	if (!state_file_trusted(fd, why, sizeof(why))) {
		close(fd);
		errno = EPERM;
		return -1;
	}
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		if (errno != EWOULDBLOCK) {
			close(fd);
			return -1;
		}
		*holder = read_holder(fd);
		close(fd);
		return 1;
	}
	len = snprintf(text, sizeof(text), "%d\n", (int)getpid());
	if (ftruncate(fd, 0) || pwrite(fd, text, len, 0) != len) {
		close(fd);
		return -1;
	}
	lock_fd = fd;
	return 0;
}

void state_lock_drop(void)
{
	if (lock_fd < 0)
		return;
	close(lock_fd);
	lock_fd = -1;
}
