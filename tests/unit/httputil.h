/* SPDX-License-Identifier: GPL-2.0 */
/* Requests to a test server on loopback: the curl command, raw sockets. */
#ifndef RTLA_HTTPUTIL_H
#define RTLA_HTTPUTIL_H

#include <arpa/inet.h>
#include <errno.h>
#include <stdbool.h>
#include <sys/time.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "testutil.h"

struct reply {
	int status;		/* 0: no HTTP answer */
	char content_type[128];
	char body[65536];
};

/*
 * curl @args (URL and options) into @reply: the status, the
 * Content-Type and the body.  Never more than 5 s (30 under qemu-user).
 */
static inline void curl(struct reply *reply, const char *args)
{
	char cmd[1024], line[512];
	size_t n;
	FILE *p;
	int fd;
	char body_path[] = "/tmp/rtla-curl-XXXXXX";

	memset(reply, 0, sizeof(*reply));
	fd = mkstemp(body_path);
	assert_true(fd >= 0);
	close(fd);
	/* a server under qemu-user, on a loaded host, answers TLS slowly */
	snprintf(cmd, sizeof(cmd),
		 "curl -s -m %d -o %s -w '%%{http_code} %%{content_type}' %s",
		 getenv("RTLA_TEST_UNDER_QEMU") ? 30 : 5, body_path, args);
	p = popen(cmd, "r");
	assert_non_null(p);
	if (fgets(line, sizeof(line), p)) {
		reply->status = atoi(line);
		if (strchr(line, ' '))
			snprintf(reply->content_type, sizeof(reply->content_type),
				 "%s", strchr(line, ' ') + 1);
	}
	pclose(p);
	p = fopen(body_path, "r");
	if (p) {
		n = fread(reply->body, 1, sizeof(reply->body) - 1, p);
		reply->body[n] = '\0';
		fclose(p);
	}
	unlink(body_path);
}

/* A TCP connection to 127.0.0.1:@port; -1 when refused. */
static inline int connect_to(uint16_t port)
{
	struct sockaddr_in addr = {
		.sin_family = AF_INET, .sin_port = htons(port),
		.sin_addr.s_addr = htonl(INADDR_LOOPBACK),
	};
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

	assert_true(fd >= 0);
	if (connect(fd, (struct sockaddr *)&addr, sizeof(addr))) {
		close(fd);
		return -1;
	}
	return fd;
}

/* Whether the server closed @fd within @ms (reading what it sent). */
static inline bool closed_within(int fd, int ms)
{
	struct timeval tv = { ms / 1000, (ms % 1000) * 1000 };
	char buf[4096];
	ssize_t n;

	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	do
		n = read(fd, buf, sizeof(buf));
	while (n > 0);
	return n == 0 || (n < 0 && errno == ECONNRESET);
}

#endif
