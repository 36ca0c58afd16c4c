/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_PLOT_FORMAT_H
#define RTLA_PLOT_FORMAT_H

/* The files rtla plot writes. */
enum plot_format {
	PLOT_NONE = -1,
	PLOT_SVG,
	PLOT_PNG,
	PLOT_PDF,
};

/* The format named @name ("svg", "png", "pdf"); PLOT_NONE if none. */
enum plot_format plot_format_named(const char *name);
/* The format of @path by its extension (.svg, .png, .pdf, any case). */
enum plot_format plot_format_of(const char *path);

#endif
