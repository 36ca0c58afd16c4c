# SPDX-License-Identifier: GPL-2.0
#
# The release tarball. Included by the top-level Makefile; uses its BUILD
# and VERSION (the one place the version is set).
#
#   make dist          $(DISTDIR)/rtla-$(VERSION).tar.gz (DISTDIR: build/)
#   make check-dist    reproducible, complete, builds and tests without
#                      git and without network (packaging/check-dist.sh)
#
# The tarball holds what builds, installs and tests rtla (unit and docs
# tests) and packages it (packaging/), with the docs: the files git tracks
# under DIST_PATHS (tests/lib: the TAP helper the docs and package checks
# share). No VM harness, end-to-end suites or kernel series, no build
# outputs. From a tree without git (an unpacked tarball), every file under
# DIST_PATHS.
#
# Reproducible: names sorted (tar's --sort does not sort a -T list), owner root, modes normalised, every mtime
# set to SOURCE_DATE_EPOCH (default: the last commit's time), gzip without
# name or time stamp.

DIST_NAME	:= rtla-$(VERSION)
DISTDIR		?= $(BUILD)
DIST_TARBALL	:= $(DISTDIR)/$(DIST_NAME).tar.gz
DIST_PATHS	:= LICENSE README.md ARCHITECTURE.md docs Makefile mk src include \
		   man completion \
		   tests/unit tests/bpf tests/data tests/docs tests/cli tests/monitor \
		   tests/lib packaging \
		   scripts/install-deps
DIST_EPOCH	= $(or $(SOURCE_DATE_EPOCH),$(if $(DIST_GIT),$(shell git log -1 --format=%ct)),$(shell stat -c %Y Makefile))
# git's list only at the top of a checkout (an unpacked tarball may sit
# inside another one)
DIST_GIT	= $(filter $(CURDIR),$(shell git rev-parse --show-toplevel 2>/dev/null))
DIST_LIST	= $(if $(DIST_GIT),git ls-files -z -- $(DIST_PATHS),find $(DIST_PATHS) -type f -print0)

dist:
	@mkdir -p '$(DISTDIR)'
	$(DIST_LIST) | LC_ALL=C sort -z | LC_ALL=C tar --null -T - --format=gnu \
		--owner=0 --group=0 --numeric-owner --mode=go-w,a+rX \
		--mtime=@$(DIST_EPOCH) --transform='s|^|$(DIST_NAME)/|' \
		-cf - | gzip -9 -n > '$(DIST_TARBALL).tmp'
	mv '$(DIST_TARBALL).tmp' '$(DIST_TARBALL)'
	@echo 'dist: $(DIST_TARBALL)'

check-dist:
	MAKE='$(MAKE)' packaging/check-dist.sh '$(VERSION)'

.PHONY: dist check-dist
