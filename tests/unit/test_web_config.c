// SPDX-License-Identifier: GPL-2.0
/* --web-config: parsing, bcrypt users, and a real TLS scrape. */
#include <crypt.h>
#include <pthread.h>
#include <time.h>

#include "httputil.h"
#include "serve/http_server.h"
#include "serve/web_config.h"

/* A bcrypt hash of @password with the cheapest cost, prefix "$2b$"/"$2y$". */
static char *bcrypt(const char *prefix, const char *password)
{
	char salt[CRYPT_GENSALT_OUTPUT_SIZE];
	struct crypt_data data;
	const char *hash;

	assert_non_null(crypt_gensalt_rn(prefix, 4, NULL, 0, salt, sizeof(salt)));
	memset(&data, 0, sizeof(data));
	hash = crypt_r(password, salt, &data);
	assert_non_null(hash);
	assert_memory_equal(hash, prefix, 4);
	return strdup(hash);
}

static int parse(const char *text, struct web_config *c, char *why)
{
	return web_config_parse(text, strlen(text), "/etc/rtla", c, why, 256);
}

static void test_parse_full(void **state)
{
	char *hash = bcrypt("$2y$", "secret"), text[512], why[256];
	struct web_config c;

	snprintf(text, sizeof(text),
		 "# rtla\n"
		 "tls_server_config:\n"
		 "  cert_file: tls/server.crt\n"
		 "  key_file: /keys/server.key\n"
		 "basic_auth_users:\n"
		 "  alice: %s\n"
		 "  'bob': \"%s\"\n", hash, hash);
	assert_int_equal(parse(text, &c, why), 0);
	assert_string_equal(c.cert_file, "/etc/rtla/tls/server.crt");
	assert_string_equal(c.key_file, "/keys/server.key");
	assert_int_equal(c.nr_users, 2);
	assert_string_equal(c.users[0].name, "alice");
	assert_string_equal(c.users[1].name, "bob");
	assert_string_equal(c.users[1].hash, hash);
	web_config_free(&c);
	web_config_free(&c);
	free(hash);
}

static void test_parse_partial(void **state)
{
	struct web_config c;
	char why[256];

	assert_int_equal(parse("", &c, why), 0);
	assert_null(c.cert_file);
	assert_int_equal(c.nr_users, 0);
	assert_int_equal(parse("---\n", &c, why), 0);
	assert_int_equal(parse("tls_server_config:\nbasic_auth_users:\n", &c, why), 0);
	assert_null(c.cert_file);
	assert_int_equal(parse("{tls_server_config: {cert_file: a, key_file: b}}", &c, why), 0);
	assert_string_equal(c.key_file, "/etc/rtla/b");
	web_config_free(&c);
}

static void assert_error(const char *text, const char *expected)
{
	struct web_config c;
	char why[256];

	memset(&c, 0xff, sizeof(c));
	assert_int_equal(parse(text, &c, why), -1);
	if (strcmp(why, expected))
		fail_msg("'%s': got '%s', want '%s'", text, why, expected);
	assert_null(strchr(why, '\n'));
	/* nothing to free on error */
	assert_null(c.cert_file);
	assert_int_equal(c.nr_users, 0);
}

