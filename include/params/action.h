/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_ACTION_H
#define RTLA_ACTION_H

#include <stdbool.h>
#include <sys/types.h>

#include "model/action_outcome.h"

/* init: never signalled, neither as pid= nor as rtla's parent */
#define INIT_PID		1

enum action_kind {
	ACTION_TRACE,		/* save the trace */
	ACTION_SIGNAL,		/* send a signal */
	ACTION_SHELL,		/* run a shell command */
	ACTION_CONTINUE,	/* keep measuring after a threshold */
};

/* One --on-threshold or --on-end action, as rtla 7.2 spells them. */
struct action {
	enum action_kind kind;
	char *text;		/* as given, for reports */
	char *file;		/* trace: NULL for the tracer's default */
	int signal;		/* signal: num= */
	pid_t pid;		/* signal: pid=; 0 with to_parent */
	bool to_parent;		/* signal: pid=parent */
	char *command;		/* shell: command= */
	unsigned int timeout_s;	/* shell: timeout=, 0 for none */
};

struct action_list {
	struct action item[RTLA_MAX_ACTIONS];
	int count;
};

/*
 * Parse "trace[,file=NAME]", "signal,num=N,pid=PID|parent",
 * "shell[,timeout=SECONDS],command=CMD" (the name and the command are
 * the rest of the text, commas included) or "continue", of any length;
 * -1 with *why on bad input, nothing left allocated.  action_free()
 * after a success.
 */
int action_parse(const char *text, struct action *action, const char **why);
/* Idempotent */
void action_free(struct action *action);
void action_list_free(struct action_list *list);

#endif
