// SPDX-License-Identifier: GPL-2.0
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/value_parse.h"
#include "params/action.h"

static int fail(const char **why, const char *reason)
{
	*why = reason;
	return -1;
}

/* "key=value" at @text for @key: the value, or NULL. */
static const char *value_of(const char *text, const char *key)
{
	size_t len = strlen(key);

	if (strncmp(text, key, len) || text[len] != '=')
		return NULL;
	return text + len + 1;
}

static int parse_signal_arg(const char *arg, struct action *action,
			    const char **why)
{
	const char *value;
	uint64_t number;

	if ((value = value_of(arg, "num"))) {
		if (parse_u64_range(value, 1, SIGRTMAX, &number, why))
			return fail(why, "num= takes a signal number, 1-64");
		action->signal = number;
		return 0;
	}
	if ((value = value_of(arg, "pid"))) {
		if (!strcmp(value, "parent")) {
			action->to_parent = true;
			return 0;
		}
		if (parse_u64_range(value, 1, 4194304, &number, why))
			return fail(why, "pid= takes a process id or parent");
		if (number == INIT_PID)
			return fail(why, "pid= takes a process id other than 1 (init), or parent");
		action->pid = number;
		return 0;
	}
	return fail(why, "signal takes num=N and pid=PID|parent");
}

/* "[timeout=SECONDS,]command=CMD": the command is the rest, commas and all. */
static int parse_shell(const char *text, struct action *action,
		       const char **why)
{
	const char *value = value_of(text, "timeout"), *command;
	char seconds[32];
	uint64_t number;
	size_t len;

	if (value) {
		len = strcspn(value, ",");
		if (len >= sizeof(seconds))
			return fail(why, "timeout= takes seconds, 1-86400");
		memcpy(seconds, value, len);
		seconds[len] = '\0';
		if (parse_u64_range(seconds, 1, 86400, &number, why))
			return fail(why, "timeout= takes seconds, 1-86400");
		action->timeout_s = number;
		text = value + len + (value[len] == ',');
	}
	command = value_of(text, "command");
	if (!command || !*command)
		return fail(why, "shell takes command=CMD");
	action->command = strdup(command);
	return 0;
}

/* The comma-separated key=value words after the action's name. */
static int parse_args(char *args, struct action *action, const char **why)
{
	const char *value;
	char *arg, *save = NULL;

	for (arg = strtok_r(args, ",", &save); arg;
	     arg = strtok_r(NULL, ",", &save)) {
		if (action->kind == ACTION_SIGNAL) {
			if (parse_signal_arg(arg, action, why))
				return -1;
		} else if (action->kind == ACTION_TRACE &&
			   (value = value_of(arg, "file")) && *value) {
			free(action->file);
			action->file = strdup(value);
		} else {
			return fail(why, action->kind == ACTION_TRACE ?
				    "trace takes file=NAME" :
				    "continue takes no arguments");
		}
	}
	return 0;
}

int action_parse(const char *text, struct action *action, const char **why)
{
	static const char *const names[] = {
		[ACTION_TRACE] = "trace", [ACTION_SIGNAL] = "signal",
		[ACTION_SHELL] = "shell", [ACTION_CONTINUE] = "continue",
	};
	size_t len = strcspn(text, ","), i;
	char args[256];

	memset(action, 0, sizeof(*action));
	if (strlen(text) >= sizeof(action->text))
		return fail(why, "too long");
	snprintf(action->text, sizeof(action->text), "%s", text);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i]) == len && !strncmp(text, names[i], len))
			break;
	if (i == sizeof(names) / sizeof(names[0]))
		return fail(why, "expected trace, signal, shell or continue");
	action->kind = i;
	text += len + (text[len] == ',');
	if (action->kind == ACTION_SHELL)
		return parse_shell(text, action, why);
	snprintf(args, sizeof(args), "%s", text);
	if (parse_args(args, action, why)) {
		free(action->file);
		action->file = NULL;
		return -1;
	}
	if (action->kind == ACTION_SIGNAL &&
	    (!action->signal || (!action->pid && !action->to_parent)))
		return fail(why, "signal takes num=N and pid=PID|parent");
	return 0;
}

void action_list_free(struct action_list *list)
{
	int i;

	for (i = 0; i < list->count; i++) {
		free(list->item[i].file);
		free(list->item[i].command);
	}
	list->count = 0;
}