static void test_parse_errors(void **state)
{
	assert_error("tls_server_config:\n  cert_file: a\n",
		     "line 3: tls_server_config needs both cert_file and key_file");
	assert_error("tls_server_config:\n  cert_file: a\n  key_file: b\n  client_ca_file: c\n",
		     "line 4: unknown key 'client_ca_file' in tls_server_config (cert_file, key_file, min_version, max_version and cipher_suites are supported)");
	assert_error("http_server_config:\n  http2: true\n",
		     "line 1: unknown key 'http_server_config' (tls_server_config and basic_auth_users are supported)");
	assert_error("basic_auth_users:\n  alice: secret\n",
		     "line 2: user 'alice': the password must be a bcrypt hash ($2y$...)");
	assert_error("basic_auth_users:\n  alice: [a, b]\n",
		     "line 2: a password hash must be a string");
	assert_error("- a\n- b\n", "line 1: the web config must be a mapping");
	assert_error("tls_server_config: [a]\n", "line 1: tls_server_config must be a mapping");
	assert_error("tls_server_config:\n  cert_file: a\n  cert_file: b\n",
		     "line 3: cert_file given twice");
	assert_error("tls_server_config:\n\tcert_file: a\n",
		     "line 2: found character that cannot start any token");
	assert_error("a: &x 1\nb: *x\n", "line 1: unknown key 'a' (tls_server_config and basic_auth_users are supported)");
	assert_error("basic_auth_users: *x\n", "line 1: aliases are not supported");
	assert_error("a: 1\n---\nb: 2\n", "line 1: unknown key 'a' (tls_server_config and basic_auth_users are supported)");
	assert_error("basic_auth_users: {}\n---\nb: 2\n", "line 2: one YAML document expected");
	assert_error("tls_server_config:\n  cert_file: ''\n  key_file: b\n", "line 2: cert_file is empty");
	assert_error("? [a]\n: 1\n", "line 1: the web config's keys must be non-empty strings");
	assert_error("basic_auth_users:\n  '': x\n", "line 2: basic_auth_users's keys must be non-empty strings");
	assert_error("tls_server_config:\n  cert_file: a\n  key_file: b\ntls_server_config:\n",
		     "line 4: unknown or repeated key 'tls_server_config' (tls_server_config and basic_auth_users are supported)");
	/* a key over lines is shown on one, cut */
	assert_error("\"a\\nb\": 1\n", "line 1: unknown key 'a?b' (tls_server_config and basic_auth_users are supported)");
	assert_error("abcdefghijabcdefghijabcdefghijabcdefghijabcdefghij: 1\n",
		     "line 1: unknown key 'abcdefghijabcdefghijabcdefghijabcdefghij...' (tls_server_config and basic_auth_users are supported)");
}

#define TLS_AB	"tls_server_config:\n  cert_file: a\n  key_file: b\n"

/* exporter-toolkit's TLS keys: versions and Go's cipher suite names. */
static void test_parse_tls_options(void **state)
{
	struct web_config c;
	char why[256];

	assert_int_equal(parse(TLS_AB "  min_version: TLS11\n  max_version: TLS12\n"
			       "  cipher_suites: [TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256, TLS_RSA_WITH_AES_128_CBC_SHA]\n",
			       &c, why), 0);
	assert_int_equal(c.min_version, TLS_VERSION_11);
	assert_int_equal(c.max_version, TLS_VERSION_12);
	assert_int_equal(c.cipher_suites,
			 1u << tls_suite_parse("TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256") |
			 1u << tls_suite_parse("TLS_RSA_WITH_AES_128_CBC_SHA"));
	web_config_free(&c);
	assert_int_equal(parse(TLS_AB, &c, why), 0);
	assert_int_equal(c.min_version, TLS_VERSION_DEFAULT);
	assert_int_equal(c.cipher_suites, 0);
	web_config_free(&c);

	assert_error(TLS_AB "  min_version: TLS14\n",
		     "line 4: min_version must be TLS10, TLS11, TLS12 or TLS13");
	assert_error(TLS_AB "  max_version: [TLS12]\n",
		     "line 4: max_version must be TLS10, TLS11, TLS12 or TLS13");
	assert_error(TLS_AB "  min_version: TLS13\n  max_version: TLS12\n",
		     "line 6: min_version (TLS12 if not given) is above max_version");
	assert_error(TLS_AB "  max_version: TLS11\n",
		     "line 5: min_version (TLS12 if not given) is above max_version");
	assert_error(TLS_AB "  min_version: TLS12\n  min_version: TLS13\n",
		     "line 5: min_version given twice");
	/* Go's insecure ones are refused by exporter-toolkit too */
	assert_error(TLS_AB "  cipher_suites: [TLS_RSA_WITH_RC4_128_SHA]\n",
		     "line 4: unknown cipher suite 'TLS_RSA_WITH_RC4_128_SHA' (Go's names, as TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256)");
	assert_error(TLS_AB "  cipher_suites: [ECDHE-RSA-AES128-GCM-SHA256]\n",
		     "line 4: unknown cipher suite 'ECDHE-RSA-AES128-GCM-SHA256' (Go's names, as TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256)");
	assert_error(TLS_AB "  cipher_suites: TLS_RSA_WITH_AES_128_CBC_SHA\n",
		     "line 4: cipher_suites must be a list");
	assert_error(TLS_AB "  cipher_suites: [[a]]\n",
		     "line 4: cipher_suites must be a list of names");
	assert_error(TLS_AB "  cipher_suites: []\n", "line 4: cipher_suites is empty");
}

