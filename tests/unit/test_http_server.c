// SPDX-License-Identifier: GPL-2.0
/* The /metrics server, tested on loopback with curl and raw sockets. */
#include <errno.h>
#include <pthread.h>
#include <sched.h>

#include "httputil.h"
#include "serve/http_server.h"

struct exposition {
	pthread_mutex_t lock;
	int calls;
	enum prom_format last_format;
	bool lock_held;
	cpu_set_t affinity;
};

static int render(void *ctx, enum prom_format format, FILE *out)
{
	struct exposition *e = ctx;

	/* the server holds our lock while it renders */
	e->lock_held = pthread_mutex_trylock(&e->lock) == EBUSY;
	pthread_getaffinity_np(pthread_self(), sizeof(e->affinity),
			       &e->affinity);
	e->calls++;
	e->last_format = format;
	fprintf(out, "# TYPE x gauge\nx %d\n", e->calls);
	prom_end(out, format);
	return 0;
}

/* 8 MiB of exposition: more than the socket buffers hold */
static int render_big(void *ctx, enum prom_format format, FILE *out)
{
	struct exposition *e = ctx;
	int i;

	e->calls++;
	for (i = 0; i < 8 * 1024 * 1024 / 32; i++)
		fprintf(out, "big_series{n=\"%09d\"} 1\n", i);
	return 0;
}

struct fixture {
	struct exposition e;
	struct http_server *server;
	char url[64];
};

static struct fixture *start(void **state, const char *listen,
			     const struct http_server_config *extra)
{
	struct fixture *f = calloc(1, sizeof(*f));
	struct http_server_config config = {
		.listen = listen, .render = render, .ctx = &f->e,
		.lock = &f->e.lock,
	};
	char why[256];

	if (extra) {
		if (extra->render)
			config.render = extra->render;
		config.cpus = extra->cpus;
		config.max_connections = extra->max_connections;
		config.max_per_ip = extra->max_per_ip;
		config.timeout_s = extra->timeout_s;
		config.web = extra->web;
	}
	pthread_mutex_init(&f->e.lock, NULL);
	f->server = http_server_start(&config, why, sizeof(why));
	if (!f->server)
		fail_msg("%s", why);
	snprintf(f->url, sizeof(f->url), "http://127.0.0.1:%u",
		 http_server_port(f->server));
	*state = f;
	return f;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	http_server_stop(f->server);
	pthread_mutex_destroy(&f->e.lock);
	free(f);
	return 0;
}

static void test_listen_parse(void **state)
{
	struct sockaddr_storage a;
	struct sockaddr_in *in = (struct sockaddr_in *)&a;
	struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)&a;
	const char *why;
	char text[64];

	assert_int_equal(listen_addr_parse("9100", &a, &why), 0);
	assert_int_equal(a.ss_family, AF_INET);
	assert_int_equal(ntohs(in->sin_port), 9100);
	assert_int_equal(ntohl(in->sin_addr.s_addr), INADDR_LOOPBACK);

	assert_int_equal(listen_addr_parse("0.0.0.0:80", &a, &why), 0);
	assert_int_equal(a.ss_family, AF_INET);
	assert_int_equal(in->sin_addr.s_addr, 0);
	assert_int_equal(ntohs(in->sin_port), 80);

	assert_int_equal(listen_addr_parse("192.0.2.7:9", &a, &why), 0);
	inet_ntop(AF_INET, &in->sin_addr, text, sizeof(text));
	assert_string_equal(text, "192.0.2.7");

	assert_int_equal(listen_addr_parse("[::1]:9100", &a, &why), 0);
	assert_int_equal(a.ss_family, AF_INET6);
	assert_true(IN6_IS_ADDR_LOOPBACK(&in6->sin6_addr));
	assert_int_equal(ntohs(in6->sin6_port), 9100);

	assert_int_equal(listen_addr_parse(":9100", &a, &why), 0);
	assert_int_equal(a.ss_family, AF_INET6);
	assert_true(IN6_IS_ADDR_UNSPECIFIED(&in6->sin6_addr));

	assert_int_equal(listen_addr_parse("::1:9100", &a, &why), -1);
	assert_string_equal(why, "an IPv6 address goes in brackets: [::1]:PORT");
	assert_int_equal(listen_addr_parse("65536", &a, &why), -1);
	assert_string_equal(why, "the port must be a number from 0 to 65535");
	assert_int_equal(listen_addr_parse("-1", &a, &why), -1);
	assert_int_equal(listen_addr_parse("", &a, &why), -1);
	assert_int_equal(listen_addr_parse("1.2.3.4:", &a, &why), -1);
	assert_int_equal(listen_addr_parse("80x", &a, &why), -1);
	assert_int_equal(listen_addr_parse("[]:80", &a, &why), -1);
	assert_int_equal(listen_addr_parse("no.such.host.invalid:80", &a, &why), -1);
	assert_string_equal(why, "the address is not an IP address or a known host name");
}

