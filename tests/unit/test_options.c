// SPDX-License-Identifier: GPL-2.0
#include "testutil.h"

#include "cli/options.h"
#include "model/aa.h"
#include "model/tracer.h"

static const struct tool_id timerlat_hist = {
	"timerlat hist", "", TRACER_TIMERLAT, MODE_HIST, false, false };
static const struct tool_id timerlat_top = {
	"timerlat top", "", TRACER_TIMERLAT, MODE_TOP, false, false };
static const struct tool_id osnoise_top = {
	"osnoise top", "", TRACER_OSNOISE, MODE_TOP, false, false };
static const struct tool_id osnoise_hist = {
	"osnoise hist", "", TRACER_OSNOISE, MODE_HIST, false, false };
static const struct tool_id hwnoise = {
	"hwnoise", "", TRACER_OSNOISE, MODE_TOP, true, false };
static const struct tool_id timerlat_monitor = {
	"timerlat monitor", "", TRACER_TIMERLAT, MODE_HIST, false, true };

#define NR_CPUS	4

struct parsed {
	struct rtla_params params;
	enum options_result result;
	char *err;
};

/* Parse a NULL-terminated word list as argv (argv[0] is the mode). */
static void parse_words(const struct tool_id *tool, struct parsed *p,
			const char *const *words)
{
	struct capture cap;
	char *argv[64];
	int argc = 0;

	argv[argc++] = "mode";
	while (*words)
		argv[argc++] = (char *)*words++;
	argv[argc] = NULL;
	capture_open(&cap);
	p->result = options_parse(tool, argc, argv, NR_CPUS, &p->params,
				  cap.stream);
	p->err = (char *)capture_close(&cap);
}

#define PARSE(tool, p, ...) \
	parse_words(tool, p, (const char *[]){ __VA_ARGS__, NULL })

static void done(struct parsed *p)
{
	params_free(&p->params);
	free(p->err);
}

static void test_timerlat_hist_all_options(void **state)
{
	struct parsed p;

	PARSE(&timerlat_hist, &p, "-c", "0-1", "-p", "500", "-i", "40", "-T",
	      "50", "-s", "30", "-d", "1m", "-b", "10", "-E", "100",
	      "--no-irq", "--no-header", "--no-summary", "--no-index",
	      "--with-zeros", "-n", "--dma-latency", "0", "-P", "f:95", "-D");
	assert_int_equal(p.result, OPTIONS_OK);
	assert_string_equal(p.err, "");
	assert_string_equal(p.params.threads.cpus, "0-1");
	assert_int_equal(CPU_COUNT(&p.params.threads.cpu_set), 2);
	assert_int_equal(p.params.knobs.period_us, 500);
	assert_int_equal(p.params.knobs.stop_us, 40);
	assert_int_equal(p.params.knobs.stop_total_us, 50);
	assert_int_equal(p.params.knobs.print_stack_us, 30);
	assert_int_equal(p.params.duration_s, 60);
	assert_int_equal(p.params.hist.bucket_size, 10);
	assert_int_equal(p.params.hist.entries, 100);
	assert_true(p.params.hist.no_irq);
	assert_false(p.params.hist.no_thread);
	assert_true(p.params.hist.no_header && p.params.hist.no_summary &&
		    p.params.hist.no_index && p.params.hist.with_zeros &&
		    p.params.display.nano);
	assert_int_equal(p.params.threads.dma_latency_us, 0);
	assert_int_equal(p.params.threads.sched.priority, 95);
	assert_int_equal(p.params.debug, 1);
	assert_false(p.params.tracing.trace);
	done(&p);
}

static void test_defaults(void **state)
{
	struct parsed p;

	PARSE(&timerlat_hist, &p, "-D");
	assert_int_equal(p.result, OPTIONS_OK);
	assert_int_equal(p.params.hist.entries, 256);
	assert_int_equal(p.params.hist.bucket_size, 1);
	assert_true(p.params.threads.dma_latency_us == PARAM_UNSET);
	assert_int_equal(CPU_COUNT(&p.params.threads.cpu_set), NR_CPUS);
	assert_null(p.params.threads.cpus);
	assert_int_equal(p.params.duration_s, 0);
	done(&p);
}

static void test_long_forms(void **state)
{
	struct parsed p;

	PARSE(&osnoise_top, &p, "--period", "2000000", "--runtime", "500000",
	      "--stop", "10", "--stop-total", "20", "--threshold", "3",
	      "--cpus", "1", "--duration", "2h", "--quiet");
	assert_int_equal(p.result, OPTIONS_OK);
	assert_int_equal(p.params.knobs.period_us, 2000000);
	assert_int_equal(p.params.knobs.runtime_us, 500000);
	assert_int_equal(p.params.knobs.stop_us, 10);
	assert_int_equal(p.params.knobs.stop_total_us, 20);
	assert_int_equal(p.params.knobs.threshold_us, 3);
	assert_true(param_given(p.params.knobs.threshold_us));
	assert_int_equal(p.params.duration_s, 7200);
	assert_true(p.params.quiet);
	done(&p);
}

