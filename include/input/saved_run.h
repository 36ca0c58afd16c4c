/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_SAVED_RUN_H
#define RTLA_SAVED_RUN_H

#include <stddef.h>
#include <stdint.h>

#include <time.h>

#include "params/params.h"
#include "model/results.h"
#include "model/system_facts.h"

/*
 * The largest report rtla reads: its parse takes some 40 times the
 * file's size, and rtla's own reports list only the buckets that hold a
 * sample.
 */
#define SAVED_MAX_BYTES		((size_t)32 << 20)
#define SAVED_MAX_TEXT		"32 MiB"
/* The most its histograms' buckets may take in memory. */
#define SAVED_MAX_HIST_BYTES	((uint64_t)256 << 20)

/* Who wrote a saved report. */
enum saved_source {
	SAVED_RTLA,		/* rtla's --json */
	SAVED_CYCLICTEST,	/* rt-tests' cyclictest --json */
};

/*
 * A run read back from its JSON report: the parameters and results the
 * renderers and writers take, as the live run had them (cyclictest's
 * threads become timerlat's thread context, one per CPU).
 */
struct saved_run {
	enum saved_source source;
	char path[256];
	char tool[32];			/* "timerlat hist"; "cyclictest" */
	time_t start_time;		/* 0: unknown */
	time_t end_time;
	int return_code;
	char collector[16];
	struct system_facts system;
	struct rtla_params params;
	struct rtla_results results;
};

/*
 * A JSON text in memory into @run (saved_input_read() reads a file):
 * 0, or -1 with a one-line reason in @why.  saved_run_free() after a
 * success.
 */
int saved_run_parse(const char *text, size_t len, struct saved_run *run,
		    char *why, size_t size);
void saved_run_free(struct saved_run *run);

#endif
