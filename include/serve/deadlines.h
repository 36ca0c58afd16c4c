/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_DEADLINES_H
#define RTLA_DEADLINES_H

#include <microhttpd.h>
#include <stdint.h>

/*
 * Absolute deadlines for the server's connections: libmicrohttpd's own
 * timeout is for idleness, and a byte every few seconds resets it.  A
 * request's head must be in within @head_ms of the connection (or of
 * the previous answer plus @idle_ms), its answer sent within
 * @answer_ms; past that a thread of its own shuts the socket down and
 * libmicrohttpd closes the connection.
 */
struct deadline_limits {
	unsigned int slots;		/* the server's connection limit */
	unsigned int head_ms;
	unsigned int idle_ms;
	unsigned int answer_ms;
};

struct deadlines;

/* NULL with errno. */
struct deadlines *deadlines_start(const struct deadline_limits *limits);

/* Stop the thread and free; after the daemon is stopped.  NULL-safe. */
void deadlines_stop(struct deadlines *d);

/* For MHD_OPTION_NOTIFY_CONNECTION, with @d as its closure. */
void deadlines_connection(void *d, struct MHD_Connection *connection,
			  void **socket_context,
			  enum MHD_ConnectionNotificationCode code);

/* For MHD_OPTION_NOTIFY_COMPLETED, with @d as its closure. */
void deadlines_request_done(void *d, struct MHD_Connection *connection,
			    void **con_cls, enum MHD_RequestTerminationCode toe);

/* A request's head is in: its answer's deadline starts. */
void deadlines_head_done(struct deadlines *d,
			 struct MHD_Connection *connection);

#endif
