/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_SYSTEM_FACTS_H
#define RTLA_SYSTEM_FACTS_H

#include <stdbool.h>

/* The facts of the machine that decide latency. */
struct system_facts {
	char sysname[65];
	char nodename[65];
	char release[65];
	char version[65];
	char machine[65];
	bool realtime;
	char preemption[32];
	char cmdline[4096];
	char isolcpus[256];
	char nohz_full[256];
	char clocksource[64];
	int cpu_dma_latency_us;		/* -1: unknown */
};

/* The kernel's value for "no limit" on /dev/cpu_dma_latency. */
#define CPU_DMA_LATENCY_NO_LIMIT_US	2000000000

/* A latency limit is in force (known, and not the no-limit default). */
static inline bool system_dma_latency_limited(const struct system_facts *facts)
{
	return facts->cpu_dma_latency_us >= 0 &&
	       facts->cpu_dma_latency_us < CPU_DMA_LATENCY_NO_LIMIT_US;
}

#endif
