// SPDX-License-Identifier: GPL-2.0
/* Putting back what a killed run left changed, from its record. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <tracefs.h>

#include "session/state_dir.h"
#include "session/state_record.h"

#define RECORD_MAX	(256 * 1024)

static void say(char *text, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, size, fmt, ap);
	va_end(ap);
}

static void append(struct recovery *out, size_t *len, const char *name,
		   const char *value)
{
	out->count++;
	if (*len >= sizeof(out->what))
		return;
	*len += snprintf(out->what + *len, sizeof(out->what) - *len,
			 "%s%s=%s", *len ? ", " : "", name, value);
}

/* The whole record, when it is a file root may trust; NULL otherwise. */
static char *read_record(struct recovery *out)
{
	const char *name = state_record_path();
	char why[128], *text;
	ssize_t len;
	int fd;

	fd = open(name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		if (errno != ENOENT) {
			out->outcome = RECOVERY_IGNORED;
			say(out->why, sizeof(out->why), "ignored %s: %s", name,
			    errno == ELOOP ? "a symbolic link" : strerror(errno));
		}
		return NULL;
	}
	text = NULL;
	if (!state_file_trusted(fd, why, sizeof(why))) {
		out->outcome = RECOVERY_IGNORED;
		say(out->why, sizeof(out->why), "ignored %s: %s", name, why);
	} else {
		text = malloc(RECORD_MAX + 1);
		len = text ? read(fd, text, RECORD_MAX + 1) : -1;
		if (len < 0 || len > RECORD_MAX) {
			free(text);
			text = NULL;
			out->outcome = RECOVERY_IGNORED;
			say(out->why, sizeof(out->why), "ignored %s: %s", name,
			    len < 0 ? strerror(errno) : "too large");
		} else {
			text[len] = '\0';
		}
	}
	close(fd);
	return text;
}

static void move_aside(void)
{
	char bad[4200];

	snprintf(bad, sizeof(bad), "%s.bad", state_record_path());
	if (rename(state_record_path(), bad))
		state_record_remove();
}

static char *read_knob(enum knob_id id)
{
	char *now = tracefs_instance_file_read(NULL, knob_path(id), NULL);
	size_t len;

	if (!now)
		return NULL;
	len = strcspn(now, "\n");
	while (len && now[len - 1] == ' ')
		len--;
	now[len] = '\0';
	return now;
}

/* The knobs whose value now differs from the record's, marked changed. */
static void plan_knobs(const struct state_record *record, struct knobs *knobs)
{
	char *now;
	int id;

	memset(knobs, 0, sizeof(*knobs));
	for (id = 0; id < NR_KNOBS; id++) {
		if (!record->value[id])
			continue;
		now = read_knob(id);
		knobs->knob[id].present = true;
		knobs->knob[id].saved = strdup(record->value[id]);
		knobs->knob[id].changed = !now || strcmp(now, record->value[id]);
		free(now);
	}
}

static bool file_holds(const struct saved_file *file)
{
	char now[sizeof(file->value) + 2] = "";
	FILE *f = fopen(file->path, "re");

	if (!f)
		return false;
	if (!fgets(now, sizeof(now), f))
		now[0] = '\0';
	fclose(f);
	now[strcspn(now, "\n")] = '\0';
	return !strcmp(now, file->value);
}

static int write_back(const struct saved_file *file)
{
	size_t len = strlen(file->value);
	int fd = open(file->path, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC);
	ssize_t ret;

	if (fd < 0)
		return -1;
	ret = write(fd, file->value, len);
	close(fd);
	return ret == (ssize_t)len ? 0 : -1;
}

/* Write back what differs; the first refused setting in @refused. */
static int put_back(const struct state_record *record, struct recovery *out,
		    char *refused, size_t size)
{
	struct knobs knobs;
	size_t len = 0;
	int id, ret = 0;

	plan_knobs(record, &knobs);
	for (id = 0; id < NR_KNOBS; id++)
		if (knobs.knob[id].changed)
			append(out, &len, knob_path(id), record->value[id]);
	if (knobs_restore(&knobs))
		ret = -1;
	for (id = 0; id < NR_KNOBS; id++)
		if (knobs.knob[id].changed && !*refused)
			say(refused, size, "%s=%s (%s)", knob_path(id),
			    record->value[id], strerror(errno));
	knobs_free(&knobs);
	for (id = 0; id < record->nr_files; id++) {
		const struct saved_file *file = &record->files[id];

		if (file_holds(file))
			continue;
		append(out, &len, file->path, file->value);
		if (write_back(file)) {
			if (!*refused)
				say(refused, size, "%s=%s (%s)", file->path,
				    file->value, strerror(errno));
			ret = -1;
		}
	}
	return ret;
}

static void recover_record(const struct state_record *record,
			   struct recovery *out)
{
	const char *name = state_record_path();
	char boot[BOOT_ID_SIZE], refused[256] = "";

	out->pid = record->pid;
	boot_id_read(boot);
	/* a reboot put every setting back to its default */
	if (*record->boot && *boot && strcmp(boot, record->boot)) {
		state_record_remove();
		return;
	}
	if (record->pid != getpid() &&
	    process_is_alive(record->pid, record->start)) {
		out->outcome = RECOVERY_OWNER_LIVES;
		return;
	}
	out->dropped_panic = record->dropped_panic;
	if (put_back(record, out, refused, sizeof(refused))) {
		move_aside();
		out->outcome = RECOVERY_IGNORED;
		say(out->why, sizeof(out->why),
		    "the kernel refused %s from %s: moved it to %s.bad", refused,
		    name, name);
		return;
	}
	state_record_remove();
	if (out->count)
		out->outcome = RECOVERY_RESTORED;
}

void state_record_recover(struct recovery *out)
{
	struct state_record record;
	char why[128];
	char *text;

	memset(out, 0, sizeof(*out));
	if (state_dir_ensure(why, sizeof(why))) {
		out->outcome = RECOVERY_IGNORED;
		say(out->why, sizeof(out->why), "not using %s: %s", state_dir(),
		    why);
		return;
	}
	text = read_record(out);
	if (!text)
		return;
	if (state_record_parse(text, &record, why, sizeof(why))) {
		move_aside();
		out->outcome = RECOVERY_IGNORED;
		say(out->why, sizeof(out->why),
		    "ignored the corrupt record %s (%s): moved it to %s.bad",
		    state_record_path(), why, state_record_path());
	} else {
		recover_record(&record, out);
		state_record_free(&record);
	}
	free(text);
}
