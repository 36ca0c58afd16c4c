// SPDX-License-Identifier: GPL-2.0
/* The exporter's process given up: its user, capabilities, files. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <pwd.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "serve/confine.h"

int confine_find_user(struct confine_user *user, char *why, size_t why_size)
{
	static const char *const names[] = CONFINE_USERS;
	struct passwd pw, *found;
	char buf[4096];
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (getpwnam_r(names[i], &pw, buf, sizeof(buf), &found) ||
		    !found || !pw.pw_uid || !pw.pw_gid)
			continue;
		snprintf(user->name, sizeof(user->name), "%s", names[i]);
		user->uid = pw.pw_uid;
		user->gid = pw.pw_gid;
		return 0;
	}
	snprintf(why, why_size, "no user to run the /metrics exporter as: neither \"rtla\" nor \"nobody\" exists, other than as root; create a system user \"rtla\"");
	return -1;
}

static int capset_empty(void)
{
	struct __user_cap_header_struct head = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[2];

	memset(data, 0, sizeof(data));
	return syscall(SYS_capset, &head, data);
}

/* The bounding set emptied; without CAP_SETPCAP (not root) left be. */
static int drop_bounding_set(void)
{
	int cap;

	for (cap = 0; prctl(PR_CAPBSET_READ, cap, 0, 0, 0) >= 0; cap++)
		if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) && errno != EPERM)
			return -1;
	return 0;
}

static int become(const struct confine_user *user)
{
	if (setgroups(0, NULL) ||
	    setresgid(user->gid, user->gid, user->gid) ||
	    setresuid(user->uid, user->uid, user->uid))
		return -1;
	/* root cannot be had back */
	if (!setresuid(0, 0, 0) || !setresgid(0, 0, 0) || !geteuid() ||
	    !getegid()) {
		errno = EPERM;
		return -1;
	}
	return 0;
}

int confine_drop(const struct confine_user *user, char *why, size_t why_size)
{
	const char *step = "bounding set";

	if (drop_bounding_set())
		goto fail;
	step = "user";
	if (!geteuid() && become(user))
		goto fail;
	step = "capabilities";
	if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) ||
	    capset_empty())
		goto fail;
	step = "no_new_privs";
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		goto fail;
	return 0;
fail:
	snprintf(why, why_size, "cannot drop privileges (%s, %s): %s", step,
		 user->name, strerror(errno));
	return -1;
}

static bool kept(int fd, const int *keep, int nr)
{
	int i;

	for (i = 0; i < nr; i++)
		if (keep[i] == fd)
			return true;
	return fd == 2;
}

int confine_close_fds(const int *keep, int nr)
{
	int null, fd, max = 2, i;

	null = open("/dev/null", O_RDWR | O_CLOEXEC);
	if (null < 0)
		return -1;
	for (fd = 0; fd < 2; fd++)
		if (!kept(fd, keep, nr) && dup2(null, fd) < 0)
			return -1;
	if (null > 2)
		close(null);
	for (i = 0; i < nr; i++)
		if (keep[i] > max)
			max = keep[i];
	for (fd = 3; fd <= max; fd++)
		if (!kept(fd, keep, nr))
			close(fd);
	return syscall(SYS_close_range, max + 1, ~0U, 0) ? -1 : 0;
}
