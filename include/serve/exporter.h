/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_EXPORTER_H
#define RTLA_EXPORTER_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "serve/http_server.h"

/*
 * The /metrics server in a process of its own: forked from the
 * measuring one before the tracer starts, it runs as an unprivileged
 * user, without capabilities, under a syscall filter, and asks the
 * measuring process for each exposition over a socket pair.
 */
struct exporter;

/*
 * Prepare @config's server (certificate, key, users read; socket bound)
 * and fork the exporter, which confines itself and waits for
 * exporter_serve().  @config->render, ctx and lock are not used: see
 * exporter_serve().  NULL with a one-line reason in @why.
 */
struct exporter *exporter_start(const struct http_server_config *config,
				char *why, size_t why_size);

/*
 * Start serving: from now on a thread of this process answers the
 * exporter's requests with @render(@ctx, ...).  -1 with a one-line
 * reason in @why when the server did not start (its TLS key...).
 */
int exporter_serve(struct exporter *exporter, metrics_render_fn render,
		   void *ctx, char *why, size_t why_size);

/* The port it listens on. */
uint16_t exporter_port(const struct exporter *exporter);

/* The exporter's pid. */
pid_t exporter_pid(const struct exporter *exporter);

/*
 * Whether the exporter ended on its own (crashed, killed); then a
 * one-line account of how in @why.
 */
bool exporter_lost(struct exporter *exporter, char *why, size_t why_size);

/* Stop answering, end the exporter and wait for it; NULL-safe. */
void exporter_stop(struct exporter *exporter);

/* The exporter's metrics_render_fn: the exposition asked for. */
int exporter_ask_render(void *ctx, enum prom_format format, FILE *out);

/* The exporter's side: confine, serve, never return (exporter_child.c). */
struct confine_user;
void exporter_child_run(struct http_server *server,
			const struct confine_user *user, int channel,
			pid_t parent) __attribute__((noreturn));

#endif
