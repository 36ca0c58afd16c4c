// SPDX-License-Identifier: GPL-2.0
/* --web-config: TLS and basic auth in the exporter toolkit's YAML format. */
#include <errno.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "serve/web_config.h"

#define MAX_CONFIG_BYTES	(1 << 20)

struct parser {
	yaml_parser_t yaml;
	yaml_event_t event;
	bool have_event;
	const char *base_dir;
	struct web_config *config;
	char *why;
	size_t why_size;
	char shown[48];
};

static int fail(struct parser *p, const char *fmt, ...)
{
	size_t n;
	va_list ap;

	n = snprintf(p->why, p->why_size, "line %zu: ",
		     p->have_event ? p->event.start_mark.line + 1 :
				     p->yaml.problem_mark.line + 1);
	if (n >= p->why_size)
		return -1;
	va_start(ap, fmt);
	vsnprintf(p->why + n, p->why_size - n, fmt, ap);
	va_end(ap);
	return -1;
}

/* The next event into p->event; -1 on a YAML syntax error. */
static int next(struct parser *p)
{
	if (p->have_event)
		yaml_event_delete(&p->event);
	p->have_event = false;
	if (!yaml_parser_parse(&p->yaml, &p->event))
		return fail(p, "%s", p->yaml.problem ? p->yaml.problem :
				     "invalid YAML");
	p->have_event = true;
	if (p->event.type == YAML_ALIAS_EVENT)
		return fail(p, "aliases are not supported");
	return 0;
}

static const char *scalar(struct parser *p)
{
	return (const char *)p->event.data.scalar.value;
}

/*
 * @text as an error message shows it: on one line, control characters
 * as '?', cut at 40 bytes.
 */
static const char *shown_text(struct parser *p, const char *text)
{
	size_t i;

	for (i = 0; text[i] && i < 40; i++)
		p->shown[i] = (unsigned char)text[i] < ' ' ||
			      text[i] == 0x7f ? '?' : text[i];
	if (text[i])
		memcpy(p->shown + i, "...", 4);
	else
		p->shown[i] = '\0';
	return p->shown;
}

/* The current scalar, as shown_text() shows it. */
static const char *shown(struct parser *p)
{
	return shown_text(p, scalar(p));
}

/* A scalar value into *@into (a file name taken from base_dir). */
static int read_scalar(struct parser *p, const char *key, char **into,
		       bool is_path)
{
	const char *value;
	int len;

	if (next(p))
		return -1;
	if (p->event.type != YAML_SCALAR_EVENT)
		return fail(p, "%s must be a string", key);
	if (*into)
		return fail(p, "%s given twice", key);
	value = scalar(p);
	if (!*value)
		return fail(p, "%s is empty", key);
	if (is_path && value[0] != '/' && p->base_dir)
		len = asprintf(into, "%s/%s", p->base_dir, value);
	else
		len = (*into = strdup(value)) ? 0 : -1;
	if (len < 0) {
		*into = NULL;
		return fail(p, "out of memory");
	}
	return 0;
}

/*
 * The value of @what, which must be a mapping: 0 when one begins, 1 when
 * the value is empty ("key:" alone, the same as no key), -1 on error.
 */
static int begin_mapping(struct parser *p, const char *what)
{
	if (next(p))
		return -1;
	if (p->event.type == YAML_SCALAR_EVENT && !*scalar(p))
		return 1;
	if (p->event.type != YAML_MAPPING_START_EVENT)
		return fail(p, "%s must be a mapping", what);
	return 0;
}

/* The next key of a mapping in p->event: 0, 1 at its end, -1 on error. */
static int next_key(struct parser *p, const char *what)
{
	if (next(p))
		return -1;
	if (p->event.type == YAML_MAPPING_END_EVENT)
		return 1;
	if (p->event.type != YAML_SCALAR_EVENT || !*scalar(p))
		return fail(p, "%s's keys must be non-empty strings", what);
	return 0;
}

/* min_version or max_version: TLS10 to TLS13. */
static int read_version(struct parser *p, const char *key,
			enum tls_version *into)
{
	int v;

