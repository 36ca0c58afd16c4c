/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_PLOT_EXEC_H
#define RTLA_PLOT_EXEC_H

#include <stddef.h>

/*
 * rtla plot is a program of its own, rtla-plot, so that rtla does not
 * link the drawing library.  It is looked for next to the running rtla
 * (the build tree), then in ../libexec/rtla/ from it (where make install
 * puts it).
 */
#define PLOT_PROGRAM	"rtla-plot"
/* The package that holds it (packaging/: the .deb's and the RPM's) */
#define PLOT_PACKAGE	"rtla-ng-plot"

/*
 * The candidate paths for an rtla running as @self (its absolute path),
 * into @first and @second: 0, or -1 when they do not fit.
 */
int plot_program_paths(const char *self, char *first, char *second,
		       size_t size);

/*
 * Run rtla-plot with @argv[1...] (@argv[0] is "plot"): does not return
 * on success; on failure says why in one line and returns 1.
 */
int plot_exec(int argc, char **argv);

#endif
