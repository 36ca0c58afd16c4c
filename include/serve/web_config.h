/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_WEB_CONFIG_H
#define RTLA_WEB_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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
 *     min_version: TLS12	(TLS10 to TLS13; default TLS12)
 *     max_version: TLS13
 *     cipher_suites: [TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256, ...]
 *   basic_auth_users:
 *     alice: $2y$10$...
 */
enum tls_version {
	TLS_VERSION_DEFAULT,
	TLS_VERSION_10,
	TLS_VERSION_11,
	TLS_VERSION_12,
	TLS_VERSION_13,
};

struct web_config {
	char *cert_file;	/* NULL: plain HTTP */
	char *key_file;
	enum tls_version min_version, max_version;
	uint32_t cipher_suites;	/* bits of tls_suite_parse()'s; 0: default */
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

/*
 * Whether @user's password is @password (bcrypt, through crypt(3)); an
 * unknown user takes as long, checked against the first user's cost.
 */
bool web_config_check_user(const struct web_config *config, const char *user,
			   const char *password);

/*
 * The server's checks: a password verified once is known by a salted
 * digest (a scrape then costs no bcrypt), and at most @max_busy bcrypt
 * checks run at once; past that WEB_AUTH_BUSY, at once.
 */
enum web_auth_result {
	WEB_AUTH_OK,
	WEB_AUTH_DENIED,
	WEB_AUTH_BUSY,
};

struct web_auth;

/* NULL with errno; @config must outlive it. */
struct web_auth *web_auth_alloc(const struct web_config *config,
				unsigned int max_busy);

/* Thread-safe. */
enum web_auth_result web_auth_check(struct web_auth *auth, const char *user,
				    const char *password);

/* NULL-safe. */
void web_auth_free(struct web_auth *auth);

/* "TLS10".."TLS13" as a tls_version; -1 if unknown. */
int tls_version_parse(const char *name);

/* A Go cipher suite name's bit in cipher_suites; -1 if unknown. */
int tls_suite_parse(const char *name);

/*
 * @config's TLS versions and suites as a GnuTLS priority string: TLS 1.2
 * and 1.3 with ECDHE and AEAD ciphers by default; the key exchanges,
 * ciphers and MACs of cipher_suites when given.  -1 if @size is short.
 */
int tls_priorities(const struct web_config *config, char *out, size_t size);

#endif
