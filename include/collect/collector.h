/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_COLLECTOR_H
#define RTLA_COLLECTOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "collect/collector_choice.h"
#include "model/results.h"

/*
 * How the samples reach the results, behind one interface: every record
 * read from the ring buffers ("tracefs"), osnoise's samples counted by a
 * hist trigger ("hist-trigger"), or by a BPF program ("bpf").  The
 * backend is chosen once, by collector_open(); the measuring loop calls
 * only what follows.
 */
struct collector;
struct tracefs_instance;
struct aa;

/* A line for the run to print: @error, or a -D line. */
typedef void (*collector_say_fn)(void *ctx, bool error, const char *line);

struct collector_config {
	enum collector_choice choice;		/* RTLA_COLLECTOR, RTLA_NO_BPF */
	struct tracefs_instance *instance;	/* where the tracer runs */
	struct rtla_results *results;		/* where the samples go */
	/* the tool's record in the ring buffer, or NULL */
	const char *event_system;
	const char *event_name;
	bool timerlat;				/* not osnoise's noise */
	bool kernel_hist;			/* a hist trigger can count them */
	bool records_needed;			/* -t or -a read every record */
	struct aa *aa;				/* auto-analysis, or NULL */
	int nr_measured_cpus;
	uint64_t irq_stop_us;			/* timerlat's -i, 0: none */
	uint64_t thread_stop_us;		/* timerlat's -T, 0: none */
	const char *bpf_action;			/* --bpf-action's file, or NULL */
	uint64_t period_us;			/* timerlat's period */
	unsigned int records_per_period;	/* a CPU writes, timerlat */
	collector_say_fn say;
	void *say_ctx;
};

/* rtla 7.2's line for a --bpf-action that no BPF program can call. */
#define COLLECTOR_NO_BPF_ACTION	"BPF actions are not supported in tracefs-only mode"

/*
 * Choose the backend and prepare it, before the tracer starts: every
 * sample is counted.  NULL on an error, with the reason in @why; errno
 * EOPNOTSUPP: --bpf-action without BPF, @why is COLLECTOR_NO_BPF_ACTION.
 */
struct collector *collector_open(const struct collector_config *config,
				 char *why, size_t len);
/* Undo collector_open(); NULL is nothing to do. */
void collector_close(struct collector *collector);

/* The backend's name, as the reports give it. */
const char *collector_name(const struct collector *collector);

/* The tracer is set: start reading (the ring buffers pin it). */
int collector_start(struct collector *collector);
/* How long the loop may wait between two collector_drain() calls. */
long collector_interval_ns(struct collector *collector);
/* Wait up to @timeout_ns, less when a stop threshold is hit. */
void collector_wait(struct collector *collector, long timeout_ns);
/* Take the samples waiting in the buffers into the results. */
void collector_drain(struct collector *collector);
/* A stop threshold ended the tracing. */
bool collector_stopped(struct collector *collector);
/* Trace again after a stop threshold (--on-threshold continue). */
void collector_resume(struct collector *collector);
/* The counts so far into the results, the collector going on. */
void collector_snapshot(struct collector *collector);
/*
 * A monitor's window closes, after collector_snapshot(): its extremes
 * final in the results' histograms (where the kernel keeps them, read
 * now); the samples from now on make the next window's.
 */
void collector_close_window(struct collector *collector);
/* Forget what was counted so far (a warm-up's end). */
void collector_reset(struct collector *collector);
/* The measured window has ended: count nothing more. */
void collector_freeze(struct collector *collector);
/* Tracing off; what the buffers hold can still be drained. */
void collector_stop(struct collector *collector);
/* What the kernel counted into the results, after collector_stop(). */
void collector_collect(struct collector *collector);
/* The samples lost per CPU into the results; their total. */
uint64_t collector_lost(struct collector *collector);

#endif