static void test_metrics_text(void **state)
{
	struct fixture *f = start(state, "0", NULL);
	struct reply r;
	char args[256];

	snprintf(args, sizeof(args), "%s/metrics", f->url);
	curl(&r, args);
	assert_int_equal(r.status, 200);
	assert_string_equal(r.content_type, "text/plain; version=0.0.4; charset=utf-8");
	assert_string_equal(r.body, "# TYPE x gauge\nx 1\n");
	assert_int_equal(f->e.last_format, PROM_TEXT);
	assert_true(f->e.lock_held);
	/* the measuring side can take the lock between scrapes */
	assert_int_equal(pthread_mutex_trylock(&f->e.lock), 0);
	pthread_mutex_unlock(&f->e.lock);
}

static void test_metrics_openmetrics(void **state)
{
	struct fixture *f = start(state, "0", NULL);
	struct reply r;
	char args[512];

	/* what Prometheus sends */
	snprintf(args, sizeof(args), "-H 'Accept: application/openmetrics-text;version=1.0.0,application/openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1' %s/metrics",
		 f->url);
	curl(&r, args);
	assert_int_equal(r.status, 200);
	assert_string_equal(r.content_type, "application/openmetrics-text; version=1.0.0; charset=utf-8");
	assert_string_equal(r.body, "# TYPE x gauge\nx 1\n# EOF\n");
	assert_int_equal(f->e.last_format, PROM_OPENMETRICS);

	/* refused with q=0 */
	snprintf(args, sizeof(args), "-H 'Accept: application/openmetrics-text;q=0,text/plain' %s/metrics",
		 f->url);
	curl(&r, args);
	assert_int_equal(r.status, 200);
	assert_int_equal(f->e.last_format, PROM_TEXT);
	snprintf(args, sizeof(args), "-H 'Accept: text/plain' %s/metrics", f->url);
	curl(&r, args);
	assert_int_equal(f->e.last_format, PROM_TEXT);
	assert_int_equal(f->e.calls, 3);
}

static void test_other_paths(void **state)
{
	struct fixture *f = start(state, "0", NULL);
	static const char *const paths[] = {
		"/metrics/", "//", "/metricsx", "/Metrics", "/metrics/../x",
		"/favicon.ico",
	};
	struct reply r;
	char args[256];
	size_t i;

	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		snprintf(args, sizeof(args), "--path-as-is '%s%s'", f->url,
			 paths[i]);
		curl(&r, args);
		if (r.status != 404)
			fail_msg("%s: %d", paths[i], r.status);
	}
	/* "/" links the metrics, as node_exporter's does */
	snprintf(args, sizeof(args), "%s/", f->url);
	curl(&r, args);
	assert_int_equal(r.status, 200);
	assert_string_equal(r.content_type, "text/html; charset=utf-8");
	assert_non_null(strstr(r.body, "<a href=\"/metrics\">"));
	snprintf(args, sizeof(args), "-X POST -d 'a=b' %s/metrics", f->url);
	curl(&r, args);
	assert_int_equal(r.status, 405);
	snprintf(args, sizeof(args), "-I %s/metrics", f->url);
	curl(&r, args);
	assert_int_equal(r.status, 200);
	assert_int_equal(f->e.calls, 1);
	/* the query string is not part of the path */
	snprintf(args, sizeof(args), "'%s/metrics?x=1'", f->url);
	curl(&r, args);
	assert_int_equal(r.status, 200);
}

