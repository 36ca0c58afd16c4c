# SPDX-License-Identifier: GPL-2.0
#
# Fuzzing and sanitizer builds (clang, Debian's clang and libclang-rt-dev).
# Included by the top-level Makefile; uses its LIB_SRCS, MAIN_SRC, CPPFLAGS,
# LIB_LDLIBS, UNIT_BINS and PKG_CONFIG.
#
#   make fuzz                every harness of tests/fuzz/ for FUZZ_SECONDS
#                            (600) each, with ASan and UBSan
#   make fuzz-ci             the same for FUZZ_CI_SECONDS (10) each: for CI
#   make asan                rtla built with ASan and UBSan: build-asan/rtla
#   make e2e-asan            the end-to-end suite (ours only) in the VM
#                            with build-asan/rtla; a sanitizer report fails
#   make unit-valgrind       the unit tests under valgrind
#   make fault, fault-ci     the fault tests in the VM (tests/fault/)
#
# A harness's corpus is tests/fuzz/corpus/NAME/ (small, in git); what a run
# finds goes to build-fuzz/corpus/NAME/, a crash to build-fuzz/.

FUZZ_CC		?= clang
FUZZ_BUILD	:= build-fuzz
ASAN_BUILD	:= build-asan
FUZZ_SECONDS	?= 600
FUZZ_CI_SECONDS	?= 10
SAN_FLAGS	:= -fsanitize=address,undefined -fno-sanitize-recover=all \
		   -fno-omit-frame-pointer
FUZZ_CFLAGS	:= -std=gnu11 -g -O1 $(SAN_FLAGS) -fsanitize=fuzzer-no-link
FUZZ_NAMES	:= $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_BINS	:= $(FUZZ_NAMES:%=$(FUZZ_BUILD)/fuzz_%)
FUZZ_OBJS	:= $(LIB_SRCS:src/%.c=$(FUZZ_BUILD)/%.o)
ASAN_OBJS	:= $(LIB_SRCS:src/%.c=$(ASAN_BUILD)/%.o) $(ASAN_BUILD)/cli/main.o

$(FUZZ_BUILD)/%.o: src/%.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) -c -o $@ $<

$(FUZZ_BUILD)/librtla.a: $(FUZZ_OBJS)
	rm -f $@
	$(AR) rcs $@ $^

$(FUZZ_BUILD)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_BUILD)/librtla.a
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer \
		-DRTLA_TESTDATA_DIR=\"$(CURDIR)/tests/data\" -o $@ $< \
		$(FUZZ_BUILD)/librtla.a $(LIB_LDLIBS) -lm

# Run each harness for $(1) seconds on one core; a finding (a crash, a
# report, or an input that runs 10 s) fails the target.
define run_fuzzers
	@set -e; for n in $(FUZZ_NAMES); do \
		mkdir -p $(FUZZ_BUILD)/corpus/$$n; \
		echo "== fuzz_$$n: $(1) s"; \
		$(FUZZ_BUILD)/fuzz_$$n -max_total_time=$(1) -timeout=10 -print_final_stats=1 \
			-artifact_prefix=$(FUZZ_BUILD)/$$n- \
			$(FUZZ_BUILD)/corpus/$$n tests/fuzz/corpus/$$n \
			2>$(FUZZ_BUILD)/$$n.log || { tail -40 $(FUZZ_BUILD)/$$n.log; exit 1; }; \
		grep -E 'stat::number_of_executed_units|stat::peak_rss' $(FUZZ_BUILD)/$$n.log; \
	done
endef

fuzz-build: $(FUZZ_BINS)

fuzz: $(FUZZ_BINS)
	$(call run_fuzzers,$(FUZZ_SECONDS))

fuzz-ci: $(FUZZ_BINS)
	$(call run_fuzzers,$(FUZZ_CI_SECONDS))

$(ASAN_BUILD)/%.o: src/%.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CPPFLAGS) -std=gnu11 -g -O1 $(SAN_FLAGS) -c -o $@ $<

