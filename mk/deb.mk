# SPDX-License-Identifier: GPL-2.0
#
# The Debian package, built from the release tarball with Debian's tools.
# Included by the top-level Makefile after mk/dist.mk.
#
#   make deb               $(BUILD)/deb/rtla-ng_VERSION-1_ARCH.deb from
#                          make dist (packaging/build-deb.sh)
#   make check-deb         lintian, blhc, hardening-check, contents, and an
#                          install/purge test in an empty dpkg root
#   make check-deb-chroot  install/purge test in a Debian 12 chroot made
#                          with mmdebstrap (needs Debian's archive; cached)
#   make check-package     check-dist, check-deb and check-rpm (mk/rpm.mk):
#                          what make check runs

DEB_DIR		:= $(BUILD)/deb

deb: dist
	packaging/build-deb.sh '$(DIST_TARBALL)' '$(DEB_DIR)'

check-deb: deb
	packaging/check-deb.sh '$(DEB_DIR)'

check-deb-chroot: deb
	packaging/check-chroot.sh '$(DEB_DIR)'

check-package: check-dist check-deb check-rpm

.PHONY: deb check-deb check-deb-chroot check-package
