/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_SOURCE_COUNTER_H
#define RTLA_SOURCE_COUNTER_H

#include <stdbool.h>

struct bpf_loader;
struct collector_config;
struct tracefs_backend;

/*
 * --sources, counted beside the collector's samples and driven by the
 * collector with the same verbs: by the backend's BPF program
 * (@window_program: timerlat's inside the threads' windows), else by one
 * of their own, else by hist triggers (source_hist.h) unless
 * RTLA_COLLECTOR=tracefs or the kernel refuses them, else every
 * osnoise:*_noise record decoded by @reader's sample source.  NULL when
 * none can be had (said).  @config outlives the counter.
 */
struct source_counter *source_counter_open(const struct collector_config *config,
					   struct bpf_loader *window_program,
					   struct tracefs_backend *reader);
/*
 * Whether a BPF program can count the sources: the kernel has the four
 * osnoise:*_noise events (else said) and RTLA_NO_BPF does not rule it out.
 */
bool source_counter_bpf_possible(const struct collector_config *config);
/*
 * The kernel's counts into the results' sources (replacing them); after
 * source_counter_freeze(), nothing: the counts are those it read.
 */
void source_counter_snapshot(struct source_counter *counter);
/* The window has ended: its counts are read now. */
void source_counter_freeze(struct source_counter *counter);
/* Forget what was counted (a warm-up's end). */
void source_counter_reset(struct source_counter *counter);
/* Remove the triggers, close the program of their own; NULL-safe. */
void source_counter_close(struct source_counter *counter);

#endif
