// SPDX-License-Identifier: GPL-2.0
/* The /metrics endpoint: libmicrohttpd, on its polling thread. */
#include <errno.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "serve/deadlines.h"
#include "serve/http_server.h"

/*
 * 8 per source address, 128 in all: 100 slow clients from 13 addresses
 * leave room for a scraper (the VM test's abuse; at 64 in all, every
 * scrape waited unaccepted behind them).  At most 128 x 32 KiB of
 * connection memory.
 */
#define DEFAULT_CONNECTIONS	128
#define DEFAULT_PER_IP		8
#define DEFAULT_TIMEOUT_S	10
/* a scraper sends its request at once; an answer is sent within */
#define DEFAULT_HEAD_MS		3000
#define ANSWER_MS		60000
#define MAX_CERT_BYTES		(256 * 1024)
/*
 * Threads answering, and bcrypt checks at once: a client looping on
 * wrong passwords keeps at most that many busy, and the other threads
 * answer scrapes whose password is known already.
 */
#define SERVER_THREADS		4
#define MAX_BCRYPT_AT_ONCE	2

struct http_server {
	struct http_server_config config;
	struct MHD_Daemon *daemon;
	struct deadlines *deadlines;
	struct web_auth *auth;		/* NULL: no users */
	char *cert;
	char *key;
	char priorities[512];	/* GnuTLS's, from the web config */
	int fd;			/* the listening socket, until the daemon has it */
	bool ipv6;
	uint16_t port;
};

static enum MHD_Result answer(struct MHD_Connection *connection,
			      unsigned int status, const char *type,
			      const char *text)
{
	struct MHD_Response *response;
	enum MHD_Result ret;

	response = MHD_create_response_from_buffer(strlen(text), (void *)text,
						   MHD_RESPMEM_PERSISTENT);
	if (!response)
		return MHD_NO;
	MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, type);
	ret = MHD_queue_response(connection, status, response);
	MHD_destroy_response(response);
	return ret;
}

static enum MHD_Result answer_text(struct MHD_Connection *connection,
				   unsigned int status, const char *text)
{
	return answer(connection, status, "text/plain; charset=utf-8", text);
}

/* "/": a page that says what this is and links the metrics. */
static enum MHD_Result answer_index(struct MHD_Connection *connection)
{
	static const char page[] =
		"<!DOCTYPE html>\n<html>\n<head><title>rtla exporter</title></head>\n"
		"<body>\n<h1>rtla timerlat monitor</h1>\n"
		"<p><a href=\"/metrics\">Metrics</a></p>\n</body>\n</html>\n";

	return answer(connection, MHD_HTTP_OK, "text/html; charset=utf-8",
		      page);
}

/* OpenMetrics when the scraper accepts it with a q above 0. */
static enum prom_format wanted_format(struct MHD_Connection *connection)
{
	const char *accept, *om, *q;
	size_t len;

	accept = MHD_lookup_connection_value(connection, MHD_HEADER_KIND,
					     MHD_HTTP_HEADER_ACCEPT);
	om = accept ? strstr(accept, "application/openmetrics-text") : NULL;
	if (!om)
		return PROM_TEXT;
	len = strcspn(om, ",");
	q = memmem(om, len, ";q=", 3);
	if (!q)
		q = memmem(om, len, "; q=", 4);
	if (q && strtod(strchr(q, '=') + 1, NULL) <= 0)
		return PROM_TEXT;
	return PROM_OPENMETRICS;
}

/* The exposition, rendered into memory with the caller's lock held. */
static char *render(struct http_server *server, enum prom_format format,
		    size_t *size)
{
	char *text = NULL;
	FILE *out;
	int ret;

	out = open_memstream(&text, size);
	if (!out)
		return NULL;
	if (server->config.lock)
		pthread_mutex_lock(server->config.lock);
	ret = server->config.render(server->config.ctx, format, out);
	if (server->config.lock)
		pthread_mutex_unlock(server->config.lock);
	if (fclose(out) || ret) {
		free(text);
		return NULL;
	}
	return text;
}

static enum web_auth_result authorized(struct http_server *server,
				       struct MHD_Connection *connection)
{
	enum web_auth_result ret;
	char *password = NULL, *user;