static void test_trace_file_forms(void **state)
{
	struct parsed p;

	PARSE(&timerlat_hist, &p, "-t", "/tmp/x.txt", "-d", "1");
	assert_int_equal(p.result, OPTIONS_OK);
	assert_true(p.params.tracing.trace);
	assert_string_equal(tracer_trace_file(&p.params), "/tmp/x.txt");
	assert_int_equal(p.params.duration_s, 1);
	done(&p);

	PARSE(&timerlat_hist, &p, "-t=/tmp/y.txt");
	assert_string_equal(tracer_trace_file(&p.params), "/tmp/y.txt");
	done(&p);

	PARSE(&timerlat_hist, &p, "-t/tmp/z.txt");
	assert_string_equal(tracer_trace_file(&p.params), "/tmp/z.txt");
	done(&p);

	PARSE(&osnoise_hist, &p, "--trace=o.txt");
	assert_string_equal(tracer_trace_file(&p.params), "o.txt");
	done(&p);

	PARSE(&osnoise_hist, &p, "-t", "-d", "3");
	assert_int_equal(p.result, OPTIONS_OK);
	assert_string_equal(tracer_trace_file(&p.params), "osnoise_trace.txt");
	assert_int_equal(p.params.duration_s, 3);
	done(&p);

	PARSE(&timerlat_top, &p, "--trace");
	assert_string_equal(tracer_trace_file(&p.params), "timerlat_trace.txt");
	done(&p);
}

static void test_auto(void **state)
{
	struct parsed p;

	PARSE(&timerlat_hist, &p, "-a", "30");
	assert_int_equal(p.result, OPTIONS_OK);
	assert_int_equal(p.params.knobs.stop_us, 30);
	assert_int_equal(p.params.knobs.stop_total_us, 30);
	assert_int_equal(p.params.knobs.print_stack_us, 30);
	assert_true(p.params.tracing.trace);
	done(&p);

	PARSE(&timerlat_hist, &p, "-a", "30", "-T", "100");
	assert_int_equal(p.params.knobs.stop_total_us, 100);
	done(&p);

	PARSE(&osnoise_top, &p, "-a", "10");
	assert_int_equal(p.params.knobs.stop_us, 10);
	assert_false(param_given(p.params.knobs.stop_total_us));
	assert_int_equal(p.params.knobs.threshold_us, 1);
	assert_true(p.params.tracing.trace);
	done(&p);
}

static void test_events(void **state)
{
	struct parsed p;

	PARSE(&timerlat_top, &p, "-e", "sched:sched_switch", "--filter",
	      "prev_pid == 0", "--trigger", "stacktrace", "-e", "irq");
	assert_int_equal(p.result, OPTIONS_OK);
	assert_int_equal(p.params.tracing.nr_events, 2);
	assert_string_equal(p.params.tracing.events[0].filter, "prev_pid == 0");
	assert_string_equal(p.params.tracing.events[0].trigger, "stacktrace");
	assert_null(p.params.tracing.events[1].name);
	assert_true(p.params.tracing.trace);
	done(&p);

	PARSE(&timerlat_top, &p, "-e", "sched", "--trigger", "stacktrace");
	assert_int_equal(p.result, OPTIONS_ERROR);
	assert_string_equal(p.err,
		"rtla timerlat top: invalid --trigger 'stacktrace': needs a preceding -e sys:event, not a whole system\n");
	done(&p);

	PARSE(&timerlat_top, &p, "--filter", "x");
	assert_int_equal(p.result, OPTIONS_ERROR);
	assert_string_equal(p.err, "--filter requires a previous -e\n");
	done(&p);
}

/* Words after the options: rtla 7.2 ignores them; ours says so. */
static void test_extra_words(void **state)
{
	struct parsed p;

	PARSE(&hwnoise, &p, "-t", "-e", "osnoise:irq_noise",
	      "trigger=hist:keys=vector", "-d", "1s", "more");
	assert_int_equal(p.result, OPTIONS_OK);
	assert_int_equal(p.params.duration_s, 1);
	assert_string_equal(p.err,
		"rtla hwnoise: ignoring extra arguments: trigger=hist:keys=vector more\n");
	done(&p);
}

static void test_hwnoise(void **state)
{
	struct parsed p;

	PARSE(&hwnoise, &p, "-q", "-d", "5");
	assert_int_equal(p.result, OPTIONS_OK);
	assert_true(p.params.hwnoise);
	assert_int_equal(p.params.knobs.threshold_us, 1);
	done(&p);

	PARSE(&hwnoise, &p, "-b", "5");
	assert_int_equal(p.result, OPTIONS_USAGE);
	done(&p);
}

struct bad_case {
	const struct tool_id *tool;
	const char *words[6];
	const char *message;
};

