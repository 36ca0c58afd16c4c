// SPDX-License-Identifier: GPL-2.0
/*
 * The measuring process's side of the exporter: the fork, a thread that
 * renders each exposition asked for, the exporter's end told.
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "serve/confine.h"
#include "serve/expo_channel.h"
#include "serve/exporter.h"

/* the exporter confined, or started: it says so at once */
#define READY_WAIT_MS	10000
/* an exporter that reads no answer within is stuck */
#define ANSWER_SEND_MS	10000
#define POLL_MS		200
/* an exporter told to stop by its channel's close ends within */
#define STOP_WAIT_MS	500

struct exporter {
	int channel;
	pid_t pid;
	bool reaped;
	uint16_t port;
	const cpu_set_t *cpus;	/* the answering thread's; NULL: any */
	metrics_render_fn render;
	void *ctx;
	pthread_t thread;
	bool answering;
	atomic_bool stop;
	atomic_bool lost;	/* the channel closed, broken or stuck */
};

static void describe_end(struct exporter *e, const char *what, char *why,
			 size_t why_size);

/* What the exporter said: 0, or -1 with its reason (or ours) in @why. */
static int wait_ready(struct exporter *e, uint32_t seq, char *why,
		      size_t why_size)
{
	struct expo_head head;
	char *body;

	if (expo_recv(e->channel, &head, &body, READY_WAIT_MS)) {
		if (errno == ECONNRESET)
			describe_end(e, " before it started", why, why_size);
		else
			snprintf(why, why_size, "the exporter did not start: %s",
				 strerror(errno));
		return -1;
	}
	if (head.kind != EXPO_READY || head.seq != seq || head.status) {
		snprintf(why, why_size, "%s",
			 head.status && *body ? body : "the exporter did not start");
		free(body);
		return -1;
	}
	free(body);
	return 0;
}

/* @head's exposition rendered and sent: -1 when the exporter is gone. */
static int answer(struct exporter *e, const struct expo_head *ask,
		  const char *format)
{
	struct expo_head head = { .kind = EXPO_BODY, .seq = ask->seq };
	char *text = NULL;
	size_t size = 0;
	FILE *out;
	int ret;

	out = open_memstream(&text, &size);
	head.status = !out || ask->len != 1 ||
		      e->render(e->ctx, format[0] == PROM_OPENMETRICS ?
				PROM_OPENMETRICS : PROM_TEXT, out);
	if (out && fclose(out))
		head.status = 1;
	if (head.status || size > EXPO_MAX_BODY)
		size = 0;
	ret = expo_send(e->channel, &head, text, size, ANSWER_SEND_MS);
	free(text);
	return ret;
}

static void *answer_thread(void *arg)
{
	struct pollfd pfd = { .events = POLLIN };
	struct exporter *e = arg;
	struct expo_head head;
	char *body;

	pfd.fd = e->channel;
	if (e->cpus)
		pthread_setaffinity_np(pthread_self(), sizeof(*e->cpus), e->cpus);
	while (!atomic_load(&e->stop)) {
		if (poll(&pfd, 1, POLL_MS) < 1)
			continue;
		if (expo_recv(e->channel, &head, &body, ANSWER_SEND_MS))
			break;
		if (head.kind == EXPO_ASK && answer(e, &head, body)) {
			free(body);
			break;
		}
		free(body);
	}
	if (!atomic_load(&e->stop))
		atomic_store(&e->lost, true);
	return NULL;
}

/* Whether the exporter ended within @ms: its status in *@status. */
static bool ended_within(pid_t pid, int ms, int *status)
{
	for (; ms > 0; ms -= 10) {
		if (waitpid(pid, status, WNOHANG) == pid)
			return true;
		usleep(10000);
	}
	return false;
}

/*
 * Reap the exporter, once, given @grace_ms to end by itself (its
 * channel closed, it does), then killed.  Never waited for without end:
 * a kill refused (a unit without CAP_KILL, the exporter another user)
 * leaves it to PR_SET_PDEATHSIG, which ends it with rtla.  Its wait
 * status; REAP_KILLED, or REAP_UNKILLABLE with errno.
 */
#define REAP_KILLED	-1
#define REAP_UNKILLABLE	-2
#define KILL_WAIT_MS	2000

static int reap(struct exporter *e, int grace_ms)
{
	int status = 0;

	if (e->reaped || e->pid <= 0)
		return 0;
	e->reaped = true;
	if (ended_within(e->pid, grace_ms, &status))
		return status;
	if (kill(e->pid, SIGKILL))
		return REAP_UNKILLABLE;
	if (!ended_within(e->pid, KILL_WAIT_MS, &status)) {
		errno = ETIMEDOUT;
		return REAP_UNKILLABLE;
	}
	return REAP_KILLED;
}

