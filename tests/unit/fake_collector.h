/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_FAKE_COLLECTOR_H
#define RTLA_FAKE_COLLECTOR_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "collect/collector_backend.h"
#include "run/run.h"

/*
 * A collector with no kernel behind it, on a clock of its own: each wait
 * moves the clock on by its timeout, each drain adds one sample of 1 us
 * on CPU 0 (or the script's spike), and the script says when a stop
 * threshold is hit and when a signal comes.  A test linked with UNIT_WRAP (see the Makefile) has the
 * measuring loop read and sleep on the fake clock.
 */
#define FAKE_MAX_HITS	4
#define FAKE_MAX_SPIKES	2
/* more waits than any run of the tests takes: the loop does not end */
#define FAKE_MAX_WAITS	1000

struct fake_collector {
	struct collector base;
	/* the script, in ns on the fake clock */
	uint64_t hit_at_ns[FAKE_MAX_HITS];	/* in order; 0 ends the list */
	uint64_t signal_at_ns;			/* 0: none */
	int signal;
	/*
	 * Counted in the kernel, as the BPF collector: a drain reads
	 * nothing, a snapshot the 1-us samples of CPU 0's IRQ that came
	 * at 10 Hz since the clock's start.
	 */
	bool in_kernel;
	/* a drain from a spike's from_ns to before its to_ns: its ns */
	struct fake_spike {
		uint64_t ns, from_ns, to_ns;
	} spike[FAKE_MAX_SPIKES];
	uint64_t resume_ns;		/* the time a resume takes */
	/* what the loop did */
	int next_hit;
	bool hit;			/* a threshold hit not resumed */
	uint64_t stopped_at_ns;		/* collector_stop() */
	uint64_t reset_at_ns;		/* the last collector_reset() */
	uint64_t lost;			/* what collector_lost() reports */
	/*
	 * The calls in order, a letter each: w wait, d drain, r resume,
	 * s snapshot, R reset, f freeze, S stop, c collect, l lost.
	 */
	char calls[512];
	unsigned int waits;
};

/* Ready @fake for @results, its clock at 0. */
void fake_collector_init(struct fake_collector *fake,
			 struct rtla_results *results);

/* The fake clock, in ns. */
uint64_t fake_clock_ns(void);

/* A run of @tool on CPU 0 and a fake collector: the loops' tests' own. */
struct fake_run {
	struct run run;
	struct rtla_params params;
	struct fake_collector fake;
	struct action_list on_threshold;
	FILE *text_stream;		/* run.text, into text */
	char *text;
	size_t text_size;
};

/* Ready @f for @tool, no signal pending; fake_run_free() it after. */
void fake_run_init(struct fake_run *f, const struct rtla_tool *tool);
void fake_run_free(struct fake_run *f);
/* What the run printed so far (run->text). */
const char *fake_run_text(struct fake_run *f);

#endif
