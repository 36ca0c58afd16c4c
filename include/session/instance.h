/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_INSTANCE_H
#define RTLA_INSTANCE_H

#include <stdbool.h>
#include <sys/types.h>

struct tracefs_instance;

/*
 * rtla's instances are named "rtla-<pid>-<role>", so that one left by a
 * killed run can be told from one in use.
 */
#define RTLA_INSTANCE_PREFIX	"rtla-"

/* Create (in the kernel) the instance of this process for @role. */
struct tracefs_instance *rtla_instance_create(const char *role);

/* Stop its tracer, remove it from the kernel and free it; NULL-safe. */
/* Stop and remove @instance; -1 with errno when it could not be removed. */
int rtla_instance_destroy(struct tracefs_instance *instance);

/* Remove instances of rtla processes that no longer run; the count. */
int rtla_instances_remove_stale(void);

/* The instance (or "top level") that runs an osnoise-family tracer. */
int rtla_tracer_user(const char *self_prefix, char *who, size_t size);

int rtla_instance_set_tracer(struct tracefs_instance *instance,
			     const char *tracer);
int rtla_instance_enable_event(struct tracefs_instance *instance,
			       const char *system, const char *event,
			       const char *filter, const char *trigger);
int rtla_instance_save_trace(struct tracefs_instance *instance,
			     const char *path);
/* Copy the instance's @file ("events/x/y/hist") to @path. */
int rtla_instance_save_file(struct tracefs_instance *instance,
			    const char *file, const char *path);

/* pid in an rtla instance name, or 0 when the name is not one of ours. */
pid_t rtla_instance_pid(const char *name);

#endif