static void test_duplicate_user(void **state)
{
	char *hash = bcrypt("$2b$", "x"), text[512];

	snprintf(text, sizeof(text), "basic_auth_users:\n  a: %s\n  a: %s\n",
		 hash, hash);
	assert_error(text, "line 3: user 'a' given twice");
	free(hash);
}

static void test_check_user(void **state)
{
	char *b = bcrypt("$2b$", "right"), *y = bcrypt("$2y$", "other");
	char text[512], why[256];
	struct web_config c;

	snprintf(text, sizeof(text), "basic_auth_users:\n  alice: %s\n  bob: '%s'\n",
		 b, y);
	assert_int_equal(parse(text, &c, why), 0);
	assert_true(web_config_check_user(&c, "alice", "right"));
	assert_false(web_config_check_user(&c, "alice", "wrong"));
	assert_false(web_config_check_user(&c, "alice", "righ"));
	assert_false(web_config_check_user(&c, "alice", ""));
	assert_true(web_config_check_user(&c, "bob", "other"));
	assert_false(web_config_check_user(&c, "bob", "right"));
	assert_false(web_config_check_user(&c, "carol", "right"));
	web_config_free(&c);
	free(b);
	free(y);
}

static double ms_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* The median of 5 checks of @user's @password, in ms. */
static double check_ms(const struct web_config *c, const char *user,
		       const char *password)
{
	double ms[5], t, swap;
	int i, j;

	for (i = 0; i < 5; i++) {
		t = ms_now();
		assert_false(web_config_check_user(c, user, password));
		ms[i] = ms_now() - t;
		for (j = i; j > 0 && ms[j] < ms[j - 1]; j--) {
			swap = ms[j];
			ms[j] = ms[j - 1];
			ms[j - 1] = swap;
		}
	}
	return ms[2];
}

/*
 * An unknown user is refused as slowly as a known one with a wrong
 * password: the time does not tell which names exist.
 */
static void test_unknown_user_timing(void **state)
{
	char salt[CRYPT_GENSALT_OUTPUT_SIZE], text[256], why[256];
	struct crypt_data data = { 0 };
	double known, unknown;
	struct web_config c;
	int try;

	assert_non_null(crypt_gensalt_rn("$2b$", 8, NULL, 0, salt, sizeof(salt)));
	snprintf(text, sizeof(text), "basic_auth_users:\n  alice: %s\n",
		 crypt_r("right", salt, &data));
	assert_int_equal(parse(text, &c, why), 0);
	/* a busy machine (or an emulator) can stretch one median: three tries */
	for (try = 0; try < 3; try++) {
		known = check_ms(&c, "alice", "wrong");
		unknown = check_ms(&c, "mallory", "wrong");
		print_message("known user %.2f ms, unknown %.2f ms\n", known, unknown);
		if (unknown >= known / 2 && unknown <= known * 2)
			break;
	}
	if (unknown < known / 2 || unknown > known * 2)
		fail_msg("known user refused in %.2f ms, unknown in %.2f ms",
			 known, unknown);
	web_config_free(&c);
}

/*
 * A password verified once is known without bcrypt; a wrong one, or
 * another user's, still is not.
 */
