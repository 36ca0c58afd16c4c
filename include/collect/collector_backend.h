/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_COLLECTOR_BACKEND_H
#define RTLA_COLLECTOR_BACKEND_H

#include "collect/collector.h"

struct tep_handle;
struct sample_source;
struct trace_reader;

/*
 * What a backend of collector.h provides.  stopped, resume, stop and
 * close are required; another left NULL does nothing (interval_ns:
 * 100 ms; wait: a sleep).
 */
struct collector_ops {
	const char *name;
	int (*start)(struct collector *c);
	long (*interval_ns)(struct collector *c);
	void (*wait)(struct collector *c, long timeout_ns);
	void (*drain)(struct collector *c);
	bool (*stopped)(struct collector *c);
	void (*resume)(struct collector *c);
	void (*snapshot)(struct collector *c);
	/* where the kernel keeps each window's extremes */
	void (*close_window)(struct collector *c);
	void (*reset)(struct collector *c);
	void (*freeze)(struct collector *c);
	void (*stop)(struct collector *c);
	void (*collect)(struct collector *c);
	void (*lost)(struct collector *c);
	void (*close)(struct collector *c);
};

struct source_counter;
struct bpf_loader;

/*
 * Each backend's state begins with this.  @sources and @action are the
 * dispatcher's (collector.c), driven beside the backend.
 */
struct collector {
	const struct collector_ops *ops;
	struct collector_config config;
	struct source_counter *sources;		/* --sources', or NULL */
	/* --bpf-action's own BPF program where the samples are read */
	struct bpf_loader *action;
};

#define COLLECTOR_DEFAULT_INTERVAL_NS	100000000L

/* A line through config->say, formatted. */
__attribute__((format(printf, 3, 4)))
void collector_config_say(const struct collector_config *config, bool error,
			  const char *fmt, ...);
/* The same, of @c's config. */
__attribute__((format(printf, 3, 4)))
void collector_say(const struct collector *c, bool error, const char *fmt, ...);

/*
 * The backends.  bpf_backend_open() and hist_backend_open() return NULL
 * when they cannot count this run's samples (the reason said with -D):
 * the ring buffers are read instead.
 */
struct collector *bpf_backend_open(const struct collector_config *config);
/*
 * The bpf backend's program where it counts --sources too (timerlat's
 * inside the threads' windows), else NULL: @c is another backend, or its
 * program counts the samples alone.
 */
struct bpf_loader *bpf_backend_sources_program(struct collector *c);

/*
 * --bpf-action: config.bpf_action chained to the BPF program, the bpf
 * backend's own or, where the records are read, one loaded for it alone
 * (c->action).  -1 with the reason in @why: errno EOPNOTSUPP, the kernel
 * has no BPF for it (@why is COLLECTOR_NO_BPF_ACTION), EINVAL, the
 * action would not load.
 */
int bpf_action_attach(struct collector *c, char *why, size_t len);

/* Every record read from the ring buffers: the tracefs backend. */
struct tracefs_backend {
	struct collector base;
	struct tep_handle *tep;
	struct sample_source *source;
	struct trace_reader *reader;
};

/* NULL on an error, the reason in @why. */
struct tracefs_backend *tracefs_backend_open(const struct collector_config *config,
					     char *why, size_t len);
extern const struct collector_ops tracefs_backend_ops;

/* The hist trigger, which takes @reader over for what it does not keep. */
struct collector *hist_backend_open(const struct collector_config *config,
				    struct tracefs_backend *reader);

/* The tracer's instance: tracing_on turned off by a stop threshold. */
bool collector_instance_stopped(struct collector *c);
void collector_instance_resume(struct collector *c);
void collector_instance_stop(struct collector *c);

#endif
