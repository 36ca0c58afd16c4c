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

static struct run test_run(struct rtla_params *params, FILE *text)
{
	struct run run = {
		.tool = &timerlat_top_tool,
		.tracer = tracer_desc(TRACER_TIMERLAT),
		.params = params,
		.text = text,
	};

	params_alloc(params, TRACER_TIMERLAT, MODE_TOP);
	return run;
}

static void test_outcomes(void **state)
{
	struct rtla_params params;
	struct action_outcomes outcomes;
	struct action_list list = { .count = 0 };
	struct run run = test_run(&params, stdout);
	char text[64];

	signal(SIGUSR1, on_usr1);
	parse(&list, "shell,command=true");
	snprintf(text, sizeof(text), "signal,num=%d,pid=%d", SIGUSR1,
		 (int)getpid());
	parse(&list, text);
	parse(&list, "shell,command=exit 3");
	run_actions_init(&outcomes, &list);
	assert_int_equal(run_actions(&run, &outcomes), ACTIONS_FAILED);
	assert_int_equal(run_actions(&run, &outcomes), ACTIONS_FAILED);

	assert_int_equal(outcomes.item[0].runs, 2);
	assert_int_equal(outcomes.item[0].failures, 0);
	assert_int_equal(outcomes.item[0].exit_status, 0);
	assert_int_equal(outcomes.item[1].failures, 0);
	assert_true(got_usr1);
	assert_int_equal(outcomes.item[2].runs, 2);
	assert_int_equal(outcomes.item[2].failures, 2);
	assert_int_equal(outcomes.item[2].exit_status, 3);
	action_list_free(&list);
	params_free(&params);
}

/* Parse @texts (NULL-terminated) into @list and run them once. */
static enum actions_result run_texts(struct run *run, struct action_list *list,
				     struct action_outcomes *outcomes,
				     const char *const *texts)
{
	action_list_free(list);
	while (*texts)
		parse(list, *texts++);
	run_actions_init(outcomes, list);
	return run_actions(run, outcomes);
}

#define RUN_TEXTS(run, list, outcomes, ...) \
	run_texts(run, list, outcomes, (const char *[]){ __VA_ARGS__, NULL })

/*
 * As in rtla 7.2, a failed action ends its list: nothing after it runs;
 * "continue" resumes the run and ends its list too.
 */
static void test_failure_or_continue_ends_the_list(void **state)
{
	struct rtla_params params;
	struct action_outcomes out;
	struct action_list list = { .count = 0 };
	struct run run = test_run(&params, stdout);
	char text[64];

	assert_int_equal(RUN_TEXTS(&run, &list, &out, "shell,command=false",
				   "shell,command=true", "continue"),
			 ACTIONS_FAILED);
	assert_int_equal(out.item[0].failures, 1);
	assert_int_equal(out.item[0].exit_status, 1);
	assert_int_equal(out.item[1].runs, 0);
	assert_int_equal(out.item[2].runs, 0);

	snprintf(text, sizeof(text), "signal,num=%d,pid=%d", SIGUSR1,
		 (int)dead_pid());
	assert_int_equal(RUN_TEXTS(&run, &list, &out, text,
				   "shell,command=true"), ACTIONS_FAILED);
	assert_int_equal(out.item[0].error, ESRCH);
	assert_int_equal(out.item[1].runs, 0);

	assert_int_equal(RUN_TEXTS(&run, &list, &out, "shell,command=true",
				   "continue", "shell,command=true"),
			 ACTIONS_CONTINUE);
	assert_int_equal(out.item[0].runs, 1);
	assert_int_equal(out.item[1].runs, 1);
	assert_int_equal(out.item[2].runs, 0);

	assert_int_equal(RUN_TEXTS(&run, &list, &out, "shell,command=true"),
			 ACTIONS_COMPLETED);
	action_list_free(&list);
	params_free(&params);
}

/* The trace action names its file, as rtla 7.2 does, before saving it. */
static void test_trace_says_its_file(void **state)
{
	struct rtla_params params;
	struct action_outcomes outcomes;
	struct action_list list = { .count = 0 };
	struct capture cap;
	struct run run;

	capture_open(&cap);
	run = test_run(&params, cap.stream);
	parse(&list, "trace,file=/nonexistent/x");
	parse(&list, "trace");
	run_actions_init(&outcomes, &list);
	/* no trace instance: nothing to save */
	assert_int_equal(run_actions(&run, &outcomes), ACTIONS_FAILED);
	assert_int_equal(outcomes.item[0].failures, 1);
	assert_int_equal(outcomes.item[0].error, ENOENT);
	assert_int_equal(outcomes.item[1].runs, 0);
	assert_string_equal(capture_close(&cap),
			    "  Saving trace to /nonexistent/x\n");
	free(cap.text);
	action_list_free(&list);
	params_free(&params);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_outcomes),
		cmocka_unit_test(test_failure_or_continue_ends_the_list),
		cmocka_unit_test(test_trace_says_its_file),
	};

	return RUN_SUITE("actions", tests);
}
