/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_RENDER_AA_H
#define RTLA_RENDER_AA_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "model/aa.h"

/* The name of a kernel address, or NULL when unknown. */
typedef const char *(*aa_symbol_fn)(void *ctx, uint64_t addr);

struct aa_render_opts {
	uint64_t irq_thresh_ns;		/* 0: no IRQ stop threshold */
	uint64_t thread_thresh_ns;	/* 0: no thread stop threshold */
	enum aa_stack_format stack_format;
	bool dump_tasks;
	aa_symbol_fn symbol;		/* NULL: no stack is printed */
	void *symbol_ctx;
};

/* rtla 7.2's analysis of every CPU that hit a stop threshold. */
void render_aa(FILE *out, const struct aa *aa,
	       const struct aa_render_opts *opts);

#endif
