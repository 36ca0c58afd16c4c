// SPDX-License-Identifier: GPL-2.0
/*
 * What a run checks before it changes anything: root and tracefs, the
 * tracer, memory for the histograms, another tracer user.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <tracefs.h>

#include "run/preflight.h"
#include "run/run.h"
#include "session/instance.h"
#include "session/tracefs_mount.h"
#include "session/tracing_dir.h"

int run_check_system(struct run *run)
{
	struct statvfs fs;
	const char *dir;
	char why[160];

	switch (tracing_dir_override(why, sizeof(why))) {
	case 1:
		run_debug(run, "tracing directory %s (RTLA_TRACING_DIR, a test aid)",
			  tracing_dir_fake());
		goto check_tracer;
	case -1:
		run_error(run, "RTLA_TRACING_DIR refused: %s", why);
		return -1;
	}
	if (geteuid() != 0) {
		run_error(run, "must run as root (tracefs and the tracer need it)");
		return -1;
	}
	switch (tracefs_mount_if_needed()) {
	case 1:
		run->changed.mounted_tracefs = strdup(TRACEFS_DEFAULT_DIR);
		run_debug(run, "mounted tracefs on %s", TRACEFS_DEFAULT_DIR);
		break;
	case -1:
		run_error(run, "tracefs is not mounted and could not be mounted on %s: %s",
			  TRACEFS_DEFAULT_DIR, strerror(errno));
		return -1;
	}
	dir = tracefs_tracing_dir();
	if (dir && !statvfs(dir, &fs) && (fs.f_flag & ST_RDONLY)) {
		run_error(run, "tracefs is mounted read-only on %s: remount it read-write",
			  dir);
		return -1;
	}
check_tracer:
	if (!tracefs_tracer_available(NULL, run->tracer->name)) {
		run_error(run, "this kernel has no %s tracer (build it with %s=y)",
			  run->tracer->name, run->tracer->kconfig);
		return -1;
	}
	return 0;
}

/* MemAvailable from /proc/meminfo, in bytes; 0 when unknown. */
static uint64_t memory_available(void)
{
	FILE *f = fopen("/proc/meminfo", "re");
	unsigned long long kb = 0;
	char line[128];

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1)
			break;
	fclose(f);
	return (uint64_t)kb * 1024;
}

/*
 * The histograms are allocated and locked in memory (mlockall()): -E
 * 9999999 wants 240 MB a CPU.  More than the system has is refused
 * before anything changes, not found out by the OOM killer.
 */
int run_check_memory(struct run *run, int nr_cpus)
{
	struct results_layout layout = params_results_layout(run->params);
	uint64_t needed = results_histogram_bytes(&layout, nr_cpus);
	uint64_t available = memory_available();

	if (!available || needed <= available)
		return 0;
	run_error(run, "-E %u needs %llu MB for the histograms, more than the %llu MB available (MemAvailable): use fewer entries or CPUs",
		  run->params->hist.entries,
		  (unsigned long long)(needed >> 20),
		  (unsigned long long)(available >> 20));
	return -1;
}

int run_check_busy(struct run *run)
{
	char who[400];

	if (!rtla_tracer_user(who, sizeof(who)))
		return 0;
	run_error(run, "the %s tracer is busy: %s runs an osnoise-family tracer",
		  run->tracer->name, who);
	return -1;
}
