// SPDX-License-Identifier: GPL-2.0
/*
 * The e2e tests' known disturber: a thread named noisy, pinned to one CPU
 * and SCHED_FIFO above timerlat's threads (95), busy BUSY_US every
 * PERIOD_US for SECONDS, or until killed.  The VM's busybox has no chrt,
 * hence a program (tests/e2e/run ships it as /usr/bin/rtla-noisy,
 * tests/reports/run as /usr/bin/noisy).
 *
 *   rtla-noisy CPU [PRIO [BUSY_US [PERIOD_US [SECONDS]]]]
 *	(defaults: 96, 1000, 10000, 0: until killed)
 *
 * At its end (SIGTERM too) it says on stderr how long its busy runs took
 * by its own clock, "noisy: runs N total_ns T max_ns M": under TCG a host
 * stall lengthens a run as the tracer sees it and as noisy sees it alike.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <time.h>

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static volatile sig_atomic_t ending;

static void on_term(int sig)
{
	ending = 1;
}

int main(int argc, char **argv)
{
	uint64_t runs = 0, total_ns = 0, max_ns = 0, start;
	struct sched_param param = { .sched_priority = 96 };
	uint64_t busy_us = 1000, period_us = 10000, seconds = 0, next, end;
	uint64_t stop = UINT64_MAX;
	struct timespec wake;
	cpu_set_t set;

	if (argc < 2) {
		fprintf(stderr, "usage: rtla-noisy CPU [PRIO [BUSY_US [PERIOD_US [SECONDS]]]]\n");
		return 2;
	}
	CPU_ZERO(&set);
	CPU_SET(atoi(argv[1]), &set);
	if (argc > 2)
		param.sched_priority = atoi(argv[2]);
	if (argc > 3)
		busy_us = strtoull(argv[3], NULL, 10);
	if (argc > 4)
		period_us = strtoull(argv[4], NULL, 10);
	if (argc > 5)
		seconds = strtoull(argv[5], NULL, 10);
	prctl(PR_SET_NAME, "noisy");
	if (sched_setaffinity(0, sizeof(set), &set) ||
	    sched_setscheduler(0, SCHED_FIFO, &param)) {
		perror("noisy");
		return 1;
	}
	signal(SIGTERM, on_term);
	next = now_ns();
	if (seconds)
		stop = next + seconds * 1000000000;
	while (next < stop && !ending) {
		start = now_ns();
		end = start + busy_us * 1000;
		while (now_ns() < end)
			;
		runs++;
		end = now_ns() - start;
		total_ns += end;
		if (end > max_ns)
			max_ns = end;
		next += period_us * 1000;
		wake.tv_sec = next / 1000000000;
		wake.tv_nsec = next % 1000000000;
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &wake, NULL);
	}
	fprintf(stderr, "noisy: runs %llu total_ns %llu max_ns %llu\n",
		(unsigned long long)runs, (unsigned long long)total_ns,
		(unsigned long long)max_ns);
	return 0;
}
