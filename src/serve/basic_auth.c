// SPDX-License-Identifier: GPL-2.0
/* Basic auth against --web-config's bcrypt hashes, through crypt(3). */
#include <crypt.h>
#include <stdlib.h>
#include <string.h>

#include "serve/web_config.h"

/* Compare without leaving the length of a common prefix in the time taken. */
static bool same(const char *a, const char *b, size_t len)
{
	unsigned char diff = 0;
	size_t i;

	for (i = 0; i < len; i++)
		diff |= (unsigned char)a[i] ^ (unsigned char)b[i];
	return !diff;
}

bool web_config_check_user(const struct web_config *config, const char *user,
			   const char *password)
{
	const struct web_user *found = NULL;
	struct crypt_data *data;
	bool ok = false;
	const char *hash;
	int i;

	for (i = 0; i < config->nr_users; i++)
		if (!strcmp(config->users[i].name, user))
			found = &config->users[i];
	if (!found)
		return false;
	/* struct crypt_data is large: not on a server thread's stack */
	data = calloc(1, sizeof(*data));
	if (!data)
		return false;
	hash = crypt_r(password, found->hash, data);
	if (hash && strlen(hash) == strlen(found->hash))
		ok = same(hash, found->hash, strlen(hash));
	free(data);
	return ok;
}
