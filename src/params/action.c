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

/* "@key=VALUE" at @text, VALUE the rest of it, commas and all: *@out */
static int parse_rest(const char *text, const char *key, char **out,
		      const char *usage, const char **why)
{
	const char *value = value_of(text, key);

	if (!value || !*value)
		return fail(why, usage);
	*out = strdup(value);
	return *out ? 0 : fail(why, "out of memory");
}

/* "[timeout=SECONDS,]command=CMD": the command is the rest, commas and all. */
static int parse_shell(const char *text, struct action *action,
		       const char **why)
{
	const char *value = value_of(text, "timeout");
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
	return parse_rest(text, "command", &action->command,
			  "shell takes command=CMD", why);
}

/* "[file=NAME]": the name is the rest, commas and all, as a command. */
static int parse_trace(const char *text, struct action *action,
		       const char **why)
{
	if (!*text)
		return 0;
	return parse_rest(text, "file", &action->file, "trace takes file=NAME",
			  why);
}

/* signal's comma-separated key=value words */
static int parse_signal(const char *text, struct action *action,
			const char **why)
{
	char *args = strdup(text), *arg, *save = NULL;
	int ret = 0;

	if (!args)
		return fail(why, "out of memory");
	for (arg = strtok_r(args, ",", &save); arg && !ret;
	     arg = strtok_r(NULL, ",", &save))
		ret = parse_signal_arg(arg, action, why);
	free(args);
	if (!ret && (!action->signal || (!action->pid && !action->to_parent)))
		ret = fail(why, "signal takes num=N and pid=PID|parent");
	return ret;
}

static int parse_continue(const char *text, struct action *action,
			  const char **why)
{
	(void)action;
	return *text ? fail(why, "continue takes no arguments") : 0;
}

int action_parse(const char *text, struct action *action, const char **why)
{
	static const struct {
		const char *name;
		int (*parse)(const char *args, struct action *action,
			     const char **why);
	} kinds[] = {
		[ACTION_TRACE] = { "trace", parse_trace },
		[ACTION_SIGNAL] = { "signal", parse_signal },
		[ACTION_SHELL] = { "shell", parse_shell },
		[ACTION_CONTINUE] = { "continue", parse_continue },
	};
	size_t len = strcspn(text, ","), i;

	memset(action, 0, sizeof(*action));
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strlen(kinds[i].name) == len &&
		    !strncmp(text, kinds[i].name, len))
			break;
	if (i == sizeof(kinds) / sizeof(kinds[0]))
		return fail(why, "expected trace, signal, shell or continue");
	action->kind = i;
	action->text = strdup(text);
	if (!action->text)
		return fail(why, "out of memory");
	if (kinds[i].parse(text + len + (text[len] == ','), action, why)) {
		action_free(action);
		return -1;
	}
	return 0;
}

void action_free(struct action *action)
{
	free(action->text);
	free(action->file);
	free(action->command);
	action->text = NULL;
	action->file = NULL;
	action->command = NULL;
}

void action_list_free(struct action_list *list)
{
	int i;

	for (i = 0; i < list->count; i++)
		action_free(&list->item[i]);
	list->count = 0;
}
