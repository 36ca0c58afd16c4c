/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_HTTP_SERVER_H
#define RTLA_HTTP_SERVER_H

#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/socket.h>

#include "output/prom.h"
#include "serve/web_config.h"

/*
 * --listen [ADDR:]PORT: a bare PORT is 127.0.0.1:PORT; ADDR is an IPv4
 * address, [IPv6] or a host name; an empty ADDR (":PORT") is every
 * address.  -1 with a reason in *@why.
 */
int listen_addr_parse(const char *text, struct sockaddr_storage *addr,
		      const char **why);

/* A listening TCP socket bound to @addr; -1 with errno (EADDRINUSE...). */
int listen_socket_open(const struct sockaddr_storage *addr);

/* Write the exposition in @format to @out; 0, or -1 on failure. */
typedef int (*metrics_render_fn)(void *ctx, enum prom_format format,
				 FILE *out);

struct http_server_config {
	const char *listen;		/* [ADDR:]PORT; PORT 0 picks one */
	const struct web_config *web;	/* NULL: plain HTTP, no auth */
	const cpu_set_t *cpus;		/* the server thread's; NULL: any */
	/* a slow client holds one: a scraper from another host gets in */
	unsigned int max_connections;	/* 0: 128 */
	unsigned int max_per_ip;	/* 0: 8 */
	unsigned int timeout_s;		/* idle connections closed; 0: 10 */
	/* a request's head in within, however slowly it comes; 0: 3000 */
	unsigned int head_timeout_ms;
	/*
	 * Called on a server thread with @lock held (@lock NULL: @render
	 * locks what it reads itself), into memory: the measuring side
	 * holds @lock only to update what @render reads, and waits at most
	 * one rendering.  The answer is sent unlocked.
	 */
	metrics_render_fn render;
	void *ctx;
	pthread_mutex_t *lock;
};

struct http_server;

/*
 * Serve /metrics from a thread of its own (on @config->cpus): OpenMetrics
 * when the Accept header asks for it, else the text format; any other
 * path is 404.  What @config points to (web, cpus, ctx, lock) must
 * outlive the server; the certificate and key are read now.  NULL with a
 * one-line reason in @why.
 */
struct http_server *http_server_start(const struct http_server_config *config,
				      char *why, size_t why_size);

/*
 * http_server_start() in two steps: prepare reads the certificate, key
 * and users and binds the socket (NULL with a reason in @why); run
 * starts the threads (-1 with a reason, the server still to be
 * stopped).  Another process may run what this one prepared.
 */
struct http_server *http_server_prepare(const struct http_server_config *config,
					char *why, size_t why_size);
int http_server_run(struct http_server *server, char *why, size_t why_size);

/*
 * The CPUs its threads are to run on, taken: the caller pins the
 * process itself, the server does not (NULL: any).
 */
const cpu_set_t *http_server_take_cpus(struct http_server *server);

/* The listening socket of a prepared server, until it runs. */
int http_server_fd(const struct http_server *server);

/* The port it listens on (the one chosen for PORT 0). */
uint16_t http_server_port(const struct http_server *server);

/* How many connections are open now. */
unsigned int http_server_connections(const struct http_server *server);

/* Stop its thread, close every connection, free.  NULL-safe. */
void http_server_stop(struct http_server *server);

#endif
