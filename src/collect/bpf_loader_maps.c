// SPDX-License-Identifier: GPL-2.0
/* The BPF program's maps: read into the results, and cleared. */
#ifdef RTLA_BPF

#include <errno.h>
#include <string.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "collect/bpf_loader_priv.h"
#include "model/sources.h"
#include "timerlat.skel.h"

/*
 * Elements 0..@n-1 of a per-CPU array set to zero, @values (@size bytes a
 * CPU each) the room for them: in one system call where the kernel updates
 * maps in batches, else one an element.
 */
static int zero_array(struct bpf_loader *c, int fd, unsigned int n,
		      void *values, size_t size)
{
	unsigned int key, count = n;

	memset(values, 0, (size_t)n * size * c->nr_possible);
	for (key = 0; key < n; key++)
		c->keys[key] = key;
	if (!c->no_batch &&
	    !bpf_map_update_batch(fd, c->keys, values, &count, NULL))
		return 0;
	for (key = 0; key < n; key++)
		if (bpf_map_update_elem(fd, &key, c->zeros, BPF_ANY))
			return -1;
	return 0;
}

/* Every window source forgotten. */
static int clear_sources(struct bpf_loader *c)
{
	int fd = bpf_map__fd(c->skel->maps.sources);
	struct tlb_source_key key;

	memset(c->cache, 0, c->cache_size);
	while (!bpf_map_get_next_key(fd, NULL, &key))
		if (bpf_map_delete_elem(fd, &key) && errno != ENOENT)
			return -1;
	return 0;
}

int bpf_loader_reset(struct bpf_loader *c)
{
	unsigned long long zero = 0;
	unsigned int key = TLB_LOST_SOURCES;

	if (c->sources &&
	    (clear_sources(c) ||
	     bpf_map_update_elem(bpf_map__fd(c->skel->maps.state), &key,
				 &zero, BPF_ANY)))
		return -1;
	if (zero_array(c, bpf_map__fd(c->skel->maps.stats), TLB_NR_CONTEXTS,
		       c->stats, sizeof(*c->stats)) ||
	    zero_array(c, bpf_map__fd(c->skel->maps.windows),
		       TLB_NR_WINDOW_SLOTS, c->windows, sizeof(*c->windows)))
		return -1;
	return zero_array(c, bpf_map__fd(c->skel->maps.hist), c->nr_slots,
			  c->hist, sizeof(*c->hist));
}

/*
 * Elements 0..@n-1 of a per-CPU array into @values, @size bytes a CPU
 * each: in one system call where the kernel reads maps in batches (5.6+),
 * else one an element.
 */
static int read_array(struct bpf_loader *c, int fd, unsigned int n,
		      void *values, size_t size)
{
	size_t stride = size * c->nr_possible;
	unsigned int key, count = n, next;

	if (!c->no_batch) {
		if (!bpf_map_lookup_batch(fd, NULL, &next, c->keys, values,
					  &count, NULL) ||
		    (errno == ENOENT && count == n))
			return 0;
		/* older kernels: EINVAL; no batch operation: ENOTSUPP */
		c->no_batch = true;
	}
	for (key = 0; key < n; key++)
		if (bpf_map_lookup_elem(fd, &key, (char *)values + key * stride))
			return -1;
	return 0;
}

/* One CPU's elements of @all, a per-CPU array's @n, into @cpu_values. */
static void cpu_values(const struct bpf_loader *c, int cpu, void *all,
		       unsigned int n, size_t size, void *cpu_values)
{
	unsigned int key;

	for (key = 0; key < n; key++)
		memcpy((char *)cpu_values + key * size,
		       (char *)all + (key * c->nr_possible + cpu) * size, size);
}

int bpf_loader_read(struct bpf_loader *c, struct rtla_results *results)
{
	int stats_fd = bpf_map__fd(c->skel->maps.stats);
	int hist_fd = bpf_map__fd(c->skel->maps.hist);
	struct tlb_stats cpu_stats[TLB_NR_CONTEXTS];
	int cpu;

	if (read_array(c, stats_fd, TLB_NR_CONTEXTS, c->stats,
		       sizeof(*c->stats)))
		return -1;
	if (c->entries && read_array(c, hist_fd, c->nr_slots, c->hist,
				     sizeof(*c->hist)))
		return -1;
	for (cpu = 0; cpu < c->nr_possible && cpu < results->nr_cpus; cpu++) {
		cpu_values(c, cpu, c->stats, TLB_NR_CONTEXTS, sizeof(*c->stats),
			   cpu_stats);
		cpu_values(c, cpu, c->hist, c->entries ? c->nr_slots : 0,
			   sizeof(*c->hist), c->cpu_hist);
		bpf_counts_apply(results, cpu, cpu_stats,
				 c->entries ? c->cpu_hist : NULL, c->entries,
				 c->noise);
	}
	return 0;
}

