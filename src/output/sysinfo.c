// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "output/report.h"

static void read_line(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");

	buf[0] = '\0';
	if (!f)
		return;
	if (!fgets(buf, size, f))
		buf[0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
}

static int read_dma_latency(void)
{
	int32_t value;
	int fd = open("/dev/cpu_dma_latency", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	if (read(fd, &value, sizeof(value)) != sizeof(value))
		value = -1;
	close(fd);
	return value;
}

static void guess_preemption(struct system_facts *facts)
{
	char mode[128];

	read_line("/sys/kernel/debug/sched/preempt", mode, sizeof(mode));
	if (facts->realtime || strstr(facts->version, "PREEMPT_RT"))
		snprintf(facts->preemption, sizeof(facts->preemption), "rt");
	else if (strchr(mode, '('))
		snprintf(facts->preemption, sizeof(facts->preemption), "%.*s",
			 (int)strcspn(strchr(mode, '(') + 1, ")"),
			 strchr(mode, '(') + 1);
	else if (strstr(facts->version, "PREEMPT"))
		snprintf(facts->preemption, sizeof(facts->preemption), "full");
	else
		snprintf(facts->preemption, sizeof(facts->preemption), "none");
}

void system_facts_collect(struct system_facts *facts)
{
	struct utsname uts;
	char realtime[8];

	memset(facts, 0, sizeof(*facts));
	if (!uname(&uts)) {
		snprintf(facts->sysname, sizeof(facts->sysname), "%s", uts.sysname);
		snprintf(facts->nodename, sizeof(facts->nodename), "%s", uts.nodename);
		snprintf(facts->release, sizeof(facts->release), "%s", uts.release);
		snprintf(facts->version, sizeof(facts->version), "%s", uts.version);
		snprintf(facts->machine, sizeof(facts->machine), "%s", uts.machine);
	}
	/* mainline PREEMPT_RT has no /sys/kernel/realtime: uname says it */
	read_line("/sys/kernel/realtime", realtime, sizeof(realtime));
	facts->realtime = realtime[0] == '1';
	guess_preemption(facts);
	facts->realtime = !strcmp(facts->preemption, "rt");
	read_line("/proc/cmdline", facts->cmdline, sizeof(facts->cmdline));
	read_line("/sys/devices/system/cpu/isolated", facts->isolcpus,
		  sizeof(facts->isolcpus));
	read_line("/sys/devices/system/cpu/nohz_full", facts->nohz_full,
		  sizeof(facts->nohz_full));
	if (!strcmp(facts->nohz_full, "(null)"))
		facts->nohz_full[0] = '\0';
	read_line("/sys/devices/system/clocksource/clocksource0/current_clocksource",
		  facts->clocksource, sizeof(facts->clocksource));
	facts->cpu_dma_latency_us = read_dma_latency();
}