static const struct bad_case bad_cases[] = {
	{ &timerlat_hist, { "-p", "0" },
	  "rtla timerlat hist: invalid -p '0': period must be 100-1000000 us\n" },
	{ &timerlat_hist, { "--period", "abc" },
	  "rtla timerlat hist: invalid --period 'abc': period must be 100-1000000 us\n" },
	/* where rtla 7.2 has a line of its own, it is printed */
	{ &osnoise_top, { "-c", "abc" }, "Invalid -c cpu list\n"
	  "  'abc': not a CPU list (example: 0-3,5)\n" },
	{ &osnoise_top, { "-c", "4" }, "Invalid -c cpu list\n"
	  "  '4': no such CPU\n" },
	{ &timerlat_top, { "-d", "xyz" }, "Invalid -d duration\n"
	  "  'xyz': not a number\n" },
	{ &timerlat_top, { "--duration", "5y" }, "Invalid -d duration\n"
	  "  '5y': unknown unit, use s, m, h or d\n" },
	{ &timerlat_top, { "-H", "abc" },
	  "Error parsing house keeping CPUs\n"
	  "  'abc': not a CPU list (example: 0-3,5)\n" },
	{ &osnoise_hist, { "--on-threshold", "bogus" },
	  "Invalid action bogus\n"
	  "  'bogus': expected trace, signal, shell or continue\n" },
	{ &timerlat_top, { "--on-end", "shell" }, "Invalid action shell\n"
	  "  'shell': shell takes command=CMD\n" },
	{ &timerlat_top, { "-u", "-k" },
	  "--kernel-threads and --user-threads are mutually exclusive!\n" },
	{ &timerlat_top, { "-p", "1000001" }, "Period longer than 1 s\n" },
	{ &osnoise_top, { "-p", "10000001" }, "Period longer than 10 s\n" },
	{ &osnoise_hist, { "-r", "99" }, "Runtime shorter than 100 us\n" },
	{ &timerlat_top, { "--trigger", "hist:keys=cpu" },
	  "--trigger requires a previous -e\n" },
	/* where rtla 7.2 has none, ours */
	{ &timerlat_top, { "-p", "99" },
	  "rtla timerlat top: invalid -p '99': period must be 100-1000000 us\n" },
	{ &osnoise_top, { "-r", "10000001" },
	  "rtla osnoise top: invalid -r '10000001': runtime must be 100-10000000 us\n" },
	{ &timerlat_top, { "-x" },
	  "rtla timerlat top: unknown option '-x'\n" },
	{ &timerlat_top, { "--bogus" },
	  "rtla timerlat top: unknown option '--bogus'\n" },
	{ &timerlat_top, { "-d" },
	  "rtla timerlat top: option '-d' needs a value\n" },
	{ &timerlat_top, { "-P", "x:1" }, "Invalid -P priority\n"
	  "  'x:1': expected o:prio, r:prio, f:prio or d:runtime:period\n" },
	{ &timerlat_hist, { "-E", "0" },
	  "Entries must be > 10 and < 10000000\n"
	  "  '0': entries must be 10-9999999\n" },
	{ &timerlat_hist, { "-E", "10000000" },
	  "Entries must be > 10 and < 10000000\n"
	  "  '10000000': entries must be 10-9999999\n" },
	{ &osnoise_hist, { "-b", "0" },
	  "Bucket size needs to be > 0 and <= 1000000\n"
	  "  '0': bucket size must be 1-1000000\n" },
	{ &timerlat_top, { "-b", "2" },
	  "rtla timerlat top: unknown option '-b'\n" },
	{ &osnoise_top, { "-i", "2" },
	  "rtla osnoise top: unknown option '-i'\n" },
	{ &timerlat_hist, { "--no-irq", "--no-thread" },
	  "no-irq and no-thread set, there is nothing to do here\n" },
	{ &timerlat_top, { "-u", "-U" },
	  "rtla timerlat top: -u, -k and -U exclude each other\n" },
	{ &osnoise_top, { "-p", "1000", "-r", "2000" },
	  "rtla osnoise top: runtime 2000 us is longer than period 1000 us\n" },
	{ &osnoise_top, { "-r", "10" }, "Runtime shorter than 100 us\n" },
	{ &timerlat_top, { "-a", "0" },
	  "rtla timerlat top: invalid -a '0': must be 1-4294967295 us\n" },
	{ &timerlat_top, { "-T", "-5" },
	  "rtla timerlat top: invalid -T '-5': not a number\n" },
	/* timerlat monitor's own, and what it leaves out */
	{ &timerlat_monitor, { "-q" },
	  "rtla timerlat monitor: unknown option '-q'\n" },
	{ &timerlat_monitor, { "--budget", "irq:max=10" },
	  "rtla timerlat monitor: unknown option '--budget'\n" },
	{ &timerlat_monitor, { "--interval", "0" },
	  "rtla timerlat monitor: invalid --interval '0': must be at least one second\n" },
	{ &timerlat_monitor, { "--interval", "2d" },
	  "rtla timerlat monitor: invalid --interval '2d': a window is 1 s to 1 d long\n" },
	{ &timerlat_monitor, { "--listen", "70000" },
	  "rtla timerlat monitor: invalid --listen '70000': the port must be a number from 0 to 65535\n" },
	{ &timerlat_monitor, { "--buckets", "10us,5us" },
	  "rtla timerlat monitor: invalid --buckets '10us,5us': the bounds are not in ascending order\n" },
	{ &timerlat_monitor, { "--record-size", "1k" },
	  "rtla timerlat monitor: invalid --record-size '1k': a size is 4k to 64G: N bytes, or Nk, NM, NG\n" },
	{ &timerlat_monitor, { "--record-size", "65G" },
	  "rtla timerlat monitor: invalid --record-size '65G': a size is 4k to 64G: N bytes, or Nk, NM, NG\n" },
	{ &timerlat_monitor, { "--record-keep", "101" },
	  "rtla timerlat monitor: invalid --record-keep '101': must be 0-100\n" },
	{ &timerlat_monitor, { "--keep-traces", "0" },
	  "rtla timerlat monitor: invalid --keep-traces '0': must be 1-1000\n" },
	{ &timerlat_monitor, { "--web-config", "w.yml" },
	  "rtla timerlat monitor: --web-config needs --listen\n" },
	{ &timerlat_monitor, { "--record", "a.json", "--json", "a.json" },
	  "rtla timerlat monitor: --json and --record both write a.json: give each its own file\n" },
};

