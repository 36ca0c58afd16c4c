// SPDX-License-Identifier: GPL-2.0
/* Where the parts of a latency plot go, and how its lines look. */
#include "output/plot_layout.h"

/* Margins, in pixels: room for the tick labels and the axis titles. */
#define MARGIN_LEFT	72	/* count labels and "samples" */
#define MARGIN_OUTER	10	/* the page's edges */
#define LEGEND_WIDTH	96	/* "CPUs 12-15" and its swatch */
#define TITLE_HEIGHT	26
#define AXIS_TITLE	40	/* tick labels and the x axis title */
#define PANEL_TITLE	24	/* above each panel */
#define HEADER_GAP	8	/* below the header's last line */

int plot_layout_fit(struct plot_layout *layout, int width, int height,
		    int nr_files, int nr_panels)
{
	double top, step, panel;
	int i;

	if (nr_panels < 1 || nr_panels > PLOT_MAX_PANELS)
		return -1;
	layout->nr_panels = nr_panels;
	layout->header = (struct plot_rect){ MARGIN_OUTER, MARGIN_OUTER,
		width - MARGIN_OUTER,
		MARGIN_OUTER + TITLE_HEIGHT + nr_files * PLOT_LINE + HEADER_GAP };
	top = layout->header.bottom;
	layout->legend = (struct plot_rect){ width - MARGIN_OUTER - LEGEND_WIDTH,
		top + PANEL_TITLE, width - MARGIN_OUTER,
		height - MARGIN_OUTER };
	/* each panel: its title above, its tick labels and axis title below */
	step = (height - MARGIN_OUTER - top) / nr_panels;
	panel = step - PANEL_TITLE - AXIS_TITLE;
	if (panel < PLOT_MIN_PANEL_HEIGHT ||
	    layout->legend.left - 10 - MARGIN_LEFT < PLOT_MIN_PANEL_WIDTH)
		return -1;
	for (i = 0; i < nr_panels; i++)
		layout->panels[i] = (struct plot_rect){ MARGIN_LEFT,
			top + i * step + PANEL_TITLE, layout->legend.left - 10,
			top + i * step + PANEL_TITLE + panel };
	return 0;
}

int plot_group_size(int nr_cpus)
{
	if (nr_cpus <= PLOT_PALETTE_SIZE)
		return 1;
	return (nr_cpus + PLOT_PALETTE_SIZE - 1) / PLOT_PALETTE_SIZE;
}

int plot_group_count(int nr_cpus)
{
	int size = plot_group_size(nr_cpus);

	return (nr_cpus + size - 1) / size;
}

void plot_color(int index, double rgb[3])
{
	/*
	 * ten of the usual chart hues, then six darker or stronger ones;
	 * any two differ by a fifth of a channel at least
	 */
	static const unsigned int palette[PLOT_PALETTE_SIZE] = {
		0x1f77b4, 0xd62728, 0x2ca02c, 0xff7f0e, 0x9467bd, 0x8c564b,
		0xe377c2, 0x17becf, 0xbcbd22, 0x000000, 0x7f7f7f, 0x000075,
		0x800000, 0xf032e6, 0x005f5f, 0x4b0082,
	};
	unsigned int c;
	int i;

	if (index < 0)
		index = 0;
	c = palette[index % PLOT_PALETTE_SIZE];
	for (i = 0; i < 3; i++)
		rgb[i] = ((c >> (16 - 8 * i)) & 0xff) / 255.0;
}

int plot_dash(int index, double dashes[4])
{
	switch (index % 4) {
	case 1:
		dashes[0] = 6;
		dashes[1] = 3;
		return 2;
	case 2:
		dashes[0] = 1.5;
		dashes[1] = 2.5;
		return 2;
	case 3:
		dashes[0] = 6;
		dashes[1] = 3;
		dashes[2] = 1.5;
		dashes[3] = 3;
		return 4;
	default:
		return 0;
	}
}
