/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_WEB_CONFIG_H
#define RTLA_WEB_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#define WEB_CONFIG_MAX_USERS	64

struct web_user {
	char *name;
	char *hash;		/* bcrypt: $2a$, $2b$ or $2y$ */
};

/*
 * --web-config FILE, in the exporter toolkit's format (what
 * node_exporter reads):
 *
 *   tls_server_config:
 *     cert_file: server.crt	(relative paths: to the file's directory)
 *     key_file: server.key
 *   basic_auth_users:
 *     alice: $2y$10$...
 */
struct web_config {
	char *cert_file;	/* NULL: plain HTTP */
	char *key_file;
	struct web_user users[WEB_CONFIG_MAX_USERS];
	int nr_users;		/* 0: no authentication */
};

/*
 * Parse @len bytes of YAML; relative file names are taken from
 * @base_dir (NULL: as given).  On error -1, with a one-line reason
 * ("line 3: unknown key 'foo' in tls_server_config") in @why, and
 * nothing left to free.
 */
int web_config_parse(const char *text, size_t len, const char *base_dir,
		     struct web_config *config, char *why, size_t why_size);

/* Read and parse @path; errors as web_config_parse(), naming the file. */
int web_config_load(const char *path, struct web_config *config, char *why,
		    size_t why_size);

/* NULL-safe and idempotent. */
void web_config_free(struct web_config *config);

/* Whether @user's password is @password (bcrypt, through crypt(3)). */
bool web_config_check_user(const struct web_config *config, const char *user,
			   const char *password);

#endif
