// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "session/process_identity.h"

static ssize_t read_small_file(const char *path, char *text, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t len;

	if (fd < 0)
		return -1;
	len = read(fd, text, size - 1);
	close(fd);
	if (len < 0)
		return -1;
	text[len] = '\0';
	return len;
}

void boot_id_read(char *id)
{
	if (read_small_file("/proc/sys/kernel/random/boot_id", id,
			    BOOT_ID_SIZE) <= 0)
		id[0] = '\0';
	id[strcspn(id, "\n")] = '\0';
}

/* Field 22 of /proc/PID/stat, counted after the ")" that ends comm. */
unsigned long long process_start_time(pid_t pid)
{
	char path[64], text[1024], *field;
	int i;

	if (pid <= 0)
		return 0;
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if (read_small_file(path, text, sizeof(text)) <= 0)
		return 0;
	field = strrchr(text, ')');
	if (!field)
		return 0;
	/* field 3 (state) follows ") "; field 22 is 19 fields further */
	for (i = 3; i <= 22 && field; i++)
		field = strchr(field + 1, ' ');
	return field ? strtoull(field + 1, NULL, 10) : 0;
}

bool process_is_alive(pid_t pid, unsigned long long start)
{
	unsigned long long now = process_start_time(pid);

	return now && now == start;
}

unsigned long pid_namespace_id(void)
{
	struct stat st;

	return stat("/proc/self/ns/pid", &st) ? 0 : (unsigned long)st.st_ino;
}
