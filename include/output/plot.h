/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_PLOT_H
#define RTLA_PLOT_H

#include <stdbool.h>
#include <stddef.h>

#include "output/plot_layout.h"
#include "model/stats.h"
#include "output/plot_format.h"

/* A point of a timeline: minutes from its start, a max in us. */
struct plot_point {
	double minutes;
	double us;
};

/*
 * One line of the plot, drawn in its file's line style and its CPU
 * group's colour, in its context's panel: a histogram, or (a timeline
 * plot) a monitor's max per window.
 */
struct plot_series {
	const struct histogram *hist;	/* in the run's display unit */
	unsigned int ns_per_unit;	/* 1000 (us) or 1 (ns) */
	int file;
	int group;
	int panel;
	const struct plot_point *points;	/* timeline: in time order */
	int nr_points;
};

/* A line of the header: a file's line style, name and run settings. */
struct plot_file {
	char text[256];
};

struct plot_panel {
	char title[64];			/* "thread latency" */
	char x_title[64];		/* "latency (us)" */
};

/*
 * A plot.  The parts are told apart by their line widths (the file tests
 * read them): grid 0.5, frames 1, series 1.5, the files' line samples 2,
 * a series' max 2.5 and its samples past the histogram 3;
 * the CPU colours are filled squares.
 */
#define PLOT_WIDTH_GRID		0.5
#define PLOT_WIDTH_FRAME	1.0
#define PLOT_WIDTH_SERIES	1.5
#define PLOT_WIDTH_SAMPLE	2.0
#define PLOT_WIDTH_MAX		2.5	/* a series' max: a triangle */
#define PLOT_WIDTH_OVER		3.0	/* its samples past the histogram */

struct plot_spec {
	char title[256];
	int width;			/* pixels (PNG) or points (SVG, PDF) */
	int height;
	enum plot_format format;
	bool timeline;			/* max per window over time */
	struct plot_file files[PLOT_MAX_FILES];
	int nr_files;
	struct plot_panel panels[PLOT_MAX_PANELS];
	int nr_panels;
	char groups[PLOT_PALETTE_SIZE][32];	/* "CPU 3", "CPUs 0-3" */
	int nr_groups;
	const struct plot_series *series;
	int nr_series;
};

/*
 * Draw @spec into @path: 0, or -1 with a one-line reason in @why.  The
 * layout must fit (plot_layout_fit()).
 */
int plot_write(const char *path, const struct plot_spec *spec, char *why,
	       size_t size);

#endif
