// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat monitor's /metrics: its exporter process forked before the
 * tracer is touched, told to serve once the monitor runs, its end told.
 */
#include <stdio.h>

#include "run/monitor.h"
#include "run/run.h"
#include "serve/exporter.h"
#include "serve/web_config.h"

int monitor_prepare(struct run *run)
{
	const struct rtla_params *params = run->params;
	struct http_server_config config = {
		.listen = params->monitor.listen,
		.cpus = params->threads.housekeeping ? &params->threads.housekeeping_set : NULL,
	};
	struct web_config web = { 0 };
	char why[512];

	if (!params->monitor.listen)
		return 0;
	if (params->monitor.web_config) {
		if (web_config_load(params->monitor.web_config, &web, why,
				    sizeof(why))) {
			run_error(run, "%s", why);
			return -1;
		}
		config.web = &web;
	}
	/* the exporter keeps its copy of what it was given */
	run->exporter = exporter_start(&config, why, sizeof(why));
	web_config_free(&web);
	if (!run->exporter) {
		run_error(run, "cannot serve /metrics on %s: %s",
			  params->monitor.listen, why);
		return -1;
	}
	run_debug(run, "the /metrics exporter is pid %d",
		  (int)exporter_pid(run->exporter));
	return 0;
}

int monitor_serve(struct monitor *m)
{
	struct run *run = m->run;
	char why[512];

	if (!run->exporter)
		return 0;
	/* monitor_render() takes m->lock itself, in short holds */
	if (exporter_serve(run->exporter, monitor_render, m, why,
			   sizeof(why))) {
		run_error(run, "cannot serve /metrics on %s: %s",
			  run->params->monitor.listen, why);
		return -1;
	}
	run_debug(run, "serving /metrics on port %u",
		  (unsigned int)exporter_port(run->exporter));
	return 0;
}

bool monitor_exporter_lost(struct monitor *m)
{
	char why[256];

	if (!exporter_lost(m->run->exporter, why, sizeof(why)))
		return false;
	run_error(m->run, "%s: ending the run", why);
	return true;
}
