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
#   make check-systemd-vm        the unit under a real systemd (PID 1 of a
#                                Debian 12 guest, made by mmdebstrap and
#                                cached) on SYSTEMD_KERNEL (7.2-rt): its
#                                monitor SIGKILLed, the restart restores
#                                (tests/systemd/run; by hand, about 6 min)
#   make check-monitor-prometheus  (by hand) a real Prometheus scrapes the
#                                monitor in the VM for 60 s (7.2-rt;
#                                PROM_KERNEL=6.1-rt or 6.12-rt for others)
#   make soak-monitor            (by hand, SOAK_SECONDS=3600) timerlat monitor
#                                -p 1000 on 8 vCPUs of SOAK_KERNEL (7.2-rt),
#                                scraped every 5 s: RSS flat within 1 MiB
#                                after a 60-s warm-up, every scrape
#                                answered, 0 lost (tests/bench/rss)
#   make bench-monitor           (by hand) in one boot of 7.2-rt, 8 vCPUs:
#                                our monitor -k -p 1000 scraped every 5 s
#                                against rtla 7.2's timerlat hist -k -p 1000,
#                                BENCH_MON_SECONDS (60) each, alternated:
#                                CPU time, slowest scrape, lost
#   make bench-monitor-tracefs   (by hand) the same monitor, ours alone, on
#                                its tracefs path at 2 and 16 vCPUs: 0 lost,
#                                CPU per sample (us_per_sample)
#   make install-monitor         the systemd unit, its options file and
#                                the Prometheus rules (part of make install)

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

SYSTEMD_KERNEL	?= 7.2-rt
check-systemd-vm: $(BUILD)/rtla
	tests/systemd/run --kernel $(SYSTEMD_KERNEL)

PROM_KERNEL	?= 7.2-rt
check-monitor-prometheus: $(BUILD)/rtla
	tests/monitor/prometheus-vm --kernel $(PROM_KERNEL) 60

.PHONY: check-metrics check-prometheus-rules check-systemd check-systemd-vm check-monitor \
	check-monitor-prometheus soak-monitor bench-monitor bench-monitor-tracefs

SOAK_KERNEL	?= 7.2-rt
SOAK_SECONDS	?= 3600
soak-monitor: $(BUILD)/rtla
	tests/bench/rss --kernel $(SOAK_KERNEL) --smp 8 --seconds $(SOAK_SECONDS) \
		--scrape 5 --warmup 60 -- timerlat monitor -p 1000

BENCH_MON_SECONDS ?= 60
BENCH_MON_ROUNDS ?= 1
bench-monitor: $(BUILD)/rtla
	tests/bench/rss --kernel 7.2-rt --smp 8 --seconds $(BENCH_MON_SECONDS) \
		--rounds $(BENCH_MON_ROUNDS) --scrape 5 --warmup 10 \
		--ref "timerlat hist -k -p 1000" -- timerlat monitor -k -p 1000

# Where make install puts the unit, its options and the rules.  The unit
# goes beside the system's own for prefix=/usr (Debian 12: /lib), under
# the prefix otherwise; it runs $(bindir)/rtla and reads
# $(sysconfdir)/default/rtla-timerlat-monitor.
sysconfdir	?= $(if $(filter /usr,$(prefix)),/etc,$(prefix)/etc)
systemdunitdir	?= $(if $(filter /usr,$(prefix)),$(or $(shell $(PKG_CONFIG) \
			--variable=systemdsystemunitdir systemd 2>/dev/null),/lib/systemd/system),$(prefix)/lib/systemd/system)
rulesdir	?= $(datadir)/rtla/prometheus
MONITOR_UNIT	:= packaging/systemd/rtla-timerlat-monitor.service
MONITOR_DEFAULT	:= packaging/systemd/rtla-timerlat-monitor.default

install-monitor:
	$(INSTALL) -d '$(DESTDIR)$(systemdunitdir)' '$(DESTDIR)$(sysconfdir)/default' \
		'$(DESTDIR)$(rulesdir)'
	sed -e 's|/usr/bin/rtla|$(bindir)/rtla|' \
	    -e 's|/etc/default/|$(sysconfdir)/default/|' $(MONITOR_UNIT) \
		>'$(DESTDIR)$(systemdunitdir)/rtla-timerlat-monitor.service'
	chmod 644 '$(DESTDIR)$(systemdunitdir)/rtla-timerlat-monitor.service'
	$(INSTALL_DATA) $(MONITOR_DEFAULT) '$(DESTDIR)$(sysconfdir)/default/rtla-timerlat-monitor'
	$(INSTALL_DATA) $(PROM_RULES) '$(DESTDIR)$(rulesdir)/rtla.rules.yml'

uninstall-monitor:
	rm -f '$(DESTDIR)$(systemdunitdir)/rtla-timerlat-monitor.service' \
		'$(DESTDIR)$(sysconfdir)/default/rtla-timerlat-monitor' \
		'$(DESTDIR)$(rulesdir)/rtla.rules.yml'
	rmdir '$(DESTDIR)$(rulesdir)' '$(DESTDIR)$(datadir)/rtla' 2>/dev/null || true

.PHONY: install-monitor uninstall-monitor

bench-monitor-tracefs: $(BUILD)/rtla
	set -e; for n in 2 16; do \
		tests/bench/rss --kernel 7.2-rt --smp $$n --seconds $(BENCH_MON_SECONDS) \
			--scrape 5 --warmup 10 --collector tracefs -- timerlat monitor -k -p 1000; \
	done
