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
 */
#define _GNU_SOURCE
#include <sched.h>
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

int main(int argc, char **argv)
{
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
	next = now_ns();
	if (seconds)
		stop = next + seconds * 1000000000;
	while (next < stop) {
		end = now_ns() + busy_us * 1000;
		while (now_ns() < end)
			;
		next += period_us * 1000;
		wake.tv_sec = next / 1000000000;
		wake.tv_nsec = next % 1000000000;
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &wake, NULL);
	}
	return 0;
}