	if (!server->auth)
		return WEB_AUTH_OK;
	user = MHD_basic_auth_get_username_password(connection, &password);
	ret = user && password ?
	      web_auth_check(server->auth, user, password) : WEB_AUTH_DENIED;
	if (password) {
		explicit_bzero(password, strlen(password));
		MHD_free(password);
	}
	if (user)
		MHD_free(user);
	return ret;
}

/* 401 with a challenge, or 503 while too many checks run. */
static enum MHD_Result answer_unauthorized(struct MHD_Connection *connection,
					   enum web_auth_result why)
{
	static const char denied[] = "Unauthorized\n";
	struct MHD_Response *response;
	enum MHD_Result ret;

	if (why == WEB_AUTH_BUSY) {
		response = MHD_create_response_from_buffer(
			strlen("Busy\n"), (void *)"Busy\n", MHD_RESPMEM_PERSISTENT);
		if (!response)
			return MHD_NO;
		MHD_add_response_header(response, MHD_HTTP_HEADER_RETRY_AFTER, "1");
		ret = MHD_queue_response(connection, MHD_HTTP_SERVICE_UNAVAILABLE,
					 response);
		MHD_destroy_response(response);
		return ret;
	}
	response = MHD_create_response_from_buffer(strlen(denied), (void *)denied,
						   MHD_RESPMEM_PERSISTENT);
	if (!response)
		return MHD_NO;
	ret = MHD_queue_basic_auth_fail_response(connection, "rtla", response);
	MHD_destroy_response(response);
	return ret;
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *connection,
			      const char *url, const char *method,
			      const char *version, const char *upload_data,
			      size_t *upload_data_size, void **con_cls)
{
	struct http_server *server = cls;
	struct MHD_Response *response;
	enum web_auth_result auth;
	enum prom_format format;
	enum MHD_Result ret;
	size_t size;
	char *text;

	deadlines_head_done(server->deadlines, connection);
	/* a request body is not read: answer on the headers alone */
	if (*upload_data_size) {
		*upload_data_size = 0;
		return MHD_YES;
	}
	if (strcmp(url, "/metrics") && strcmp(url, "/"))
		return answer_text(connection, MHD_HTTP_NOT_FOUND, "Not Found\n");
	if (strcmp(method, MHD_HTTP_METHOD_GET) &&
	    strcmp(method, MHD_HTTP_METHOD_HEAD))
		return answer_text(connection, MHD_HTTP_METHOD_NOT_ALLOWED,
				   "Method Not Allowed\n");
	if (!strcmp(url, "/"))
		return answer_index(connection);
	auth = authorized(server, connection);
	if (auth != WEB_AUTH_OK)
		return answer_unauthorized(connection, auth);
	format = wanted_format(connection);
	text = render(server, format, &size);
	if (!text)
		return answer_text(connection, MHD_HTTP_INTERNAL_SERVER_ERROR,
				   "Internal Server Error\n");
	response = MHD_create_response_from_buffer(size, text,
						   MHD_RESPMEM_MUST_FREE);
	if (!response) {
		free(text);
		return MHD_NO;
	}
	MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE,
				prom_content_type(format));
	ret = MHD_queue_response(connection, MHD_HTTP_OK, response);
	MHD_destroy_response(response);
	return ret;
}

/* A PEM file into memory, for MHD_OPTION_HTTPS_MEM_*. */
static char *read_pem(const char *path, char *why, size_t why_size)
{
	char *text = malloc(MAX_CERT_BYTES + 1);
	FILE *in = fopen(path, "re");
	size_t n = 0;

	if (in && text) {
		n = fread(text, 1, MAX_CERT_BYTES + 1, in);
		if (!ferror(in) && n <= MAX_CERT_BYTES) {
			fclose(in);
			text[n] = '\0';
			return text;
		}
		errno = ferror(in) ? EIO : EFBIG;
	}
	snprintf(why, why_size, "%s: %s", path, strerror(errno));
	if (in)
		fclose(in);
	free(text);
	return NULL;
}

/* Errors from libmicrohttpd are not printed: the caller says what failed. */
static void quiet_log(void *cls, const char *fmt, va_list ap)
{
}