# ASan's runtime defines crypt() and crypt_r() (interceptors that call
# libcrypt's): with --as-needed, LIB_LDLIBS' libcrypt would be dropped and
# the first basic-auth check would call a null function. Linked as needed
# whatever, and checked.
ASAN_KEEP_LIBS	:= $(shell $(PKG_CONFIG) --libs libcrypt)
$(ASAN_BUILD)/rtla: $(ASAN_OBJS)
	$(FUZZ_CC) $(SAN_FLAGS) -o $@ $^ \
		-Wl,--push-state,--no-as-needed $(ASAN_KEEP_LIBS) -Wl,--pop-state \
		$(LIB_LDLIBS) -lm
	@readelf -d $@ | grep -q 'NEEDED.*\[libcrypt\.' || \
		{ echo "$@ does not need libcrypt: crypt_r() would crash"; rm -f $@; exit 1; }

asan: $(ASAN_BUILD)/rtla

# ASan aborts on the first error (exit 1 with a report on stderr), which
# the suite's exit status and output checks catch; the log is kept.
# Both tracers and both modes, to keep CI short; E2E_ASAN_TOOLS= runs all four.
# periods and monitor-windows run minutes of the same code the plain
# build's stages run.
E2E_ASAN_TOOLS	?= timerlat hist,osnoise top
e2e-asan: $(ASAN_BUILD)/rtla
	@RTLA_VM_RTLA=$(CURDIR)/$(ASAN_BUILD)/rtla tests/e2e/run \
		--rtla-only ours --tools "$(E2E_ASAN_TOOLS)" --env E2E_SKIP=periods,monitor-windows \
		>$(ASAN_BUILD)/e2e.log 2>&1; rc=$$?; \
	cat $(ASAN_BUILD)/e2e.log; \
	if grep -E 'AddressSanitizer|runtime error:|LeakSanitizer' \
		$(ASAN_BUILD)/e2e.log; then exit 1; fi; exit $$rc

# Every unit test under valgrind: an invalid access or a definite leak fails.
unit-valgrind: $(UNIT_BINS)
	@set -e; for t in $(UNIT_BINS); do \
		echo "== valgrind $$t"; \
		RTLA_TESTDATA=tests/data RTLA_TEST_UNDER_VALGRIND=1 valgrind -q --error-exitcode=1 \
			--leak-check=full --errors-for-leak-kinds=definite \
			--show-leak-kinds=definite $$t >/dev/null; done

.PHONY: fuzz fuzz-build fuzz-ci asan e2e-asan unit-valgrind
-include $(wildcard $(FUZZ_BUILD)/*/*.d $(ASAN_BUILD)/*/*.d)

# Fault tests in the VM (tests/fault/), on FAULT_KERNEL (7.2-rt: it has
# timerlat_fd, so timerlat measures with rtla's user-space threads): make
# fault runs 50 signal runs per tool (FAULT_ROUNDS), 50 SIGKILLs of a
# user-space thread per timerlat tool (FAULT_USER_ROUNDS) and 12 runs
# with --deepest-idle-state 0 --dma-latency 0 ended by SIGKILL or SIGTERM
# (FAULT_IDLE_ROUNDS; the VM has cpuidle states: vm-run --cpuidle),
# make fault-ci 2, 2 and 2, each with the two-runs, records, read-only
# tracefs and full file system cases.
FAULT_KERNEL	?= 7.2-rt
FAULT_ROUNDS	?= 50
FAULT_USER_ROUNDS ?= 50
FAULT_IDLE_ROUNDS ?= 12
FAULT_CI_ROUNDS	?= 2

fault: $(BUILD)/rtla
	tests/fault/run --kernel $(FAULT_KERNEL) $(FAULT_ROUNDS) $(FAULT_USER_ROUNDS) $(FAULT_IDLE_ROUNDS)

fault-ci: $(BUILD)/rtla
	tests/fault/run --kernel $(FAULT_KERNEL) $(FAULT_CI_ROUNDS) $(FAULT_CI_ROUNDS) $(FAULT_CI_ROUNDS)

.PHONY: fault fault-ci
