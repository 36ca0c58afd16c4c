// SPDX-License-Identifier: GPL-2.0
/* rtla's commands, in one table. */
#include <string.h>

#include "cli/commands.h"
#include "cli/plot_exec.h"
#include "version.h"

const struct rtla_command rtla_commands[] = {
	{ .name = "osnoise", .summary = "measure the operating system noise",
	  .top = &osnoise_top_tool, .hist = &osnoise_hist_tool },
	{ .name = "timerlat",
	  .summary = "measure the timer IRQ and thread latency",
	  .top = &timerlat_top_tool, .hist = &timerlat_hist_tool,
	  .monitor = &timerlat_monitor_tool },
	{ .name = "hwnoise",
	  .summary = "measure hardware-related noise (osnoise with IRQs off)",
	  .top = &hwnoise_tool },
	{ .name = "report",
	  .summary = "print and write a saved JSON report again (rtla's or cyclictest's)",
	  .files = &report_command, .run = report_main },
	{ .name = "compare",
	  .summary = "compare two saved reports: a regression gate",
	  .files = &compare_command, .run = compare_main },
	{ .name = "plot",
	  .summary = "draw the latency histograms of saved reports (SVG, PNG, PDF)",
	  .files = &plot_command, .run = plot_exec },
};

const size_t nr_rtla_commands = sizeof(rtla_commands) /
				sizeof(rtla_commands[0]);

const struct rtla_command *command_find(const char *name)
{
	size_t i;

	for (i = 0; i < nr_rtla_commands; i++)
		if (!strcmp(name, rtla_commands[i].name))
			return &rtla_commands[i];
	return NULL;
}

void commands_usage(FILE *out)
{
	size_t i;

	fprintf(out, "\nrtla version %s\n\n  usage: rtla COMMAND ...\n\n  commands:\n",
		RTLA_VERSION);
	for (i = 0; i < nr_rtla_commands; i++)
		fprintf(out, "     %-9s- %s\n", rtla_commands[i].name,
			rtla_commands[i].summary);
	fprintf(out, "\n  modes of osnoise and timerlat: top (the default), hist; timerlat monitor\n");
	fprintf(out, "  rtla COMMAND [MODE] --help describes the options\n\n");
}

void commands_unknown(const char *name)
{
	size_t i;

	fprintf(stderr, "rtla: unknown command '%s' (", name);
	for (i = 0; i < nr_rtla_commands; i++)
		fprintf(stderr, "%s%s", i == 0 ? "" :
			i + 1 < nr_rtla_commands ? ", " : " or ",
			rtla_commands[i].name);
	fprintf(stderr, ")\n");
}

/* "rtla timerlat --help": the command's modes, in rtla 7.2's layout. */
void command_modes_usage(const struct rtla_command *cmd, FILE *out)
{
	fprintf(out, "\n%s version %s\n\n  usage: [rtla] %s [MODE] ...\n\n",
		cmd->name, RTLA_VERSION, cmd->name);
	fprintf(out, "  modes:\n     top   - %s\n     hist  - %s\n",
		cmd->top->id.summary, cmd->hist->id.summary);
	if (cmd->monitor)
		fprintf(out, "     monitor - %s\n", cmd->monitor->id.summary);
	fprintf(out, "\nwithout a MODE, top runs with the arguments given\n\n");
}
