// SPDX-License-Identifier: GPL-2.0
/* The exporter's channel: messages whole, bounds kept, no wait unbounded. */
#include <errno.h>
#include <pthread.h>
#include <sys/socket.h>
#include <time.h>

#include "testutil.h"
#include "serve/expo_channel.h"

static void pair_open(int fd[2])
{
	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC |
				    SOCK_NONBLOCK, 0, fd), 0);
}

static long ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) * 1000 +
	       (t.tv_nsec - t0->tv_nsec) / 1000000;
}

/* A request and its answer, each whole, seq and status kept. */
static void test_round_trip(void **state)
{
	struct expo_head ask = { .kind = EXPO_ASK, .seq = 7 };
	struct expo_head got;
	char *body;
	int fd[2];

	pair_open(fd);
	assert_int_equal(expo_send(fd[0], &ask, "\1", 1, 1000), 0);
	assert_int_equal(expo_recv(fd[1], &got, &body, 1000), 0);
	assert_int_equal(got.kind, EXPO_ASK);
	assert_int_equal(got.seq, 7);
	assert_int_equal(got.len, 1);
	assert_int_equal(body[0], 1);
	assert_int_equal(body[1], '\0');
	free(body);
	/* a message with no body: READY */
	ask = (struct expo_head){ .kind = EXPO_READY, .status = 0 };
	assert_int_equal(expo_send(fd[1], &ask, NULL, 0, 1000), 0);
	assert_int_equal(expo_recv(fd[0], &got, NULL, 1000), 0);
	assert_int_equal(got.kind, EXPO_READY);
	assert_int_equal(got.len, 0);
	close(fd[0]);
	close(fd[1]);
}

struct reader {
	int fd;
	struct expo_head head;
	char *body;
	int ret;
};

static void *read_one(void *arg)
{
	struct reader *r = arg;

	r->ret = expo_recv(r->fd, &r->head, &r->body, 5000);
	return NULL;
}

/* A body far larger than the socket's buffer arrives whole. */
static void test_large_body(void **state)
{
	size_t len = 4u << 20, i;
	struct expo_head head = { .kind = EXPO_BODY, .seq = 1 };
	struct reader r = { 0 };
	char *text = malloc(len);
	pthread_t thread;
	int fd[2];

	assert_non_null(text);
	for (i = 0; i < len; i++)
		text[i] = 'a' + i % 26;
	pair_open(fd);
	r.fd = fd[1];
	assert_int_equal(pthread_create(&thread, NULL, read_one, &r), 0);
	assert_int_equal(expo_send(fd[0], &head, text, len, 5000), 0);
	pthread_join(thread, NULL);
	assert_int_equal(r.ret, 0);
	assert_int_equal(r.head.len, len);
	assert_memory_equal(r.body, text, len);
	free(r.body);
	free(text);
	close(fd[0]);
	close(fd[1]);
}

/* Nothing comes: the wait ends at its deadline, ETIMEDOUT. */
static void test_recv_deadline(void **state)
{
	struct expo_head head;
	struct timespec t0;
	char *body;
	int fd[2];

	pair_open(fd);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	assert_int_equal(expo_recv(fd[0], &head, &body, 100), -1);
	assert_int_equal(errno, ETIMEDOUT);
	assert_null(body);
	assert_in_range(ms_since(&t0), 90, 2000);
	/* half a head, then nothing: the same */
	assert_int_equal(write(fd[1], "\3\0\0", 3), 3);
	assert_int_equal(expo_recv(fd[0], &head, &body, 100), -1);
	assert_int_equal(errno, ETIMEDOUT);
	close(fd[0]);
	close(fd[1]);
}

/* A reader that never reads: the sender gives up at its deadline. */
static void test_send_deadline(void **state)
{
	struct expo_head head = { .kind = EXPO_BODY };
	size_t len = 16u << 20;
	char *text = calloc(1, len);
	struct timespec t0;
	int fd[2];

	assert_non_null(text);
	pair_open(fd);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	assert_int_equal(expo_send(fd[0], &head, text, len, 200), -1);
	assert_int_equal(errno, ETIMEDOUT);
	assert_in_range(ms_since(&t0), 190, 3000);
	free(text);
	close(fd[0]);
	close(fd[1]);
}

/* The other end closed: ECONNRESET on receiving, EPIPE on sending. */
static void test_closed(void **state)
{
	struct expo_head head = { .kind = EXPO_ASK };
	char *body;
	int fd[2];

	pair_open(fd);
	close(fd[1]);
	assert_int_equal(expo_recv(fd[0], &head, &body, 1000), -1);
	assert_int_equal(errno, ECONNRESET);
	assert_int_equal(expo_send(fd[0], &head, "\0", 1, 1000), -1);
	assert_int_equal(errno, EPIPE);
	close(fd[0]);
}

/* An unknown kind, a body past its bound: refused before it is read. */
static void test_bounds(void **state)
{
	struct expo_head bad[] = {
		{ .kind = 0 },
		{ .kind = EXPO_BODY + 1 },
		{ .kind = EXPO_ASK, .len = EXPO_MAX_SMALL + 1 },
		{ .kind = EXPO_BODY, .len = EXPO_MAX_BODY + 1 },
		{ .kind = EXPO_BODY, .len = UINT32_MAX },
	};
	struct expo_head head = { .kind = EXPO_READY };
	char big[EXPO_MAX_SMALL + 1] = "";
	char *body;
	size_t i;
	int fd[2];

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_false(expo_head_valid(&bad[i]));
		pair_open(fd);
		assert_int_equal(write(fd[1], &bad[i], sizeof(bad[i])),
				 sizeof(bad[i]));
		assert_int_equal(expo_recv(fd[0], &head, &body, 1000), -1);
		assert_int_equal(errno, EPROTO);
		assert_null(body);
		close(fd[0]);
		close(fd[1]);
	}
	pair_open(fd);
	head = (struct expo_head){ .kind = EXPO_READY };
	assert_int_equal(expo_send(fd[0], &head, big, sizeof(big), 1000), -1);
	assert_int_equal(errno, EMSGSIZE);
	close(fd[0]);
	close(fd[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_large_body),
		cmocka_unit_test(test_recv_deadline),
		cmocka_unit_test(test_send_deadline),
		cmocka_unit_test(test_closed),
		cmocka_unit_test(test_bounds),
	};

	return RUN_SUITE("expo_channel", tests);
}
