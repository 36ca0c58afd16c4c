// SPDX-License-Identifier: GPL-2.0
/* The BPF collector where rtla was built without it: nothing loads. */
#include <errno.h>
#include <stdio.h>

#include "collect/bpf_collector.h"

#ifndef RTLA_BPF

bool bpf_collector_built(void)
{
	return false;
}

struct bpf_collector *bpf_collector_open(const struct bpf_collector_config *config,
					 char *why, size_t len)
{
	snprintf(why, len, "rtla was built without it (libbpf-dev, clang and bpftool were missing)");
	errno = ENOTSUP;
	return NULL;
}

void bpf_collector_close(struct bpf_collector *collector)
{
}

int bpf_collector_set_action(struct bpf_collector *collector,
			     const char *path, char *why, size_t len)
{
	snprintf(why, len, "rtla was built without BPF support");
	errno = ENOTSUP;
	return -1;
}

int bpf_collector_poll(struct bpf_collector *collector)
{
	return 0;
}

void bpf_collector_wait(struct bpf_collector *collector, long timeout_ns)
{
}

void bpf_collector_resume(struct bpf_collector *collector)
{
}

void bpf_collector_freeze(struct bpf_collector *collector)
{
}

int bpf_collector_reset(struct bpf_collector *collector)
{
	return 0;
}

int bpf_collector_read(struct bpf_collector *collector,
		       struct rtla_results *results)
{
	errno = ENOTSUP;
	return -1;
}

int bpf_collector_read_sources(struct bpf_collector *collector,
			       struct noise_sources *s)
{
	errno = ENOTSUP;
	return -1;
}

uint64_t bpf_collector_lost(const struct bpf_collector *collector)
{
	return 0;
}

int bpf_collector_close_window(struct bpf_collector *collector,
			       struct rtla_results *results)
{
	errno = ENOTSUP;
	return -1;
}

#endif
