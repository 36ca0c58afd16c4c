# SPDX-License-Identifier: GPL-2.0
#
# Cross-building for arm64, the kernel's way: CROSS_COMPILE names the
# toolchain's prefix.  Included by the top-level Makefile before anything
# asks pkg-config or the compiler; a native build (arm64 too) is the plain
# make and sets nothing here.
#
#   make CROSS_COMPILE=aarch64-linux-gnu-   rtla and rtla-plot for arm64,
#                          with the BPF collector, in build-arm64/
#   make unit-arm64        the unit tests built so, run under qemu-user
#   make e2e-arm64         the whole VM suite on Debian's arm64 7.2-rt,
#                          beside Debian's arm64 rtla 7.2 (by hand)
#   make e2e-arm64-ci      the part of it meant for CI
#   make deb-arm64, rpm-arm64  the arm64 .deb and the aarch64 RPM,
#                          cross-built; check-deb-arm64 runs lintian
#
# The libraries come from a sysroot of Debian 12's arm64 packages
# (scripts/vm-fetch-sysroot, installed by scripts/install-deps --arch
# arm64); SYSROOT= names another.

# included before all: is defined, which stays the default goal
.DEFAULT_GOAL	:= all
ARM64_CROSS	:= aarch64-linux-gnu-
RTLA_CACHE	?= $(HOME)/.cache/rtla

ifneq ($(CROSS_COMPILE),)
ifeq ($(origin CC),default)
CC		:= $(CROSS_COMPILE)gcc
endif
ifeq ($(origin AR),default)
AR		:= $(CROSS_COMPILE)ar
endif
CROSS_TRIPLET	:= $(shell $(CC) -dumpmachine)
CROSS_ARCH	:= $(patsubst aarch64-%,arm64,$(CROSS_TRIPLET))
ifeq ($(origin BUILD),file)
BUILD		:= build-$(CROSS_ARCH)
endif
SYSROOT		?= $(RTLA_CACHE)/$(CROSS_ARCH)-sysroot
ifeq ($(wildcard $(SYSROOT)/usr/include),)
$(error no sysroot for $(CROSS_TRIPLET) in $(SYSROOT): run scripts/install-deps --arch $(CROSS_ARCH))
endif
# make 4.3 does not export to $(shell): the variables go on the command.
# override: a cross dpkg-buildpackage names its own on the command line.
override PKG_CONFIG := PKG_CONFIG_SYSROOT_DIR=$(SYSROOT) \
		   PKG_CONFIG_LIBDIR=$(SYSROOT)/usr/lib/$(CROSS_TRIPLET)/pkgconfig:$(SYSROOT)/usr/share/pkgconfig \
		   pkg-config
# on the compiler's command itself: CFLAGS and LDFLAGS keep their defaults
override CC	:= $(CC) --sysroot=$(SYSROOT)
# The unit tests run under qemu-user, on the sysroot's loader and
# libraries.  qemu-user cannot reset the host's signals 32 and 33 (glibc's
# own) for a command rtla runs, so one inherits them ignored when the
# caller had (make does): they are reset first, by x86-64's rt_sigaction,
# which glibc's sigaction refuses for them.
RUN_TARGET	:= qemu-$(firstword $(subst -, ,$(CROSS_TRIPLET))) -L $(SYSROOT)
# Three tests ask what qemu-user 7.2 does not emulate: it delivers no
# guest SIGRTMAX - 1 or SIGRTMAX (test_signals raises them), takes
# madvise(MADV_POPULATE_WRITE) as a no-op (test_stats' prefault test) and
# refuses prctl(PR_SET_CHILD_SUBREAPER) (test_user_threads' SIGKILL test).
# A fourth times what emulation slows unevenly: test_web_config's known
# and unknown users within 2x of each other (63 and 30 ms once) and its
# curl scrapes (one came back empty) failed 2 runs of 4.
UNIT_SKIP	:= $(addprefix $(BUILD)/tests/,test_signals test_stats test_user_threads \
		   test_web_config)
ifeq ($(shell uname -m),x86_64)
RUN_TARGET	:= perl -e '$$d = pack("Q4"); syscall(13, $$_ + 0, $$d, 0, 8) for 32, 33; \
		   exec @ARGV' $(RUN_TARGET)
endif
endif

unit-arm64:
	$(MAKE) unit CROSS_COMPILE=$(ARM64_CROSS)

arm64-build:
	$(MAKE) CROSS_COMPILE=$(ARM64_CROSS) all bpf-action-test

# The whole suite beside Debian's arm64 rtla 7.2 (by hand): slower than
# on x86 under TCG, hence the longer timeout
e2e-arm64: arm64-build
	RTLA_E2E_TIMEOUT=3600 tests/e2e/run --arch arm64 --kernel 7.2-rt

# The part for CI, each path once, beside the reference, in one boot (not
# in make check yet: under a loaded host's TCG a run starts in ~30 s, and
# the part took longer than its 15-minute budget):
# both tracers' top and hist (default), user and kernel threads, the BPF
# collector and a BPF action (the arm64 JIT), the monitor's scrape,
# --sources with the PL011 UART's interrupt (osnoise, timerlat,
# hwnoise), actions (cont, endact), a SIGTERM, and restore after SIGKILL
# (the suite's stale case, always run)
E2E_ARM64_CI	?= default,user,kthr,cont,endact,bpfact,monitor,sources,tl-sources,hw-sources,killTERM
e2e-arm64-ci: arm64-build
	tests/e2e/run --arch arm64 --kernel 7.2-rt --env E2E_CASES=$(E2E_ARM64_CI)

# The arm64 .deb, cross-built from the release tarball, and lintian on it
deb-arm64: dist
	packaging/build-deb.sh '$(DIST_TARBALL)' '$(BUILD)/deb-arm64' arm64

check-deb-arm64: deb-arm64
	lintian --fail-on error,warning $(BUILD)/deb-arm64/*.changes

# The aarch64 RPM, cross-built the same way
rpm-arm64: dist
	packaging/build-rpm.sh '$(DIST_TARBALL)' '$(BUILD)/rpm-arm64' arm64

.PHONY: unit-arm64 arm64-build e2e-arm64 e2e-arm64-ci deb-arm64 check-deb-arm64 rpm-arm64
