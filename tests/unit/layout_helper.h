/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_LAYOUT_HELPER_H
#define RTLA_LAYOUT_HELPER_H

#include "params/params.h"
#include "model/results.h"

/* Results laid out as the command line @params asks, as a run does. */
static inline int results_alloc_params(struct rtla_results *results,
				       const struct rtla_params *params,
				       int nr_cpus)
{
	struct results_layout layout = params_results_layout(params);

	return results_alloc(results, &layout, nr_cpus);
}

static inline uint64_t histogram_bytes_params(const struct rtla_params *params,
					      int nr_cpus)
{
	struct results_layout layout = params_results_layout(params);

	return results_histogram_bytes(&layout, nr_cpus);
}

#endif
