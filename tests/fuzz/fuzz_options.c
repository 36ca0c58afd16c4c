// SPDX-License-Identifier: GPL-2.0
/*
 * The command line of every tool: the first byte picks the tool and the
 * number of CPUs, the rest is argv with words split at NUL bytes.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/options.h"
#include "run/tool.h"

#define MAX_WORDS	32

static const struct rtla_tool *const tools[] = {
	&timerlat_top_tool, &timerlat_hist_tool, &osnoise_top_tool,
	&osnoise_hist_tool, &hwnoise_tool, &timerlat_monitor_tool,
};

static FILE *sink;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	sink = fopen("/dev/null", "w");
	/* --help prints the usage on stdout */
	if (!freopen("/dev/null", "w", stdout))
		return -1;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct rtla_tool *tool;
	struct rtla_params params;
	char *argv[MAX_WORDS + 2], *text, *word;
	int argc = 0, nr_cpus;
	size_t i;

	if (size < 1 || size > 4096)
		return 0;
	tool = tools[data[0] % (sizeof(tools) / sizeof(tools[0]))];
	nr_cpus = 1 + data[0] / 5 % 64;
	text = malloc(size);
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	argv[argc++] = (char *)tool->id.name;
	word = text;
	for (i = 0; i < size && argc < MAX_WORDS; i++) {
		if (text[i])
			continue;
		argv[argc++] = word;
		word = text + i + 1;
		if (word >= text + size - 1)
			break;
	}
	argv[argc] = NULL;
	options_parse(&tool->id, argc, argv, nr_cpus, &params, sink);
	params_free(&params);
	free(text);
	return 0;
}
