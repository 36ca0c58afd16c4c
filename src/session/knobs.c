// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <tracefs.h>

#include "session/knobs.h"
#include "session/log.h"


static const char *const knob_paths[NR_KNOBS] = {
#define KNOB_PATH(id, path) [id] = path,
	RTLA_KNOBS(KNOB_PATH)
#undef KNOB_PATH
};

const char *knob_path(enum knob_id id)
{
	return knob_paths[id];
}

static bool made_of(const char *value, const char *allowed, size_t max)
{
	size_t len = strlen(value);

	return len && len <= max && strspn(value, allowed) == len;
}

/* Option words ("NO_NAME" or "NAME") separated by single spaces. */
static bool option_words(const char *value)
{
	const char *c;

	if (!made_of(value, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_ ", 1024))
		return false;
	for (c = value; *c; c++)
		if (*c == ' ' && (c == value || c[1] == ' ' || !c[1]))
			return false;
	return true;
}

bool knob_value_valid(enum knob_id id, const char *value)
{
	switch (id) {
	case KNOB_CPUS:
		return made_of(value, "0123456789,-", 4096);
	case KNOB_OPTIONS:
		return option_words(value);
	default:
		return made_of(value, "0123456789", 20);
	}
}

static void trim(char *text)
{
	size_t len = strlen(text);

	while (len && (text[len - 1] == '\n' || text[len - 1] == ' '))
		text[--len] = '\0';
}

/* tracefs_file_exists() ignores tracefs_set_tracing_dir() in libtracefs 1.6 */
static bool file_exists(const char *name)
{
	char *path = tracefs_instance_get_file(NULL, name);
	bool found;

	if (!path)
		return false;
	found = access(path, F_OK) == 0;
	tracefs_put_tracing_file(path);
	return found;
}

int knobs_save(struct knobs *knobs)
{
	struct knob_state *knob;
	int id;

	memset(knobs, 0, sizeof(*knobs));
	for (id = 0; id < NR_KNOBS; id++) {
		knob = &knobs->knob[id];
		if (!file_exists(knob_paths[id]))
			continue;
		knob->saved = tracefs_instance_file_read(NULL, knob_paths[id],
							 NULL);
		if (!knob->saved)
			return -1;
		trim(knob->saved);
		knob->present = true;
		session_log("reading %s returned %s", knob_paths[id],
			    knob->saved);
	}
	return 0;
}

bool knob_present(const struct knobs *knobs, enum knob_id id)
{
	return knobs->knob[id].present;
}

static int write_knob(enum knob_id id, const char *value)
{
	int ret = tracefs_instance_file_write(NULL, knob_paths[id], value);

	if (ret < 0 || (size_t)ret != strlen(value)) {
		if (!errno)
			errno = EIO;
		return -1;
	}
	return 0;
}

/*
 * osnoise/options takes one option a write: NAME sets, NO_NAME clears,
 * DEFAULTS resets them all. It reads back as every option in that form,
 * led by DEFAULTS or NO_DEFAULTS (whether all are at their defaults),
 * which is a state, not something to write.  *@wrote tells whether a
 * word went in, even when a later one was refused.
 */
static int write_options(const char *value, bool *wrote)
{
	char *copy = strdup(value), *word, *save = NULL;
	int ret = 0;

	if (!copy)
		return -1;
	for (word = strtok_r(copy, " ", &save); word;
	     word = strtok_r(NULL, " ", &save)) {
		if (!strcmp(word, "NO_DEFAULTS"))
			continue;
		if (write_knob(KNOB_OPTIONS, word))
			ret = -1;
		else
			*wrote = true;
	}
	free(copy);
	return ret;
}

/*
 * Write @value; *@wrote when some of it went in (a knob then changed).
 * @verb says why, for -D: "setting" or "restoring".
 */
static int write_setting(enum knob_id id, const char *value,
			 const char *verb, bool *wrote)
{
	int ret;

	session_log("%s %s to %s", verb, knob_paths[id], value);
	*wrote = false;
	if (id == KNOB_OPTIONS)
		return write_options(value, wrote);
	ret = write_knob(id, value);
	*wrote = !ret;
	return ret;
}

/* Only a knob a write went into is changed, to be restored. */
static int change(struct knobs *knobs, const struct knob_setting *s)
{
	bool wrote;
	int ret = write_setting(s->id, s->value, "setting", &wrote);

	if (wrote)
		knobs->knob[s->id].changed = true;
	return ret;
}

int knobs_apply(struct knobs *knobs, const struct knob_setting *settings,
		int count, const struct knob_setting **failed)
{
	const struct knob_setting *retry[NR_KNOBS * 2];
	int i, nr_retry = 0, saved_errno;

	for (i = 0; i < count; i++) {
		const struct knob_setting *s = &settings[i];

		if (!knobs->knob[s->id].present) {
			*failed = s;
			errno = ENOENT;
			return -1;
		}
		if (change(knobs, s) &&
		    nr_retry < (int)(sizeof(retry) / sizeof(retry[0])))
			retry[nr_retry++] = s;
	}
	for (i = 0; i < nr_retry; i++) {
		if (change(knobs, retry[i])) {
			saved_errno = errno;
			*failed = retry[i];
			errno = saved_errno;
			return -1;
		}
	}
	return 0;
}

/* The saved value back: the knob stays changed until it all went in. */
static int write_back(struct knobs *knobs, enum knob_id id)
{
	bool wrote;

	return write_setting(id, knobs->knob[id].saved, "restoring", &wrote);
}

int knobs_restore(struct knobs *knobs)
{
	enum knob_id retry[NR_KNOBS];
	int id, i, nr_retry = 0, ret = 0;

	for (id = 0; id < NR_KNOBS; id++) {
		if (!knobs->knob[id].changed)
			continue;
		if (write_back(knobs, id))
			retry[nr_retry++] = id;
		else
			knobs->knob[id].changed = false;
	}
	for (i = 0; i < nr_retry; i++) {
		if (write_back(knobs, retry[i]))
			ret = -1;
		else
			knobs->knob[retry[i]].changed = false;
	}
	return ret;
}

void knobs_free(struct knobs *knobs)
{
	int id;

	for (id = 0; id < NR_KNOBS; id++) {
		free(knobs->knob[id].saved);
		knobs->knob[id].saved = NULL;
		knobs->knob[id].present = false;
		knobs->knob[id].changed = false;
	}
}