/*
 * Right after the counts were read: a sample between the two reads has
 * its count in the next window and its value in this one's extremes.
 */
int bpf_loader_close_window(struct bpf_loader *c,
			       struct rtla_results *results)
{
	unsigned long long closing = c->window++;
	unsigned int key = TLB_WINDOW;
	int cpu;

	if (bpf_map_update_elem(bpf_map__fd(c->skel->maps.state), &key,
				&c->window, BPF_ANY) ||
	    read_array(c, bpf_map__fd(c->skel->maps.windows),
		       TLB_NR_WINDOW_SLOTS, c->windows, sizeof(*c->windows)))
		return -1;
	results_window_restart(results);
	for (cpu = 0; cpu < c->nr_possible && cpu < results->nr_cpus; cpu++) {
		cpu_values(c, cpu, c->windows, TLB_NR_WINDOW_SLOTS,
			   sizeof(*c->windows), c->cpu_windows);
		bpf_window_apply(results, cpu, c->cpu_windows, closing,
				 c->noise);
	}
	return 0;
}

static enum source_kind source_kind_of(unsigned int tlb_kind)
{
	switch (tlb_kind) {
	case TLB_SOURCE_IRQ:
		return SOURCE_IRQ;
	case TLB_SOURCE_SOFTIRQ:
		return SOURCE_SOFTIRQ;
	case TLB_SOURCE_THREAD:
		return SOURCE_THREAD;
	case TLB_SOURCE_NMI:
		return SOURCE_NMI;
	}
	return NR_SOURCE_KINDS;
}

/* The cache's taken slots of the CPUs @s has. */
static int read_cache(struct bpf_loader *c, struct noise_sources *s)
{
	unsigned int cpu, kind, slot;
	struct tlb_cached_source *cached;
	struct tlb_source src;

	for (cpu = 0; cpu < (unsigned int)c->nr_possible &&
	     cpu < (unsigned int)s->nr_cpus; cpu++) {
		for (kind = 0; kind < TLB_NR_SOURCE_KINDS; kind++) {
			cached = c->cache + tlb_cache_slot(cpu, kind, 0);
			for (slot = 0; slot < TLB_CACHE_SLOTS; slot++) {
				src = cached[slot].src;
				if (!src.count)
					continue;
				if (sources_add(s, (int)cpu, source_kind_of(kind),
						src.desc, sizeof(src.desc),
						cached[slot].id, src.count,
						src.total_ns, src.max_ns)) {
					errno = ENOMEM;
					return -1;
				}
			}
		}
	}
	return 0;
}

int bpf_loader_read_sources(struct bpf_loader *c,
			       struct noise_sources *s)
{
	int fd = bpf_map__fd(c->skel->maps.sources), err;
	unsigned int lost_key = TLB_LOST_SOURCES;
	unsigned long long lost = 0;
	struct tlb_source_key key, next;
	struct tlb_source src;
	enum source_kind kind;

	if (!c->sources)
		return 0;
	if (!bpf_map_lookup_elem(bpf_map__fd(c->skel->maps.state), &lost_key,
				 &lost))
		s->dropped += lost;
	if (read_cache(c, s))
		return -1;
	for (err = bpf_map_get_next_key(fd, NULL, &next); !err;
	     err = bpf_map_get_next_key(fd, &key, &next)) {
		key = next;
		if (bpf_map_lookup_elem(fd, &key, &src))
			continue;	/* deleted meanwhile */
		if (key.cpu >= (unsigned int)s->nr_cpus)
			continue;	/* not a CPU the results have */
		kind = source_kind_of(key.kind);
		if (kind == NR_SOURCE_KINDS)
			continue;
		if (sources_add(s, (int)key.cpu, kind, src.desc,
				sizeof(src.desc), key.id, src.count,
				src.total_ns, src.max_ns)) {
			errno = ENOMEM;
			return -1;
		}
	}
	return errno == ENOENT ? 0 : -1;
}

uint64_t bpf_loader_lost(const struct bpf_loader *c)
{
	unsigned long long lost = 0;
	unsigned int key = TLB_LOST_HITS;

	if (bpf_map_lookup_elem(bpf_map__fd(c->skel->maps.state), &key, &lost))
		return 0;
	return lost;
}

#endif
