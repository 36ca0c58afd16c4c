/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_PARAMS_CHECK_H
#define RTLA_PARAMS_CHECK_H

#include <stdbool.h>

#include "params/params.h"

#define PARAMS_LINE_SIZE	400

/* What params_check() found, for the command line to say. */
struct params_verdict {
	char warning[PARAMS_LINE_SIZE];	/* said first; "" for none */
	char refusal[PARAMS_LINE_SIZE];	/* "" when the options go together */
	bool own_line;		/* the refusal is rtla 7.2's own line, said
				   as it is; else ours, after "rtla TOOL: " */
};

/*
 * The rules between a whole command line's options, after parsing:
 * 0, or -1 with @verdict's refusal.  A warning does not refuse.
 */
int params_check(const struct rtla_params *params,
		 struct params_verdict *verdict);

/*
 * What options imply when another did not set it: -a's and --aa-only's
 * thresholds (and -a's trace), hwnoise's threshold of 1 us.
 */
void params_resolve(struct rtla_params *params);

#endif
