// SPDX-License-Identifier: GPL-2.0
/* Running --on-threshold / --on-end actions and recording what happened. */
#include "testutil.h"

#include <errno.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run/run.h"

static volatile sig_atomic_t got_usr1;

static void on_usr1(int sig)
{
	got_usr1 = 1;
}

static void parse(struct action_list *list, const char *text)
{
	const char *why = NULL;

	assert_int_equal(action_parse(text, &list->item[list->count], &why), 0);
	list->count++;
}

static void test_outcomes(void **state)
{
	struct rtla_params params;
	struct action_outcomes outcomes;
	struct action_list list = { .count = 0 };
	struct run run = {
		.tool = &timerlat_top_tool,
		.tracer = tracer_desc(TRACER_TIMERLAT),
		.params = &params,
	};
	char text[64];

	params_init(&params, TRACER_TIMERLAT, MODE_TOP);
	signal(SIGUSR1, on_usr1);
	parse(&list, "shell,command=exit 3");
	parse(&list, "shell,command=true");
	snprintf(text, sizeof(text), "signal,num=%d,pid=%d", SIGUSR1,
		 (int)getpid());
	parse(&list, text);
	snprintf(text, sizeof(text), "signal,num=%d,pid=%d", SIGUSR1,
		 (int)dead_pid());
	parse(&list, text);
	parse(&list, "trace,file=/nonexistent/x");
	run_actions_init(&outcomes, &list);
	assert_false(run_actions(&run, &outcomes));
	assert_false(run_actions(&run, &outcomes));

	assert_int_equal(outcomes.item[0].runs, 2);
	assert_int_equal(outcomes.item[0].failures, 2);
	assert_int_equal(outcomes.item[0].exit_status, 3);
	assert_int_equal(outcomes.item[1].failures, 0);
	assert_int_equal(outcomes.item[1].exit_status, 0);
	assert_int_equal(outcomes.item[2].failures, 0);
	assert_true(got_usr1);
	assert_int_equal(outcomes.item[3].failures, 2);
	assert_int_equal(outcomes.item[3].error, ESRCH);
	/* no trace instance (no -t): nothing to save */
	assert_int_equal(outcomes.item[4].failures, 2);
	assert_int_equal(outcomes.item[4].error, ENOENT);

	action_list_free(&list);
	parse(&list, "continue");
	run_actions_init(&outcomes, &list);
	assert_true(run_actions(&run, &outcomes));
	assert_int_equal(outcomes.item[0].runs, 1);
	action_list_free(&list);
	params_free(&params);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_outcomes),
	};

	return RUN_SUITE("actions", tests);
}
