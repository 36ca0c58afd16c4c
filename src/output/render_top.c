// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>

#include "output/render.h"

#define TITLE_START	"\033[2;37;40m"
#define HEADER_START	"\033[2;30;47m"
#define COLOR_END	"\033[0;0;0m"

/* The title bar, padded as rtla 6.1 padded it. */
static void print_title(FILE *out, const char *title, int left, int right)
{
	fprintf(out, TITLE_START "%*s%s%*s" COLOR_END "\n", left, "", title,
		right, "");
}

static void print_latency_stats(FILE *out, const struct series_stats *stats)
{
	if (!stats->count) {
		fprintf(out, "%9s %9s %9s %9s", "-", "-", "-", "-");
		return;
	}
	fprintf(out, "%9" PRIu64 " %9" PRIu64 " %9" PRIu64 " %9" PRIu64,
		stats->cur, stats->min, series_avg(stats), stats->max);
}

static void print_latency_row(FILE *out, const char *cpu,
			      const struct series_stats *irq,
			      const struct series_stats *thread)
{
	fprintf(out, "%3s #%-9" PRIu64 " |", cpu, irq->count);
	print_latency_stats(out, irq);
	fprintf(out, " |");
	print_latency_stats(out, thread);
	fprintf(out, "\n");
}

void render_timerlat_top(FILE *out, const struct rtla_params *params,
			 const struct rtla_results *results)
{
	const char *unit = results->divisor == 1 ? "ns" : "us";
	struct series_stats all_irq = { 0 }, all_thread = { 0 };
	const struct cpu_results *slot;
	char duration[32], cpu_name[16];
	int cpu;

	format_duration(duration, sizeof(duration), results->elapsed_s);
	print_title(out, "Timer Latency", 37, 46);
	fprintf(out, "%s   |          IRQ Timer Latency (%s)        |         Thread Timer Latency (%s)\n",
		duration, unit, unit);
	fprintf(out, HEADER_START "CPU COUNT      |      cur       min       avg       max |      cur       min       avg       max" COLOR_END "\n");
	for (cpu = 0; cpu < results->nr_cpus; cpu++) {
		if (!results_cpu_shown(results, cpu))
			continue;
		slot = &results->cpu[cpu];
		snprintf(cpu_name, sizeof(cpu_name), "%d", cpu);
		print_latency_row(out, cpu_name, &slot->irq.stats,
				  &slot->thread.stats);
		series_merge(&all_irq, &slot->irq.stats);
		series_merge(&all_thread, &slot->thread.stats);
	}
	fprintf(out, "---------------|----------------------------------------|---------------------------------------\n");
	all_irq.cur = all_thread.cur = 0;
	print_latency_row(out, "ALL", &all_irq, &all_thread);
	if (results_lost_total(results))
		fprintf(out, "Lost events: %" PRIu64 "\n",
			results_lost_total(results));
}

void render_osnoise_top(FILE *out, const struct rtla_params *params,
			const struct rtla_results *results)
{
	const struct noise_summary *sum;
	char duration[32], percent[32];
	uint64_t available;
	int cpu;

	format_duration(duration, sizeof(duration), results->elapsed_s);
	if (params->hwnoise)
		print_title(out, "Hardware-related Noise", 42, 45);
	else
		print_title(out, "Operating System Noise", 42, 74);
	fprintf(out, "duration: %s | time is in us\n", duration);
	fprintf(out, HEADER_START "CPU Period       Runtime        Noise  %% CPU Aval   Max Noise   Max Single          HW          NMI%s" COLOR_END "\n",
		params->hwnoise ? "" : "          IRQ      Softirq       Thread");
	for (cpu = 0; cpu < results->nr_cpus; cpu++) {
		if (!results_cpu_shown(results, cpu))
			continue;
		sum = &results->cpu[cpu].periods;
		available = noise_available_scaled(sum);
		snprintf(percent, sizeof(percent), "%" PRIu64 ".%05" PRIu64,
			 available / 100000, available % 100000);
		fprintf(out, "%3d #%-6" PRIu64 " %12" PRIu64 " %12" PRIu64
			" %11s %11" PRIu64 " %12" PRIu64 " %11" PRIu64
			" %12" PRIu64, cpu, sum->periods, sum->runtime,
			sum->noise, percent, sum->max_noise, sum->max_single,
			sum->hw, sum->nmi);
		if (!params->hwnoise)
			fprintf(out, " %12" PRIu64 " %12" PRIu64 " %12" PRIu64,
				sum->irq, sum->softirq, sum->thread);
		fprintf(out, "\n");
	}
	if (results_lost_total(results))
		fprintf(out, "Lost events: %" PRIu64 "\n",
			results_lost_total(results));
}
