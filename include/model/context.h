/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_CONTEXT_H
#define RTLA_CONTEXT_H

/*
 * What a sample measures.  The first three are timerlat's, numbered as
 * the kernel numbers the context field of its records.
 */
enum sample_context {
	CTX_IRQ,		/* timer IRQ latency */
	CTX_THREAD,		/* measuring thread wake-up latency */
	CTX_USER,		/* return to a user-space measuring thread */
	CTX_NOISE,		/* osnoise: the duration of one noise */
	NR_CONTEXTS
};

#endif