/* timerlat monitor: its own options and their defaults. */
static void test_monitor_options(void **state)
{
	struct parsed p;

	PARSE(&timerlat_monitor, &p, "-c", "1", "--listen", "9117");
	assert_int_equal(p.result, OPTIONS_OK);
	assert_true(p.params.timerlat_monitor);
	assert_int_equal(p.params.mode, MODE_HIST);
	assert_int_equal(p.params.monitor.interval_s, 60);
	assert_string_equal(p.params.monitor.listen, "9117");
	assert_null(p.params.monitor.web_config);
	assert_int_equal(p.params.monitor.buckets.nr, 0);
	assert_null(p.params.monitor.record_file);
	assert_int_equal(p.params.monitor.record_bytes, 16 << 20);
	assert_int_equal(p.params.monitor.record_keep, 4);
	assert_int_equal(p.params.monitor.keep_traces, 10);
	/* 1 ms of 1-us buckets; hist keeps rtla's 256 */
	assert_int_equal(p.params.hist.entries, MONITOR_DEFAULT_ENTRIES);
	assert_int_equal(p.params.hist.bucket_size, 1);
	done(&p);

	PARSE(&timerlat_monitor, &p, "--interval", "5m", "--listen",
	      "[::1]:9117", "--web-config", "web.yml", "--buckets",
	      "10us,1ms", "--record", "w.jsonl", "--record-size", "2M",
	      "--record-keep", "0", "--textfile", "rtla.prom", "-T", "100",
	      "--on-threshold", "continue", "-E", "300", "--json", "end.json",
	      "--keep-traces", "3");
	assert_int_equal(p.result, OPTIONS_OK);
	assert_string_equal(p.err, "");
	assert_int_equal(p.params.monitor.interval_s, 300);
	assert_string_equal(p.params.monitor.listen, "[::1]:9117");
	assert_string_equal(p.params.monitor.web_config, "web.yml");
	assert_int_equal(p.params.monitor.buckets.nr, 2);
	assert_int_equal(p.params.monitor.buckets.ns[1], 1000000);
	assert_string_equal(p.params.monitor.record_file, "w.jsonl");
	assert_int_equal(p.params.monitor.record_bytes, 2 << 20);
	assert_int_equal(p.params.monitor.record_keep, 0);
	assert_string_equal(p.params.monitor.textfile, "rtla.prom");
	assert_int_equal(p.params.knobs.stop_total_us, 100);
	assert_int_equal(p.params.hist.entries, 300);
	assert_string_equal(p.params.reports.json_file, "end.json");
	assert_int_equal(p.params.monitor.keep_traces, 3);
	done(&p);

	/* hist's and top's own are not the monitor's */
	PARSE(&timerlat_hist, &p, "--listen", "9117");
	assert_string_equal(p.err, "rtla timerlat hist: unknown option '--listen'\n");
	done(&p);
}

static void test_bad_values(void **state)
{
	struct parsed p;
	size_t i;

	for (i = 0; i < sizeof(bad_cases) / sizeof(bad_cases[0]); i++) {
		parse_words(bad_cases[i].tool, &p, bad_cases[i].words);
		assert_true(p.result == OPTIONS_ERROR ||
			    p.result == OPTIONS_USAGE);
		assert_string_equal(p.err, bad_cases[i].message);
		done(&p);
	}
}

/*
 * The long options a tool's --help lists, in order, as "--a --b ...":
 * from its option lines, "    -p, --period <us>" or "        --no-aa".
 */
static char *help_options(const struct tool_id *tool)
{
	char *list = calloc(1, 4096), *line, *next, *name;
	struct capture cap;
	const char *text;
	size_t len = 0, n;

	capture_open(&cap);
	options_usage(tool, cap.stream);
	text = capture_close(&cap);
	for (line = (char *)text; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			next++;
		if (!strncmp(line, "        --", 10))
			name = line + 8;
		else if (!strncmp(line, "    -", 5) && !strncmp(line + 6, ", --", 4))
			name = line + 8;
		else
			continue;
		n = strspn(name + 2, "abcdefghijklmnopqrstuvwxyz-") + 2;
		len += snprintf(list + len, 4096 - len, "%s%.*s", len ? " " : "",
				(int)n, name);
	}
	free((char *)text);
	return list;
}

static void test_help_lists_every_option(void **state)
{
	static const struct {
		const struct tool_id *tool;
		const char *options;
	} expected[] = {
		{ &timerlat_hist, "--irq --period --stack --thread --trace --event --filter --trigger --cpus --house-keeping --aligned --cgroup --kernel-threads --priority --user-load --user-threads --bucket-size --entries --no-header --no-index --no-irq --no-summary --no-thread --with-zeros --percentiles --nano --sources --sources-by-comm --json --openmetrics --junit --deepest-idle-state --dma-latency --trace-buffer-size --warm-up --auto --bpf-action --dump-tasks --no-aa --on-end --on-threshold --stack-format --budget --debug --duration --help" },
		{ &timerlat_top, "--irq --period --stack --thread --trace --event --filter --trigger --cpus --house-keeping --aligned --cgroup --kernel-threads --priority --user-load --user-threads --nano --quiet --sources --sources-by-comm --json --openmetrics --junit --deepest-idle-state --dma-latency --trace-buffer-size --warm-up --auto --aa-only --bpf-action --dump-tasks --no-aa --on-end --on-threshold --stack-format --budget --debug --duration --help" },
		{ &osnoise_top, "--period --runtime --stop --stop-total --threshold --trace --event --filter --trigger --cpus --house-keeping --cgroup --priority --quiet --sources --sources-by-comm --json --openmetrics --junit --trace-buffer-size --warm-up --auto --on-end --on-threshold --budget --debug --duration --help" },
		{ &osnoise_hist, "--period --runtime --stop --stop-total --threshold --trace --event --filter --trigger --cpus --house-keeping --cgroup --priority --bucket-size --entries --no-header --no-index --no-summary --with-zeros --percentiles --sources --sources-by-comm --json --openmetrics --junit --trace-buffer-size --warm-up --auto --on-end --on-threshold --budget --debug --duration --help" },
		{ &hwnoise, "--period --runtime --stop --stop-total --threshold --trace --event --filter --trigger --cpus --house-keeping --cgroup --priority --quiet --sources --sources-by-comm --trace-buffer-size --warm-up --auto --on-end --on-threshold --debug --duration --help" },
		{ &timerlat_monitor, "--irq --period --stack --thread --trace --event --filter --trigger --cpus --house-keeping --aligned --cgroup --kernel-threads --priority --user-load --user-threads --bucket-size --entries --no-irq --no-thread --nano --sources --sources-by-comm --json --deepest-idle-state --dma-latency --trace-buffer-size --warm-up --auto --bpf-action --dump-tasks --no-aa --on-end --on-threshold --stack-format --interval --listen --web-config --buckets --record --record-size --record-keep --textfile --keep-traces --debug --duration --help" },
	};
	size_t i;
	char *list;

	for (i = 0; i < sizeof(expected) / sizeof(expected[0]); i++) {
		list = help_options(expected[i].tool);
		assert_string_equal(list, expected[i].options);
		free(list);
	}
}

