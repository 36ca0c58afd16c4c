// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "model/tracer.h"

static bool irq_shown(const struct context_view *view)
{
	return !view->no_irq;
}

static bool thread_shown(const struct context_view *view)
{
	return !view->no_thread;
}

static bool user_shown(const struct context_view *view)
{
	return view->user;
}

static bool always_shown(const struct context_view *view)
{
	return true;
}

static const struct context_desc timerlat_contexts[] = {
	{ CTX_IRQ, "irq", "IRQ", "IRQ", "IRQ Timer Latency", 10, false,
	  irq_shown },
	{ CTX_THREAD, "thread", "Thr", "Thr", "Thread Timer Latency", 9, false,
	  thread_shown },
	{ CTX_USER, "user", "Usr", "Usr", "Ret user Timer Latency", 4, false,
	  user_shown },
};

static const struct context_desc osnoise_contexts[] = {
	{ CTX_NOISE, "noise", "CPU", "Noise", "Noise", 0, true, always_shown },
};

#define TABLE(t)	(t), (int)(sizeof(t) / sizeof((t)[0]))

static const struct tracer_desc tracers[] = {
	[TRACER_TIMERLAT] = {
		TRACER_TIMERLAT, "timerlat", "CONFIG_TIMERLAT_TRACER",
		"timerlat_trace.txt", CTX_THREAD, false, true, TABLE(timerlat_contexts),
	},
	[TRACER_OSNOISE] = {
		TRACER_OSNOISE, "osnoise", "CONFIG_OSNOISE_TRACER",
		"osnoise_trace.txt", CTX_NOISE, true, false, TABLE(osnoise_contexts),
	},
};

const struct tracer_desc *tracer_desc(enum rtla_tracer tracer)
{
	return &tracers[tracer];
}

const struct context_desc *tracer_context(const struct tracer_desc *tracer,
					  const char *key)
{
	int i;

	for (i = 0; i < tracer->nr_contexts; i++)
		if (!strcmp(tracer->contexts[i].key, key))
			return &tracer->contexts[i];
	return NULL;
}

int tracer_view_contexts(const struct context_view *view,
			 const struct context_desc *shown[NR_CONTEXTS])
{
	const struct tracer_desc *tracer = tracer_desc(view->tracer);
	int i, count = 0;

	for (i = 0; i < tracer->nr_contexts; i++)
		if (tracer->contexts[i].shown(view))
			shown[count++] = &tracer->contexts[i];
	return count;
}