static void test_auth_cache(void **state)
{
	char salt[CRYPT_GENSALT_OUTPUT_SIZE], text[256], why[256];
	struct crypt_data data = { 0 };
	struct web_auth *auth;
	struct web_config c;
	double first, again, t;

	assert_non_null(crypt_gensalt_rn("$2b$", 10, NULL, 0, salt, sizeof(salt)));
	/* crypt_r() answers in @data: one at a time */
	snprintf(text, sizeof(text), "basic_auth_users:\n  alice: %s\n",
		 crypt_r("right", salt, &data));
	snprintf(text + strlen(text), sizeof(text) - strlen(text),
		 "  bob: %s\n", crypt_r("bobs", salt, &data));
	assert_int_equal(parse(text, &c, why), 0);
	auth = web_auth_alloc(&c, 2);
	assert_non_null(auth);
	t = ms_now();
	assert_int_equal(web_auth_check(auth, "alice", "right"), WEB_AUTH_OK);
	first = ms_now() - t;
	t = ms_now();
	assert_int_equal(web_auth_check(auth, "alice", "right"), WEB_AUTH_OK);
	again = ms_now() - t;
	print_message("first check %.2f ms, cached %.2f ms\n", first, again);
	if (again > first / 4)
		fail_msg("a verified password checked again in %.2f ms (first %.2f ms)",
			 again, first);
	assert_int_equal(web_auth_check(auth, "alice", "righ"), WEB_AUTH_DENIED);
	assert_int_equal(web_auth_check(auth, "alice", "right"), WEB_AUTH_OK);
	assert_int_equal(web_auth_check(auth, "bob", "right"), WEB_AUTH_DENIED);
	assert_int_equal(web_auth_check(auth, "carol", "right"), WEB_AUTH_DENIED);
	assert_int_equal(web_auth_check(auth, "bob", "bobs"), WEB_AUTH_OK);
	web_auth_free(auth);
	/* no bcrypt allowed at once: busy, at once */
	auth = web_auth_alloc(&c, 0);
	assert_int_equal(web_auth_check(auth, "alice", "right"), WEB_AUTH_BUSY);
	assert_int_equal(web_auth_check(auth, "mallory", "x"), WEB_AUTH_BUSY);
	web_auth_free(auth);
	web_auth_free(NULL);
	web_config_free(&c);
}

