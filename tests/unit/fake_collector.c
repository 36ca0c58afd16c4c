// SPDX-License-Identifier: GPL-2.0
/* A scripted collector on a fake clock: see fake_collector.h. */
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "testutil.h"

#include "fake_collector.h"
#include "layout_helper.h"
#include "run/run.h"

#define NSEC_PER_SEC	1000000000ULL

static uint64_t clock_ns;

int __wrap_clock_gettime(clockid_t clock, struct timespec *ts);
int __wrap_nanosleep(const struct timespec *req, struct timespec *rem);

int __wrap_clock_gettime(clockid_t clock, struct timespec *ts)
{
	if (clock != CLOCK_MONOTONIC)
		return syscall(SYS_clock_gettime, clock, ts);
	ts->tv_sec = clock_ns / NSEC_PER_SEC;
	ts->tv_nsec = clock_ns % NSEC_PER_SEC;
	return 0;
}

static struct fake_collector *current;

static void advance(uint64_t ns)
{
	struct fake_collector *fake = current;

	clock_ns += ns;
	if (!fake)
		return;
	if (fake->signal_at_ns && clock_ns >= fake->signal_at_ns &&
	    !run_stop_requested) {
		run_stop_requested = fake->signal;
		run_signals_caught++;
	}
	if (fake->next_hit < FAKE_MAX_HITS &&
	    fake->hit_at_ns[fake->next_hit] &&
	    clock_ns >= fake->hit_at_ns[fake->next_hit]) {
		fake->hit = true;
		fake->next_hit++;
	}
}

int __wrap_nanosleep(const struct timespec *req, struct timespec *rem)
{
	advance((uint64_t)req->tv_sec * NSEC_PER_SEC + req->tv_nsec);
	return 0;
}

uint64_t fake_clock_ns(void)
{
	return clock_ns;
}

static struct fake_collector *to_fake(struct collector *c)
{
	return (struct fake_collector *)c;
}

/* The call's letter in fake->calls; a run longer than it ends in '+'. */
static void note(struct collector *c, char call)
{
	struct fake_collector *fake = to_fake(c);
	size_t len = strlen(fake->calls), last = sizeof(fake->calls) - 2;

	fake->calls[len < last ? len : last] = len < last ? call : '+';
}

static void fake_wait(struct collector *c, long timeout_ns)
{
	note(c, 'w');
	if (++to_fake(c)->waits > FAKE_MAX_WAITS)
		fail_msg("the loop waited %u times: it does not end",
			 to_fake(c)->waits - 1);
	advance(timeout_ns);
}

static void fake_drain(struct collector *c)
{
	struct fake_collector *fake = to_fake(c);
	uint64_t ns = 1000;
	int i;

	note(c, 'd');
	for (i = 0; i < FAKE_MAX_SPIKES; i++)
		if (clock_ns >= fake->spike[i].from_ns &&
		    clock_ns < fake->spike[i].to_ns)
			ns = fake->spike[i].ns;
	if (!fake->in_kernel)
		results_add_sample(c->config.results, 0, CTX_IRQ, ns);
}

static bool fake_stopped(struct collector *c)
{
	return to_fake(c)->hit;
}

static void fake_resume(struct collector *c)
{
	note(c, 'r');
	to_fake(c)->hit = false;
	advance(to_fake(c)->resume_ns);
}

/* What the kernel counted so far, as the BPF collector reads it. */
static void read_kernel_counts(struct collector *c)
{
	struct rtla_results *results = c->config.results;

	if (!to_fake(c)->in_kernel)
		return;
	results_reset(results);
	results_add_samples(results, 0, CTX_IRQ, 1000,
			    clock_ns / (NSEC_PER_SEC / 10));
}

static void fake_snapshot(struct collector *c)
{
	note(c, 's');
	read_kernel_counts(c);
}

static void fake_reset(struct collector *c)
{
	note(c, 'R');
	to_fake(c)->reset_at_ns = clock_ns;
}

static void fake_freeze(struct collector *c)
{
	note(c, 'f');
}

static void fake_stop(struct collector *c)
{
	note(c, 'S');
	to_fake(c)->stopped_at_ns = clock_ns;
}

static void fake_collect(struct collector *c)
{
	note(c, 'c');
	read_kernel_counts(c);
}

static void fake_lost(struct collector *c)
{
	note(c, 'l');
	c->config.results->cpu[0].lost_events = to_fake(c)->lost;
}

static void fake_close(struct collector *c)
{
	current = NULL;
}

static const struct collector_ops fake_ops = {
	.name = "fake",
	.interval_ns = NULL,
	.wait = fake_wait,
	.drain = fake_drain,
	.stopped = fake_stopped,
	.resume = fake_resume,
	.snapshot = fake_snapshot,
	.reset = fake_reset,
	.freeze = fake_freeze,
	.stop = fake_stop,
	.collect = fake_collect,
	.lost = fake_lost,
	.close = fake_close,
};

void fake_collector_init(struct fake_collector *fake,
			 struct rtla_results *results)
{
	memset(fake, 0, sizeof(*fake));
	fake->base.ops = &fake_ops;
	fake->base.config.results = results;
	clock_ns = 0;
	current = fake;
}

void fake_run_init(struct fake_run *f, const struct rtla_tool *tool)
{
	memset(f, 0, sizeof(*f));
	params_alloc(&f->params, tool->id.tracer, tool->id.mode);
	f->params.timerlat_monitor = tool->id.monitor;
	CPU_SET(0, &f->params.threads.cpu_set);
	f->run.params = &f->params;
	f->run.tool = tool;
	f->run.tracer = tracer_desc(tool->id.tracer);
	f->run.workload.dma_fd = -1;
	assert_int_equal(results_alloc_params(&f->run.results, &f->params, 1),
			 0);
	fake_collector_init(&f->fake, &f->run.results);
	f->run.collector = &f->fake.base;
	run_actions_init(&f->run.on_threshold, &f->on_threshold);
	f->text_stream = open_memstream(&f->text, &f->text_size);
	assert_non_null(f->text_stream);
	f->run.text = f->text_stream;
	run_stop_requested = 0;
	run_signals_caught = 0;
}

void fake_run_free(struct fake_run *f)
{
	collector_close(f->run.collector);
	results_free(&f->run.results);
	fclose(f->text_stream);
	free(f->text);
	params_free(&f->params);
	action_list_free(&f->on_threshold);
	run_stop_requested = 0;
}

const char *fake_run_text(struct fake_run *f)
{
	fflush(f->text_stream);
	return f->text;
}