/*
 * @start(@server...) with the calling thread on @cpus: a new thread takes
 * the affinity of the one that creates it, so the server's have @cpus.
 */
static int start_pinned(const cpu_set_t *cpus,
			int (*start)(struct http_server *server,
				     char *why, size_t why_size),
			struct http_server *server, char *why, size_t why_size)
{
	cpu_set_t saved;
	bool pinned;
	int ret;

	pinned = cpus && !pthread_getaffinity_np(pthread_self(), sizeof(saved),
						 &saved) &&
		 !pthread_setaffinity_np(pthread_self(), sizeof(*cpus), cpus);
	ret = start(server, why, why_size);
	if (pinned)
		pthread_setaffinity_np(pthread_self(), sizeof(saved), &saved);
	return ret;
}

/* The port @fd is bound to (the one the kernel chose for PORT 0). */
static uint16_t bound_port(int fd)
{
	struct sockaddr_storage addr;
	socklen_t len = sizeof(addr);

	if (getsockname(fd, (struct sockaddr *)&addr, &len))
		return 0;
	if (addr.ss_family == AF_INET6)
		return ntohs(((struct sockaddr_in6 *)&addr)->sin6_port);
	return ntohs(((struct sockaddr_in *)&addr)->sin_port);
}

static int start_daemon(struct http_server *server, char *why, size_t why_size)
{
	const struct http_server_config *c = &server->config;
	unsigned int flags = MHD_USE_ERROR_LOG | MHD_USE_INTERNAL_POLLING_THREAD |
			     MHD_USE_EPOLL;
	struct deadline_limits limits = {
		.slots = c->max_connections ? c->max_connections :
			 DEFAULT_CONNECTIONS,
		.head_ms = c->head_timeout_ms ? c->head_timeout_ms :
			   DEFAULT_HEAD_MS,
		.idle_ms = (c->timeout_s ? c->timeout_s : DEFAULT_TIMEOUT_S) * 1000,
		.answer_ms = ANSWER_MS,
	};
	struct MHD_OptionItem options[16];
	int n = 0;

	server->deadlines = deadlines_start(&limits);
	if (!server->deadlines) {
		snprintf(why, why_size, "%s", strerror(errno));
		return -1;
	}

	if (server->ipv6)
		flags |= MHD_USE_DUAL_STACK;
	options[n++] = (struct MHD_OptionItem){ MHD_OPTION_LISTEN_SOCKET,
						server->fd, NULL };
	options[n++] = (struct MHD_OptionItem){ MHD_OPTION_THREAD_POOL_SIZE,
						SERVER_THREADS, NULL };
	options[n++] = (struct MHD_OptionItem){ MHD_OPTION_CONNECTION_LIMIT,
						limits.slots, NULL };
	options[n++] = (struct MHD_OptionItem){ MHD_OPTION_PER_IP_CONNECTION_LIMIT,
		c->max_per_ip ? c->max_per_ip : DEFAULT_PER_IP, NULL };
	options[n++] = (struct MHD_OptionItem){ MHD_OPTION_CONNECTION_TIMEOUT,
		c->timeout_s ? c->timeout_s : DEFAULT_TIMEOUT_S, NULL };
	/* headers and a small request: 32 KiB per connection at most */
	options[n++] = (struct MHD_OptionItem){ MHD_OPTION_CONNECTION_MEMORY_LIMIT,
						32 * 1024, NULL };
	options[n++] = (struct MHD_OptionItem){ MHD_OPTION_EXTERNAL_LOGGER,
						(intptr_t)quiet_log, NULL };
	options[n++] = (struct MHD_OptionItem){ MHD_OPTION_NOTIFY_CONNECTION,
		(intptr_t)deadlines_connection, server->deadlines };
	options[n++] = (struct MHD_OptionItem){ MHD_OPTION_NOTIFY_COMPLETED,
		(intptr_t)deadlines_request_done, server->deadlines };
	if (server->cert) {
		flags |= MHD_USE_TLS;
		options[n++] = (struct MHD_OptionItem){ MHD_OPTION_HTTPS_MEM_CERT,
							0, server->cert };
		options[n++] = (struct MHD_OptionItem){ MHD_OPTION_HTTPS_MEM_KEY,
							0, server->key };
		options[n++] = (struct MHD_OptionItem){ MHD_OPTION_HTTPS_PRIORITIES,
							0, server->priorities };
	}
	options[n++] = (struct MHD_OptionItem){ MHD_OPTION_END, 0, NULL };
	server->daemon = MHD_start_daemon(flags, 0, NULL, NULL, handle, server,
					  MHD_OPTION_ARRAY, options,
					  MHD_OPTION_END);
	if (server->daemon)
		server->fd = -1;	/* MHD_stop_daemon() closes it */
	if (!server->daemon) {
		snprintf(why, why_size, "%s", server->cert ?
			 "the TLS certificate and key do not load" :
			 "the server does not start");
		return -1;
	}
	return 0;
}

