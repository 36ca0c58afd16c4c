// SPDX-License-Identifier: GPL-2.0
/*
 * The state record's parser (src/session/state_record.c): root applies
 * what it accepts, so an accepted record holds only knobs rtla writes,
 * values of their form, cpuidle files rtla writes, and no PANIC_ON_STOP;
 * a refused one says why in one phrase.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "session/idle_states.h"
#include "session/state_record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_accepted(const struct state_record *record)
{
	int id;

	assert(record->pid > 0 && record->start > 0);
	for (id = 0; id < NR_KNOBS; id++) {
		const char *value = record->value[id];

		if (!value)
			continue;
		if (id == KNOB_OPTIONS) {
			char copy[2048], *word, *save = NULL;

			assert(strlen(value) < sizeof(copy));
			strcpy(copy, value);
			for (word = strtok_r(copy, " ", &save); word;
			     word = strtok_r(NULL, " ", &save))
				assert(strcmp(word, "PANIC_ON_STOP"));
			continue;
		}
		assert(knob_value_valid(id, value));
	}
	for (id = 0; id < record->nr_files; id++)
		assert(idle_states_file_valid(&record->files[id]));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct state_record record;
	char why[128] = "";
	char *text = malloc(size + 1);

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	if (state_record_parse(text, &record, why, sizeof(why))) {
		assert(*why && !strchr(why, '\n'));
	} else {
		check_accepted(&record);
		state_record_free(&record);
	}
	free(text);
	return 0;
}
