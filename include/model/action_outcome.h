/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_ACTION_OUTCOME_H
#define RTLA_ACTION_OUTCOME_H

/* The most actions one --on-threshold or --on-end list holds. */
#define RTLA_MAX_ACTIONS	16

struct action;

/* What running one action, once or at every threshold hit, came to. */
struct action_outcome {
	const struct action *action;
	unsigned int runs;
	unsigned int failures;
	int exit_status;	/* shell: the command's last; -1 if none */
	int error;		/* errno of the last failure, or 0 */
};

/* The outcomes of one action list, in its order. */
struct action_outcomes {
	struct action_outcome item[RTLA_MAX_ACTIONS];
	int count;
};

#endif
