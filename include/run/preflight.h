/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_RUN_PREFLIGHT_H
#define RTLA_RUN_PREFLIGHT_H

struct run;

/*
 * Each 0, or -1 with its one line said (run_error()): root, tracefs
 * mounted (mounted now if it was not) and writable, the tracer there;
 * the histograms' memory within MemAvailable; no other tracer user.
 */
int run_check_system(struct run *run);
int run_check_memory(struct run *run, int nr_cpus);
int run_check_busy(struct run *run);

#endif
