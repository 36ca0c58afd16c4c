/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_KERNEL_CONTEXT_H
#define RTLA_KERNEL_CONTEXT_H

#include <stdbool.h>
#include <stdint.h>

#include "collect/timerlat_bpf.h"
#include "model/context.h"

/*
 * The context a sample of the kernel's numbers @kernel measures, in
 * ours: for @noise (osnoise's samples, which have none) CTX_NOISE;
 * NR_CONTEXTS for a number the kernel does not give.  The one map from
 * the kernel's contexts to ours, for the records, the BPF program's
 * counts and the hist trigger's.
 */
static inline enum sample_context kernel_context(bool noise, uint64_t kernel)
{
	static const enum sample_context timerlat[TLB_NR_CONTEXTS] = {
		[0] = CTX_IRQ,
		[1] = CTX_THREAD,
		[2] = CTX_USER,
	};

	if (noise)
		return CTX_NOISE;
	return kernel < TLB_NR_CONTEXTS ? timerlat[kernel] :
	       NR_CONTEXTS;
}

#endif
