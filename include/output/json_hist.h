/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_JSON_HIST_H
#define RTLA_JSON_HIST_H

#include <json.h>

#include "model/stats.h"

/* {"p50": 12, ..., "p99.99": null}: null when past the last bucket. */
struct json_object *json_percentiles(const struct histogram *hist);

#endif
