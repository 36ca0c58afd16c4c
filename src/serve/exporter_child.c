// SPDX-License-Identifier: GPL-2.0
/*
 * The exporter process: it gives up its user, capabilities and files,
 * installs its syscall filter, then serves /metrics with expositions
 * asked of the measuring process.  It ends with that process.
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#include "serve/confine.h"
#include "serve/expo_channel.h"
#include "serve/exporter.h"

/* a rendering at a large -E on many CPUs takes seconds */
#define ANSWER_WAIT_MS	30000
#define SEND_WAIT_MS	5000

struct asker {
	pthread_mutex_t lock;	/* one request on the channel at a time */
	int channel;
	uint32_t seq;
};

static struct asker asker = { .lock = PTHREAD_MUTEX_INITIALIZER };

/* The measuring process is gone: so is the exporter. */
static void __attribute__((noreturn)) orphaned(void)
{
	_exit(0);
}

/* The answer to request @seq; older ones, given up on, dropped. */
static char *wait_answer(uint32_t seq, size_t *len)
{
	struct expo_head head;
	char *body;

	for (;;) {
		if (expo_recv(asker.channel, &head, &body, ANSWER_WAIT_MS)) {
			if (errno == ECONNRESET || errno == EPROTO)
				orphaned();
			return NULL;
		}
		if (head.kind == EXPO_BODY && head.seq == seq) {
			if (!head.status) {
				*len = head.len;
				return body;
			}
			free(body);
			return NULL;
		}
		free(body);
	}
}

int exporter_ask_render(void *ctx, enum prom_format format, FILE *out)
{
	struct expo_head head = { .kind = EXPO_ASK };
	unsigned char wanted = format;
	size_t len = 0;
	char *body;
	int ret = -1;

	pthread_mutex_lock(&asker.lock);
	head.seq = ++asker.seq;
	if (!expo_send(asker.channel, &head, &wanted, 1, SEND_WAIT_MS)) {
		body = wait_answer(head.seq, &len);
		if (body && fwrite(body, 1, len, out) == len)
			ret = 0;
		free(body);
	} else if (errno == EPIPE || errno == ECONNRESET) {
		orphaned();
	}
	pthread_mutex_unlock(&asker.lock);
	return ret;
}

/* Signals are the measuring process's to handle; it ends this one. */
static void ignore_signals(void)
{
	static const int ignored[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT,
				       SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM };
	sigset_t none;
	size_t i;

	for (i = 0; i < sizeof(ignored) / sizeof(ignored[0]); i++)
		signal(ignored[i], SIG_IGN);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

/* Everything up to the filter, in the one thread there is. */
static int confine(struct http_server *server,
		   const struct confine_user *user, int channel, pid_t parent,
		   char *why, size_t why_size)
{
	const cpu_set_t *cpus = http_server_take_cpus(server);
	int keep[] = { channel, http_server_fd(server) };

	if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) || getppid() != parent)
		orphaned();
	ignore_signals();
	/* its threads on the housekeeping CPUs, as the measuring ones */
	if (cpus)
		sched_setaffinity(0, sizeof(*cpus), cpus);
	if (confine_close_fds(keep, 2)) {
		snprintf(why, why_size, "cannot close files: %s",
			 strerror(errno));
		return -1;
	}
	/* the time zone read now: libmicrohttpd's dates need it later */
	tzset();
	if (confine_drop(user, why, why_size))
		return -1;
	return confine_filter_install(why, why_size);
}

/* Said back: confined (seq 0) or started (seq 1), or why not. */
static void say(int channel, uint32_t seq, const char *why)
{
	struct expo_head head = { .kind = EXPO_READY, .seq = seq,
				  .status = why ? 1 : 0 };

	if (expo_send(channel, &head, why, why ? strlen(why) : 0,
		      SEND_WAIT_MS) || why)
		_exit(1);
}

/* Wait for the word to start, start, then for the end. */
static void __attribute__((noreturn)) serve(struct http_server *server,
					    int channel)
{
	struct pollfd pfd = { .fd = channel, .events = POLLIN };
	char why[EXPO_MAX_SMALL] = "";
	struct expo_head head;

	while (poll(&pfd, 1, -1) < 1)
		;
	if (expo_recv(channel, &head, NULL, SEND_WAIT_MS) ||
	    head.kind != EXPO_GO)
		orphaned();
	/* a scrape's request waits until the word is out */
	pthread_mutex_lock(&asker.lock);
	say(channel, 1, http_server_run(server, why, sizeof(why)) ? why : NULL);
	pthread_mutex_unlock(&asker.lock);
	pfd.events = POLLRDHUP;
	for (;;)
		if (poll(&pfd, 1, -1) > 0 && pfd.revents)
			orphaned();
}

void exporter_child_run(struct http_server *server,
			const struct confine_user *user, int channel,
			pid_t parent)
{
	char why[EXPO_MAX_SMALL];

	asker.channel = channel;
	say(channel, 0, confine(server, user, channel, parent, why,
				sizeof(why)) ?
	    why : NULL);
	serve(server, channel);
}