static void test_load(void **state)
{
	char dir[] = "/tmp/rtla-webcfg-XXXXXX", path[128], why[512], cmd[512];
	struct web_config c;
	FILE *f;

	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/missing.yml", dir);
	assert_int_equal(web_config_load(path, &c, why, sizeof(why)), -1);
	snprintf(cmd, sizeof(cmd), "%s: No such file or directory", path);
	assert_string_equal(why, cmd);

	snprintf(path, sizeof(path), "%s/web.yml", dir);
	f = fopen(path, "w");
	fputs("tls_server_config:\n  cert_file: c.pem\n  key_file: k.pem\n  bogus: 1\n", f);
	fclose(f);
	assert_int_equal(web_config_load(path, &c, why, sizeof(why)), -1);
	snprintf(cmd, sizeof(cmd), "%s: line 4: unknown key 'bogus' in tls_server_config (cert_file, key_file, min_version, max_version and cipher_suites are supported)",
		 path);
	assert_string_equal(why, cmd);

	f = fopen(path, "w");
	fputs("tls_server_config:\n  cert_file: c.pem\n  key_file: k.pem\n", f);
	fclose(f);
	assert_int_equal(web_config_load(path, &c, why, sizeof(why)), 0);
	snprintf(cmd, sizeof(cmd), "%s/c.pem", dir);
	assert_string_equal(c.cert_file, cmd);
	web_config_free(&c);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

static int render(void *ctx, enum prom_format format, FILE *out)
{
	fputs("up 1\n", out);
	return 0;
}

/* A self-signed EC certificate for 127.0.0.1 in @dir. */
static void make_cert(const char *dir)
{
	char cmd[512];

	snprintf(cmd, sizeof(cmd),
		 "cd %s && openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes "
		 "-keyout key.pem -out cert.pem -days 2 -subj /CN=127.0.0.1 "
		 "-addext subjectAltName=IP:127.0.0.1 2>/dev/null", dir);
	assert_int_equal(system(cmd), 0);
}

/* A self-signed certificate for 127.0.0.1, a user, and scrapes over TLS. */
static void test_tls_scrape(void **state)
{
	char dir[] = "/tmp/rtla-tls-XXXXXX", path[128], why[256], cmd[512];
	pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	struct http_server_config config = {
		.listen = "0", .render = render, .lock = &lock,
	};
	struct http_server *server;
	struct web_config web;
	char *hash = bcrypt("$2y$", "s3cret");
	struct reply r;
	unsigned int port;
	FILE *f;

	assert_non_null(mkdtemp(dir));
	make_cert(dir);
	snprintf(path, sizeof(path), "%s/web.yml", dir);
	f = fopen(path, "w");
	fprintf(f, "tls_server_config:\n  cert_file: cert.pem\n  key_file: key.pem\n"
		   "basic_auth_users:\n  prometheus: %s\n", hash);
	fclose(f);
	if (web_config_load(path, &web, why, sizeof(why)))
		fail_msg("%s", why);
	config.web = &web;
	server = http_server_start(&config, why, sizeof(why));
	if (!server)
		fail_msg("%s", why);
	port = http_server_port(server);

	/* verified against the certificate, right credentials */
	snprintf(cmd, sizeof(cmd), "--cacert %s/cert.pem -u prometheus:s3cret https://127.0.0.1:%u/metrics",
		 dir, port);
	curl(&r, cmd);
	assert_int_equal(r.status, 200);
	assert_string_equal(r.body, "up 1\n");
	/* wrong password, unknown user, none */
	snprintf(cmd, sizeof(cmd), "--cacert %s/cert.pem -u prometheus:wrong https://127.0.0.1:%u/metrics",
		 dir, port);
	curl(&r, cmd);
	assert_int_equal(r.status, 401);
	assert_null(strstr(r.body, "up 1"));
	snprintf(cmd, sizeof(cmd), "--cacert %s/cert.pem -u eve:s3cret https://127.0.0.1:%u/metrics",
		 dir, port);
	curl(&r, cmd);
	assert_int_equal(r.status, 401);
	snprintf(cmd, sizeof(cmd), "--cacert %s/cert.pem https://127.0.0.1:%u/metrics", dir, port);
	curl(&r, cmd);
	assert_int_equal(r.status, 401);
	/* other paths are 404 only to who may see the server */
	snprintf(cmd, sizeof(cmd), "--cacert %s/cert.pem -u prometheus:s3cret https://127.0.0.1:%u/x",
		 dir, port);
	curl(&r, cmd);
	assert_int_equal(r.status, 404);
	/* plain HTTP gets no answer from a TLS server */
	snprintf(cmd, sizeof(cmd), "-u prometheus:s3cret http://127.0.0.1:%u/metrics", port);
	curl(&r, cmd);
	assert_true(r.status == 0 || r.status >= 400);
	assert_null(strstr(r.body, "up 1"));

	http_server_stop(server);
	web_config_free(&web);
	free(hash);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

/* A TLS server with @tls_extra in its tls_server_config; its port. */
static struct http_server *tls_server(const char *dir, const char *tls_extra,
				      struct web_config *web)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	struct http_server_config config = {
		.listen = "0", .render = render, .lock = &lock, .web = web,
	};
	char text[512], why[256];
	struct http_server *server;

	snprintf(text, sizeof(text),
		 "tls_server_config:\n  cert_file: cert.pem\n  key_file: key.pem\n%s",
		 tls_extra);
	if (web_config_parse(text, strlen(text), dir, web, why, sizeof(why)))
		fail_msg("%s", why);
	server = http_server_start(&config, why, sizeof(why));
	if (!server)
		fail_msg("%s", why);
	return server;
}

/* Whether openssl s_client with @options completes a handshake. */
static bool handshake(struct http_server *server, const char *options)
{
	char cmd[512];

	/* SECLEVEL=0: the client itself would refuse TLS 1.0 and 1.1 */
	snprintf(cmd, sizeof(cmd),
		 "timeout 5 openssl s_client -connect 127.0.0.1:%u -cipher DEFAULT@SECLEVEL=0 %s </dev/null >/dev/null 2>&1",
		 http_server_port(server), options);
	return system(cmd) == 0;
}

/*
 * TLS 1.2 and up, forward secrecy and AEAD by default; min_version,
 * max_version and cipher_suites as exporter-toolkit reads them.
 */
static void test_tls_versions(void **state)
{
	char dir[] = "/tmp/rtla-tls-XXXXXX", cmd[128];
	struct http_server *server;
	struct web_config web;

	assert_non_null(mkdtemp(dir));
	make_cert(dir);
	server = tls_server(dir, "", &web);
	assert_false(handshake(server, "-tls1_1"));
	assert_false(handshake(server, "-tls1"));
	assert_true(handshake(server, "-tls1_2"));
	assert_true(handshake(server, "-tls1_3"));
	assert_false(handshake(server, "-tls1_2 -cipher ECDHE-ECDSA-AES128-SHA@SECLEVEL=0"));
	assert_true(handshake(server, "-tls1_2 -cipher ECDHE-ECDSA-AES128-GCM-SHA256"));
	http_server_stop(server);
	web_config_free(&web);

	/* the client can speak TLS 1.1 when the server lets it */
	server = tls_server(dir, "  min_version: TLS10\n", &web);
	assert_true(handshake(server, "-tls1_1"));
	http_server_stop(server);
	web_config_free(&web);

	server = tls_server(dir, "  min_version: TLS13\n", &web);
	assert_false(handshake(server, "-tls1_2"));
	assert_true(handshake(server, "-tls1_3"));
	http_server_stop(server);
	web_config_free(&web);

	server = tls_server(dir, "  max_version: TLS12\n  cipher_suites:\n"
				 "    - TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA\n", &web);
	assert_false(handshake(server, "-tls1_3"));
	assert_false(handshake(server, "-tls1_2 -cipher ECDHE-ECDSA-AES128-GCM-SHA256"));
	assert_true(handshake(server, "-tls1_2 -cipher ECDHE-ECDSA-AES128-SHA@SECLEVEL=0"));
	http_server_stop(server);
	web_config_free(&web);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

static void test_tls_bad_key(void **state)
{
	char dir[] = "/tmp/rtla-tls-XXXXXX", why[256], cmd[256];
	pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	struct http_server_config config = {
		.listen = "0", .render = render, .lock = &lock,
	};
	struct web_config web = { 0 };

	assert_non_null(mkdtemp(dir));
	snprintf(cmd, sizeof(cmd), "cd %s && echo junk >cert.pem && echo junk >key.pem", dir);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(asprintf(&web.cert_file, "%s/cert.pem", dir) > 0, 1);
	assert_int_equal(asprintf(&web.key_file, "%s/nokey.pem", dir) > 0, 1);
	config.web = &web;
	assert_null(http_server_start(&config, why, sizeof(why)));
	snprintf(cmd, sizeof(cmd), "%s/nokey.pem: No such file or directory", dir);
	assert_string_equal(why, cmd);
	free(web.key_file);
	assert_int_equal(asprintf(&web.key_file, "%s/key.pem", dir) > 0, 1);
	assert_null(http_server_start(&config, why, sizeof(why)));
	assert_string_equal(why, "the TLS certificate and key do not load");
	web_config_free(&web);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_full),
		cmocka_unit_test(test_parse_partial),
		cmocka_unit_test(test_parse_errors),
		cmocka_unit_test(test_parse_tls_options),
		cmocka_unit_test(test_duplicate_user),
		cmocka_unit_test(test_check_user),
		cmocka_unit_test(test_unknown_user_timing),
		cmocka_unit_test(test_auth_cache),
		cmocka_unit_test(test_load),
		cmocka_unit_test(test_tls_scrape),
		cmocka_unit_test(test_tls_versions),
		cmocka_unit_test(test_tls_bad_key),
	};

	return RUN_SUITE("web_config", tests);
}
