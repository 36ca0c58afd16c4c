/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_KNOBS_H
#define RTLA_KNOBS_H

#include <stdbool.h>

/* Every global tracefs file rtla may change: id and path. */
#define RTLA_KNOBS(K)						\
	K(KNOB_CPUS,		"osnoise/cpus")				\
	K(KNOB_PERIOD,		"osnoise/period_us")			\
	K(KNOB_RUNTIME,		"osnoise/runtime_us")			\
	K(KNOB_STOP,		"osnoise/stop_tracing_us")		\
	K(KNOB_STOP_TOTAL,	"osnoise/stop_tracing_total_us")	\
	K(KNOB_TIMERLAT_PERIOD,	"osnoise/timerlat_period_us")		\
	K(KNOB_PRINT_STACK,	"osnoise/print_stack")			\
	K(KNOB_TIMERLAT_ALIGN,	"osnoise/timerlat_align_us")		\
	K(KNOB_OPTIONS,		"osnoise/options")			\
	K(KNOB_TRACING_THRESH,	"tracing_thresh")

enum knob_id {
#define KNOB_ENUM(id, path) id,
	RTLA_KNOBS(KNOB_ENUM)
#undef KNOB_ENUM
	NR_KNOBS
};

struct knob_state {
	bool present;		/* the kernel has the file */
	bool changed;		/* rtla wrote it: restore at the end */
	char *saved;		/* the value before rtla, trimmed */
};

struct knobs {
	struct knob_state knob[NR_KNOBS];
};

/* A value to write, as the tracer config asks. */
struct knob_setting {
	enum knob_id id;
	const char *value;
};

const char *knob_path(enum knob_id id);

/*
 * Whether @value is of the form @id reads back as: a CPU list, a number,
 * or option words.  Values from outside (the state record) are checked.
 */
bool knob_value_valid(enum knob_id id, const char *value);

/* Read every knob the kernel has; returns -1 if one cannot be read. */
int knobs_save(struct knobs *knobs);
bool knob_present(const struct knobs *knobs, enum knob_id id);

/*
 * Write the settings in order; a write the kernel refuses is tried again
 * after the others (runtime and period must stay ordered). On failure
 * *failed names the setting that could not be written.
 */
int knobs_apply(struct knobs *knobs, const struct knob_setting *settings,
		int count, const struct knob_setting **failed);

/* Put back every knob rtla changed; -1 if one could not be restored. */
int knobs_restore(struct knobs *knobs);
void knobs_free(struct knobs *knobs);

#endif