	if (next(p))
		return -1;
	if (*into)
		return fail(p, "%s given twice", key);
	v = p->event.type == YAML_SCALAR_EVENT ? tls_version_parse(scalar(p)) : -1;
	if (v < 0)
		return fail(p, "%s must be TLS10, TLS11, TLS12 or TLS13", key);
	*into = v;
	return 0;
}

/* cipher_suites: a list of Go's names of them. */
static int read_suites(struct parser *p, bool *seen)
{
	struct web_config *c = p->config;
	int bit;

	if (next(p))
		return -1;
	if (*seen)
		return fail(p, "cipher_suites given twice");
	*seen = true;
	if (p->event.type != YAML_SEQUENCE_START_EVENT)
		return fail(p, "cipher_suites must be a list");
	while (!next(p) && p->event.type == YAML_SCALAR_EVENT) {
		bit = tls_suite_parse(scalar(p));
		if (bit < 0)
			return fail(p, "unknown cipher suite '%s' (Go's names, as TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256)",
				    shown(p));
		c->cipher_suites |= 1u << bit;
	}
	if (!p->have_event)
		return -1;
	if (p->event.type != YAML_SEQUENCE_END_EVENT)
		return fail(p, "cipher_suites must be a list of names");
	if (!c->cipher_suites)
		return fail(p, "cipher_suites is empty");
	return 0;
}

static int parse_tls_key(struct parser *p, bool *suites)
{
	struct web_config *c = p->config;
	const char *key = scalar(p);

	if (!strcmp(key, "cert_file"))
		return read_scalar(p, "cert_file", &c->cert_file, true);
	if (!strcmp(key, "key_file"))
		return read_scalar(p, "key_file", &c->key_file, true);
	if (!strcmp(key, "min_version"))
		return read_version(p, "min_version", &c->min_version);
	if (!strcmp(key, "max_version"))
		return read_version(p, "max_version", &c->max_version);
	if (!strcmp(key, "cipher_suites"))
		return read_suites(p, suites);
	return fail(p, "unknown key '%s' in tls_server_config (cert_file, key_file, min_version, max_version and cipher_suites are supported)",
		    shown(p));
}

static int parse_tls(struct parser *p)
{
	struct web_config *c = p->config;
	bool suites = false;
	int ret;

	ret = begin_mapping(p, "tls_server_config");
	if (ret)
		return ret < 0 ? -1 : 0;
	while (!(ret = next_key(p, "tls_server_config")))
		if (parse_tls_key(p, &suites))
			return -1;
	if (ret < 0)
		return -1;
	if (!c->cert_file || !c->key_file)
		return fail(p, "tls_server_config needs both cert_file and key_file");
	if ((c->min_version ? c->min_version : TLS_VERSION_12) >
	    (c->max_version ? c->max_version : TLS_VERSION_13))
		return fail(p, "min_version (TLS12 if not given) is above max_version");
	return 0;
}

static bool is_bcrypt(const char *hash)
{
	return strlen(hash) == 60 && hash[0] == '$' && hash[1] == '2' &&
	       (hash[2] == 'a' || hash[2] == 'b' || hash[2] == 'y') &&
	       hash[3] == '$';
}

static int parse_users(struct parser *p)
{
	struct web_config *c = p->config;
	struct web_user *user;
	int i, ret;

	ret = begin_mapping(p, "basic_auth_users");
	if (ret)
		return ret < 0 ? -1 : 0;
	while (!(ret = next_key(p, "basic_auth_users"))) {
		for (i = 0; i < c->nr_users; i++)
			if (!strcmp(c->users[i].name, scalar(p)))
				return fail(p, "user '%s' given twice", shown(p));
		if (c->nr_users == WEB_CONFIG_MAX_USERS)
			return fail(p, "more than %d users", WEB_CONFIG_MAX_USERS);
		user = &c->users[c->nr_users];
		user->name = strdup(scalar(p));
		if (!user->name)
			return fail(p, "out of memory");
		c->nr_users++;
		if (read_scalar(p, "a password hash", &user->hash, false))
			return -1;
		if (!is_bcrypt(user->hash))
			return fail(p, "user '%s': the password must be a bcrypt hash ($2y$...)",
				    shown_text(p, user->name));
	}
	return ret < 0 ? -1 : 0;
}

