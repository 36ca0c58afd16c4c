// SPDX-License-Identifier: GPL-2.0
#include "output/render.h"
#include "run/run.h"
#include "run/tool.h"

const struct rtla_tool timerlat_top_tool = {
	.id = { "timerlat top", "a per-CPU summary of the timer latency",
		TRACER_TIMERLAT, MODE_TOP, false, false },
	.render = render_timerlat_top,
	.live = true,
};

const struct rtla_tool timerlat_hist_tool = {
	.id = { "timerlat hist", "a per-CPU histogram of the timer latency",
		TRACER_TIMERLAT, MODE_HIST, false, false },
	.render = render_hist,
};

const struct rtla_tool timerlat_monitor_tool = {
	.id = { "timerlat monitor", "always-on timer latency monitoring: windows, Prometheus' /metrics, hits that do not stop it",
		TRACER_TIMERLAT, MODE_HIST, false, true },
	.render = render_hist,
	.prepare = monitor_prepare,
	.measure = run_monitor,
	.until_signal = true,
};

const struct rtla_tool osnoise_top_tool = {
	.id = { "osnoise top", "a per-CPU summary of the operating system noise",
		TRACER_OSNOISE, MODE_TOP, false, false },
	.trace_from_window = true,
	.periods_to_stop = true,
	.render = render_osnoise_top,
	.live = true,
};

const struct rtla_tool osnoise_hist_tool = {
	.id = { "osnoise hist", "a per-CPU histogram of the operating system noise",
		TRACER_OSNOISE, MODE_HIST, false, false },
	.event_system = "osnoise",
	.event_name = "sample_threshold",
	.kernel_hist = true,
	.trace_from_window = true,
	.render = render_hist,
};

const struct rtla_tool hwnoise_tool = {
	.id = { "hwnoise", "a per-CPU summary of hardware-related noise (osnoise with IRQs disabled)",
		TRACER_OSNOISE, MODE_TOP, true, false },
	.trace_from_window = true,
	.periods_to_stop = true,
	.render = render_osnoise_top,
	.live = true,
};

struct render_view tool_render_view(const struct rtla_params *params)
{
	return (struct render_view){
		.entries = params->entries,
		.bucket_size = params->bucket_size,
		.no_header = params->no_header,
		.no_summary = params->no_summary,
		.no_index = params->no_index,
		.with_zeros = params->with_zeros,
		.percentiles = params->percentiles,
		.pretty = params->pretty,
		.hwnoise = params->hwnoise,
	};
}
