// SPDX-License-Identifier: GPL-2.0
/* The record of the original knobs that outlives a killed run. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <tracefs.h>

#include "session/state_record.h"

#define STATE_DIR	"/run/rtla"

static char path[512];

static const char *state_dir(void)
{
	const char *dir = getenv("RTLA_STATE_DIR");

	return dir && *dir ? dir : STATE_DIR;
}

const char *state_record_path(void)
{
	snprintf(path, sizeof(path), "%s/knobs", state_dir());
	return path;
}

int state_record_write(const struct knobs *knobs)
{
	char tmp[600];
	FILE *file;
	int id, fd;

	mkdir("/run", 0755);
	if (mkdir(state_dir(), 0700) && errno != EEXIST)
		return -1;
	snprintf(tmp, sizeof(tmp), "%s.XXXXXX", state_record_path());
	fd = mkstemp(tmp);
	if (fd < 0)
		return -1;
	file = fdopen(fd, "w");
	if (!file) {
		close(fd);
		unlink(tmp);
		return -1;
	}
	fprintf(file, "pid\t%d\n", (int)getpid());
	for (id = 0; id < NR_KNOBS; id++)
		if (knobs->knob[id].present)
			fprintf(file, "%s\t%s\n", knob_path(id),
				knobs->knob[id].saved);
	if (fflush(file) || fsync(fd) || fclose(file) ||
	    rename(tmp, state_record_path())) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

void state_record_remove(void)
{
	unlink(state_record_path());
}

static int knob_by_path(const char *name)
{
	int id;

	for (id = 0; id < NR_KNOBS; id++)
		if (!strcmp(knob_path(id), name))
			return id;
	return -1;
}

/* Read the record into @knobs, marking the knobs the kernel now differs on. */
static int read_record(FILE *file, struct knobs *knobs, pid_t *pid)
{
	char line[4096], *tab, *now;
	int id, differ = 0;

	*pid = 0;
	while (fgets(line, sizeof(line), file)) {
		line[strcspn(line, "\n")] = '\0';
		tab = strchr(line, '\t');
		if (!tab)
			continue;
		*tab++ = '\0';
		if (!strcmp(line, "pid")) {
			*pid = atoi(tab);
			continue;
		}
		id = knob_by_path(line);
		if (id < 0 || knobs->knob[id].saved)
			continue;
		knobs->knob[id].present = true;
		knobs->knob[id].saved = strdup(tab);
		now = tracefs_instance_file_read(NULL, knob_path(id), NULL);
		if (now) {
			now[strcspn(now, "\n")] = '\0';
			while (*now && now[strlen(now) - 1] == ' ')
				now[strlen(now) - 1] = '\0';
		}
		/* options read back with a DEFAULTS state word: compare after it */
		if (!now || strcmp(now, tab)) {
			knobs->knob[id].changed = true;
			differ++;
		}
		free(now);
	}
	return differ;
}

int state_record_recover(pid_t *pid, char *what, size_t size)
{
	struct knobs knobs;
	size_t len = 0;
	int id, count, ret;
	FILE *file = fopen(state_record_path(), "r");

	*what = '\0';
	if (!file)
		return 0;
	memset(&knobs, 0, sizeof(knobs));
	count = read_record(file, &knobs, pid);
	fclose(file);
	/* a run that still runs keeps its record */
	if (*pid > 0 && *pid != getpid() &&
	    (!kill(*pid, 0) || errno == EPERM)) {
		knobs_free(&knobs);
		return 0;
	}
	for (id = 0; id < NR_KNOBS && len < size; id++)
		if (knobs.knob[id].changed)
			len += snprintf(what + len, size - len, "%s%s=%s",
					len ? ", " : "", knob_path(id),
					knobs.knob[id].saved);
	ret = knobs_restore(&knobs);
	knobs_free(&knobs);
	if (ret)
		return -1;
	state_record_remove();
	return count;
}
