/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_PLOT_LAYOUT_H
#define RTLA_PLOT_LAYOUT_H

/* Sixteen colours that stay apart on white; more CPUs are grouped. */
#define PLOT_PALETTE_SIZE	16
#define PLOT_MAX_PANELS		4	/* one per context */
#define PLOT_MAX_FILES		8

/* Text sizes, in pixels (PNG) or points (SVG, PDF). */
#define PLOT_FONT		12
#define PLOT_LINE		16	/* a line of text */

/* A rectangle of the page, y growing downwards. */
struct plot_rect {
	double left, top, right, bottom;
};

/*
 * Where the parts go: the title with one line per file (its line style,
 * name and settings) at the top, the CPU colours in a column at the
 * right, and one panel per context stacked in between.
 */
struct plot_layout {
	struct plot_rect header;
	struct plot_rect legend;
	struct plot_rect panels[PLOT_MAX_PANELS];
	int nr_panels;
};

/* The smallest panel plot_layout_fit() makes, in pixels. */
#define PLOT_MIN_PANEL_HEIGHT	80
#define PLOT_MIN_PANEL_WIDTH	200

/*
 * Fit @nr_panels panels and the header of @nr_files files into a page of
 * @width x @height: 0, or -1 when a panel would be smaller than the
 * minimum.
 */
int plot_layout_fit(struct plot_layout *layout, int width, int height,
		    int nr_files, int nr_panels);

/*
 * How many CPUs share a colour when @nr_cpus are drawn: 1 up to the
 * palette's size, then enough for the groups to fit in it.
 */
int plot_group_size(int nr_cpus);
/* How many colours (groups) @nr_cpus CPUs take. */
int plot_group_count(int nr_cpus);

/* The colour of group @index, RGB in 0..1. */
void plot_color(int index, double rgb[3]);

/*
 * The dash pattern of file @index (solid, dashed, dotted, dash-dot, then
 * again) into @dashes (room for 4): how many lengths, 0 for solid.
 */
int plot_dash(int index, double dashes[4]);

#endif
