// SPDX-License-Identifier: GPL-2.0
/* Connections closed at a deadline, however slowly they trickle. */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

#include "serve/deadlines.h"

#define CHECK_EVERY_MS	100
#define NSEC_PER_MSEC	1000000ULL

struct slot {
	int fd;			/* -1: free */
	uint64_t deadline_ns;	/* 0: already shut down */
};

struct deadlines {
	struct deadline_limits limits;
	pthread_mutex_t lock;
	pthread_cond_t wake;
	pthread_t thread;
	bool stopping;
	unsigned int used;
	struct slot *slots;
};

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* Every connection past its deadline shut down; with the lock held. */
static void shut_late(struct deadlines *d)
{
	uint64_t now = now_ns();
	unsigned int i;

	for (i = 0; i < d->limits.slots; i++) {
		struct slot *s = &d->slots[i];

		if (s->fd < 0 || !s->deadline_ns || now < s->deadline_ns)
			continue;
		/* the fd is still the connection's: its close waits for us */
		shutdown(s->fd, SHUT_RDWR);
		s->deadline_ns = 0;
	}
}

static void *watch(void *arg)
{
	struct deadlines *d = arg;
	struct timespec until;

	pthread_mutex_lock(&d->lock);
	while (!d->stopping) {
		/* no wake-ups with no connections */
		if (!d->used) {
			pthread_cond_wait(&d->wake, &d->lock);
			continue;
		}
		shut_late(d);
		clock_gettime(CLOCK_MONOTONIC, &until);
		until.tv_nsec += CHECK_EVERY_MS * NSEC_PER_MSEC;
		if (until.tv_nsec >= 1000000000L) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&d->wake, &d->lock, &until);
	}
	pthread_mutex_unlock(&d->lock);
	return NULL;
}

struct deadlines *deadlines_start(const struct deadline_limits *limits)
{
	struct deadlines *d = calloc(1, sizeof(*d));
	pthread_condattr_t attr;
	unsigned int i;
	int err;

	if (!d)
		return NULL;
	d->limits = *limits;
	d->slots = calloc(limits->slots, sizeof(*d->slots));
	if (!d->slots) {
		free(d);
		return NULL;
	}
	for (i = 0; i < limits->slots; i++)
		d->slots[i].fd = -1;
	pthread_mutex_init(&d->lock, NULL);
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&d->wake, &attr);
	pthread_condattr_destroy(&attr);
	err = pthread_create(&d->thread, NULL, watch, d);
	if (err) {
		pthread_cond_destroy(&d->wake);
		pthread_mutex_destroy(&d->lock);
		free(d->slots);
		free(d);
		errno = err;
		return NULL;
	}
	return d;
}

void deadlines_stop(struct deadlines *d)
{
	if (!d)
		return;
	pthread_mutex_lock(&d->lock);
	d->stopping = true;
	pthread_cond_signal(&d->wake);
	pthread_mutex_unlock(&d->lock);
	pthread_join(d->thread, NULL);
	pthread_cond_destroy(&d->wake);
	pthread_mutex_destroy(&d->lock);
	free(d->slots);
	free(d);
}

/* @s's deadline @ms from now. */
static void set_deadline(struct deadlines *d, struct slot *s, unsigned int ms)
{
	pthread_mutex_lock(&d->lock);
	if (s->deadline_ns)
		s->deadline_ns = now_ns() + ms * NSEC_PER_MSEC;
	pthread_mutex_unlock(&d->lock);
}

static struct slot *slot_of(struct MHD_Connection *connection)
{
	const union MHD_ConnectionInfo *info;

	info = MHD_get_connection_info(connection,
				       MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	return info ? info->socket_context : NULL;
}

/*
 * Called on libmicrohttpd's thread when a connection is accepted and
 * before its socket is closed: the slot is freed under the lock, so the
 * watch never shuts a descriptor down once it is another's.
 */
void deadlines_connection(void *cls, struct MHD_Connection *connection,
			  void **socket_context,
			  enum MHD_ConnectionNotificationCode code)
{
	const union MHD_ConnectionInfo *info;
	struct deadlines *d = cls;
	struct slot *s = *socket_context;
	unsigned int i;

	pthread_mutex_lock(&d->lock);
	if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
		if (s) {
			s->fd = -1;
			d->used--;
		}
		*socket_context = NULL;
		pthread_mutex_unlock(&d->lock);
		return;
	}
	info = MHD_get_connection_info(connection,
				       MHD_CONNECTION_INFO_CONNECTION_FD);
	for (i = 0; info && i < d->limits.slots; i++) {
		s = &d->slots[i];
		if (s->fd >= 0)
			continue;
		s->fd = info->connect_fd;
		s->deadline_ns = now_ns() + d->limits.head_ms * NSEC_PER_MSEC;
		*socket_context = s;
		if (!d->used++)
			pthread_cond_signal(&d->wake);
		break;
	}
	pthread_mutex_unlock(&d->lock);
}

void deadlines_request_done(void *cls, struct MHD_Connection *connection,
			    void **con_cls, enum MHD_RequestTerminationCode toe)
{
	struct deadlines *d = cls;
	struct slot *s = slot_of(connection);

	/* kept alive: the next head may come after the idle time */
	if (s)
		set_deadline(d, s, d->limits.idle_ms + d->limits.head_ms);
}

void deadlines_head_done(struct deadlines *d, struct MHD_Connection *connection)
{
	struct slot *s = slot_of(connection);

	if (s)
		set_deadline(d, s, d->limits.answer_ms);
}
