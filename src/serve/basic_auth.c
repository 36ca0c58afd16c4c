// SPDX-License-Identifier: GPL-2.0
/* Basic auth against --web-config's bcrypt hashes, through crypt(3). */
#include <crypt.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "serve/web_config.h"

#define BCRYPT_SETTING_LEN	29	/* "$2y$10$" and 22 of salt */
#define DIGEST_ROUNDS		1000
#define DIGEST_MAX		128

/* Compare without leaving the length of a common prefix in the time taken. */
static bool same(const char *a, const char *b, size_t len)
{
	unsigned char diff = 0;
	size_t i;

	for (i = 0; i < len; i++)
		diff |= (unsigned char)a[i] ^ (unsigned char)b[i];
	return !diff;
}

/* @user's index, looked for through every user alike; -1 if none. */
static int find_user(const struct web_config *config, const char *user)
{
	int i, found = -1;

	for (i = 0; i < config->nr_users; i++)
		if (!strcmp(config->users[i].name, user))
			found = i;
	return found;
}

bool web_config_check_user(const struct web_config *config, const char *user,
			   const char *password)
{
	char setting[BCRYPT_SETTING_LEN + 1];
	struct crypt_data *data;
	const char *hash, *want;
	bool ok = false;
	int i;

	if (!config->nr_users)
		return false;
	i = find_user(config, user);
	/*
	 * An unknown user costs the same bcrypt as the first user's: the
	 * time taken does not say which names exist.
	 */
	want = config->users[i < 0 ? 0 : i].hash;
	memcpy(setting, want, BCRYPT_SETTING_LEN);
	setting[BCRYPT_SETTING_LEN] = '\0';
	/* struct crypt_data is large: not on a server thread's stack */
	data = calloc(1, sizeof(*data));
	if (!data)
		return false;
	hash = crypt_r(password, setting, data);
	if (hash && strlen(hash) == strlen(want))
		ok = same(hash, want, strlen(hash));
	free(data);
	return ok && i >= 0;
}

struct web_auth {
	const struct web_config *config;
	char salt[CRYPT_GENSALT_OUTPUT_SIZE];
	pthread_mutex_t lock;
	unsigned int busy, max_busy;
	/* per user, the digest of the password last verified; "": none */
	char verified[WEB_CONFIG_MAX_USERS][DIGEST_MAX];
};

struct web_auth *web_auth_alloc(const struct web_config *config,
				unsigned int max_busy)
{
	struct web_auth *a = calloc(1, sizeof(*a));

	if (!a)
		return NULL;
	/* a salt of this process's own: the digests say nothing elsewhere */
	if (!crypt_gensalt_rn("$5$", DIGEST_ROUNDS, NULL, 0, a->salt,
			      sizeof(a->salt))) {
		free(a);
		errno = ENOSYS;
		return NULL;
	}
	a->config = config;
	a->max_busy = max_busy;
	pthread_mutex_init(&a->lock, NULL);
	return a;
}

void web_auth_free(struct web_auth *a)
{
	if (!a)
		return;
	explicit_bzero(a->verified, sizeof(a->verified));
	pthread_mutex_destroy(&a->lock);
	free(a);
}

/* @password's salted SHA-256 digest into @out; false on failure. */
static bool digest(struct web_auth *a, const char *password,
		   char out[DIGEST_MAX])
{
	struct crypt_data *data = calloc(1, sizeof(*data));
	const char *hash;
	bool ok;

	if (!data)
		return false;
	hash = crypt_r(password, a->salt, data);
	ok = hash && *hash != '*' && strlen(hash) < DIGEST_MAX;
	if (ok)
		strcpy(out, hash);
	explicit_bzero(data, sizeof(*data));
	free(data);
	return ok;
}

/* Whether @d is the digest verified last for user @i; with the lock. */
static bool cached(struct web_auth *a, int i, const char *d)
{
	const char *v = a->verified[i];

	return *v && strlen(v) == strlen(d) && same(v, d, strlen(d));
}

enum web_auth_result web_auth_check(struct web_auth *a, const char *user,
				    const char *password)
{
	int i = find_user(a->config, user);
	char d[DIGEST_MAX];
	bool ok;

	if (!digest(a, password, d))
		return WEB_AUTH_DENIED;
	pthread_mutex_lock(&a->lock);
	if (i >= 0 && cached(a, i, d)) {
		pthread_mutex_unlock(&a->lock);
		return WEB_AUTH_OK;
	}
	if (a->busy >= a->max_busy) {
		pthread_mutex_unlock(&a->lock);
		return WEB_AUTH_BUSY;
	}
	a->busy++;
	pthread_mutex_unlock(&a->lock);
	ok = web_config_check_user(a->config, user, password);
	pthread_mutex_lock(&a->lock);
	a->busy--;
	if (ok)
		memcpy(a->verified[i], d, sizeof(d));
	pthread_mutex_unlock(&a->lock);
	explicit_bzero(d, sizeof(d));
	return ok ? WEB_AUTH_OK : WEB_AUTH_DENIED;
}