/*
 * The line of rtla 7.2's --help that @line starts, as ours must have it:
 * a group title whole, an option line up to its description; 0 if none.
 */
static size_t rtla72_help_key(const char *line)
{
	size_t len = strcspn(line, "\n");
	const char *gap;

	if (len > 1 && line[0] >= 'A' && line[0] <= 'Z' && line[len - 1] == ':')
		return len;
	if (strncmp(line, "        --", 10) &&
	    (strncmp(line, "    -", 5) || strncmp(line + 6, ", --", 4)))
		return 0;
	gap = strstr(line + 4, "  ");
	return gap && (size_t)(gap - line) < len ? (size_t)(gap - line) : len;
}

/* Ours lists rtla 7.2's groups and option lines, in its order. */
static void test_help_matches_rtla72(void **state)
{
	static const struct {
		const struct tool_id *tool;
		const char *file;
	} helps[] = {
		{ &timerlat_hist, "rtla72/help-timerlat-hist.txt" },
		{ &timerlat_top, "rtla72/help-timerlat-top.txt" },
		{ &osnoise_top, "rtla72/help-osnoise-top.txt" },
		{ &osnoise_hist, "rtla72/help-osnoise-hist.txt" },
		{ &hwnoise, "rtla72/help-hwnoise.txt" },
	};
	const char *ours, *line, *at, *found;
	struct capture cap;
	char *ref, key[128];
	size_t i, len, keys;

	for (i = 0; i < sizeof(helps) / sizeof(helps[0]); i++) {
		ref = read_data_file(helps[i].file);
		capture_open(&cap);
		options_usage(helps[i].tool, cap.stream);
		ours = capture_close(&cap);
		assert_non_null(strstr(ours, "\n Usage: rtla "));
		at = ours;
		keys = 0;
		for (line = ref; line && *line; line = strchr(line, '\n'),
		     line = line ? line + 1 : NULL) {
			len = rtla72_help_key(line);
			if (!len || len >= sizeof(key))
				continue;
			snprintf(key, sizeof(key), "\n%.*s", (int)len, line);
			found = strstr(at, key);
			if (!found)
				fail_msg("%s: no '%s' after '%.40s'", helps[i].file,
					 key + 1, at);
			at = found + strlen(key);
			keys++;
		}
		assert_true(keys > 20);
		free((char *)ours);
		free(ref);
	}
}

/* rtla 7.2's thread, CPU and system options. */
static void test_rtla72_options(void **state)
{
	struct parsed p;

	PARSE(&timerlat_top, &p, "-u", "-H", "0", "-C", "--warm-up", "3",
	      "--trace-buffer-size", "4096", "-A", "20",
	      "--deepest-idle-state", "1");
	assert_int_equal(p.result, OPTIONS_OK);
	assert_true(p.params.threads.user_threads);
	assert_false(p.params.threads.kernel_threads);
	assert_string_equal(p.params.threads.housekeeping, "0");
	assert_true(CPU_ISSET(0, &p.params.threads.housekeeping_set));
	assert_int_equal(CPU_COUNT(&p.params.threads.housekeeping_set), 1);
	assert_true(p.params.threads.cgroup);
	assert_null(p.params.threads.cgroup_name);
	assert_int_equal(p.params.warm_up_s, 3);
	assert_int_equal(p.params.knobs.buffer_kb, 4096);
	assert_int_equal(p.params.knobs.aligned_us, 20);
	assert_int_equal(p.params.threads.deepest_idle_state, 1);
	done(&p);

	/* every spelling of a cgroup name */
	PARSE(&timerlat_hist, &p, "-C", "rt", "-k");
	assert_string_equal(p.params.threads.cgroup_name, "rt");
	assert_true(p.params.threads.kernel_threads);
	done(&p);
	PARSE(&timerlat_hist, &p, "-Crt");
	assert_string_equal(p.params.threads.cgroup_name, "rt");
	done(&p);
	PARSE(&osnoise_top, &p, "--cgroup=rt/a", "-q");
	assert_string_equal(p.params.threads.cgroup_name, "rt/a");
	done(&p);
	PARSE(&osnoise_hist, &p, "--cgroup", "-d", "1s");
	assert_true(p.params.threads.cgroup);
	assert_null(p.params.threads.cgroup_name);
	assert_int_equal(p.params.duration_s, 1);
	done(&p);

	/* not given: unset, not zero */
	PARSE(&timerlat_top, &p, "-q");
	assert_false(param_given(p.params.warm_up_s));
	assert_false(param_given(p.params.knobs.buffer_kb));
	assert_false(param_given(p.params.knobs.aligned_us));
	assert_false(param_given(p.params.threads.deepest_idle_state));
	assert_false(p.params.threads.user_threads ||
		     p.params.threads.kernel_threads ||
		     p.params.threads.user_load);
	done(&p);

	PARSE(&timerlat_top, &p, "-u", "-k");
	assert_int_equal(p.result, OPTIONS_ERROR);
	assert_string_equal(p.err, "--kernel-threads and --user-threads are mutually exclusive!\n");
	done(&p);
	PARSE(&timerlat_top, &p, "-H", "9");
	assert_string_equal(p.err, "Error parsing house keeping CPUs\n"
				    "  '9': no such CPU\n");
	done(&p);
	PARSE(&osnoise_top, &p, "-u");
	assert_string_equal(p.err, "rtla osnoise top: unknown option '-u'\n");
	done(&p);
	PARSE(&timerlat_top, &p, "--trace-buffer-size", "0");
	assert_int_equal(p.result, OPTIONS_ERROR);
	done(&p);
}

