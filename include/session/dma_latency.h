/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_DMA_LATENCY_H
#define RTLA_DMA_LATENCY_H

/* Hold /dev/cpu_dma_latency at @us; the fd to close when done, or -1. */
int dma_latency_open(int us);

#endif
