# SPDX-License-Identifier: GPL-2.0
#
# The RPM packages (Fedora, RHEL, openSUSE), built from the release
# tarball with Debian's rpm tools. Included by the top-level Makefile after
# mk/dist.mk.
#
#   make rpm         $(BUILD)/rpm/RPMS/ARCH/rtla-ng-VERSION-1.ARCH.rpm and
#                    $(BUILD)/rpm/SRPMS/rtla-ng-VERSION-1.src.rpm from
#                    make dist, by rpmbuild -ta --nodeps with
#                    packaging/rpm/rtla-ng.spec (packaging/build-rpm.sh)
#   make check-rpm   rpmlint, the file list against make install's, the
#                    BPF collector, an install/erase test in an empty rpm
#                    root (packaging/check-rpm.sh)

RPM_DIR		:= $(BUILD)/rpm

rpm: dist
	packaging/build-rpm.sh '$(DIST_TARBALL)' '$(RPM_DIR)'

check-rpm: rpm
	packaging/check-rpm.sh '$(RPM_DIR)' '$(VERSION)'

.PHONY: rpm check-rpm
