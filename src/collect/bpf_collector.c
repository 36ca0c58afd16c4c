// SPDX-License-Identifier: GPL-2.0
/* timerlat's BPF collector: load, attach, read the maps. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/bpf_collector.h"

#ifdef RTLA_BPF

#include <poll.h>
#include <sys/mman.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "model/sources.h"
#include "timerlat.skel.h"

/*
 * The window sources' map: room for this many a measured CPU, threads
 * (which come and go) and the rest, as the hist triggers have.
 */
#define SOURCES_PER_CPU		(1024 + 64)
#define SOURCES_MIN		256

struct bpf_collector {
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

bool bpf_collector_built(void)
{
	return true;
}

/* libbpf's complaints go to -D's channel only: it is silenced here. */
static int quiet(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	return 0;
}

static int on_hit(void *ctx, void *data, size_t size)
{
	struct bpf_collector *collector = ctx;

	if (size >= sizeof(struct tlb_hit))
		collector->hits++;
	return 0;
}

static int alloc_buffers(struct bpf_collector *c)
{
	size_t stats_size = sizeof(struct tlb_stats) * c->nr_possible;
	size_t hist_size = sizeof(unsigned long long) * c->nr_possible;

	c->stats = calloc(TLB_NR_CONTEXTS, stats_size);
	c->hist = calloc(c->nr_slots, hist_size);
	c->windows = calloc(TLB_NR_WINDOW_SLOTS,
			    sizeof(*c->windows) * c->nr_possible);
	c->cpu_hist = calloc(c->nr_slots, sizeof(unsigned long long));
	c->keys = calloc(c->nr_slots > TLB_NR_WINDOW_SLOTS ? c->nr_slots :
			 TLB_NR_WINDOW_SLOTS, sizeof(*c->keys));
	c->zeros = calloc(1, stats_size > hist_size ? stats_size : hist_size);
	return c->stats && c->hist && c->windows && c->cpu_hist && c->keys &&
	       c->zeros ? 0 : -1;
}

/* The cache map into rtla's memory: read and cleared with no system call. */
static int map_cache(struct bpf_collector *c)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t size = sizeof(*c->cache) *
		      bpf_map__max_entries(c->skel->maps.cache);
	void *p;

	c->cache_size = (size + page - 1) / page * page;
	p = mmap(NULL, c->cache_size, PROT_READ | PROT_WRITE, MAP_SHARED,
		 bpf_map__fd(c->skel->maps.cache), 0);
	if (p == MAP_FAILED)
		return -1;
	c->cache = p;
	return 0;
}

struct bpf_collector *bpf_collector_open(const struct bpf_collector_config *config,
					 char *why, size_t len)
{
	struct tlb_config settings = {
		.irq_stop_us = config->irq_stop_us,
		.thread_stop_us = config->thread_stop_us,
		.entries = config->entries,
		.bucket_size = config->bucket_size ? config->bucket_size : 1,
		.divisor = config->divisor ? config->divisor : 1,
		.latency_offset = config->latency_offset,
		.context_offset = config->context_offset,
	};
	unsigned int room;
	struct bpf_collector *c = calloc(1, sizeof(*c));
	unsigned int key = 0;
	int err;

	if (!c) {
		snprintf(why, len, "out of memory");
		return NULL;
	}
	libbpf_set_print(quiet);
	c->entries = config->entries;
	c->noise = config->noise;
	c->nr_slots = tlb_hist_slot(TLB_NR_CONTEXTS, 0, config->entries);
	c->nr_possible = libbpf_num_possible_cpus();
	if (c->nr_possible <= 0) {
		snprintf(why, len, "cannot count the possible CPUs");
		goto fail;
	}
	c->skel = timerlat_bpf__open();
	if (!c->skel) {
		snprintf(why, len, "cannot open the BPF program: %s",
			 strerror(errno));
		goto fail;
	}
	bpf_map__set_max_entries(c->skel->maps.hist, c->nr_slots);
	/* one program loads, or none: the other's tracepoint may not exist */
	bpf_program__set_autoload(c->skel->progs.count_sample,
				  !config->sources_only && !config->noise);
	bpf_program__set_autoload(c->skel->progs.count_noise,
				  !config->sources_only && config->noise);
	c->sources = config->sources || config->sources_only;
	settings.windows = c->sources && !config->sources_only &&
			   !config->noise;
	bpf_program__set_autoload(c->skel->progs.count_irq_noise, c->sources);
	bpf_program__set_autoload(c->skel->progs.count_softirq_noise,
				  c->sources);
	bpf_program__set_autoload(c->skel->progs.count_thread_noise,
				  c->sources);
	bpf_program__set_autoload(c->skel->progs.count_nmi_noise, c->sources);
	room = SOURCES_PER_CPU * (config->nr_cpus > 0 ? config->nr_cpus : 1);
	bpf_map__set_max_entries(c->skel->maps.sources,
				 room > SOURCES_MIN ? room : SOURCES_MIN);
	if (c->sources)
		bpf_map__set_max_entries(c->skel->maps.cache,
					 tlb_cache_slot(c->nr_possible, 0, 0));
	err = timerlat_bpf__load(c->skel);
	if (err) {
		snprintf(why, len, "the kernel refused the BPF program: %s",
			 strerror(-err));
		goto fail;
	}
	if (c->sources && map_cache(c)) {
		snprintf(why, len, "cannot map the BPF sources' cache: %s",
			 strerror(errno));
		goto fail;
	}
	if (bpf_map_update_elem(bpf_map__fd(c->skel->maps.config), &key,
				&settings, BPF_ANY)) {
		snprintf(why, len, "cannot write the BPF program's settings: %s",
			 strerror(errno));
		goto fail;
	}
	err = timerlat_bpf__attach(c->skel);
	if (err) {
		snprintf(why, len, "cannot attach to osnoise:%s: %s",
			 config->sources_only ? "*_noise" :
			 config->noise ? "sample_threshold" : "timerlat_sample",
			 strerror(-err));
		goto fail;
	}
	c->ring = ring_buffer__new(bpf_map__fd(c->skel->maps.hits), on_hit,
				   c, NULL);
	if (!c->ring) {
		snprintf(why, len, "cannot map the BPF ring buffer: %s",
			 strerror(errno));
		goto fail;
	}
	if (alloc_buffers(c)) {
		snprintf(why, len, "out of memory");
		goto fail;
	}
	return c;
fail:
	bpf_collector_close(c);
	return NULL;
}

