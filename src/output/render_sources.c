// SPDX-License-Identifier: GPL-2.0
/* --sources in the text output: each CPU's top N and the rest. */
#include <inttypes.h>
#include <stdio.h>

#include "model/sources.h"
#include "output/render.h"

/* @ns in the displayed unit, to the ns: "12.345" us, or ns as is. */
static void print_time(FILE *out, uint64_t ns, unsigned int divisor)
{
	if (divisor <= 1)
		fprintf(out, " %13" PRIu64, ns);
	else
		fprintf(out, " %9" PRIu64 ".%03" PRIu64, ns / 1000, ns % 1000);
}

static void print_source(FILE *out, const struct noise_sources *s, int cpu,
			 const char *kind, const char *name,
			 const struct noise_source *src, uint64_t rest_ns,
			 uint64_t share, unsigned int divisor)
{
	uint64_t counted = src->total_ns - rest_ns;

	fprintf(out, "%3d %-8s %-32s %9" PRIu64, cpu, kind, name, src->count);
	print_time(out, src->total_ns, divisor);
	if (s->max_exact && !src->max_unknown)
		print_time(out, src->max_ns, divisor);
	else
		fprintf(out, " %13s", "-");
	/* the rest (timerlat) is no event's: the average is the sources' */
	print_time(out, src->count ? counted / src->count : 0, divisor);
	fprintf(out, " %3" PRIu64 ".%02" PRIu64 "%%\n", share / 100,
		share % 100);
}

void render_sources(FILE *out, const struct rtla_results *results)
{
	const struct noise_sources *s = results->sources;
	const unsigned int divisor = results->divisor;
	struct sources_view view;
	char other[48];
	int cpu, i;

	if (!s)
		return;
	if (results->tracer->id == TRACER_TIMERLAT)
		fprintf(out, "\nSources of thread latency, top %u a CPU by total time, share of the thread latency | time is in %s\n",
			s->top, divisor <= 1 ? "ns" : "us");
	else
		fprintf(out, "\nNoise sources, top %u a CPU by total time | time is in %s\n",
			s->top, divisor <= 1 ? "ns" : "us");
	fprintf(out, "CPU kind     source                               count         total           max           avg   share\n");
	for (cpu = 0; cpu < results->nr_cpus; cpu++) {
		if (!results_cpu_shown(results, cpu))
			continue;
		if (results_sources_view(results, cpu, &view))
			return;
		for (i = 0; i < view.shown; i++)
			print_source(out, s, cpu,
				     source_kind_name(view.rank[i]->kind),
				     view.rank[i]->name, view.rank[i], 0,
				     sources_view_share(&view, i), divisor);
		if (view.has_other) {
			if (view.nr > view.shown && view.rest_ns)
				snprintf(other, sizeof(other),
					 "(%d more sources, the rest)",
					 view.nr - view.shown);
			else if (view.nr > view.shown)
				snprintf(other, sizeof(other),
					 "(%d more sources)",
					 view.nr - view.shown);
			else
				snprintf(other, sizeof(other), "(the rest)");
			print_source(out, s, cpu, "other", other, &view.other,
				     view.rest_ns,
				     sources_view_share(&view, view.shown),
				     divisor);
		}
		sources_view_free(&view);
	}
	if (s->dropped)
		fprintf(out, "Source events dropped (kernel map full): %" PRIu64 "\n",
			s->dropped);
}
