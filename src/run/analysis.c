// SPDX-License-Identifier: GPL-2.0
/* timerlat auto-analysis in a run: its events, its state, its report. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event-parse.h>
#include <tracefs.h>

#include "output/render_aa.h"
#include "run/run.h"
#include "session/instance.h"

/* What the analysis reads, beyond the tracer's own samples. */
static const char *const aa_events[][2] = {
	{ "osnoise", "nmi_noise" },
	{ "osnoise", "irq_noise" },
	{ "osnoise", "softirq_noise" },
	{ "osnoise", "thread_noise" },
	{ "sched", "sched_switch" },	/* the task running at a stop */
};

int run_aa_setup(struct run *run)
{
	size_t i;

	if (!params_aa_enabled(run->params))
		return 0;
	if (aa_alloc(&run->aa, run->results.nr_cpus)) {
		run_error(run, "out of memory");
		return -1;
	}
	/* a kernel without one of them gets a poorer analysis, as 7.2's */
	for (i = 0; i < sizeof(aa_events) / sizeof(aa_events[0]); i++)
		if (rtla_instance_enable_event(run->main, aa_events[i][0],
					       aa_events[i][1], NULL, NULL))
			run_debug(run, "auto-analysis without %s:%s: %s",
				  aa_events[i][0], aa_events[i][1],
				  strerror(errno));
	return 0;
}

void run_aa_teardown(struct run *run)
{
	aa_free(&run->aa);
}

static bool any_stack(const struct aa *aa)
{
	int cpu;

	for (cpu = 0; cpu < aa->nr_cpus; cpu++)
		if (aa->cpu[cpu].stack_size)
			return true;
	return false;
}

/* Kernel symbols, read only when a stack is to be printed. */
static int load_kallsyms(struct tep_handle *tep)
{
	FILE *f = fopen("/proc/kallsyms", "r");
	size_t size = 0, len = 0, n;
	char *buf = NULL, *bigger;
	int ret;

	if (!f)
		return -1;
	do {
		if (size - len < 65536) {
			size = size ? size * 2 : 1 << 20;
			bigger = realloc(buf, size + 1);
			if (!bigger) {
				free(buf);
				fclose(f);
				return -1;
			}
			buf = bigger;
		}
		n = fread(buf + len, 1, size - len, f);
		len += n;
	} while (n);
	fclose(f);
	buf[len] = '\0';
	ret = tep_parse_kallsyms(tep, buf);
	free(buf);
	return ret;
}

static const char *symbol(void *ctx, uint64_t addr)
{
	return tep_find_function(ctx, addr);
}

void run_aa_report(struct run *run)
{
	const struct rtla_params *params = run->params;
	struct aa_render_opts opts = {
		.irq_thresh_ns = param_or(params->knobs.stop_us, 0) * 1000,
		.thread_thresh_ns =
			param_or(params->knobs.stop_total_us, 0) * 1000,
		.stack_format = params->analysis.stack_format,
		.dump_tasks = params->analysis.dump_tasks,
	};
	struct tep_handle *symbols = NULL;

	if (!run_aa_on(run))
		return;
	if (any_stack(&run->aa))
		symbols = tep_alloc();
	if (symbols && load_kallsyms(symbols))
		run_debug(run, "cannot read /proc/kallsyms: no stack");
	else if (symbols)
		opts.symbol = symbol;
	opts.symbol_ctx = symbols;
	render_aa(run->text, &run->aa, &opts);
	if (symbols)
		tep_free(symbols);
}

void run_aa_max_latency(struct run *run)
{
	char *max = tracefs_instance_file_read(run->main,
					       "tracing_max_latency", NULL);

	/* rtla 7.2 prints the file as it is, its newline included */
	if (max)
		fprintf(run->text, "  Max latency was %s\n", max);
	else
		run_debug(run, "cannot read tracing_max_latency: %s",
			  strerror(errno));
	free(max);
}
