/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_BPF_LOADER_PRIV_H
#define RTLA_BPF_LOADER_PRIV_H

/*
 * The loaded program's state, shared by bpf_loader.c (load, attach,
 * poll) and bpf_loader_maps.c (read and clear the maps).  Only with
 * RTLA_BPF.
 */
#include "collect/bpf_loader.h"

struct bpf_loader {
	struct timerlat_bpf *skel;
	struct ring_buffer *ring;
	struct bpf_object *action;	/* --bpf-action's, or NULL */
	unsigned int entries;
	unsigned int nr_slots;
	int nr_possible;
	int hits;			/* counted by the ring buffer callback */
	/* read buffers, sized at open: nothing is allocated after */
	struct tlb_stats *stats;	/* [context][possible CPU] */
	struct tlb_window *windows;	/* [window slot][possible CPU] */
	struct tlb_window cpu_windows[TLB_NR_WINDOW_SLOTS];
	unsigned long long window;	/* the monitor's current window */
	unsigned long long *hist;	/* [slot][possible CPU] */
	unsigned long long *cpu_hist;	/* one CPU's slots */
	unsigned int *keys;		/* a batch read's keys */
	bool no_batch;			/* the kernel reads no map in batches */
	bool noise;			/* osnoise: context 0 is the noise */
	bool sources;			/* the sources maps are in use */
	struct tlb_cached_source *cache; /* the cache map, mapped */
	size_t cache_size;
	void *zeros;
};

#endif
