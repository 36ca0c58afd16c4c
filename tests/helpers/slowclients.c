// SPDX-License-Identifier: GPL-2.0
/*
 * HTTP abuse for the monitor's VM test (tests/e2e/suite.sh): CLIENTS
 * slow connections to 127.0.0.1:PORT, each bound to a loopback source
 * address of its own among 127.0.0.2 and up (the whole of 127/8 is
 * local), at most PER_ADDR on one, held for SECONDS, then closed.  Nine
 * in ten send a request header a byte a second and never end it; every
 * tenth asks for /metrics twenty times at once with a small receive
 * buffer and never reads.  One more address opens PER_ADDR + 2 slow
 * connections, of which the server should close 2 at once (its
 * per-address limit; counted a second in, before its 3-s deadline for
 * a request closes the others too).  Meanwhile, every other second, a
 * well-behaved client scrapes /metrics from 127.0.0.1 (HTTP/1.0, read
 * to the end) and times it,
 * and process PID's VmRSS is read before and every second.  Prints, for
 * the shell to check:
 *
 *	clients N addresses A per-address P held H closed C
 *	over-limit O closed-over-limit X
 *	scrapes S answered R ms M1,M2,... max MAX
 *	rss-before-kb B rss-max-kb M
 *
 *	rtla-slowclients PORT CLIENTS PER_ADDR SECONDS PID
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MAX_CLIENTS	1000
#define MAX_SCRAPES	64
#define SCRAPE_LIMIT_MS	5000
#define PIPELINED	20

/* Longer than any hold: the header never ends. */
static const char slow_request[] =
	"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n"
	"User-Agent: a client that sends its request a byte a second, "
	"and never finishes it, to hold the connection open\r\n";
static const char full_request[] =
	"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

struct client {
	int fd;
	bool reader;	/* sends a byte a second, watched for a close */
	bool closed;
	size_t sent;
};

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Process @pid's VmRSS in kB, 0 when unknown. */
static unsigned long rss_kb(const char *pid)
{
	unsigned long kb = 0;
	char path[64], line[128];
	FILE *in;

	snprintf(path, sizeof(path), "/proc/%s/status", pid);
	in = fopen(path, "re");
	if (!in)
		return 0;
	while (fgets(line, sizeof(line), in))
		if (sscanf(line, "VmRSS: %lu", &kb) == 1)
			break;
	fclose(in);
	return kb;
}

/* A socket from 127.0.0.@host (0: any), connecting to @port. */
static int open_client(unsigned int host, unsigned int port, int rcvbuf)
{
	struct sockaddr_in addr = { .sin_family = AF_INET };
	int fd;

	fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -1;
	if (rcvbuf &&
	    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof(rcvbuf)))
		goto fail;
	if (host) {
		addr.sin_addr.s_addr = htonl(0x7f000000 | host);
		if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)))
			goto fail;
	}
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	addr.sin_port = htons(port);
	if (connect(fd, (struct sockaddr *)&addr, sizeof(addr)))
		goto fail;
	return fd;
fail:
	close(fd);
	return -1;
}

/* The next byte of a slow client's header; false once the server closed. */
static bool trickle(struct client *c)
{
	struct pollfd p = { .fd = c->fd, .events = POLLIN | POLLRDHUP };
	char buf[256];

	/* the server says nothing to an unfinished header but a close */
	if (poll(&p, 1, 0) > 0 && (p.revents & ~POLLOUT)) {
		while (recv(c->fd, buf, sizeof(buf), MSG_DONTWAIT) > 0)
			;
		return false;
	}
	if (c->sent < sizeof(slow_request) - 1 &&
	    send(c->fd, slow_request + c->sent, 1, MSG_NOSIGNAL) == 1)
		c->sent++;
	return true;
}