/* How the exporter ended, reaped now, after @what, into @why. */
static void describe_end(struct exporter *e, const char *what, char *why,
			 size_t why_size)
{
	pid_t pid = e->pid;
	int status = reap(e, 1000);

	if (status == REAP_UNKILLABLE)
		snprintf(why, why_size, "the /metrics exporter (pid %d)%s stopped answering, and cannot be killed: %s",
			 (int)pid, what, strerror(errno));
	else if (status == REAP_KILLED)
		snprintf(why, why_size, "the /metrics exporter (pid %d)%s stopped answering: killed",
			 (int)pid, what);
	else if (WIFSIGNALED(status))
		snprintf(why, why_size, "the /metrics exporter (pid %d)%s was killed by signal %d (%s)",
			 (int)pid, what, WTERMSIG(status),
			 strsignal(WTERMSIG(status)));
	else
		snprintf(why, why_size, "the /metrics exporter (pid %d)%s exited with status %d",
			 (int)pid, what, WEXITSTATUS(status));
}

/* Fork: the child never returns; -1 with a reason when no child. */
static int fork_child(struct exporter *e, struct http_server *server,
		      const struct confine_user *user, char *why,
		      size_t why_size)
{
	pid_t parent = getpid();
	int pair[2];

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0,
		       pair)) {
		snprintf(why, why_size, "socketpair: %s", strerror(errno));
		return -1;
	}
	fflush(NULL);
	e->pid = fork();
	if (!e->pid)
		exporter_child_run(server, user, pair[1], parent);
	close(pair[1]);
	e->channel = pair[0];
	if (e->pid < 0) {
		snprintf(why, why_size, "fork: %s", strerror(errno));
		return -1;
	}
	return 0;
}

struct exporter *exporter_start(const struct http_server_config *config,
				char *why, size_t why_size)
{
	struct http_server_config asking = *config;
	struct confine_user user;
	struct http_server *server;
	struct exporter *e;

	e = calloc(1, sizeof(*e));
	if (!e) {
		snprintf(why, why_size, "%s", strerror(errno));
		return NULL;
	}
	e->channel = -1;
	if (confine_find_user(&user, why, why_size))
		goto fail;
	asking.render = exporter_ask_render;
	asking.ctx = NULL;
	asking.lock = NULL;
	server = http_server_prepare(&asking, why, why_size);
	if (!server)
		goto fail;
	e->port = http_server_port(server);
	e->cpus = config->cpus;
	if (fork_child(e, server, &user, why, why_size)) {
		http_server_stop(server);
		goto fail;
	}
	/* the exporter has its copy: the key and the socket go from here */
	http_server_stop(server);
	if (wait_ready(e, 0, why, why_size))
		goto fail;
	return e;
fail:
	exporter_stop(e);
	return NULL;
}

int exporter_serve(struct exporter *e, metrics_render_fn render, void *ctx,
		   char *why, size_t why_size)
{
	struct expo_head go = { .kind = EXPO_GO };
	sigset_t all, saved;

	e->render = render;
	e->ctx = ctx;
	if (expo_send(e->channel, &go, NULL, 0, READY_WAIT_MS)) {
		snprintf(why, why_size, "the exporter is gone: %s",
			 strerror(errno));
		return -1;
	}
	if (wait_ready(e, 1, why, why_size))
		return -1;
	/* the ending signals are the main thread's */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &saved);
	errno = pthread_create(&e->thread, NULL, answer_thread, e);
	pthread_sigmask(SIG_SETMASK, &saved, NULL);
	if (errno) {
		snprintf(why, why_size, "%s", strerror(errno));
		return -1;
	}
	e->answering = true;
	return 0;
}

uint16_t exporter_port(const struct exporter *e)
{
	return e->port;
}

pid_t exporter_pid(const struct exporter *e)
{
	return e->pid;
}

bool exporter_lost(struct exporter *e, char *why, size_t why_size)
{
	if (!e || !atomic_load(&e->lost))
		return false;
	describe_end(e, "", why, why_size);
	return true;
}

void exporter_stop(struct exporter *e)
{
	if (!e)
		return;
	atomic_store(&e->stop, true);
	if (e->answering)
		pthread_join(e->thread, NULL);
	/* its channel closed, the exporter ends */
	if (e->channel >= 0)
		close(e->channel);
	reap(e, STOP_WAIT_MS);
	free(e);
}
