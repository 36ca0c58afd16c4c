// SPDX-License-Identifier: GPL-2.0
/*
 * A known disturber for the VM tests: on one CPU, at a SCHED_FIFO
 * priority, busy for BUSY_US of every PERIOD_US, for SECONDS; its name
 * is "noisy".
 *
 *	noisy CPU PRIO BUSY_US PERIOD_US SECONDS
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <time.h>

static uint64_t now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

int main(int argc, char **argv)
{
	struct sched_param param = { 0 };
	uint64_t busy, period, end, start;
	struct timespec nap;
	cpu_set_t cpus;

	if (argc != 6) {
		fprintf(stderr, "usage: noisy CPU PRIO BUSY_US PERIOD_US SECONDS\n");
		return 2;
	}
	CPU_ZERO(&cpus);
	CPU_SET(atoi(argv[1]), &cpus);
	param.sched_priority = atoi(argv[2]);
	busy = strtoull(argv[3], NULL, 10);
	period = strtoull(argv[4], NULL, 10);
	if (sched_setaffinity(0, sizeof(cpus), &cpus) ||
	    sched_setscheduler(0, SCHED_FIFO, &param) || busy > period) {
		perror("noisy");
		return 1;
	}
	prctl(PR_SET_NAME, "noisy");
	end = now_us() + strtoull(argv[5], NULL, 10) * 1000000;
	while ((start = now_us()) < end) {
		while (now_us() - start < busy)
			;
		nap.tv_sec = (period - busy) / 1000000;
		nap.tv_nsec = (period - busy) % 1000000 * 1000;
		nanosleep(&nap, NULL);
	}
	return 0;
}
