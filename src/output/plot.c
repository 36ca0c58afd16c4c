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
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "output/plot_axes.h"
#include "output/plot_fit.h"
#include "output/out_file.h"
#include "output/plot.h"

/* Empty buckets drop this far below the count axis' 1. */
#define FOOT		6
#define SAMPLE_LENGTH	28	/* a file's line sample in the header */
#define SWATCH		10

/* The share of a panel's width left for the samples past the histogram. */
#define OVER_SHARE	0.2
#define OVER_GAP	8
#define MAX_MARK	5	/* the max's triangle, half its width */


/* The histogram's part of a panel: all of it, or left of the zone. */
static struct plot_rect hist_part(const struct plot_rect *r,
				  const struct plot_axes *axes)
{
	struct plot_rect part = *r;

	if (axes->over)
		part.right = r->right - (r->right - r->left) * OVER_SHARE;
	return part;
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
		      const struct plot_axes *axes)
{
	static const double grey[3] = { 0.82, 0.82, 0.82 };
	static const double black[3] = { 0, 0, 0 };
	double ticks[PLOT_MAX_TICKS], pos;
	char label[32];
	int i, n;

	struct plot_rect h = hist_part(r, axes);

	cairo_set_line_width(cr, PLOT_WIDTH_GRID);
	n = plot_axis_ticks(&axes->x, ticks, PLOT_MAX_TICKS);
	for (i = 0; i < n; i++) {
		pos = plot_axis_position(&axes->x, ticks[i], h.left, h.right);
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
static void series_point(const struct plot_rect *r,
			 const struct plot_axes *axes,
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
				r->left, hist_part(r, axes).right);
	*y = plot_count_position(&axes->y, i < used ? s->hist->buckets[i] : 0,
				 r->bottom - FOOT, r->top, r->bottom);
}

/* A series as a line: a histogram's buckets, or a timeline's windows. */
static void draw_series(cairo_t *cr, const struct plot_rect *r,
			const struct plot_axes *axes, const struct plot_series *s)
{
	unsigned int i, used = 0, nr;
	double x, y;

	if (s->points) {
		nr = s->nr_points;
	} else {
		used = plot_used_buckets(s->hist);
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

/* The zone's frame: a dashed line at its start, its ends' latencies. */
static void draw_over_zone(cairo_t *cr, const struct plot_rect *r,
			   const struct plot_axes *axes)
{
	double left = hist_part(r, axes).right + OVER_GAP, dash = 3;
	char label[48];

	cairo_set_source_rgb(cr, 0.5, 0.5, 0.5);
	cairo_set_line_width(cr, PLOT_WIDTH_GRID);
	cairo_set_dash(cr, &dash, 1, 0);
	line(cr, left - OVER_GAP / 2.0, r->top, left - OVER_GAP / 2.0,
	     r->bottom);
	cairo_set_dash(cr, NULL, 0, 0);
	cairo_set_source_rgb(cr, 0, 0, 0);
	if (axes->over_x.max >= 1000)
		snprintf(label, sizeof(label), "max %.1f ms",
			 axes->over_x.max / 1000);
	else
		snprintf(label, sizeof(label), "max %.0f us", axes->over_x.max);
	text_at(cr, r->right, r->bottom + PLOT_FONT + 2, label, 1);
	snprintf(label, sizeof(label), "past %g us (log)", axes->over_x.min);
	text_at(cr, (left + r->right) / 2, r->top + PLOT_FONT + 2, label, 0.5);
}

/* Where @us falls in the zone, or, within the histogram, on its axis. */
static double latency_x(const struct plot_rect *r,
			const struct plot_axes *axes, double us)
{
	struct plot_rect h = hist_part(r, axes);

	if (!axes->over || us < axes->over_x.min)
		return plot_axis_position(&axes->x, us, h.left, h.right);
	return plot_axis_position(&axes->over_x, us, h.right + OVER_GAP,
				  r->right);
}

/*
 * Past the histogram, the samples over it as one shelf at their count
 * from its end to the max; then the max, a triangle on the floor: the
 * worse run's reaches further right.
 */
static void draw_over_and_max(cairo_t *cr, const struct plot_rect *r,
			      const struct plot_axes *axes,
			      const struct plot_series *s)
{
	double left = hist_part(r, axes).right + OVER_GAP, y;
	double x = latency_x(r, axes, plot_max_us(s));

	if (!s->hist->stats.count)
		return;
	if (s->hist->over) {
		set_style(cr, s->file, s->group, PLOT_WIDTH_OVER);
		y = plot_count_position(&axes->y, s->hist->over,
					r->bottom - FOOT, r->top, r->bottom);
		cairo_move_to(cr, left, y);
		cairo_line_to(cr, x, y);
		cairo_line_to(cr, x, r->bottom);
		cairo_stroke(cr);
	}
	set_style(cr, s->file, s->group, PLOT_WIDTH_MAX);
	cairo_set_dash(cr, NULL, 0, 0);
	cairo_move_to(cr, x, r->bottom - 2 * MAX_MARK);
	cairo_line_to(cr, x - MAX_MARK, r->bottom);
	cairo_line_to(cr, x + MAX_MARK, r->bottom);
	cairo_close_path(cr);
	cairo_stroke(cr);
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
	struct plot_axes axes = plot_axes_fit(spec);
	int p, n;

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	draw_header(cr, spec, layout);
	for (p = 0; p < layout->nr_panels; p++) {
		draw_grid(cr, &layout->panels[p], &axes);
		if (axes.over)
			draw_over_zone(cr, &layout->panels[p], &axes);
		for (n = 0; n < spec->nr_series; n++) {
			if (spec->series[n].panel != p)
				continue;
			draw_series(cr, &layout->panels[p], &axes,
				    &spec->series[n]);
			if (!spec->timeline)
				draw_over_and_max(cr, &layout->panels[p],
						  &axes, &spec->series[n]);
		}
		draw_frame(cr, &layout->panels[p], &spec->panels[p],
			   spec->timeline);
	}
	draw_legend(cr, spec, layout);
}

/* Where cairo's bytes go: the output's temporary, and its first error. */
struct plot_sink {
	int fd;
	int error;
};

static cairo_status_t sink_write(void *closure, const unsigned char *data,
				 unsigned int length)
{
	struct plot_sink *sink = closure;
	ssize_t n;

	while (length && !sink->error) {
		n = write(sink->fd, data, length);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			sink->error = n < 0 ? errno : ENOSPC;
			break;
		}
		data += n;
		length -= n;
	}
	return sink->error ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS;
}

static cairo_surface_t *surface_for(struct plot_sink *sink,
				    const struct plot_spec *spec)
{
	switch (spec->format) {
	case PLOT_SVG:
		return cairo_svg_surface_create_for_stream(sink_write, sink,
							   spec->width,
							   spec->height);
	case PLOT_PDF:
		return cairo_pdf_surface_create_for_stream(sink_write, sink,
							   spec->width,
							   spec->height);
	default:
		return cairo_image_surface_create(CAIRO_FORMAT_RGB24,
						  spec->width, spec->height);
	}
}

/* Draw @spec through cairo into @sink: cairo's status. */
static cairo_status_t render(struct plot_sink *sink,
			     const struct plot_spec *spec,
			     const struct plot_layout *layout)
{
	cairo_surface_t *surface = surface_for(sink, spec);
	cairo_status_t status = cairo_surface_status(surface);
	cairo_t *cr;

	if (status == CAIRO_STATUS_SUCCESS) {
		cr = cairo_create(surface);
		cairo_set_font_size(cr, PLOT_FONT);
		draw(cr, spec, layout);
		status = cairo_status(cr);
		cairo_destroy(cr);
	}
	if (status == CAIRO_STATUS_SUCCESS && spec->format == PLOT_PNG)
		status = cairo_surface_write_to_png_stream(surface, sink_write,
							   sink);
	cairo_surface_finish(surface);
	if (status == CAIRO_STATUS_SUCCESS)
		status = cairo_surface_status(surface);
	cairo_surface_destroy(surface);
	return status;
}

int plot_write(const char *path, const struct plot_spec *spec, char *why,
	       size_t size)
{
	struct plot_layout layout;
	struct plot_sink sink = { 0 };
	struct out_file file;
	cairo_status_t status;
	char reason[128];

	if (plot_layout_fit(&layout, spec->width, spec->height,
			    spec->nr_files, spec->nr_panels)) {
		snprintf(why, size, "%dx%d is too small for %d panel(s) of %d file(s)",
			 spec->width, spec->height, spec->nr_panels,
			 spec->nr_files);
		return -1;
	}
	/* a new temporary beside @path, renamed over it when whole */
	if (out_file_check(path, reason, sizeof(reason))) {
		snprintf(why, size, "cannot write %s: %s", path, reason);
		return -1;
	}
	if (out_file_open(&file, path)) {
		snprintf(why, size, "cannot write %s: %s", path,
			 strerror(errno));
		return -1;
	}
	sink.fd = file.fd;
	status = render(&sink, spec, &layout);
	if (status != CAIRO_STATUS_SUCCESS) {
		out_file_abort(&file);
		snprintf(why, size, "cannot write %s: %s", path, sink.error ?
			 strerror(sink.error) : cairo_status_to_string(status));
		return -1;
	}
	if (out_file_commit(&file)) {
		snprintf(why, size, "cannot write %s: %s", path,
			 strerror(errno));
		return -1;
	}
	return 0;
}
