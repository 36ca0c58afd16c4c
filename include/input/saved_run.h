/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_SAVED_RUN_H
#define RTLA_SAVED_RUN_H

#include <stddef.h>
#include <stdint.h>

#include <time.h>

#include "params/params.h"
#include "model/results.h"
#include "model/system_facts.h"

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
 * Read @path ("-": stdin) into @run: 0, or -1 with a one-line reason in
 * @why.  saved_run_free() after a success.
 */
int saved_run_read(const char *path, struct saved_run *run, char *why,
		   size_t size);
/* The same from a JSON text in memory (the fuzzer's entry). */
int saved_run_parse(const char *text, size_t len, struct saved_run *run,
		    char *why, size_t size);
void saved_run_free(struct saved_run *run);

#endif
