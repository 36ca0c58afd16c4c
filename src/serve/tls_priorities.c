// SPDX-License-Identifier: GPL-2.0
/* tls_server_config's versions and Go cipher suites as GnuTLS priorities. */
#include <stdio.h>
#include <string.h>

#include "serve/web_config.h"

static const char *const version_names[] = {
	[TLS_VERSION_10] = "TLS10", [TLS_VERSION_11] = "TLS11",
	[TLS_VERSION_12] = "TLS12", [TLS_VERSION_13] = "TLS13",
};

static const char *const gnutls_versions[] = {
	[TLS_VERSION_10] = "VERS-TLS1.0", [TLS_VERSION_11] = "VERS-TLS1.1",
	[TLS_VERSION_12] = "VERS-TLS1.2", [TLS_VERSION_13] = "VERS-TLS1.3",
};

struct suite {
	const char *go_name;
	const char *kx;		/* NULL: a TLS 1.3 suite, not configurable */
	const char *cipher;
	const char *mac;
};

/* What Go's tls.CipherSuites() names, and exporter-toolkit accepts. */
static const struct suite suites[] = {
	{ "TLS_RSA_WITH_AES_128_CBC_SHA", "RSA", "AES-128-CBC", "SHA1" },
	{ "TLS_RSA_WITH_AES_256_CBC_SHA", "RSA", "AES-256-CBC", "SHA1" },
	{ "TLS_RSA_WITH_AES_128_GCM_SHA256", "RSA", "AES-128-GCM", "AEAD" },
	{ "TLS_RSA_WITH_AES_256_GCM_SHA384", "RSA", "AES-256-GCM", "AEAD" },
	{ "TLS_AES_128_GCM_SHA256", NULL, NULL, NULL },
	{ "TLS_AES_256_GCM_SHA384", NULL, NULL, NULL },
	{ "TLS_CHACHA20_POLY1305_SHA256", NULL, NULL, NULL },
	{ "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA", "ECDHE-ECDSA", "AES-128-CBC", "SHA1" },
	{ "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA", "ECDHE-ECDSA", "AES-256-CBC", "SHA1" },
	{ "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA", "ECDHE-RSA", "AES-128-CBC", "SHA1" },
	{ "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA", "ECDHE-RSA", "AES-256-CBC", "SHA1" },
	{ "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", "ECDHE-ECDSA", "AES-128-GCM", "AEAD" },
	{ "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384", "ECDHE-ECDSA", "AES-256-GCM", "AEAD" },
	{ "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256", "ECDHE-RSA", "AES-128-GCM", "AEAD" },
	{ "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384", "ECDHE-RSA", "AES-256-GCM", "AEAD" },
	{ "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256", "ECDHE-RSA", "CHACHA20-POLY1305", "AEAD" },
	{ "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256", "ECDHE-ECDSA", "CHACHA20-POLY1305", "AEAD" },
};


/* Without cipher_suites: forward secrecy, AEAD (CBC too below TLS 1.2). */
static const struct suite default_suites[] = {
	{ "", "ECDHE-ECDSA", "AES-128-GCM", "AEAD" },
	{ "", "ECDHE-RSA", "AES-256-GCM", "AEAD" },
	{ "", "ECDHE-RSA", "CHACHA20-POLY1305", "AEAD" },
};

static const struct suite old_version_suites[] = {
	{ "", "ECDHE-RSA", "AES-128-CBC", "SHA1" },
	{ "", "ECDHE-ECDSA", "AES-256-CBC", "SHA1" },
};

/* TLS 1.3's, always on as in Go: not chosen by cipher_suites */
static const struct suite tls13_suites[] = {
	{ "", NULL, "AES-128-GCM", "AEAD" },
	{ "", NULL, "AES-256-GCM", "AEAD" },
	{ "", NULL, "CHACHA20-POLY1305", "AEAD" },
};

#define ALL(array)	(sizeof(array) / sizeof((array)[0]))

int tls_version_parse(const char *name)
{
	int v;

	for (v = TLS_VERSION_10; v <= TLS_VERSION_13; v++)
		if (!strcmp(name, version_names[v]))
			return v;
	return -1;
}

int tls_suite_parse(const char *name)
{
	size_t i;

	for (i = 0; i < ALL(suites); i++)
		if (!strcmp(name, suites[i].go_name))
			return i;
	return -1;
}

/* "+@item" onto @out unless already there. */
static void add(char *out, size_t size, const char *item)
{
	char token[64];
	size_t len = strlen(out);

	if (!item)
		return;
	snprintf(token, sizeof(token), ":+%s", item);
	if (!strstr(out, token))
		snprintf(out + len, size - len, "%s", token);
}

/* One kind (0: kx, 1: cipher, 2: mac) of @s into @out. */
static void add_kind(char *out, size_t size, const struct suite *s, int kind)
{
	add(out, size, kind == 0 ? s->kx : kind == 1 ? s->cipher : s->mac);
}

static void add_suites(char *out, size_t size, const struct web_config *c,
		       int min, int max, int kind)
{
	size_t i;

	for (i = 0; max == TLS_VERSION_13 && i < ALL(tls13_suites); i++)
		add_kind(out, size, &tls13_suites[i], kind);
	if (c->cipher_suites) {
		for (i = 0; i < ALL(suites); i++)
			if (c->cipher_suites & (1u << i))
				add_kind(out, size, &suites[i], kind);
		return;
	}
	for (i = 0; i < ALL(default_suites); i++)
		add_kind(out, size, &default_suites[i], kind);
	for (i = 0; min < TLS_VERSION_12 && i < ALL(old_version_suites); i++)
		add_kind(out, size, &old_version_suites[i], kind);
}

int tls_priorities(const struct web_config *c, char *out, size_t size)
{
	static const char *const clear[] = { ":-KX-ALL", ":-CIPHER-ALL", ":-MAC-ALL" };
	int min = c->min_version ? c->min_version : TLS_VERSION_12;
	int max = c->max_version ? c->max_version : TLS_VERSION_13;
	size_t len;
	int v, kind;

	snprintf(out, size, "NORMAL:-VERS-ALL");
	for (v = min; v <= max; v++)
		add(out, size, gnutls_versions[v]);
	for (kind = 0; kind < 3; kind++) {
		len = strlen(out);
		snprintf(out + len, size - len, "%s", clear[kind]);
		add_suites(out, size, c, min, max, kind);
	}
	return strlen(out) + 1 < size ? 0 : -1;
}
