// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <string.h>

#include "output/duration.h"
#include "output/render.h"

/* Colours, on a terminal only (view->pretty), as rtla 7.2 does. */
#define TITLE_START	"\033[2;37;40m"
#define HEADER_START	"\033[2;30;47m"
#define COLOR_END	"\033[0;0;0m"

static const char *colour(const struct render_view *view, const char *code)
{
	return view->pretty ? code : "";
}

/*
 * rtla 7.2's: without -q a screen every second, on a terminal or not (a
 * "| tee log" keeps the history); colours on a terminal only.
 */
struct top_display top_display(bool quiet, bool tty)
{
	struct top_display display = { !quiet, !quiet && tty };

	return display;
}

/* ESC c, the terminal reset both rtla 6.1 and 7.2 start a screen with */
void render_screen_start(FILE *out)
{
	fputs("\033c", out);
}

/* The title bar, padded as rtla pads it. */
static void print_title(FILE *out, const struct render_view *view,
			const char *title, int left, int right)
{
	fprintf(out, "%s%*s%s%*s%s\n", colour(view, TITLE_START), left, "",
		title, right, "", colour(view, COLOR_END));
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

/* Each context's block of the timerlat top table is this wide. */
#define CONTEXT_WIDTH	40

static void print_latency_row(FILE *out, const char *cpu, uint64_t count,
			      const struct series_stats **stats, int nr)
{
	int c;

	fprintf(out, "%3s #%-9" PRIu64 " |", cpu, count);
	for (c = 0; c < nr; c++) {
		fprintf(out, "%s", c ? " |" : "");
		print_latency_stats(out, stats[c]);
	}
	fprintf(out, "\n");
}

/*
 * "ALL #5910   e0 |": the count as at most six digits and a power of
 * ten, then each context's min, avg and max (no current value).
 */
static void print_all_row(FILE *out, uint64_t count,
			  const struct series_stats *all, int nr)
{
	int c, exponent = 0;

	for (; count > 999999; count /= 10)
		exponent++;
	fprintf(out, "ALL #%-6" PRIu64 " e%d |", count, exponent);
	for (c = 0; c < nr; c++) {
		fprintf(out, "%s%10s", c ? " |" : "", "");
		if (!all[c].count)
			fprintf(out, "%9s %9s %9s", "-", "-", "-");
		else
			fprintf(out, "%9" PRIu64 " %9" PRIu64 " %9" PRIu64,
				all[c].min, series_avg(&all[c]), all[c].max);
	}
	fprintf(out, "\n");
}

/* The two heading lines: context titles, then the column names. */
static void print_latency_heading(FILE *out, const struct render_view *view,
				  const char *duration, const char *unit,
				  const struct context_desc **contexts, int nr)
{
	char title[64];
	int c;

	fprintf(out, "%s   |", duration);
	for (c = 0; c < nr; c++) {
		snprintf(title, sizeof(title), "%*s%s (%s)",
			       contexts[c]->top_indent, "",
			       contexts[c]->top_title, unit);
		if (c < nr - 1)
			fprintf(out, "%-*s|", CONTEXT_WIDTH, title);
		else
			fprintf(out, "%s\n", title);
	}
	fprintf(out, "%sCPU COUNT      |", colour(view, HEADER_START));
	for (c = 0; c < nr; c++)
		fprintf(out, "%s      cur       min       avg       max",
			c ? " |" : "");
	fprintf(out, "%s\n", colour(view, COLOR_END));
}

static void print_latency_rule(FILE *out, int nr)
{
	int c, i;

	fprintf(out, "---------------");
	for (c = 0; c < nr; c++) {
		fputc('|', out);
		for (i = 0; i < CONTEXT_WIDTH - (c == nr - 1); i++)
			fputc('-', out);
	}
	fprintf(out, "\n");
}

/* Below both tops' tables: the lost events, --sources. */
static void print_tail(FILE *out, const struct rtla_results *results)
{
	if (results_lost_total(results))
		fprintf(out, "Lost events: %" PRIu64 "\n",
			results_lost_total(results));
	render_sources(out, results);
}

void render_timerlat_top(FILE *out, const struct render_view *view,
			 const struct rtla_results *results)
{
	const char *unit = results->divisor == 1 ? "ns" : "us";
	struct series_stats all[NR_CONTEXTS];
	const struct series_stats *row[NR_CONTEXTS];
	const struct context_desc *contexts[NR_CONTEXTS];
	int nr = tracer_view_contexts(&results->view, contexts);
	int cpu, c, width = 15 + nr * (CONTEXT_WIDTH + 1) - 1;
	char duration[32], cpu_name[16];
	const struct cpu_results *slot;
	uint64_t count = 0;

	memset(all, 0, sizeof(all));
	format_duration(duration, sizeof(duration), results->elapsed_s);
	print_title(out, view, "Timer Latency", 37, width - 37 - 13);
	print_latency_heading(out, view, duration, unit, contexts, nr);
	for (cpu = 0; cpu < results->nr_cpus; cpu++) {
		if (!results_cpu_shown(results, cpu))
			continue;
		slot = &results->cpu[cpu];
		snprintf(cpu_name, sizeof(cpu_name), "%d", cpu);
		for (c = 0; c < nr; c++) {
			row[c] = &slot->hist[contexts[c]->id].stats;
			series_merge(&all[c], row[c]);
		}
		print_latency_row(out, cpu_name, row[0]->count, row, nr);
	}
	print_latency_rule(out, nr);
	if (nr)
		count = all[0].count;
	print_all_row(out, count, all, nr);
	print_tail(out, results);
}

void render_osnoise_top(FILE *out, const struct render_view *view,
			const struct rtla_results *results)
{
	const struct noise_summary *sum;
	char duration[32], percent[32];
	uint64_t available;
	int cpu;

	format_duration(duration, sizeof(duration), results->elapsed_s);
	if (view->hwnoise)
		print_title(out, view, "Hardware-related Noise", 42, 35);
	else
		print_title(out, view, "Operating System Noise", 42, 74);
	fprintf(out, "duration: %s | time is in us\n", duration);
	fprintf(out, "%sCPU Period       Runtime        Noise  %% CPU Aval   Max Noise   Max Single          HW          NMI%s%s\n",
		colour(view, HEADER_START),
		view->hwnoise ? "" : "          IRQ      Softirq       Thread",
		colour(view, COLOR_END));
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
		if (view->hwnoise)	/* rtla 7.2 ends these rows so */
			fprintf(out, " ");
		else
			fprintf(out, " %12" PRIu64 " %12" PRIu64 " %12" PRIu64,
				sum->irq, sum->softirq, sum->thread);
		fprintf(out, "\n");
	}
	print_tail(out, results);
}