/* A well-behaved scrape: its time in ms, or -1 when not answered 200. */
static long scrape(unsigned int port)
{
	static const char request[] = "GET /metrics HTTP/1.0\r\n\r\n";
	uint64_t start = now_ms(), left;
	char head[16] = "", buf[4096];
	size_t got = 0;
	struct pollfd p;
	ssize_t n;
	int fd;

	fd = open_client(0, port, 0);
	if (fd < 0)
		return -1;
	if (send(fd, request, sizeof(request) - 1, MSG_NOSIGNAL) < 0)
		goto fail;
	for (;;) {
		left = SCRAPE_LIMIT_MS - (now_ms() - start);
		if ((int64_t)left <= 0)
			goto fail;
		p = (struct pollfd){ .fd = fd, .events = POLLIN };
		if (poll(&p, 1, left) <= 0)
			goto fail;
		n = recv(fd, buf, sizeof(buf), 0);
		if (n < 0)
			goto fail;
		if (!n)
			break;
		if (got < sizeof(head) - 1) {
			memcpy(head + got, buf,
			       (size_t)n < sizeof(head) - 1 - got ?
			       (size_t)n : sizeof(head) - 1 - got);
		}
		got += n;
	}
	close(fd);
	if (strncmp(head, "HTTP/1.", 7) || strncmp(head + 8, " 200", 4))
		return -1;
	return now_ms() - start;
fail:
	close(fd);
	return -1;
}

static void usage(void)
{
	fprintf(stderr, "usage: rtla-slowclients PORT CLIENTS PER_ADDR SECONDS PID\n");
	exit(2);
}

int main(int argc, char **argv)
{
	static struct client clients[MAX_CLIENTS + 64];
	unsigned int port, n, per, secs, hosts, over, i, sec;
	unsigned int held = 0, closed = 0, closed_over = 0;
	long ms[MAX_SCRAPES], max = 0;
	unsigned int scrapes = 0, answered = 0;
	unsigned long rss_before, rss_max = 0, rss;
	struct timespec tick;
	struct client *c;
	int j;

	if (argc != 6)
		usage();
	port = atoi(argv[1]);
	n = atoi(argv[2]);
	per = atoi(argv[3]);
	secs = atoi(argv[4]);
	if (!port || !n || n > MAX_CLIENTS || !per || per > 60 || !secs ||
	    secs > 2 * MAX_SCRAPES)
		usage();
	hosts = (n + per - 1) / per;
	rss_before = rss_kb(argv[5]);
	/* round-robin over 127.0.0.2 ... 127.0.0.(hosts + 1) */
	for (i = 0; i < n; i++) {
		c = &clients[i];
		c->reader = i % 10 != 9;
		c->fd = open_client(2 + i % hosts, port, c->reader ? 0 : 4096);
		if (c->fd < 0) {
			c->closed = true;
			continue;
		}
		if (!c->reader) {
			for (j = 0; j < PIPELINED; j++)
				send(c->fd, full_request, sizeof(full_request) - 1,
				     MSG_NOSIGNAL);
		}
	}
	/* one more address, past its limit */
	over = per + 2;
	for (i = n; i < n + over; i++) {
		c = &clients[i];
		c->reader = true;
		c->fd = open_client(2 + hosts, port, 0);
		c->closed = c->fd < 0;
	}
	clock_gettime(CLOCK_MONOTONIC, &tick);
	for (sec = 0; sec < secs; sec++) {
		for (i = 0; i < n + over; i++) {
			c = &clients[i];
			if (c->closed || !c->reader)
				continue;
			c->closed = !trickle(c);
		}
		/*
		 * refused at once, seen a second in: later, the server's
		 * deadline for a request closes them all
		 */
		for (i = n; sec == 1 && i < n + over; i++)
			closed_over += clients[i].closed;
		if (sec % 2 && scrapes < MAX_SCRAPES) {
			ms[scrapes] = scrape(port);
			if (ms[scrapes] >= 0) {
				answered++;
				if (ms[scrapes] > max)
					max = ms[scrapes];
			}
			scrapes++;
		}
		rss = rss_kb(argv[5]);
		if (rss > rss_max)
			rss_max = rss;
		tick.tv_sec++;
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &tick,
				       NULL) == EINTR)
			;
	}
	for (i = 0; i < n + over; i++) {
		c = &clients[i];
		/* a non-reader's close is not seen: it is counted held */
		if (!c->closed && c->reader)
			c->closed = !trickle(c);
		if (i < n)
			c->closed ? closed++ : held++;
		if (c->fd >= 0)
			close(c->fd);
	}
	printf("clients %u addresses %u per-address %u held %u closed %u\n",
	       n, hosts, per, held, closed);
	printf("over-limit %u closed-over-limit %u\n", over, closed_over);
	printf("scrapes %u answered %u ms ", scrapes, answered);
	for (i = 0; i < scrapes; i++)
		printf("%s%ld", i ? "," : "", ms[i]);
	printf(" max %ld\n", max);
	printf("rss-before-kb %lu rss-max-kb %lu\n", rss_before, rss_max);
	return 0;
}
