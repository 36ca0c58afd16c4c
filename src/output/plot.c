// SPDX-License-Identifier: GPL-2.0
/*
 * Latency histograms drawn with cairo into SVG, PNG or PDF: one panel
 * per context, counts on a log axis (OSADL's way), a colour per CPU
 * (group) and a line style per file.  Or, from a monitor's records, the
 * max of each window over time, on a log latency axis.
 */
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>
#include <stdio.h>

#include "model/plot_axes.h"
#include "output/plot.h"

/* Empty buckets drop this far below the count axis' 1. */
#define FOOT		6
#define SAMPLE_LENGTH	28	/* a file's line sample in the header */
#define SWATCH		10

/* The axes every panel shares. */
struct axes {
	struct plot_axis x;		/* us */
	struct plot_axis y;		/* samples, log */
};

/* The last bucket with samples, plus one; 0 for an empty histogram. */
static unsigned int used_buckets(const struct histogram *hist)
{
	unsigned int i = hist->buckets ? hist->entries : 0;

	while (i && !hist->buckets[i - 1])
		i--;
	return i;
}

/* Minutes across, max latency in us up (log). */
static struct axes timeline_fit(const struct plot_spec *spec)
{
	double minutes = 0, max_us = 1;
	const struct plot_series *s;
	struct axes axes;
	int n, i;

	for (n = 0; n < spec->nr_series; n++) {
		s = &spec->series[n];
		for (i = 0; i < s->nr_points; i++) {
			if (s->points[i].minutes > minutes)
				minutes = s->points[i].minutes;
			if (s->points[i].us > max_us)
				max_us = s->points[i].us;
		}
	}
	axes.x = plot_axis_linear(minutes > 0 ? minutes : 1);
	axes.y = plot_axis_log(max_us);
	return axes;
}

static struct axes axes_fit(const struct plot_spec *spec)
{
	double max_us = 0, max_count = 1, edge;
	const struct plot_series *s;
	unsigned int i, used;
	struct axes axes;
	int n;

	if (spec->timeline)
		return timeline_fit(spec);
	for (n = 0; n < spec->nr_series; n++) {
		s = &spec->series[n];
		used = used_buckets(s->hist);
		edge = plot_bucket_us(used, s->hist->bucket_size,
				      s->ns_per_unit);
		if (edge > max_us)
			max_us = edge;
		for (i = 0; i < used; i++)
			if (s->hist->buckets[i] > max_count)
				max_count = s->hist->buckets[i];
	}
	axes.x = plot_axis_linear(max_us);
	axes.y = plot_axis_log(max_count);
	return axes;
}

static void set_rgb(cairo_t *cr, const double rgb[3])
{
	cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
}

/* @text at (@x, @y): @align 0 starts it there, 0.5 centres it, 1 ends it. */
static void text_at(cairo_t *cr, double x, double y, const char *text,
		    double align)
{
	cairo_text_extents_t ext;

	cairo_text_extents(cr, text, &ext);
	cairo_move_to(cr, x - (ext.x_advance * align), y);
	cairo_show_text(cr, text);
}

static void line(cairo_t *cr, double x0, double y0, double x1, double y1)
{
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1, y1);
	cairo_stroke(cr);
}

static void draw_grid(cairo_t *cr, const struct plot_rect *r,
		      const struct axes *axes)
{
	static const double grey[3] = { 0.82, 0.82, 0.82 };
	static const double black[3] = { 0, 0, 0 };
	double ticks[PLOT_MAX_TICKS], pos;
	char label[32];
	int i, n;

	cairo_set_line_width(cr, PLOT_WIDTH_GRID);
	n = plot_axis_ticks(&axes->x, ticks, PLOT_MAX_TICKS);
	for (i = 0; i < n; i++) {
		pos = plot_axis_position(&axes->x, ticks[i], r->left, r->right);
		set_rgb(cr, grey);
		line(cr, pos, r->top, pos, r->bottom);
		set_rgb(cr, black);
		snprintf(label, sizeof(label), "%g", ticks[i]);
		text_at(cr, pos, r->bottom + PLOT_FONT + 2, label, 0.5);
	}
	n = plot_axis_ticks(&axes->y, ticks, PLOT_MAX_TICKS);
	for (i = 0; i < n; i++) {
		pos = plot_axis_position(&axes->y, ticks[i], r->bottom - FOOT,
					 r->top);
		set_rgb(cr, grey);
		line(cr, r->left, pos, r->right, pos);
		set_rgb(cr, black);
		/* 1, 10, 100, 1000, then 1e+04 */
		snprintf(label, sizeof(label), "%g", ticks[i]);
		text_at(cr, r->left - 5, pos + PLOT_FONT / 3.0, label, 1);
	}
}

