// SPDX-License-Identifier: GPL-2.0
/* The six tools, each a descriptor over the shared layers. */
#include "output/render.h"
#include "run/run.h"
#include "run/tool.h"

const struct rtla_tool timerlat_top_tool = {
	.id = {
		.name = "timerlat top",
		.summary = "a per-CPU summary of the timer latency",
		.tracer = TRACER_TIMERLAT,
		.mode = MODE_TOP,
	},
	.render = render_timerlat_top,
	.live = true,
};

const struct rtla_tool timerlat_hist_tool = {
	.id = {
		.name = "timerlat hist",
		.summary = "a per-CPU histogram of the timer latency",
		.tracer = TRACER_TIMERLAT,
		.mode = MODE_HIST,
	},
	.render = render_hist,
};

const struct rtla_tool timerlat_monitor_tool = {
	.id = {
		.name = "timerlat monitor",
		.summary = "always-on timer latency monitoring: windows, Prometheus' /metrics, hits that do not stop it",
		.tracer = TRACER_TIMERLAT,
		.mode = MODE_HIST,
		.monitor = true,
	},
	.render = render_hist,
	.prepare = monitor_prepare,
	.measure = run_monitor,
	.until_signal = true,
};

const struct rtla_tool osnoise_top_tool = {
	.id = {
		.name = "osnoise top",
		.summary = "a per-CPU summary of the operating system noise",
		.tracer = TRACER_OSNOISE,
		.mode = MODE_TOP,
	},
	.trace_from_window = true,
	.periods_to_stop = true,
	.render = render_osnoise_top,
	.live = true,
};

const struct rtla_tool osnoise_hist_tool = {
	.id = {
		.name = "osnoise hist",
		.summary = "a per-CPU histogram of the operating system noise",
		.tracer = TRACER_OSNOISE,
		.mode = MODE_HIST,
	},
	.event_system = "osnoise",
	.event_name = "sample_threshold",
	.kernel_hist = true,
	.trace_from_window = true,
	.render = render_hist,
};

const struct rtla_tool hwnoise_tool = {
	.id = {
		.name = "hwnoise",
		.summary = "a per-CPU summary of hardware-related noise (osnoise with IRQs disabled)",
		.tracer = TRACER_OSNOISE,
		.mode = MODE_TOP,
		.hwnoise = true,
	},
	.trace_from_window = true,
	.periods_to_stop = true,
	.render = render_osnoise_top,
	.live = true,
};

struct render_view tool_render_view(const struct rtla_params *params)
{
	return (struct render_view){
		.entries = params->hist.entries,
		.bucket_size = params->hist.bucket_size,
		.no_header = params->hist.no_header,
		.no_summary = params->hist.no_summary,
		.no_index = params->hist.no_index,
		.with_zeros = params->hist.with_zeros,
		.percentiles = params->display.percentiles,
		.pretty = params->display.pretty,
		.hwnoise = params->hwnoise,
	};
}
