/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_EXPO_CHANNEL_H
#define RTLA_EXPO_CHANNEL_H

#include <stddef.h>
#include <stdint.h>

/*
 * The exporter's channel to the measuring process: a stream socket
 * carrying messages of a fixed head and a body of at most
 * EXPO_MAX_BODY bytes (EXPO_MAX_SMALL but for an exposition).  Every
 * wait has a deadline; the file descriptors are non-blocking.
 */
#define EXPO_MAX_BODY	(64u << 20)
#define EXPO_MAX_SMALL	512u

enum expo_kind {
	EXPO_GO = 1,	/* measuring -> exporter: start serving */
	EXPO_READY,	/* exporter -> measuring: status 0, or a reason */
	EXPO_ASK,	/* exporter -> measuring: body is the format */
	EXPO_BODY,	/* measuring -> exporter: the exposition, status 0 */
};

struct expo_head {
	uint32_t kind;
	uint32_t seq;
	uint32_t status;
	uint32_t len;
};

/*
 * Send @head and @len bytes of @body (@head->len set here) within
 * @timeout_ms.  0, or -1 with errno (ETIMEDOUT, EPIPE...).
 */
int expo_send(int fd, struct expo_head *head, const void *body, size_t len,
	      int timeout_ms);

/*
 * Receive one message within @timeout_ms: its head, and its body in a
 * malloc()ed buffer, NUL-terminated (*@body NULL when @body is NULL:
 * the body read and dropped).  0; -1 with errno: ETIMEDOUT, EPROTO (an
 * unknown kind or a body too large), ECONNRESET (the other end closed).
 */
int expo_recv(int fd, struct expo_head *head, char **body, int timeout_ms);

/* Whether @head is a message one may receive: kind and size in bounds. */
int expo_head_valid(const struct expo_head *head);

#endif
