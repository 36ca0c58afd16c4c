/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_COMPARE_H
#define RTLA_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/results.h"
#include "model/window_series.h"

#define COMPARE_MAX_RULES	16
#define COMPARE_ALL_CPUS	-1

enum compare_stat {
	COMPARE_MAX,
	COMPARE_AVG,
	COMPARE_PERCENTILE,
	COMPARE_OVER,
	COMPARE_COUNT,
	COMPARE_LOST,			/* events the ring buffer lost */
};

/* "thread:p99=+10%": how much worse NEW may be than BASE. */
struct compare_rule {
	char text[64];
	char context[8];		/* a context key, or "*" for each */
	enum compare_stat stat;
	char stat_name[16];		/* "max", "p99.9"... as the rows name it */
	bool relative;			/* limit is a percentage of BASE */
	bool drop;			/* a fall is worse: count=-10% */
	bool is_default;		/* undecided: a note, not an error */
	double limit;			/* percent, or ns (a count for over) */
};

/*
 * One side of a comparison: which contexts the run shows, and its
 * results, or (results NULL) a monitor's recorded windows, of which
 * each CPU and context gives the window @choice picks.
 */
struct compare_side {
	const char *name;		/* the file */
	struct context_view view;
	const struct rtla_results *results;
	const struct window_series *series;
	enum window_choice choice;
};

/* One statistic of one context on one CPU (or all), on both sides. */
struct compare_row {
	int cpu;			/* COMPARE_ALL_CPUS: every CPU merged */
	const char *context;		/* its key */
	char stat[8];			/* "max", "avg", "p99", "over", "count" */
	bool is_count;			/* over, count, lost: not a time */
	bool known[2];			/* false: a percentile past the end */
	uint64_t value[2];		/* ns, or a count; [0] BASE, [1] NEW */
	/* where the value lies: value itself when known, else from the
	 * histogram's end (0: unknown) to the max (UINT64_MAX: unknown) */
	uint64_t low[2], high[2];
};

enum compare_result {
	COMPARE_KEPT,
	COMPARE_BROKEN,
	COMPARE_UNDECIDED,
};

struct compare_verdict {
	const struct compare_rule *rule;
	const struct compare_row *row;
	enum compare_result result;
};

struct comparison {
	struct compare_row *rows;
	int nr_rows;
	struct compare_verdict *verdicts;
	int nr_verdicts;
	char contexts[NR_CONTEXTS][8];	/* compared: in both */
	int nr_contexts;
};

/* The rules used when none are given. */
extern const char *const compare_default_rules[];

int compare_rule_parse(const char *text, struct compare_rule *rule,
		       const char **why);

/*
 * Compare @base and @new under @rules: 0, or -1 with a one-line @why
 * when they cannot be compared (other CPUs, a rule on a context they do
 * not share).  compare_free() after a success.
 */
int compare_runs(const struct compare_side *base,
		 const struct compare_side *new,
		 const struct compare_rule *rules, int nr_rules,
		 struct comparison *cmp, char *why, size_t size);
void compare_free(struct comparison *cmp);

int compare_count(const struct comparison *cmp, enum compare_result result);
/* A default rule undecided: said, but no error. */
bool compare_verdict_is_note(const struct compare_verdict *v);
/* The undecided verdicts of rules given, not default: an error. */
int compare_count_firm_undecided(const struct comparison *cmp);

/* What @rule says of @row into @result; false when not about it. */
bool compare_rule_judge(const struct compare_rule *rule,
			const struct compare_row *row,
			enum compare_result *result);

/* "rule thread:max=+20% broken on CPU 1: 120 us -> 150 us (+25.0%)" */
void compare_verdict_describe(const struct compare_verdict *v,
			      const char *unit, char *buf, size_t size);

/* A row's value of @side ("?", ">20000 us" past a histogram), in @unit. */
void compare_format_value(const struct compare_row *row, int side,
			  const char *unit, bool with_unit, char *buf,
			  size_t size);

/* ns as the unit's whole number ("us": 1000 ns a unit). */
uint64_t compare_in_unit(uint64_t ns, const char *unit);

#endif