/* rtla 7.2's action syntax, and one-line errors before anything runs. */
static void test_actions(void **state)
{
	const struct action *a;
	struct parsed p;

	PARSE(&timerlat_top, &p, "--on-threshold", "trace,file=x.txt",
	      "--on-threshold", "signal,num=10,pid=parent",
	      "--on-threshold", "shell,command=echo a,b", "--on-threshold",
	      "continue", "--on-end", "signal,pid=123,num=2");
	assert_int_equal(p.result, OPTIONS_OK);
	assert_int_equal(p.params.actions.on_threshold.count, 4);
	a = p.params.actions.on_threshold.item;
	assert_int_equal(a[0].kind, ACTION_TRACE);
	assert_string_equal(a[0].file, "x.txt");
	assert_true(p.params.tracing.trace);
	assert_int_equal(a[1].kind, ACTION_SIGNAL);
	assert_int_equal(a[1].signal, 10);
	assert_true(a[1].to_parent);
	assert_int_equal(a[2].kind, ACTION_SHELL);
	assert_string_equal(a[2].command, "echo a,b");
	assert_int_equal(a[3].kind, ACTION_CONTINUE);
	assert_string_equal(a[3].text, "continue");
	a = p.params.actions.on_end.item;
	assert_int_equal(p.params.actions.on_end.count, 1);
	assert_int_equal(a[0].pid, 123);
	assert_int_equal(a[0].signal, 2);
	done(&p);

	PARSE(&osnoise_hist, &p, "--on-end", "trace");
	assert_int_equal(p.result, OPTIONS_OK);
	assert_null(p.params.actions.on_end.item[0].file);
	done(&p);

	PARSE(&timerlat_top, &p, "--on-threshold", "reboot");
	assert_string_equal(p.err, "Invalid action reboot\n"
				    "  'reboot': expected trace, signal, shell or continue\n");
	done(&p);
	PARSE(&timerlat_top, &p, "--on-threshold", "signal,num=10");
	assert_string_equal(p.err, "Invalid action signal,num=10\n"
				    "  'signal,num=10': signal takes num=N and pid=PID|parent\n");
	done(&p);
	PARSE(&timerlat_top, &p, "--on-end", "signal,num=99,pid=1");
	assert_string_equal(p.err, "Invalid action signal,num=99,pid=1\n"
				    "  'signal,num=99,pid=1': num= takes a signal number, 1-64\n");
	done(&p);
	/* our own refusal (rtla 7.2 signals init) */
	PARSE(&timerlat_top, &p, "--on-end", "signal,num=9,pid=1");
	assert_string_equal(p.err, "Invalid action signal,num=9,pid=1\n"
				    "  'signal,num=9,pid=1': pid= takes a process id other than 1 (init), or parent\n");
	done(&p);
	PARSE(&timerlat_top, &p, "--on-end", "shell");
	assert_string_equal(p.err, "Invalid action shell\n"
				    "  'shell': shell takes command=CMD\n");
	done(&p);
	PARSE(&timerlat_top, &p, "--on-end", "continue,now");
	assert_string_equal(p.err, "Invalid action continue,now\n"
				    "  'continue,now': continue takes no arguments\n");
	done(&p);
	PARSE(&timerlat_top, &p, "--on-end", "trace,dir=x");
	assert_string_equal(p.err, "Invalid action trace,dir=x\n"
				    "  'trace,dir=x': trace takes file=NAME\n");
	done(&p);
}