/* The top-level mapping, or an empty document. */
static int parse_document(struct parser *p)
{
	bool tls = false, users = false;
	int ret;

	if (next(p) || next(p))		/* stream start, document start */
		return -1;
	if (p->event.type == YAML_STREAM_END_EVENT)
		return 0;		/* an empty file */
	ret = begin_mapping(p, "the web config");
	while (!ret && !(ret = next_key(p, "the web config"))) {
		if (!strcmp(scalar(p), "tls_server_config") && !tls) {
			tls = true;
			ret = parse_tls(p);
		} else if (!strcmp(scalar(p), "basic_auth_users") && !users) {
			users = true;
			ret = parse_users(p);
		} else {
			ret = fail(p, "unknown %skey '%s' (tls_server_config and basic_auth_users are supported)",
				   tls || users ? "or repeated " : "", shown(p));
		}
	}
	if (ret < 0 || next(p))
		return -1;
	if (p->event.type != YAML_DOCUMENT_END_EVENT)
		return fail(p, "one YAML document expected");
	if (next(p))
		return -1;
	if (p->event.type != YAML_STREAM_END_EVENT)
		return fail(p, "one YAML document expected");
	return 0;
}

int web_config_parse(const char *text, size_t len, const char *base_dir,
		     struct web_config *config, char *why, size_t why_size)
{
	struct parser p = {
		.base_dir = base_dir, .config = config,
		.why = why, .why_size = why_size,
	};
	int ret;

	memset(config, 0, sizeof(*config));
	if (why_size)
		why[0] = '\0';
	if (!yaml_parser_initialize(&p.yaml)) {
		snprintf(why, why_size, "out of memory");
		return -1;
	}
	yaml_parser_set_input_string(&p.yaml, (const unsigned char *)text, len);
	ret = parse_document(&p);
	if (p.have_event)
		yaml_event_delete(&p.event);
	yaml_parser_delete(&p.yaml);
	if (ret)
		web_config_free(config);
	return ret;
}

/* The whole of @path in memory; NULL with errno. */
static char *read_file(const char *path, size_t *len)
{
	char *text = malloc(MAX_CONFIG_BYTES + 1);
	FILE *in = fopen(path, "re");
	size_t n;

	if (!text || !in) {
		free(text);
		if (in)
			fclose(in);
		return NULL;
	}
	n = fread(text, 1, MAX_CONFIG_BYTES + 1, in);
	if (ferror(in) || n > MAX_CONFIG_BYTES) {
		errno = ferror(in) ? EIO : EFBIG;
		free(text);
		fclose(in);
		return NULL;
	}
	fclose(in);
	text[n] = '\0';
	*len = n;
	return text;
}

int web_config_load(const char *path, struct web_config *config, char *why,
		    size_t why_size)
{
	char *text, *copy, reason[256];
	size_t len;
	int ret;

	memset(config, 0, sizeof(*config));
	text = read_file(path, &len);
	if (!text) {
		snprintf(why, why_size, "%s: %s", path, strerror(errno));
		return -1;
	}
	copy = strdup(path);
	if (!copy) {
		free(text);
		snprintf(why, why_size, "%s: %s", path, strerror(errno));
		return -1;
	}
	ret = web_config_parse(text, len, dirname(copy), config, reason,
			       sizeof(reason));
	if (ret)
		snprintf(why, why_size, "%s: %s", path, reason);
	free(copy);
	free(text);
	return ret;
}

void web_config_free(struct web_config *config)
{
	int i;

	free(config->cert_file);
	free(config->key_file);
	for (i = 0; i < config->nr_users; i++) {
		free(config->users[i].name);
		free(config->users[i].hash);
	}
	memset(config, 0, sizeof(*config));
}
