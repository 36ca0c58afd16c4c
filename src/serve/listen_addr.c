// SPDX-License-Identifier: GPL-2.0
/* --listen [ADDR:]PORT into a socket address. */
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "serve/http_server.h"

static int parse_port(const char *text, uint16_t *port)
{
	char *end;
	long value;

	if (!*text || *text == '-' || *text == '+')
		return -1;
	errno = 0;
	value = strtol(text, &end, 10);
	if (errno || *end || value < 0 || value > 65535)
		return -1;
	*port = value;
	return 0;
}

static int resolve(const char *host, uint16_t port,
		   struct sockaddr_storage *addr)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM,
				  .ai_flags = AI_PASSIVE };
	struct addrinfo *found;

	if (getaddrinfo(host, NULL, &hints, &found))
		return -1;
	memcpy(addr, found->ai_addr, found->ai_addrlen);
	freeaddrinfo(found);
	if (addr->ss_family == AF_INET6)
		((struct sockaddr_in6 *)addr)->sin6_port = htons(port);
	else
		((struct sockaddr_in *)addr)->sin_port = htons(port);
	return 0;
}

int listen_addr_parse(const char *text, struct sockaddr_storage *addr,
		      const char **why)
{
	struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)addr;
	struct sockaddr_in *in = (struct sockaddr_in *)addr;
	const char *colon = strrchr(text, ':');
	char host[256];
	uint16_t port;
	size_t len;

	memset(addr, 0, sizeof(*addr));
	*why = "the port must be a number from 0 to 65535";
	if (parse_port(colon ? colon + 1 : text, &port))
		return -1;
	if (!colon) {
		in->sin_family = AF_INET;
		in->sin_port = htons(port);
		in->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		return 0;
	}
	len = colon - text;
	if (!len) {
		/* ":PORT": every address, IPv4 and IPv6 */
		in6->sin6_family = AF_INET6;
		in6->sin6_port = htons(port);
		in6->sin6_addr = in6addr_any;
		return 0;
	}
	if (text[0] == '[') {
		if (len < 3 || text[len - 1] != ']')
			goto bad_addr;
		text++;
		len -= 2;
	} else if (memchr(text, ':', len)) {
		*why = "an IPv6 address goes in brackets: [::1]:PORT";
		return -1;
	}
	if (len >= sizeof(host))
		goto bad_addr;
	memcpy(host, text, len);
	host[len] = '\0';
	if (inet_pton(AF_INET6, host, &in6->sin6_addr) == 1) {
		in6->sin6_family = AF_INET6;
		in6->sin6_port = htons(port);
		return 0;
	}
	if (!resolve(host, port, addr))
		return 0;
bad_addr:
	*why = "the address is not an IP address or a known host name";
	return -1;
}

int listen_socket_open(const struct sockaddr_storage *addr)
{
	socklen_t len = addr->ss_family == AF_INET6 ?
			sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
	int fd, on = 1, off = 0, saved;

	fd = socket(addr->ss_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK,
		    0);
	if (fd < 0)
		return -1;
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof(on));
	/* "[::]:PORT" and ":PORT" take IPv4 too */
	if (addr->ss_family == AF_INET6)
		setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &off, sizeof(off));
	if (bind(fd, (const struct sockaddr *)addr, len) || listen(fd, 64)) {
		saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
	return fd;
}