void bpf_collector_close(struct bpf_collector *c)
{
	if (!c)
		return;
	ring_buffer__free(c->ring);
	if (c->cache)
		munmap(c->cache, c->cache_size);
	timerlat_bpf__destroy(c->skel);
	bpf_object__close(c->action);
	free(c->stats);
	free(c->windows);
	free(c->hist);
	free(c->cpu_hist);
	free(c->keys);
	free(c->zeros);
	free(c);
}

int bpf_collector_set_action(struct bpf_collector *c, const char *path,
			     char *why, size_t len)
{
	struct bpf_program *prog;
	unsigned int key = 0;
	int err, fd;

	if (c->action) {
		snprintf(why, len, "only one BPF action");
		return -1;
	}
	c->action = bpf_object__open_file(path, NULL);
	if (!c->action) {
		snprintf(why, len, "cannot open the BPF action %s: %s", path,
			 strerror(errno));
		return -1;
	}
	prog = bpf_object__find_program_by_name(c->action, BPF_ACTION_PROGRAM);
	if (!prog) {
		snprintf(why, len, "%s has no BPF program %s (in a tp/ section such as tp/timerlat_action)",
			 path, BPF_ACTION_PROGRAM);
		goto fail;
	}
	err = bpf_object__load(c->action);
	if (err) {
		snprintf(why, len, "the kernel refused the BPF action in %s: %s",
			 path, strerror(-err));
		goto fail;
	}
	fd = bpf_program__fd(prog);
	if (bpf_map_update_elem(bpf_map__fd(c->skel->maps.action), &key, &fd,
				BPF_ANY)) {
		snprintf(why, len, "cannot chain the BPF action in %s to rtla's program (not a tp/ program?): %s",
			 path, strerror(errno));
		goto fail;
	}
	return 0;
fail:
	bpf_object__close(c->action);
	c->action = NULL;
	return -1;
}

int bpf_collector_poll(struct bpf_collector *c)
{
	int hits;

	c->hits = 0;
	if (ring_buffer__consume(c->ring) < 0)
		return -1;
	hits = c->hits;
	c->hits = 0;
	return hits;
}

void bpf_collector_wait(struct bpf_collector *c, long timeout_ns)
{
	struct pollfd fd = { .fd = ring_buffer__epoll_fd(c->ring),
			     .events = POLLIN };

	/* a signal ends the wait early, as it ends a nanosleep() */
	poll(&fd, 1, (int)((timeout_ns + 999999) / 1000000));
}

static void set_stopped(struct bpf_collector *c, unsigned long long stopped)
{
	unsigned int key = TLB_STOPPED;

	bpf_map_update_elem(bpf_map__fd(c->skel->maps.state), &key, &stopped,
			    BPF_ANY);
}

void bpf_collector_resume(struct bpf_collector *c)
{
	set_stopped(c, 0);
}

void bpf_collector_freeze(struct bpf_collector *c)
{
	set_stopped(c, 1);
}

/*
 * Elements 0..@n-1 of a per-CPU array set to zero, @values (@size bytes a
 * CPU each) the room for them: in one system call where the kernel updates
 * maps in batches, else one an element.
 */
static int zero_array(struct bpf_collector *c, int fd, unsigned int n,
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
static int clear_sources(struct bpf_collector *c)
{
	int fd = bpf_map__fd(c->skel->maps.sources);
	struct tlb_source_key key;

	memset(c->cache, 0, c->cache_size);
	while (!bpf_map_get_next_key(fd, NULL, &key))
		if (bpf_map_delete_elem(fd, &key) && errno != ENOENT)
			return -1;
	return 0;
}

int bpf_collector_reset(struct bpf_collector *c)
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
static int read_array(struct bpf_collector *c, int fd, unsigned int n,
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
static void cpu_values(const struct bpf_collector *c, int cpu, void *all,
		       unsigned int n, size_t size, void *cpu_values)
{
	unsigned int key;

	for (key = 0; key < n; key++)
		memcpy((char *)cpu_values + key * size,
		       (char *)all + (key * c->nr_possible + cpu) * size, size);
}

int bpf_collector_read(struct bpf_collector *c, struct rtla_results *results)
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
int bpf_collector_close_window(struct bpf_collector *c,
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
static int read_cache(struct bpf_collector *c, struct noise_sources *s)
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

int bpf_collector_read_sources(struct bpf_collector *c,
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

uint64_t bpf_collector_lost(const struct bpf_collector *c)
{
	unsigned long long lost = 0;
	unsigned int key = TLB_LOST_HITS;

	if (bpf_map_lookup_elem(bpf_map__fd(c->skel->maps.state), &key, &lost))
		return 0;
	return lost;
}

#endif
