// SPDX-License-Identifier: GPL-2.0
/* The BPF loader where rtla was built without BPF: nothing loads. */
#include <errno.h>
#include <stdio.h>

#include "collect/bpf_loader.h"

#ifndef RTLA_BPF

bool bpf_loader_built(void)
{
	return false;
}

struct bpf_loader *bpf_loader_open(const struct bpf_loader_config *config,
					 char *why, size_t len)
{
	snprintf(why, len, "rtla was built without it (libbpf-dev, clang and bpftool were missing)");
	errno = ENOTSUP;
	return NULL;
}

void bpf_loader_close(struct bpf_loader *loader)
{
}

int bpf_loader_set_action(struct bpf_loader *loader,
			     const char *path, char *why, size_t len)
{
	snprintf(why, len, "rtla was built without BPF support");
	errno = ENOTSUP;
	return -1;
}

int bpf_loader_poll(struct bpf_loader *loader)
{
	return 0;
}

void bpf_loader_wait(struct bpf_loader *loader, long timeout_ns)
{
}

void bpf_loader_resume(struct bpf_loader *loader)
{
}

void bpf_loader_freeze(struct bpf_loader *loader)
{
}

int bpf_loader_reset(struct bpf_loader *loader)
{
	return 0;
}

int bpf_loader_read(struct bpf_loader *loader,
		       struct rtla_results *results)
{
	errno = ENOTSUP;
	return -1;
}

int bpf_loader_read_sources(struct bpf_loader *loader,
			       struct noise_sources *s)
{
	errno = ENOTSUP;
	return -1;
}

uint64_t bpf_loader_lost(const struct bpf_loader *loader)
{
	return 0;
}

int bpf_loader_close_window(struct bpf_loader *loader,
			       struct rtla_results *results)
{
	errno = ENOTSUP;
	return -1;
}

#endif