static void test_garbage(void **state)
{
	static const char *const requests[] = {
		"GARBAGE\r\n\r\n",
		"GET\r\n\r\n",
		"GET /metrics HTTP/9.9\r\n\r\n",
		"GET /metrics HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
		"\x16\x03\x01\x02\x01\x01\xfc\x03\x03\r\n\r\n",
		"\xff\xfe\xfd \x01 \x02\r\n\r\n",
		"GET /metrics HTTP/1.1\r\nBad Header\r\n\r\n",
	};
	struct fixture *f = start(state, "0", NULL);
	char big[40000];
	struct reply r;
	char args[256];
	size_t i;
	int fd;

	for (i = 0; i < sizeof(requests) / sizeof(requests[0]); i++) {
		fd = connect_to(http_server_port(f->server));
		assert_true(fd >= 0);
		assert_true(write(fd, requests[i], strlen(requests[i])) > 0);
		if (!closed_within(fd, 3000))
			fail_msg("request %zu: the connection stays open", i);
		close(fd);
	}
	/* headers past the memory limit */
	memset(big, 'a', sizeof(big));
	memcpy(big, "GET /metrics HTTP/1.1\r\nX: ", 26);
	fd = connect_to(http_server_port(f->server));
	assert_true(write(fd, big, sizeof(big)) > 0);
	assert_true(closed_within(fd, 3000));
	close(fd);
	assert_int_equal(f->e.calls, 0);

	snprintf(args, sizeof(args), "%s/metrics", f->url);
	curl(&r, args);
	assert_int_equal(r.status, 200);
}

#define SLOW_CLIENTS	100

/*
 * 100 clients that send half a request and wait: the connections are
 * bounded, a scraper from another address is still answered, and every
 * slow client is dropped after the timeout.
 */
static void test_slow_clients(void **state)
{
	/*
	 * 2 s: with its thread pool, libmicrohttpd closed some connections
	 * idle for less than 1 s before they were counted; 8 s under
	 * qemu-user, where the clients and the scrape took over 2 s once
	 */
	unsigned int timeout_s = getenv("RTLA_TEST_UNDER_QEMU") ? 8 : 2;
	const struct http_server_config limits = {
		.max_connections = 32, .max_per_ip = 8, .timeout_s = timeout_s,
	};
	struct fixture *f = start(state, "0.0.0.0:0", &limits);
	int fds[SLOW_CLIENTS], i, open_now = 0;
	struct reply r;
	char args[256];

	for (i = 0; i < SLOW_CLIENTS; i++) {
		fds[i] = connect_to(http_server_port(f->server));
		if (fds[i] >= 0 &&
		    write(fds[i], "GET /metr", 9) != 9) {
			close(fds[i]);
			fds[i] = -1;
		}
	}
	/* another address on loopback: not held back by the per-IP limit */
	snprintf(args, sizeof(args), "--interface 127.0.0.2 http://127.0.0.2:%u/metrics",
		 http_server_port(f->server));
	curl(&r, args);
	assert_int_equal(r.status, 200);
	/* the server refused all but 8 of them at once */
	for (i = 0; i < SLOW_CLIENTS; i++)
		if (fds[i] >= 0 && !closed_within(fds[i], 10))
			open_now++;
	assert_int_equal(open_now, 8);
	/* and the 8 go after the timeout */
	for (i = 0; i < SLOW_CLIENTS; i++)
		if (fds[i] >= 0) {
			assert_true(closed_within(fds[i], timeout_s * 1000 + 2000));
			close(fds[i]);
		}
	snprintf(args, sizeof(args), "%s/metrics", f->url);
	curl(&r, args);
	assert_int_equal(r.status, 200);
	assert_int_equal(f->e.calls, 2);
}

/* The server's connections once they are @want, or after @ms. */
static unsigned int wait_connections(struct http_server *server,
				     unsigned int want, int ms)
{
	unsigned int now;

	while ((now = http_server_connections(server)) != want && ms > 0) {
		usleep(50000);
		ms -= 50;
	}
	return now;
}

/*
 * A client that asks and never reads: the rest is served meanwhile, and
 * the server drops it at the timeout.
 */
