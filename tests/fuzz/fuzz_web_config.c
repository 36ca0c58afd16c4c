// SPDX-License-Identifier: GPL-2.0
/* --web-config YAML (src/serve/web_config.c): any input, no crash, no leak. */
#include <assert.h>
#include <stdint.h>
#include <string.h>

#include "serve/web_config.h"
#include "model/buckets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct bucket_bounds bounds;
	struct web_config config;
	const char *reason;
	char why[256];
	char text[256];
	int i;

	if (size > 64 * 1024)
		return 0;
	if (web_config_parse((const char *)data, size,
			     size && data[0] == '/' ? NULL : "/base", &config, why,
			     sizeof(why))) {
		/* one line, always */
		assert(why[0] && !strchr(why, '\n'));
		assert(!config.cert_file && !config.nr_users);
		return 0;
	}
	assert(!config.cert_file == !config.key_file);
	for (i = 0; i < config.nr_users; i++) {
		assert(config.users[i].name[0]);
		assert(strlen(config.users[i].hash) == 60);
	}
	web_config_free(&config);

	/* --buckets lists, while here */
	if (size < sizeof(text)) {
		memcpy(text, data, size);
		text[size] = '\0';
		if (!bucket_bounds_parse(text, &bounds, &reason))
			for (i = 1; i < (int)bounds.nr; i++)
				assert(bounds.ns[i] > bounds.ns[i - 1]);
	}
	return 0;
}
