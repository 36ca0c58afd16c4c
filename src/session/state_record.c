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

int state_record_write(const struct knobs *knobs,
		       const struct saved_file *files, int nr_files)
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
	for (id = 0; id < nr_files; id++)
		fprintf(file, "file\t%s\t%s\n", files[id].path,
			files[id].value);
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

/* A file's first line, without its newline; NULL when unreadable. */
static char *read_line(const char *path, char *text, size_t size)
{
	FILE *file = fopen(path, "re");
	char *line;

	if (!file)
		return NULL;
	line = fgets(text, size, file);
	fclose(file);
	if (line)
		line[strcspn(line, "\n")] = '\0';
	return line;
}

/* "file\tPATH\tVALUE": kept in *@files when the file now holds another. */
static void read_file_line(char *text, struct saved_file **files,
			   int *nr_files)
{
	char *tab = strchr(text, '\t'), now[sizeof((*files)->value)];
	struct saved_file *grown;
	const char *value;

	if (!tab)
		return;
	*tab = '\0';
	value = read_line(text, now, sizeof(now));
	if (value && !strcmp(value, tab + 1))
		return;
	grown = realloc(*files, (*nr_files + 1) * sizeof(**files));
	if (!grown)
		return;
	*files = grown;
	snprintf(grown[*nr_files].path, sizeof(grown->path), "%s", text);
	snprintf(grown[*nr_files].value, sizeof(grown->value), "%s", tab + 1);
	(*nr_files)++;
}

/*
 * Read the record into @knobs, marking the knobs the kernel now differs
 * on, and into @files those files that differ.
 */
static int read_record(FILE *file, struct knobs *knobs,
		       struct saved_file **files, int *nr_files, pid_t *pid)
{
	char line[4096], *tab, *now;
	int id, differ = 0;

	*pid = 0;
	*nr_files = 0;
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
		if (!strcmp(line, "file")) {
			read_file_line(tab, files, nr_files);
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
	return differ + *nr_files;
}

static int write_back(const struct saved_file *file)
{
	size_t len = strlen(file->value);
	int fd = open(file->path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	ssize_t ret;

	if (fd < 0)
		return -1;
	ret = write(fd, file->value, len);
	close(fd);
	return ret == (ssize_t)len ? 0 : -1;
}

int state_record_recover(pid_t *pid, char *what, size_t size)
{
	struct saved_file *files = NULL;
	int id, count, nr_files, ret = 0;
	struct knobs knobs;
	size_t len = 0;
	FILE *file = fopen(state_record_path(), "re");

	*what = '\0';
	if (!file)
		return 0;
	memset(&knobs, 0, sizeof(knobs));
	count = read_record(file, &knobs, &files, &nr_files, pid);
	fclose(file);
	/* a run that still runs keeps its record */
	if (*pid > 0 && *pid != getpid() &&
	    (!kill(*pid, 0) || errno == EPERM)) {
		knobs_free(&knobs);
		free(files);
		return 0;
	}
	for (id = 0; id < NR_KNOBS && len < size; id++)
		if (knobs.knob[id].changed)
			len += snprintf(what + len, size - len, "%s%s=%s",
					len ? ", " : "", knob_path(id),
					knobs.knob[id].saved);
	for (id = 0; id < nr_files; id++) {
		if (len < size)
			len += snprintf(what + len, size - len, "%s%s=%s",
					len ? ", " : "", files[id].path,
					files[id].value);
		if (write_back(&files[id]))
			ret = -1;
	}
	free(files);
	if (knobs_restore(&knobs))
		ret = -1;
	knobs_free(&knobs);
	if (ret)
		return -1;
	state_record_remove();
	return count;
}
