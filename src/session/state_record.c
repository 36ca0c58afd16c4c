// SPDX-License-Identifier: GPL-2.0
/* The record of the original knobs that outlives a killed run. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <tracefs.h>

#include "session/idle_states.h"
#include "session/state_dir.h"
#include "session/state_record.h"


static char path[4096];

const char *state_record_path(void)
{
	snprintf(path, sizeof(path), "%s/knobs", state_dir());
	return path;
}

static void write_identity(FILE *file)
{
	char boot[BOOT_ID_SIZE];

	boot_id_read(boot);
	fprintf(file, "pid\t%d\n", (int)getpid());
	fprintf(file, "start\t%llu\n", process_start_time(getpid()));
	if (*boot)
		fprintf(file, "boot\t%s\n", boot);
}

int state_record_write(const struct knobs *knobs,
		       const struct saved_file *files, int nr_files)
{
	char tmp[sizeof(path) + 8], why[128];
	FILE *file;
	int id, fd;

	if (state_dir_ensure(why, sizeof(why))) {
		errno = EPERM;
		return -1;
	}
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
	write_identity(file);
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

static bool parse_number(const char *text, unsigned long long max,
			 unsigned long long *value)
{
	char *end;

	if (!*text || strspn(text, "0123456789") != strlen(text))
		return false;
	errno = 0;
	*value = strtoull(text, &end, 10);
	return !errno && *value && *value <= max;
}

/* "PATH\tVALUE" of a "file" line, as idle_states_files() writes them. */
static bool parse_file(char *text, struct state_record *record)
{
	char *tab = strchr(text, '\t');
	struct saved_file *grown, *file;

	if (!tab || (size_t)(tab - text) >= sizeof(file->path) ||
	    strlen(tab + 1) >= sizeof(file->value))
		return false;
	grown = realloc(record->files,
			(record->nr_files + 1) * sizeof(*record->files));
	if (!grown)
		return false;
	record->files = grown;
	file = &grown[record->nr_files];
	*tab = '\0';
	snprintf(file->path, sizeof(file->path), "%s", text);
	snprintf(file->value, sizeof(file->value), "%s", tab + 1);
	if (!idle_states_file_valid(file))
		return false;
	record->nr_files++;
	return true;
}

/* osnoise/options without PANIC_ON_STOP: a record must not panic root. */
static char *options_without_panic(const char *value, bool *dropped)
{
	char *copy = strdup(value), *out, *word, *save = NULL;
	size_t len = 0;

	out = calloc(1, strlen(value) + 1);
	if (!copy || !out) {
		free(copy);
		free(out);
		return NULL;
	}
	for (word = strtok_r(copy, " ", &save); word;
	     word = strtok_r(NULL, " ", &save)) {
		if (!strcmp(word, "PANIC_ON_STOP")) {
			*dropped = true;
			continue;
		}
		len += sprintf(out + len, "%s%s", len ? " " : "", word);
	}
	free(copy);
	return out;
}

static bool parse_knob(const char *name, const char *value,
		       struct state_record *record)
{
	int id = knob_by_path(name);

	if (id < 0 || record->value[id] || !knob_value_valid(id, value))
		return false;
	if (id == KNOB_OPTIONS)
		record->value[id] = options_without_panic(value,
							  &record->dropped_panic);
	else
		record->value[id] = strdup(value);
	return record->value[id] != NULL;
}

static bool parse_line(char *line, struct state_record *record)
{
	char *value = strchr(line, '\t');
	unsigned long long number;

	if (!value)
		return false;
	*value++ = '\0';
	if (!strcmp(line, "pid")) {
		if (record->pid || !parse_number(value, 0x7fffffff, &number))
			return false;
		record->pid = (pid_t)number;
		return true;
	}
	if (!strcmp(line, "start"))
		return !record->start &&
		       parse_number(value, ~0ULL, &record->start);
	if (!strcmp(line, "boot")) {
		if (*record->boot || !*value ||
		    strlen(value) >= sizeof(record->boot) ||
		    strspn(value, "0123456789abcdef-") != strlen(value))
			return false;
		strcpy(record->boot, value);
		return true;
	}
	if (!strcmp(line, "file"))
		return parse_file(value, record);
	return parse_knob(line, value, record);
}

int state_record_parse(const char *text, struct state_record *record,
		       char *why, size_t size)
{
	char *copy = strdup(text), *line, *next;
	int number = 0, ret = 0;

	memset(record, 0, sizeof(*record));
	if (!copy) {
		snprintf(why, size, "out of memory");
		return -1;
	}
	for (line = copy; *line && !ret; line = next) {
		next = strchr(line, '\n');
		if (!next) {
			snprintf(why, size, "line %d has no end", number + 1);
			ret = -1;
			break;
		}
		*next++ = '\0';
		number++;
		if (!parse_line(line, record)) {
			snprintf(why, size, "line %d is not a setting rtla writes",
				 number);
			ret = -1;
		}
	}
	free(copy);
	if (!ret && (!record->pid || !record->start)) {
		snprintf(why, size, "it does not say which run wrote it");
		ret = -1;
	}
	if (ret)
		state_record_free(record);
	return ret;
}

void state_record_free(struct state_record *record)
{
	int id;

	for (id = 0; id < NR_KNOBS; id++) {
		free(record->value[id]);
		record->value[id] = NULL;
	}
	free(record->files);
	record->files = NULL;
	record->nr_files = 0;
}