static void draw_frame(cairo_t *cr, const struct plot_rect *r,
		       const struct plot_panel *panel, bool timeline)
{
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, PLOT_WIDTH_FRAME);
	cairo_rectangle(cr, r->left, r->top, r->right - r->left,
			r->bottom - r->top);
	cairo_stroke(cr);
	cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
			       CAIRO_FONT_WEIGHT_BOLD);
	text_at(cr, r->left, r->top - 6, panel->title, 0);
	cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
			       CAIRO_FONT_WEIGHT_NORMAL);
	text_at(cr, (r->left + r->right) / 2, r->bottom + 2 * PLOT_FONT + 8,
		panel->x_title, 0.5);
	cairo_save(cr);
	cairo_translate(cr, r->left - 52, (r->top + r->bottom) / 2);
	cairo_rotate(cr, -M_PI / 2);
	text_at(cr, 0, 0, timeline ? "max per window (us, log)" :
		"samples per bucket (log)", 0.5);
	cairo_restore(cr);
}

static void set_style(cairo_t *cr, int file, int group, double width)
{
	double dashes[4], rgb[3];
	int n = plot_dash(file, dashes);

	plot_color(group, rgb);
	set_rgb(cr, rgb);
	cairo_set_dash(cr, dashes, n, 0);
	cairo_set_line_width(cr, width);
}

/*
 * Point @i of @s on the page into @x and @y: a histogram's bucket count
 * at the bucket's low edge (0 past the last used one), a timeline's
 * window max at its minute.
 */
static void series_point(const struct plot_rect *r, const struct axes *axes,
			 const struct plot_series *s, unsigned int used,
			 unsigned int i, double *x, double *y)
{
	if (s->points) {
		*x = plot_axis_position(&axes->x, s->points[i].minutes,
					r->left, r->right);
		*y = plot_axis_position(&axes->y, s->points[i].us,
					r->bottom - FOOT, r->top);
		return;
	}
	*x = plot_axis_position(&axes->x,
				plot_bucket_us(i, s->hist->bucket_size,
					       s->ns_per_unit),
				r->left, r->right);
	*y = plot_count_position(&axes->y, i < used ? s->hist->buckets[i] : 0,
				 r->bottom - FOOT, r->top, r->bottom);
}

/* A series as a line: a histogram's buckets, or a timeline's windows. */
static void draw_series(cairo_t *cr, const struct plot_rect *r,
			const struct axes *axes, const struct plot_series *s)
{
	unsigned int i, used = 0, nr;
	double x, y;

	if (s->points) {
		nr = s->nr_points;
	} else {
		used = used_buckets(s->hist);
		nr = used ? used + 1 : 0;
	}
	if (!nr)
		return;
	set_style(cr, s->file, s->group, PLOT_WIDTH_SERIES);
	for (i = 0; i < nr; i++) {
		series_point(r, axes, s, used, i, &x, &y);
		if (!i)
			cairo_move_to(cr, x, y);
		else
			cairo_line_to(cr, x, y);
	}
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
}

