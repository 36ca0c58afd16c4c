// SPDX-License-Identifier: GPL-2.0
/* The exporter's channel: framed messages with deadlines both ways. */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "serve/expo_channel.h"

static int64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Wait for @events on @fd until @end (ms); 0, or -1 with errno. */
static int wait_fd(int fd, short events, int64_t end)
{
	struct pollfd pfd = { .fd = fd, .events = events };
	int64_t left;
	int ret;

	for (;;) {
		left = end - now_ms();
		if (left <= 0) {
			errno = ETIMEDOUT;
			return -1;
		}
		ret = poll(&pfd, 1, (int)left);
		if (ret > 0)
			return 0;
		if (ret < 0 && errno != EINTR)
			return -1;
	}
}

static int send_all(int fd, const void *data, size_t len, int64_t end)
{
	const char *p = data;
	ssize_t n;

	while (len) {
		n = send(fd, p, len, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (n > 0) {
			p += n;
			len -= n;
			continue;
		}
		if (n < 0 && errno != EAGAIN && errno != EINTR)
			return -1;
		if (wait_fd(fd, POLLOUT, end))
			return -1;
	}
	return 0;
}

static int recv_all(int fd, void *data, size_t len, int64_t end)
{
	char *p = data;
	ssize_t n;

	while (len) {
		n = recv(fd, p, len, MSG_DONTWAIT);
		if (n > 0) {
			p += n;
			len -= n;
			continue;
		}
		if (!n) {
			errno = ECONNRESET;
			return -1;
		}
		if (errno != EAGAIN && errno != EINTR)
			return -1;
		if (wait_fd(fd, POLLIN, end))
			return -1;
	}
	return 0;
}

int expo_head_valid(const struct expo_head *head)
{
	if (head->kind < EXPO_GO || head->kind > EXPO_BODY)
		return 0;
	return head->len <= (head->kind == EXPO_BODY ? EXPO_MAX_BODY :
			     EXPO_MAX_SMALL);
}

int expo_send(int fd, struct expo_head *head, const void *body, size_t len,
	      int timeout_ms)
{
	int64_t end = now_ms() + timeout_ms;

	head->len = len;
	if (!expo_head_valid(head) || head->len != len) {
		errno = EMSGSIZE;
		return -1;
	}
	if (send_all(fd, head, sizeof(*head), end))
		return -1;
	return send_all(fd, body, len, end);
}

/* Read and drop @len bytes. */
static int skip(int fd, size_t len, int64_t end)
{
	char buf[4096];
	size_t n;

	while (len) {
		n = len < sizeof(buf) ? len : sizeof(buf);
		if (recv_all(fd, buf, n, end))
			return -1;
		len -= n;
	}
	return 0;
}

int expo_recv(int fd, struct expo_head *head, char **body, int timeout_ms)
{
	int64_t end = now_ms() + timeout_ms;
	char *text;

	if (body)
		*body = NULL;
	if (recv_all(fd, head, sizeof(*head), end))
		return -1;
	if (!expo_head_valid(head)) {
		errno = EPROTO;
		return -1;
	}
	if (!body)
		return skip(fd, head->len, end);
	text = malloc(head->len + 1);
	if (!text)
		return -1;
	if (recv_all(fd, text, head->len, end)) {
		free(text);
		return -1;
	}
	text[head->len] = '\0';
	*body = text;
	return 0;
}