/* An action of any length; a trace file's name with commas in it. */
static void test_actions_long(void **state)
{
	const struct action *end;
	char command[1200];
	struct parsed p;

	memset(command, 'x', sizeof(command));
	memcpy(command, "shell,command=echo ", 19);
	command[sizeof(command) - 1] = '\0';
	PARSE(&timerlat_top, &p, "--on-end", command, "--on-threshold",
	      "trace,file=run,1,2.txt");
	assert_int_equal(p.result, OPTIONS_OK);
	end = &p.params.actions.on_end.item[0];
	assert_string_equal(end->text, command);
	assert_string_equal(end->command, command + 14);
	/* the rest is the name, as a shell action's command */
	assert_string_equal(p.params.actions.on_threshold.item[0].file,
			    "run,1,2.txt");
	done(&p);
	/* rtla 7.2's spelling unchanged */
	PARSE(&timerlat_top, &p, "--on-threshold", "trace,file=t.txt");
	assert_string_equal(p.params.actions.on_threshold.item[0].file,
			    "t.txt");
	assert_string_equal(p.params.actions.on_threshold.item[0].text,
			    "trace,file=t.txt");
	done(&p);
}

/* Auto-analysis: on with a stop threshold, its options as 7.2's. */
static void test_auto_analysis(void **state)
{
	struct parsed p;

	PARSE(&timerlat_top, &p, "-T", "500");
	assert_true(params_aa_enabled(&p.params));
	done(&p);
	PARSE(&timerlat_hist, &p, "-i", "50", "--no-aa");
	assert_false(params_aa_enabled(&p.params));
	done(&p);
	/* nothing to analyse without a stop threshold */
	PARSE(&timerlat_hist, &p, "--dump-tasks");
	assert_int_equal(p.result, OPTIONS_OK);
	assert_true(p.params.analysis.dump_tasks);
	assert_false(params_aa_enabled(&p.params));
	done(&p);
	PARSE(&osnoise_top, &p, "-s", "5");
	assert_false(params_aa_enabled(&p.params));
	done(&p);
	/* --aa-only sets the thresholds and the stack, not a trace */
	PARSE(&timerlat_top, &p, "--aa-only", "70");
	assert_int_equal(p.result, OPTIONS_OK);
	assert_int_equal(p.params.knobs.stop_us, 70);
	assert_int_equal(p.params.knobs.stop_total_us, 70);
	assert_int_equal(p.params.knobs.print_stack_us, 70);
	assert_false(p.params.tracing.trace);
	assert_true(params_aa_enabled(&p.params));
	done(&p);
	PARSE(&timerlat_top, &p, "--aa-only", "70", "-T", "90");
	assert_int_equal(p.params.knobs.stop_total_us, 90);
	done(&p);
	PARSE(&timerlat_top, &p, "--aa-only", "70", "--no-aa");
	assert_string_equal(p.err, "rtla timerlat top: --aa-only and --no-aa exclude each other\n");
	done(&p);
	PARSE(&timerlat_hist, &p, "--aa-only", "70");
	assert_int_equal(p.result, OPTIONS_USAGE);
	done(&p);
	/* --bpf-action: timerlat's alone, the file checked when loaded */
	PARSE(&timerlat_top, &p, "-T", "9", "--bpf-action", "act.o");
	assert_int_equal(p.result, OPTIONS_OK);
	assert_string_equal(p.params.actions.bpf_action, "act.o");
	done(&p);
	PARSE(&timerlat_hist, &p, "--bpf-action=act.o");
	assert_int_equal(p.result, OPTIONS_OK);
	assert_string_equal(p.params.actions.bpf_action, "act.o");
	done(&p);
	PARSE(&timerlat_monitor, &p, "--bpf-action", "act.o");
	assert_string_equal(p.params.actions.bpf_action, "act.o");
	done(&p);
	PARSE(&timerlat_top, &p, "--bpf-action", "");
	assert_int_equal(p.result, OPTIONS_ERROR);
	done(&p);
	PARSE(&timerlat_top, &p, "--bpf-action");
	assert_int_equal(p.result, OPTIONS_USAGE);
	done(&p);
	PARSE(&osnoise_top, &p, "--bpf-action", "act.o");
	assert_int_equal(p.result, OPTIONS_USAGE);
	done(&p);
	PARSE(&timerlat_top, &p, "-T", "9", "--stack-format", "full");
	assert_int_equal(p.params.analysis.stack_format, AA_STACK_FULL);
	done(&p);
	PARSE(&timerlat_top, &p, "--stack-format", "skip");
	assert_int_equal(p.params.analysis.stack_format, AA_STACK_SKIP);
	done(&p);
	PARSE(&timerlat_top, &p, "--stack-format", "short");
	assert_string_equal(p.err, "rtla timerlat top: invalid --stack-format 'short': the stack format is truncate, skip or full\n");
	done(&p);
}

/* Usage errors (exit 129) apart from refused values (exit 1). */
static void test_usage_errors(void **state)
{
	static const struct {
		const struct tool_id *tool;
		const char *words[4];
		enum options_result result;
	} cases[] = {
		{ &timerlat_top, { "--bogus" }, OPTIONS_USAGE },
		{ &timerlat_top, { "-x" }, OPTIONS_USAGE },
		{ &timerlat_top, { "-d" }, OPTIONS_USAGE },
		{ &timerlat_hist, { "--period" }, OPTIONS_USAGE },
		{ &timerlat_top, { "--quiet=yes" }, OPTIONS_USAGE },
		{ &timerlat_hist, { "--no" }, OPTIONS_USAGE },
		{ &osnoise_top, { "--no-irq" }, OPTIONS_USAGE },
		{ &hwnoise, { "-b", "5" }, OPTIONS_USAGE },
		{ &timerlat_top, { "-d", "xyz" }, OPTIONS_ERROR },
		{ &timerlat_top, { "-u", "-k" }, OPTIONS_ERROR },
		{ &timerlat_hist, { "-E", "0" }, OPTIONS_ERROR },
		{ &timerlat_top, { "-p", "99" }, OPTIONS_ERROR },
	};
	struct parsed p;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		parse_words(cases[i].tool, &p, cases[i].words);
		assert_int_equal(p.result, cases[i].result);
		done(&p);
	}
}

