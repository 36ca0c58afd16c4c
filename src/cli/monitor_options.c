// SPDX-License-Identifier: GPL-2.0
/* timerlat monitor's options: windows, the /metrics server, its files. */
#include <stdlib.h>
#include <string.h>

#include "cli/monitor_options.h"
#include "cli/parse.h"
#include "serve/http_server.h"

static int set_path(char **field, const char *arg, const char **why)
{
	if (!*arg) {
		*why = "empty file name";
		return -1;
	}
	free(*field);
	*field = strdup(arg);
	return 0;
}

int set_interval(struct opt_ctx *ctx, const char *arg, const char **why)
{
	uint64_t seconds;

	if (parse_duration(arg, &seconds, why))
		return -1;
	if (!seconds || seconds > 86400) {
		*why = "a window is 1 s to 1 d long";
		return -1;
	}
	ctx->params->monitor.interval_s = seconds;
	return 0;
}

int set_listen(struct opt_ctx *ctx, const char *arg, const char **why)
{
	struct sockaddr_storage addr;

	if (listen_addr_parse(arg, &addr, why))
		return -1;
	free(ctx->params->monitor.listen);
	ctx->params->monitor.listen = strdup(arg);
	return 0;
}

int set_web_config(struct opt_ctx *ctx, const char *arg, const char **why)
{
	return set_path(&ctx->params->monitor.web_config, arg, why);
}

int set_buckets(struct opt_ctx *ctx, const char *arg, const char **why)
{
	return bucket_bounds_parse(arg, &ctx->params->monitor.buckets, why);
}

int set_record(struct opt_ctx *ctx, const char *arg, const char **why)
{
	return set_path(&ctx->params->monitor.record_file, arg, why);
}

/* N bytes, or with a k, M or G suffix (powers of 1024). */
int set_record_size(struct opt_ctx *ctx, const char *arg, const char **why)
{
	static const char suffixes[] = "kMG";
	const char *unit;
	char digits[32];
	size_t len = strlen(arg);
	uint64_t value;
	int shift = 0;

	unit = len ? strchr(suffixes, arg[len - 1]) : NULL;
	if (unit && arg[len - 1]) {
		shift = 10 * (int)(unit - suffixes + 1);
		len--;
	}
	*why = "a size is 4k to 64G: N bytes, or Nk, NM, NG";
	if (!len || len >= sizeof(digits))
		return -1;
	memcpy(digits, arg, len);
	digits[len] = '\0';
	if (parse_u64_range(digits, 1, 64ULL << 30, &value, why) ||
	    (value << shift) >> shift != value ||
	    (value << shift) < 4096 || (value << shift) > (64ULL << 30)) {
		*why = "a size is 4k to 64G: N bytes, or Nk, NM, NG";
		return -1;
	}
	ctx->params->monitor.record_bytes = value << shift;
	return 0;
}

int set_record_keep(struct opt_ctx *ctx, const char *arg, const char **why)
{
	return parse_u64_in(arg, 0, 100, NULL,
			    &ctx->params->monitor.record_keep, why,
			    ctx->reason);
}

int set_textfile(struct opt_ctx *ctx, const char *arg, const char **why)
{
	return set_path(&ctx->params->monitor.textfile, arg, why);
}

int set_keep_traces(struct opt_ctx *ctx, const char *arg, const char **why)
{
	return parse_u64_in(arg, 1, 1000, NULL,
			    &ctx->params->monitor.keep_traces, why,
			    ctx->reason);
}

int monitor_options_check(const struct tool_id *tool,
			  const struct rtla_params *params, FILE *err)
{
	if (params->monitor.web_config && !params->monitor.listen) {
		fprintf(err, "rtla %s: --web-config needs --listen\n",
			tool->name);
		return -1;
	}
	return 0;
}