static void test_client_never_reads(void **state)
{
	static const char request[] = "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n";
	const struct http_server_config big = {
		.render = render_big, .timeout_s = 5,
	};
	struct fixture *f = start(state, "0", &big);
	int fd, small = 4096;
	struct reply r;
	char args[256];

	fd = connect_to(http_server_port(f->server));
	assert_true(fd >= 0);
	setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof(small));
	assert_int_equal(write(fd, request, strlen(request)), strlen(request));
	/* 8 MiB under valgrind takes longer than curl()'s 5 s */
	snprintf(args, sizeof(args), "-m 60 -o /dev/null %s/metrics", f->url);
	curl(&r, args);
	assert_int_equal(r.status, 200);
	assert_int_equal(f->e.calls, 2);
	/* curl's connection goes, the stuck one stays for the timeout */
	assert_int_equal(wait_connections(f->server, 1, 2000), 1);
	sleep(1);
	assert_int_equal(http_server_connections(f->server), 1);
	/* nothing read for more than the timeout: closed by the server */
	assert_int_equal(wait_connections(f->server, 0, 15000), 0);
	close(fd);
}

/*
 * --web-config's users: no credentials, a wrong password and an unknown
 * user are answered 401 with a challenge, and nothing is rendered for
 * them; the right password gets the exposition.
 */
static void test_wrong_credentials(void **state)
{
	/* "secret", bcrypt at cost 4: quick to check */
	struct web_config web = {
		.users = { { "prom", "$2b$04$gVkeYWY1U2uHsH68lxVVJebCn8AaGqml3YCP02J1/7qNbATp1A4yS" } },
		.nr_users = 1,
	};
	struct http_server_config extra = { .web = &web };
	static const char *const wrong[] = {
		"", "-u prom:wrong", "-u nobody:secret", "-u prom:",
		"-H 'Authorization: Basic !!!'",
	};
	struct fixture *f = start(state, "0", &extra);
	struct reply r;
	char args[256];
	size_t i;

	for (i = 0; i < sizeof(wrong) / sizeof(wrong[0]); i++) {
		snprintf(args, sizeof(args), "%s %s/metrics", wrong[i], f->url);
		curl(&r, args);
		assert_int_equal(r.status, 401);
		snprintf(args, sizeof(args), "-i %s %s/metrics", wrong[i], f->url);
		curl(&r, args);
		assert_non_null(strstr(r.body, "WWW-Authenticate: Basic realm=\"rtla\""));
	}
	assert_int_equal(f->e.calls, 0);
	snprintf(args, sizeof(args), "-u prom:secret %s/metrics", f->url);
	curl(&r, args);
	assert_int_equal(r.status, 200);
	assert_string_equal(r.body, "# TYPE x gauge\nx 1\n");
}

static void test_pinned(void **state)
{
	struct http_server_config pin = { 0 };
	struct fixture *f;
	cpu_set_t cpus;
	struct reply r;
	char args[256];

	CPU_ZERO(&cpus);
	CPU_SET(0, &cpus);
	pin.cpus = &cpus;
	f = start(state, "0", &pin);
	snprintf(args, sizeof(args), "%s/metrics", f->url);
	curl(&r, args);
	assert_int_equal(r.status, 200);
	assert_int_equal(CPU_COUNT(&f->e.affinity), 1);
	assert_true(CPU_ISSET(0, &f->e.affinity));
}

static void test_start_errors(void **state)
{
	struct exposition e = { .lock = PTHREAD_MUTEX_INITIALIZER };
	struct http_server_config config = {
		.render = render, .ctx = &e,
	};
	struct http_server *first;
	char why[256], listen[32];

	config.listen = "99999";
	assert_null(http_server_start(&config, why, sizeof(why)));
	assert_string_equal(why, "--listen 99999: the port must be a number from 0 to 65535");

	config.listen = "0";
	first = http_server_start(&config, why, sizeof(why));
	assert_non_null(first);
	snprintf(listen, sizeof(listen), "%u", http_server_port(first));
	config.listen = listen;
	assert_null(http_server_start(&config, why, sizeof(why)));
	/* the bind's own reason, said once */
	assert_string_equal(why, "Address already in use");
	http_server_stop(first);
	http_server_stop(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_listen_parse),
		cmocka_unit_test_teardown(test_metrics_text, teardown),
		cmocka_unit_test_teardown(test_metrics_openmetrics, teardown),
		cmocka_unit_test_teardown(test_other_paths, teardown),
		cmocka_unit_test_teardown(test_garbage, teardown),
		cmocka_unit_test_teardown(test_slow_clients, teardown),
		cmocka_unit_test_teardown(test_client_never_reads, teardown),
		cmocka_unit_test_teardown(test_wrong_credentials, teardown),
		cmocka_unit_test_teardown(test_pinned, teardown),
		cmocka_unit_test(test_start_errors),
	};

	return RUN_SUITE("http_server", tests);
}
