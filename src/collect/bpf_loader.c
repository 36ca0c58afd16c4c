// SPDX-License-Identifier: GPL-2.0
/* timerlat's and osnoise's BPF program: load, attach, read the maps. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/bpf_loader.h"

#ifdef RTLA_BPF

#include <poll.h>
#include <sys/mman.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "collect/bpf_loader_priv.h"
#include "timerlat.skel.h"

/*
 * The window sources' map: room for this many a measured CPU, threads
 * (which come and go) and the rest, as the hist triggers have.
 */
#define SOURCES_PER_CPU		(1024 + 64)
#define SOURCES_MIN		256

bool bpf_loader_built(void)
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
	struct bpf_loader *loader = ctx;

	if (size >= sizeof(struct tlb_hit))
		loader->hits++;
	return 0;
}

static int alloc_buffers(struct bpf_loader *c)
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
static int map_cache(struct bpf_loader *c)
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

/*
 * Which of the skeleton's programs load (the one for the samples, the
 * sources' four), and the maps' sizes.
 */
static void choose_programs(struct bpf_loader *c,
			    const struct bpf_loader_config *config)
{
	struct timerlat_bpf *skel = c->skel;
	unsigned int room;

	bpf_map__set_max_entries(skel->maps.hist, c->nr_slots);
	/* one program loads, or none: the other's tracepoint may not exist */
	bpf_program__set_autoload(skel->progs.count_sample,
				  !config->sources_only && !config->noise);
	bpf_program__set_autoload(skel->progs.count_noise,
				  !config->sources_only && config->noise);
	c->sources = config->sources || config->sources_only;
	bpf_program__set_autoload(skel->progs.count_irq_noise, c->sources);
	bpf_program__set_autoload(skel->progs.count_softirq_noise, c->sources);
	bpf_program__set_autoload(skel->progs.count_thread_noise, c->sources);
	bpf_program__set_autoload(skel->progs.count_nmi_noise, c->sources);
	room = SOURCES_PER_CPU * (config->nr_cpus > 0 ? config->nr_cpus : 1);
	bpf_map__set_max_entries(skel->maps.sources,
				 room > SOURCES_MIN ? room : SOURCES_MIN);
	if (c->sources)
		bpf_map__set_max_entries(skel->maps.cache,
					 tlb_cache_slot(c->nr_possible, 0, 0));
}

/* Load the chosen programs, give them @settings, attach them. */
static int load_and_attach(struct bpf_loader *c,
			   const struct bpf_loader_config *config,
			   const struct tlb_config *settings,
			   char *why, size_t len)
{
	unsigned int key = 0;
	int err;

	err = timerlat_bpf__load(c->skel);
	if (err) {
		snprintf(why, len, "the kernel refused the BPF program: %s",
			 strerror(-err));
		return -1;
	}
	if (c->sources && map_cache(c)) {
		snprintf(why, len, "cannot map the BPF sources' cache: %s",
			 strerror(errno));
		return -1;
	}
	if (bpf_map_update_elem(bpf_map__fd(c->skel->maps.config), &key,
				settings, BPF_ANY)) {
		snprintf(why, len, "cannot write the BPF program's settings: %s",
			 strerror(errno));
		return -1;
	}
	err = timerlat_bpf__attach(c->skel);
	if (err) {
		snprintf(why, len, "cannot attach to osnoise:%s: %s",
			 config->sources_only ? "*_noise" :
			 config->noise ? "sample_threshold" : "timerlat_sample",
			 strerror(-err));
		return -1;
	}
	return 0;
}

struct bpf_loader *bpf_loader_open(const struct bpf_loader_config *config,
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
	struct bpf_loader *c = calloc(1, sizeof(*c));

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
	choose_programs(c, config);
	settings.windows = c->sources && !config->sources_only &&
			   !config->noise;
	if (load_and_attach(c, config, &settings, why, len))
		goto fail;
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
	bpf_loader_close(c);
	return NULL;
}

void bpf_loader_close(struct bpf_loader *c)
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

int bpf_loader_set_action(struct bpf_loader *c, const char *path,
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

int bpf_loader_poll(struct bpf_loader *c)
{
	int hits;

	c->hits = 0;
	if (ring_buffer__consume(c->ring) < 0)
		return -1;
	hits = c->hits;
	c->hits = 0;
	return hits;
}

void bpf_loader_wait(struct bpf_loader *c, long timeout_ns)
{
	struct pollfd fd = { .fd = ring_buffer__epoll_fd(c->ring),
			     .events = POLLIN };

	/* a signal ends the wait early, as it ends a nanosleep() */
	poll(&fd, 1, (int)((timeout_ns + 999999) / 1000000));
}

static void set_stopped(struct bpf_loader *c, unsigned long long stopped)
{
	unsigned int key = TLB_STOPPED;

	bpf_map_update_elem(bpf_map__fd(c->skel->maps.state), &key, &stopped,
			    BPF_ANY);
}

void bpf_loader_resume(struct bpf_loader *c)
{
	set_stopped(c, 0);
}

void bpf_loader_freeze(struct bpf_loader *c)
{
	set_stopped(c, 1);
}

#endif
