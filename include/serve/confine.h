/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_CONFINE_H
#define RTLA_CONFINE_H

#include <stddef.h>
#include <sys/types.h>

/* The user the exporter runs as: the first of these that exists. */
#define CONFINE_USERS	{ "rtla", "nobody" }

struct confine_user {
	char name[64];
	uid_t uid;
	gid_t gid;
};

/*
 * The exporter's user: "rtla" when it exists, else "nobody", with its
 * own group; one that is root (uid or gid 0) does not count.  0, or -1
 * with a one-line reason in @why.
 */
int confine_find_user(struct confine_user *user, char *why, size_t why_size);

/*
 * Become @user for good (no supplementary groups), no capability in
 * any set, the bounding set emptied, no new privileges, and check that
 * root cannot be had back.  A process not run by root keeps its user.
 * 0, or -1 with a reason in @why.
 */
int confine_drop(const struct confine_user *user, char *why, size_t why_size);

/*
 * Close every file descriptor but 2 and those in @keep (@nr of them);
 * 0 and 1 become /dev/null.  0, or -1 with errno.
 */
int confine_close_fds(const int *keep, int nr);

/*
 * The exporter's syscall filter (libseccomp): what libmicrohttpd,
 * GnuTLS and crypt_r() call once a server runs, and its threads'
 * creation; any other call is named on stderr and kills the process
 * (SIGSYS).  Every thread of the
 * caller gets it.  0, or -1 with a reason in @why.
 */
int confine_filter_install(char *why, size_t why_size);

#endif
