/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_SOURCE_COUNTS_H
#define RTLA_SOURCE_COUNTS_H

#include <stdbool.h>

struct collector;
struct tracefs_backend;

/*
 * --sources behind the collector interface: counted by the collector's
 * BPF program (c->window_sources), else by one of their own, else by
 * hist triggers (source_hist.h) unless RTLA_COLLECTOR=tracefs or the
 * kernel refuses them, else every osnoise:*_noise record decoded by
 * @reader's sample source.  -1 when none can be had (said).
 */
int source_counts_open(struct collector *c, struct tracefs_backend *reader);
/*
 * Whether a BPF program can count the sources: the kernel has the four
 * osnoise:*_noise events (else said) and RTLA_NO_BPF does not rule it out.
 */
bool source_counts_bpf_possible(struct collector *c);
/*
 * The kernel's counts into the results' sources (replacing them); after
 * source_counts_freeze(), nothing: the counts are those it read.
 */
void source_counts_read(struct collector *c);
/* The window has ended: its counts are read now. */
void source_counts_freeze(struct collector *c);
/* Forget what was counted (a warm-up's end). */
void source_counts_reset(struct collector *c);
/*
 * Remove the triggers, close the program; NULL-safe for a collector
 * without them.
 */
void source_counts_close(struct collector *c);

#endif
