// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <tracefs.h>

#include "output/out_file.h"
#include "session/instance.h"
#include "session/log.h"

struct tracefs_instance *rtla_instance_create(const char *role)
{
	char name[64];

	snprintf(name, sizeof(name), RTLA_INSTANCE_PREFIX "%d-%s",
		 (int)getpid(), role);
	session_log("creating instance %s", name);
	return tracefs_instance_create(name);
}

static void stop_tracer(struct tracefs_instance *instance)
{
	tracefs_trace_off(instance);
	tracefs_instance_file_write(instance, "current_tracer", "nop");
}

int rtla_instance_destroy(struct tracefs_instance *instance)
{
	int ret, saved;

	if (!instance)
		return 0;
	session_log("removing instance %s", tracefs_instance_get_name(instance));
	stop_tracer(instance);
	tracefs_instance_file_write(instance, "events/enable", "0");
	ret = tracefs_instance_destroy(instance);
	saved = errno;
	tracefs_instance_free(instance);
	errno = saved;
	return ret < 0 ? -1 : 0;
}

pid_t rtla_instance_pid(const char *name)
{
	const char *cursor;
	long pid;
	char *end;

	if (strncmp(name, RTLA_INSTANCE_PREFIX, strlen(RTLA_INSTANCE_PREFIX)))
		return 0;
	cursor = name + strlen(RTLA_INSTANCE_PREFIX);
	pid = strtol(cursor, &end, 10);
	if (end == cursor || *end != '-' || pid <= 0)
		return 0;
	return pid;
}

static int remove_if_stale(const char *name, void *data)
{
	struct tracefs_instance *instance;
	int *removed = data;
	pid_t pid = rtla_instance_pid(name);

	if (!pid || pid == getpid() || kill(pid, 0) == 0 || errno != ESRCH)
		return 0;
	instance = tracefs_instance_alloc(NULL, name);
	if (!instance)
		return 0;
	session_log("removing instance %s, left by a killed run", name);
	stop_tracer(instance);
	if (!tracefs_instance_destroy(instance))
		(*removed)++;
	tracefs_instance_free(instance);
	return 0;
}

int rtla_instances_remove_stale(void)
{
	int removed = 0;

	tracefs_instances_walk(remove_if_stale, &removed);
	return removed;
}

struct tracer_search {
	const char *self_prefix;
	char *who;
	size_t size;
	int found;
};

static bool runs_osnoise_family(struct tracefs_instance *instance)
{
	char *tracer = tracefs_instance_file_read(instance, "current_tracer",
						  NULL);
	bool busy;

	if (!tracer)
		return false;
	busy = !strncmp(tracer, "osnoise", 7) || !strncmp(tracer, "timerlat", 8);
	free(tracer);
	return busy;
}

static int check_instance(const char *name, void *data)
{
	struct tracer_search *search = data;
	struct tracefs_instance *instance;

	if (!strncmp(name, search->self_prefix, strlen(search->self_prefix)))
		return 0;
	instance = tracefs_instance_alloc(NULL, name);
	if (!instance)
		return 0;
	if (runs_osnoise_family(instance)) {
		snprintf(search->who, search->size, "instance '%s'", name);
		search->found = 1;
	}
	tracefs_instance_free(instance);
	return search->found;
}

int rtla_tracer_user(const char *self_prefix, char *who, size_t size)
{
	struct tracer_search search = { self_prefix, who, size, 0 };

	if (runs_osnoise_family(NULL)) {
		snprintf(who, size, "the top-level buffer");
		return 1;
	}
	tracefs_instances_walk(check_instance, &search);
	return search.found;
}

int rtla_instance_set_tracer(struct tracefs_instance *instance,
			     const char *tracer)
{
	int ret;

	session_log("Enabling %s tracer", tracer);
	ret = tracefs_instance_file_write(instance, "current_tracer", tracer);

	return ret < 0 ? -1 : 0;
}

int rtla_instance_enable_event(struct tracefs_instance *instance,
			       const char *system, const char *event,
			       const char *filter, const char *trigger)
{
	if (tracefs_event_enable(instance, system, event))
		return -1;
	if (filter && event &&
	    tracefs_event_file_write(instance, system, event, "filter",
				     filter) < 0)
		return -1;
	if (trigger && event &&
	    tracefs_event_file_write(instance, system, event, "trigger",
				     trigger) < 0)
		return -1;
	return 0;
}

int rtla_instance_save_trace(struct tracefs_instance *instance,
			     const char *path)
{
	return rtla_instance_save_file(instance, "trace", path);
}

int rtla_instance_save_file(struct tracefs_instance *instance,
			    const char *name, const char *path)
{
	struct out_file file;
	char buf[65536];
	ssize_t n, written;
	int in;

	in = tracefs_instance_file_open(instance, name, O_RDONLY);
	if (in < 0)
		return -1;
	if (out_file_open(&file, path)) {
		close(in);
		return -1;
	}
	while ((n = read(in, buf, sizeof(buf))) > 0) {
		written = write(file.fd, buf, n);
		if (written != n) {
			if (written >= 0)
				errno = ENOSPC;	/* a short write: the disk is full */
			break;
		}
	}
	close(in);
	if (n) {
		out_file_abort(&file);
		return -1;
	}
	return out_file_commit(&file);
}
