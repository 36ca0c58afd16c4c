/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_RENDER_H
#define RTLA_RENDER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "model/results.h"

/* What the command line asks of a printed summary. */
struct render_view {
	unsigned int entries;		/* hist: the buckets printed */
	unsigned int bucket_size;
	bool no_header;
	bool no_summary;
	bool no_index;
	bool with_zeros;
	bool percentiles;
	bool pretty;			/* top: colours */
	bool hwnoise;			/* top: hwnoise's title */
};

void render_hist(FILE *out, const struct render_view *view,
		 const struct rtla_results *results);
void render_timerlat_top(FILE *out, const struct render_view *view,
			 const struct rtla_results *results);
void render_osnoise_top(FILE *out, const struct render_view *view,
			const struct rtla_results *results);
/*
 * --sources: below the summary, each shown CPU's top sources and an
 * "other" line for the rest; nothing without --sources.
 */
void render_sources(FILE *out, const struct rtla_results *results);

/* How a top tool prints its summary. */
struct top_display {
	bool refresh;		/* a screen every second, then the last one */
	bool pretty;		/* colours */
};

struct top_display top_display(bool quiet, bool tty);

/* What starts each screen of a refreshing top tool. */
void render_screen_start(FILE *out);

#endif
