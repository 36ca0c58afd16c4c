# SPDX-License-Identifier: GPL-2.0
VERSION		:= 0.1.0
PKG_CONFIG	?= pkg-config
CC		?= gcc
BUILD		:= build

LIBS		:= libtracefs libtraceevent json-c
LIB_CFLAGS	:= $(shell $(PKG_CONFIG) --cflags $(LIBS))
LIB_LDLIBS	:= $(shell $(PKG_CONFIG) --libs $(LIBS))

CFLAGS		?= -O2 -g
CFLAGS		+= -std=gnu11 -Wall -Wextra -Wno-unused-parameter \
		   -Wmissing-prototypes -Wstrict-prototypes
CPPFLAGS	+= -D_GNU_SOURCE -Iinclude $(LIB_CFLAGS) -DRTLA_VERSION=\"$(VERSION)\" -MMD -MP

LIB_SRCS	:= $(filter-out src/main.c,$(wildcard src/*.c))
LIB_OBJS	:= $(LIB_SRCS:src/%.c=$(BUILD)/%.o)
UNIT_SRCS	:= $(wildcard tests/unit/test_*.c)
UNIT_BINS	:= $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/%)

all: $(BUILD)/rtla

include mk/docs.mk

$(BUILD)/rtla: $(BUILD)/main.o $(BUILD)/librtla.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LIB_LDLIBS) -lm

$(BUILD)/librtla.a: $(LIB_OBJS)
	$(AR) rcs $@ $^

$(BUILD)/%.o: src/%.c | $(BUILD)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(BUILD)/tests/%: tests/unit/%.c $(BUILD)/librtla.a | $(BUILD)/tests
	$(CC) $(CPPFLAGS) $(CFLAGS) -Itests/unit -o $@ $< $(BUILD)/librtla.a \
		$(LIB_LDLIBS) -lm $(shell $(PKG_CONFIG) --libs cmocka)

$(BUILD) $(BUILD)/tests:
	mkdir -p $@

unit: $(BUILD)/rtla $(UNIT_BINS)
	@set -e; for t in $(UNIT_BINS); do \
		echo "== $$t"; RTLA_TESTDATA=tests/data $$t; done

# The VM harness itself (scripts/vm-run: statuses, options, console scan)
check-harness:
	tests/e2e/harness-test

# End to end, in a VM booted with Debian's 6.1 RT kernel (see scripts/vm-run)
e2e: $(BUILD)/rtla
	tests/e2e/run
	tests/reports/run

# The same suite on Debian 13's 6.12 and unstable's 7.2 RT kernels, with
# Debian unstable's rtla 7.2 as the reference.  Not in make check yet: our
# rtla is not 7.2-compatible.
e2e-6.12: $(BUILD)/rtla
	tests/e2e/run --kernel 6.12-rt

e2e-7.2: $(BUILD)/rtla
	tests/e2e/run --kernel 7.2-rt

# The patched Linux 5.10 (kernel/): build it, its kernel checks, the
# end-to-end suite on it, and the checks on a lockdep build
check-kernel: $(BUILD)/rtla
	kernel/ci.sh

check: unit check-docs check-harness e2e check-kernel

clean:
	rm -rf $(BUILD)

.PHONY: all unit check-harness e2e e2e-6.12 e2e-7.2 check-kernel check clean
-include $(wildcard $(BUILD)/*.d $(BUILD)/tests/*.d)
