// SPDX-License-Identifier: GPL-2.0
/* The formats of rtla plot, by name or by a file's extension. */
#include <string.h>
#include <strings.h>

#include "output/plot_format.h"

static const char *const names[] = {
	[PLOT_SVG] = "svg",
	[PLOT_PNG] = "png",
	[PLOT_PDF] = "pdf",
};

enum plot_format plot_format_named(const char *name)
{
	unsigned int i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcasecmp(name, names[i]))
			return i;
	return PLOT_NONE;
}

enum plot_format plot_format_of(const char *path)
{
	const char *dot = strrchr(path, '.');

	if (!dot || strchr(dot, '/'))
		return PLOT_NONE;
	return plot_format_named(dot + 1);
}
