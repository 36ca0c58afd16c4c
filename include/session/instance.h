/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_INSTANCE_H
#define RTLA_INSTANCE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct tracefs_instance;

/*
 * rtla's instances are named "rtla-<pid>-<role>-<start time>-<pid
 * namespace>", so that one left by a killed run can be told from one in
 * use, even when its pid was given to another process since, and one of
 * a run in another PID namespace (sharing tracefs) is never taken for a
 * killed run's.
 */
#define RTLA_INSTANCE_PREFIX	"rtla-"

/* The name of this process's instance for @role. */
void rtla_instance_name(const char *role, char *name, size_t size);

/* Create (in the kernel) the instance of this process for @role. */
struct tracefs_instance *rtla_instance_create(const char *role);

/* Stop its tracer, remove it from the kernel and free it; NULL-safe. */
/* Stop and remove @instance; -1 with errno when it could not be removed. */
int rtla_instance_destroy(struct tracefs_instance *instance);

/* Remove instances of rtla processes that no longer run; the count. */
int rtla_instances_remove_stale(void);

/*
 * Whether an osnoise-family tracer runs at the top level or in an
 * instance other than this process's and killed runs': @who says where.
 */
int rtla_tracer_user(char *who, size_t size);

int rtla_instance_set_tracer(struct tracefs_instance *instance,
			     const char *tracer);
int rtla_instance_enable_event(struct tracefs_instance *instance,
			       const char *system, const char *event,
			       const char *filter, const char *trigger);

struct instance_owner {
	pid_t pid;
	unsigned long long start;	/* 0: an older rtla's name */
	unsigned long pid_ns;		/* 0: an older rtla's name */
};

/* The run an rtla instance name names; false when not an rtla name. */
bool rtla_instance_owner(const char *name, struct instance_owner *owner);

enum owner_state {
	OWNER_NOT_RTLA,
	OWNER_SELF,
	OWNER_ALIVE,
	OWNER_GONE,		/* a killed run's: safe to remove */
	OWNER_UNKNOWN,		/* in another PID namespace: never removed */
};

enum owner_state rtla_instance_owner_state(const struct instance_owner *owner);

#endif