/* The title, then each file's line sample, name and settings. */
static void draw_header(cairo_t *cr, const struct plot_spec *spec,
			const struct plot_layout *layout)
{
	const struct plot_rect *h = &layout->header;
	double y = h->top + PLOT_FONT + 4, dashes[4];
	int n;

	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
			       CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_font_size(cr, PLOT_FONT + 3);
	text_at(cr, (h->left + h->right) / 2, y, spec->title, 0.5);
	cairo_set_font_size(cr, PLOT_FONT);
	cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
			       CAIRO_FONT_WEIGHT_NORMAL);
	y = h->top + 26;
	for (n = 0; n < spec->nr_files; n++) {
		y += PLOT_LINE;
		/* black: the colours are the CPUs' */
		cairo_set_source_rgb(cr, 0, 0, 0);
		cairo_set_dash(cr, dashes, plot_dash(n, dashes), 0);
		cairo_set_line_width(cr, PLOT_WIDTH_SAMPLE);
		line(cr, h->left, y - 4, h->left + SAMPLE_LENGTH, y - 4);
		cairo_set_dash(cr, NULL, 0, 0);
		text_at(cr, h->left + SAMPLE_LENGTH + 6, y, spec->files[n].text,
			0);
	}
}

static void draw_legend(cairo_t *cr, const struct plot_spec *spec,
			const struct plot_layout *layout)
{
	const struct plot_rect *l = &layout->legend;
	double rgb[3], y;
	int n;

	for (n = 0; n < spec->nr_groups; n++) {
		y = l->top + n * PLOT_LINE;
		if (y + PLOT_LINE > l->bottom)
			break;
		plot_color(n, rgb);
		set_rgb(cr, rgb);
		cairo_rectangle(cr, l->left, y, SWATCH, SWATCH);
		cairo_fill(cr);
		cairo_set_source_rgb(cr, 0, 0, 0);
		text_at(cr, l->left + SWATCH + 5, y + SWATCH, spec->groups[n],
			0);
	}
}

static void draw(cairo_t *cr, const struct plot_spec *spec,
		 const struct plot_layout *layout)
{
	struct axes axes = axes_fit(spec);
	int p, n;

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	draw_header(cr, spec, layout);
	for (p = 0; p < layout->nr_panels; p++) {
		draw_grid(cr, &layout->panels[p], &axes);
		for (n = 0; n < spec->nr_series; n++)
			if (spec->series[n].panel == p)
				draw_series(cr, &layout->panels[p], &axes,
					    &spec->series[n]);
		draw_frame(cr, &layout->panels[p], &spec->panels[p],
			   spec->timeline);
	}
	draw_legend(cr, spec, layout);
}

static cairo_surface_t *surface_for(const char *path,
				    const struct plot_spec *spec)
{
	switch (spec->format) {
	case PLOT_SVG:
		return cairo_svg_surface_create(path, spec->width, spec->height);
	case PLOT_PDF:
		return cairo_pdf_surface_create(path, spec->width, spec->height);
	default:
		return cairo_image_surface_create(CAIRO_FORMAT_RGB24,
						  spec->width, spec->height);
	}
}

int plot_write(const char *path, const struct plot_spec *spec, char *why,
	       size_t size)
{
	struct plot_layout layout;
	cairo_surface_t *surface;
	cairo_status_t status;
	cairo_t *cr;

	if (plot_layout_fit(&layout, spec->width, spec->height,
			    spec->nr_files, spec->nr_panels)) {
		snprintf(why, size, "%dx%d is too small for %d panel(s) of %d file(s)",
			 spec->width, spec->height, spec->nr_panels,
			 spec->nr_files);
		return -1;
	}
	surface = surface_for(path, spec);
	status = cairo_surface_status(surface);
	if (status == CAIRO_STATUS_SUCCESS) {
		cr = cairo_create(surface);
		cairo_set_font_size(cr, PLOT_FONT);
		draw(cr, spec, &layout);
		status = cairo_status(cr);
		cairo_destroy(cr);
	}
	if (status == CAIRO_STATUS_SUCCESS && spec->format == PLOT_PNG)
		status = cairo_surface_write_to_png(surface, path);
	cairo_surface_finish(surface);
	if (status == CAIRO_STATUS_SUCCESS)
		status = cairo_surface_status(surface);
	cairo_surface_destroy(surface);
	if (status == CAIRO_STATUS_SUCCESS)
		return 0;
	snprintf(why, size, "cannot write %s: %s", path,
		 cairo_status_to_string(status));
	return -1;
}
