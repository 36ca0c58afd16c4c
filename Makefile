# SPDX-License-Identifier: GPL-2.0
VERSION		:= 0.1.0
PKG_CONFIG	?= pkg-config
CC		?= gcc
BUILD		:= build

LIBS		:= libtracefs libtraceevent json-c
# the Debian package that brings each pkg-config module
DEB_libtracefs	:= libtracefs-dev
DEB_libtraceevent := libtraceevent-dev
DEB_json-c	:= libjson-c-dev
DEB_cmocka	:= libcmocka-dev

# Say which package is missing before a compiler says which header is.
NO_BUILD_GOALS	:= clean
ifneq ($(filter-out $(NO_BUILD_GOALS),$(or $(MAKECMDGOALS),all)),)
NEEDED_LIBS	:= $(LIBS) $(if $(filter unit unit-isolation unit-valgrind check,$(MAKECMDGOALS)),cmocka)
MISSING_LIBS	:= $(strip $(foreach m,$(NEEDED_LIBS),$(if $(shell $(PKG_CONFIG) --exists $(m) && echo y),,$(m))))
ifneq ($(MISSING_LIBS),)
$(error missing libraries: $(MISSING_LIBS); install them with: apt-get install $(foreach m,$(MISSING_LIBS),$(or $(DEB_$(m)),$(m)-dev)) (or scripts/install-deps))
endif
endif
LIB_CFLAGS	:= $(shell $(PKG_CONFIG) --cflags $(LIBS))
LIB_LDLIBS	:= $(shell $(PKG_CONFIG) --libs $(LIBS))

CFLAGS		?= -O2 -g
CFLAGS		+= -std=gnu11 -Wall -Wextra -Wno-unused-parameter \
		   -Wmissing-prototypes -Wstrict-prototypes
CPPFLAGS	+= -D_GNU_SOURCE -Iinclude $(LIB_CFLAGS) -DRTLA_VERSION=\"$(VERSION)\" -MMD -MP

# src/<layer>/*.c: every layer goes into librtla.a, which the binary and
# the tests link; src/cli/main.c is the binary's entry point alone.
MAIN_SRC	:= src/cli/main.c
LIB_SRCS	:= $(filter-out $(MAIN_SRC),$(wildcard src/*/*.c))
LIB_OBJS	:= $(LIB_SRCS:src/%.c=$(BUILD)/%.o)
UNIT_SRCS	:= $(wildcard tests/unit/test_*.c)
UNIT_BINS	:= $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/%)
# shared by the unit tests: the fake tracing directory
UNIT_HELPERS	:= $(filter-out $(UNIT_SRCS),$(wildcard tests/unit/*.c))

all: $(BUILD)/rtla

include mk/docs.mk
include mk/sanitize.mk

$(BUILD)/rtla: $(BUILD)/cli/main.o $(BUILD)/librtla.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LIB_LDLIBS) -lm

$(BUILD)/librtla.a: $(LIB_OBJS)
	rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/%.o: src/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(BUILD)/tests/%: tests/unit/%.c $(UNIT_HELPERS) $(BUILD)/librtla.a | $(BUILD)/tests
	$(CC) $(CPPFLAGS) $(CFLAGS) -Itests/unit -o $@ $< $(UNIT_HELPERS) \
		$(BUILD)/librtla.a \
		$(LIB_LDLIBS) -lm $(shell $(PKG_CONFIG) --libs cmocka)

$(BUILD) $(BUILD)/tests:
	mkdir -p $@

unit: $(BUILD)/rtla $(UNIT_BINS)
	@set -e; for t in $(UNIT_BINS); do \
		echo "== $$t"; RTLA_TESTDATA=tests/data $$t; done

# Every case passes alone and with its suite run backwards: no case
# leans on state another left behind.
unit-isolation: $(UNIT_BINS)
	@RTLA_TESTDATA=tests/data tests/unit/isolation $(UNIT_BINS)

# End to end, in a VM booted with Debian's 6.1 RT kernel (see scripts/vm-run)
e2e: $(BUILD)/rtla
	tests/e2e/run
	tests/reports/run

# The patched Linux 5.10 (kernel/): build it, its kernel checks, the
# end-to-end suite on it, and the checks on a lockdep build
check-kernel: $(BUILD)/rtla
	kernel/ci.sh

# One stage after another, even under make -j: the VM stages and the
# kernel build would otherwise fight over the two cores and the caches.
check:
	$(MAKE) unit unit-isolation check-docs
	$(MAKE) e2e
	$(MAKE) check-kernel

clean:
	rm -rf $(BUILD) $(FUZZ_BUILD) $(ASAN_BUILD)

.PHONY: all unit unit-isolation e2e check-kernel check clean
-include $(wildcard $(BUILD)/*/*.d $(BUILD)/tests/*.d)
