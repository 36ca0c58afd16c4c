// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <tracefs.h>

#include "session/instance.h"
#include "session/log.h"
#include "session/process_identity.h"

void rtla_instance_name(const char *role, char *name, size_t size)
{
	pid_t pid = getpid();

	snprintf(name, size, RTLA_INSTANCE_PREFIX "%d-%s-%llu-%lu", (int)pid,
		 role, process_start_time(pid), pid_namespace_id());
}

struct tracefs_instance *rtla_instance_create(const char *role)
{
	char name[96];

	rtla_instance_name(role, name, sizeof(name));
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

bool rtla_instance_owner(const char *name, struct instance_owner *owner)
{
	const char *cursor;
	char role[32];
	int pid, end = 0;

	memset(owner, 0, sizeof(*owner));
	if (strncmp(name, RTLA_INSTANCE_PREFIX, strlen(RTLA_INSTANCE_PREFIX)))
		return false;
	cursor = name + strlen(RTLA_INSTANCE_PREFIX);
	if (sscanf(cursor, "%d-%31[a-z]-%llu-%lu%n", &pid, role,
		   &owner->start, &owner->pid_ns, &end) == 4 && !cursor[end]) {
		owner->pid = pid;
		return pid > 0 && owner->start;
	}
	/* before start times were in the name: "rtla-<pid>-<role>" */
	end = 0;
	owner->start = 0;
	owner->pid_ns = 0;
	if (sscanf(cursor, "%d-%31[a-z]%n", &pid, role, &end) != 2 ||
	    cursor[end] || pid <= 0)
		return false;
	owner->pid = pid;
	return true;
}

enum owner_state rtla_instance_owner_state(const struct instance_owner *owner)
{
	if (owner->pid_ns && owner->pid_ns != pid_namespace_id())
		return OWNER_UNKNOWN;
	if (owner->pid == getpid() &&
	    (!owner->start || owner->start == process_start_time(getpid())))
		return OWNER_SELF;
	if (owner->start)
		return process_is_alive(owner->pid, owner->start) ?
		       OWNER_ALIVE : OWNER_GONE;
	return kill(owner->pid, 0) && errno == ESRCH ? OWNER_GONE : OWNER_ALIVE;
}

static enum owner_state owner_of(const char *name)
{
	struct instance_owner owner;

	if (!rtla_instance_owner(name, &owner))
		return OWNER_NOT_RTLA;
	return rtla_instance_owner_state(&owner);
}

static int remove_if_stale(const char *name, void *data)
{
	struct tracefs_instance *instance;
	int *removed = data;

	if (owner_of(name) != OWNER_GONE)
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

static void describe_user(const char *name, enum owner_state state,
			  char *who, size_t size)
{
	struct instance_owner owner;

	rtla_instance_owner(name, &owner);
	if (state == OWNER_ALIVE)
		snprintf(who, size, "instance '%s' (rtla, pid %d)", name,
			 (int)owner.pid);
	else if (state == OWNER_UNKNOWN)
		snprintf(who, size,
			 "instance '%s' (an rtla in another PID namespace; if none runs, remove it with rmdir)",
			 name);
	else
		snprintf(who, size, "instance '%s'", name);
}

/* Ours and those of killed runs (removed next) do not count. */
static int check_instance(const char *name, void *data)
{
	struct tracer_search *search = data;
	struct tracefs_instance *instance;
	enum owner_state state = owner_of(name);

	if (state == OWNER_SELF || state == OWNER_GONE)
		return 0;
	instance = tracefs_instance_alloc(NULL, name);
	if (!instance)
		return 0;
	if (runs_osnoise_family(instance)) {
		describe_user(name, state, search->who, search->size);
		search->found = 1;
	}
	tracefs_instance_free(instance);
	return search->found;
}

int rtla_tracer_user(char *who, size_t size)
{
	struct tracer_search search = { who, size, 0 };

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