static void test_help_option(void **state)
{
	struct parsed p;
	FILE *saved = stdout;

	stdout = fopen("/dev/null", "w");
	PARSE(&timerlat_hist, &p, "-h");
	fclose(stdout);
	stdout = saved;
	assert_int_equal(p.result, OPTIONS_HELP);
	done(&p);
}

/*
 * One line for every mistake, saying which: a value for a flag without
 * one, an ambiguous prefix, and every number with the range it must be in.
 */
static const struct message_case {
	const struct tool_id *tool;
	const char *words[8];
	const char *message;
} message_cases[] = {
	{ &timerlat_top, { "--quiet=yes" },
	  "rtla timerlat top: option '--quiet' takes no value\n" },
	{ &timerlat_hist, { "--no-index=1" },
	  "rtla timerlat hist: option '--no-index' takes no value\n" },
	{ &timerlat_hist, { "--no" },
	  "rtla timerlat hist: ambiguous option '--no': --no-header, --no-index, --no-irq, --no-summary, --no-thread, --no-aa\n" },
	{ &osnoise_top, { "--xyz=5" },
	  "rtla osnoise top: unknown option '--xyz=5'\n" },
	{ &timerlat_top, { "-s", "99999999999" },
	  "rtla timerlat top: invalid -s '99999999999': must be 0-4294967295 us\n" },
	{ &timerlat_top, { "-T", "18446744073709551616" },
	  "rtla timerlat top: invalid -T '18446744073709551616': must be 0-4294967295 us\n" },
	{ &timerlat_top, { "--dma-latency", "10000001" },
	  "rtla timerlat top: invalid --dma-latency '10000001': must be 0-10000000 us\n" },
	{ &timerlat_top, { "-d", "99999999999d" }, "Invalid -d duration\n"
	  "  '99999999999d': duration must be 1s-3650d\n" },
	{ &timerlat_top, { "-d", "3651d" }, "Invalid -d duration\n"
	  "  '3651d': duration must be 1s-3650d\n" },
	{ &hwnoise, { "-d", "10x" }, "Invalid -d duration\n"
	  "  '10x': unknown unit, use s, m, h or d\n" },
	{ &timerlat_top, { "--warm-up", "2d" },
	  "rtla timerlat top: invalid --warm-up '2d': must be 0-86400 s\n" },
	{ &timerlat_top, { "-a", "4294967296" },
	  "rtla timerlat top: invalid -a '4294967296': must be 1-4294967295 us\n" },
	{ &osnoise_top, { "-P", "o:-21" }, "Invalid -P priority\n"
	  "  'o:-21': nice value must be -20..19\n" },
	{ &timerlat_hist, { "--budget", "thread:max=1500ns" },
	  "rtla timerlat hist: budget thread:max=1500ns is not a whole number of us: give -n to compare in ns\n" },
};

static void test_messages(void **state)
{
	struct parsed p;
	size_t i;

	for (i = 0; i < sizeof(message_cases) / sizeof(message_cases[0]); i++) {
		parse_words(message_cases[i].tool, &p, message_cases[i].words);
		assert_true(p.result == OPTIONS_ERROR ||
			    p.result == OPTIONS_USAGE);
		assert_string_equal(p.err, message_cases[i].message);
		done(&p);
	}
	/* with -n, a budget in ns is compared in ns */
	PARSE(&timerlat_hist, &p, "-n", "--budget", "thread:max=1500ns");
	assert_int_equal(p.result, OPTIONS_OK);
	assert_int_equal(p.params.reports.budgets[0].limit, 1500);
	done(&p);
	PARSE(&timerlat_hist, &p, "--budget", "thread:max=2us", "-d", "3650d");
	assert_int_equal(p.result, OPTIONS_OK);
	assert_int_equal(p.params.duration_s, 3650 * 86400);
	done(&p);
	/* rtla 7.2 takes the units in either case, and so -d's kin */
	PARSE(&hwnoise, &p, "-d", "10S", "--warm-up", "1M");
	assert_int_equal(p.result, OPTIONS_OK);
	assert_int_equal(p.params.duration_s, 10);
	assert_int_equal(p.params.warm_up_s, 60);
	done(&p);
	PARSE(&timerlat_monitor, &p, "--interval", "2H", "-d", "1D");
	assert_int_equal(p.result, OPTIONS_OK);
	assert_int_equal(p.params.monitor.interval_s, 7200);
	assert_int_equal(p.params.duration_s, 86400);
	done(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timerlat_hist_all_options),
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_long_forms),
		cmocka_unit_test(test_trace_file_forms),
		cmocka_unit_test(test_auto),
		cmocka_unit_test(test_events),
		cmocka_unit_test(test_hwnoise),
		cmocka_unit_test(test_extra_words),
		cmocka_unit_test(test_bad_values),
		cmocka_unit_test(test_monitor_options),
		cmocka_unit_test(test_help_lists_every_option),
		cmocka_unit_test(test_help_matches_rtla72),
		cmocka_unit_test(test_rtla72_options),
		cmocka_unit_test(test_actions),
		cmocka_unit_test(test_actions_long),
		cmocka_unit_test(test_auto_analysis),
		cmocka_unit_test(test_help_option),
		cmocka_unit_test(test_usage_errors),
		cmocka_unit_test(test_messages),
	};

	return RUN_SUITE("options", tests);
}
