/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_BPF_LOADER_H
#define RTLA_BPF_LOADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "collect/timerlat_bpf.h"
#include "model/results.h"

/*
 * Samples counted in the kernel by a BPF program on
 * osnoise:timerlat_sample (timerlat) or osnoise:sample_threshold
 * (osnoise): nothing is read per sample; a timerlat stop threshold's hit
 * arrives through a ring buffer.  --sources' noise events counted by
 * source, with the samples or alone.
 */
struct bpf_loader;

struct bpf_loader_config {
	unsigned int entries;		/* histogram buckets, 0 in top mode */
	unsigned int bucket_size;	/* in displayed units */
	unsigned int divisor;		/* ns per displayed unit */
	uint64_t irq_stop_us;		/* -i, 0: none */
	uint64_t thread_stop_us;	/* -T, 0: none */
	unsigned int latency_offset;	/* of timer_latency in the record */
	unsigned int context_offset;	/* of context */
	bool noise;			/* osnoise's noise, not timerlat */
	/*
	 * --sources, for @nr_cpus CPUs: timerlat's inside the threads'
	 * windows where the program counts its samples, else all along
	 */
	bool sources;
	bool sources_only;		/* no sample counted: the sources alone */
	int nr_cpus;
};

struct tep_handle;

/*
 * Fill @config's field offsets from osnoise:timerlat_sample's format in
 * @tep; -1 when the event or a field of the expected size is missing.
 */
int bpf_sample_offsets(struct tep_handle *tep,
		       struct bpf_loader_config *config);

/* Whether this rtla was built with BPF (the bpf backend). */
bool bpf_loader_built(void);

/*
 * Load and attach the program; NULL with the reason in @why when it
 * cannot (not built in, no tracepoint, the kernel refused it).
 */
struct bpf_loader *bpf_loader_open(const struct bpf_loader_config *config,
					 char *why, size_t len);
void bpf_loader_close(struct bpf_loader *loader);

/* rtla 7.x's --bpf-action ABI: this program of a tp/ section. */
#define BPF_ACTION_PROGRAM	"action_handler"

/*
 * Load @path's BPF_ACTION_PROGRAM for the program to tail-call on a stop
 * threshold's hit; -1 with the reason in @why (no such file, no such
 * program, the kernel refused it).
 */
int bpf_loader_set_action(struct bpf_loader *loader,
			     const char *path, char *why, size_t len);

/* Threshold hits waiting in the ring buffer (each counted once), or -1. */
int bpf_loader_poll(struct bpf_loader *loader);
/*
 * Sleep up to @timeout_ns, or until a threshold hit waits in the ring
 * buffer (or a signal comes).
 */
void bpf_loader_wait(struct bpf_loader *loader, long timeout_ns);

/* Count again after a hit (--on-threshold continue). */
void bpf_loader_resume(struct bpf_loader *loader);
/* Count nothing more: the measured window has ended. */
void bpf_loader_freeze(struct bpf_loader *loader);
/* Forget what was counted (after a warm-up). */
int bpf_loader_reset(struct bpf_loader *loader);
/* Put what the program counted into @results; 0, or -1 (errno). */
int bpf_loader_read(struct bpf_loader *loader,
		       struct rtla_results *results);
struct noise_sources;
/*
 * Add the sources counted to @s, and the events the map had no room for
 * (1088 sources a CPU) to @s->dropped; 0, or -1 (errno).
 */
int bpf_loader_read_sources(struct bpf_loader *loader,
			       struct noise_sources *s);
/* Threshold hits the ring buffer had no room for. */
uint64_t bpf_loader_lost(const struct bpf_loader *loader);

/*
 * One CPU's counts as the maps hold them: @stats per kernel context,
 * @hist slots as tlb_hist_slot() lays them out (NULL in top mode);
 * @noise: osnoise's counts, in context 0.
 */
void bpf_counts_apply(struct rtla_results *results, int cpu,
		      const struct tlb_stats *stats,
		      const unsigned long long *hist, unsigned int entries,
		      bool noise);

/*
 * One CPU's window extremes as the windows map holds them (per kernel
 * context, tlb_window_slot()'s two slots): those of window @window into
 * the results' window extremes.
 */
void bpf_window_apply(struct rtla_results *results, int cpu,
		      const struct tlb_window *slots, unsigned long long window,
		      bool noise);
/*
 * The monitor's window closes: the program moves to the next one, then
 * the closing one's extremes become @results' window extremes.  0, or
 * -1 (errno).
 */
int bpf_loader_close_window(struct bpf_loader *loader,
			       struct rtla_results *results);

#endif