/* The certificate, key and users read, the socket bound. */
struct http_server *http_server_prepare(const struct http_server_config *config,
					char *why, size_t why_size)
{
	struct sockaddr_storage addr;
	struct http_server *server;
	const char *reason;

	if (listen_addr_parse(config->listen, &addr, &reason)) {
		snprintf(why, why_size, "--listen %s: %s", config->listen, reason);
		return NULL;
	}
	if (config->web && config->web->cert_file &&
	    !MHD_is_feature_supported(MHD_FEATURE_TLS)) {
		snprintf(why, why_size, "libmicrohttpd was built without TLS");
		return NULL;
	}
	server = calloc(1, sizeof(*server));
	if (!server) {
		snprintf(why, why_size, "%s", strerror(errno));
		return NULL;
	}
	server->fd = -1;
	server->config = *config;
	server->ipv6 = addr.ss_family == AF_INET6;
	/* bound here, so that a failure says why */
	server->fd = listen_socket_open(&addr);
	if (server->fd < 0) {
		snprintf(why, why_size, "%s", strerror(errno));
		goto fail;
	}
	server->port = bound_port(server->fd);
	if (config->web && config->web->nr_users) {
		server->auth = web_auth_alloc(config->web, MAX_BCRYPT_AT_ONCE);
		if (!server->auth) {
			snprintf(why, why_size, "%s", strerror(errno));
			goto fail;
		}
	}
	if (config->web && config->web->cert_file) {
		server->cert = read_pem(config->web->cert_file, why, why_size);
		if (!server->cert)
			goto fail;
		server->key = read_pem(config->web->key_file, why, why_size);
		if (!server->key)
			goto fail;
		if (tls_priorities(config->web, server->priorities,
				   sizeof(server->priorities))) {
			snprintf(why, why_size, "too many TLS priorities");
			goto fail;
		}
	}
	return server;
fail:
	http_server_stop(server);
	return NULL;
}

int http_server_run(struct http_server *server, char *why, size_t why_size)
{
	return start_pinned(server->config.cpus, start_daemon, server, why,
			    why_size);
}

struct http_server *http_server_start(const struct http_server_config *config,
				      char *why, size_t why_size)
{
	struct http_server *server = http_server_prepare(config, why, why_size);

	if (server && http_server_run(server, why, why_size)) {
		http_server_stop(server);
		return NULL;
	}
	return server;
}

uint16_t http_server_port(const struct http_server *server)
{
	return server->port;
}

unsigned int http_server_connections(const struct http_server *server)
{
	const union MHD_DaemonInfo *info;

	info = MHD_get_daemon_info(server->daemon,
				   MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
	return info ? info->num_connections : 0;
}

void http_server_stop(struct http_server *server)
{
	if (!server)
		return;
	if (server->daemon)
		MHD_stop_daemon(server->daemon);
	if (server->fd >= 0)
		close(server->fd);
	deadlines_stop(server->deadlines);
	web_auth_free(server->auth);
	if (server->key)
		explicit_bzero(server->key, strlen(server->key));
	free(server->key);
	free(server->cert);
	free(server);
}

int http_server_fd(const struct http_server *server)
{
	return server->fd;
}

const cpu_set_t *http_server_take_cpus(struct http_server *server)
{
	const cpu_set_t *cpus = server->config.cpus;

	server->config.cpus = NULL;
	return cpus;
}
