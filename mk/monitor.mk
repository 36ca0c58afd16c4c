# SPDX-License-Identifier: GPL-2.0
#
# The monitor's exposition, Prometheus rules and systemd unit, checked
# with the tools that will read them (quick: make check's first stage).
#
#   make check-metrics           promtool check metrics on the text goldens,
#                                the OpenMetrics goldens through a strict parser
#   make check-prometheus-rules  promtool check rules and test rules
#   make check-systemd           systemd-analyze verify on the unit
#   make check-monitor           the three

PROMTOOL	?= promtool
OM_PYTHON	?= /usr/bin/python3
MONITOR_GOLDENS	:= $(wildcard tests/data/monitor/*.prom)
MONITOR_OM	:= $(wildcard tests/data/monitor/*.om)
PROM_RULES	:= packaging/prometheus/rtla.rules.yml

check-metrics:
	@set -e; for f in $(MONITOR_GOLDENS); do \
		echo "promtool check metrics <$$f"; \
		$(PROMTOOL) check metrics <$$f; done
	$(OM_PYTHON) tests/monitor/check-openmetrics $(MONITOR_OM)

check-prometheus-rules:
	$(PROMTOOL) check rules $(PROM_RULES)
	cd $(dir $(PROM_RULES)) && $(PROMTOOL) test rules rtla.rules.test.yml

check-systemd: $(BUILD)/rtla
	tests/monitor/check-systemd $(BUILD)/rtla

check-monitor: check-metrics check-prometheus-rules check-systemd

.PHONY: check-metrics check-prometheus-rules check-systemd check-monitor
