/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_SESSION_LOG_H
#define RTLA_SESSION_LOG_H

/*
 * What the session layer reads, writes, creates and removes in tracefs,
 * one line each, for -D.  The layer that prints sets where the lines go;
 * without a hook they are dropped.
 */
typedef void (*session_log_fn)(const char *line);

void session_log_set(session_log_fn fn);

__attribute__((format(printf, 1, 2)))
void session_log(const char *fmt, ...);

#endif
