# SPDX-License-Identifier: GPL-2.0
#
# Man pages, bash completion, install/uninstall and the docs tests.
# Included by the top-level Makefile after its "all" rule; uses its BUILD,
# VERSION, CC, CPPFLAGS, CFLAGS, LDFLAGS, LIB_LDLIBS and PKG_CONFIG.
#
#   make man                 roff pages into $(BUILD)/man/ (needs rst2man)
#   make install             binaries, man pages, bash completion
#   make uninstall           removes what install installed
#   make check-docs          the docs tests (tests/docs/)
#
# GNU directory variables, all overridable:
#   make install DESTDIR=/tmp/x prefix=/usr

# Keep "all" the default goal wherever this file is included.
.DEFAULT_GOAL	?= all

prefix		?= /usr/local
exec_prefix	?= $(prefix)
bindir		?= $(exec_prefix)/bin
# rtla-plot, which rtla plot runs, goes to $(libexecdir)/rtla: rtla looks
# for it in ../libexec/rtla/ from its own directory
libexecdir	?= $(exec_prefix)/libexec
datarootdir	?= $(prefix)/share
datadir		?= $(datarootdir)
mandir		?= $(datarootdir)/man
man1dir		?= $(mandir)/man1
# bash-completion's directory, rebased on our prefix and datadir so that
# nothing lands outside the prefix (Debian's .pc hardcodes /usr/share);
# without bash-completion's .pc, the directory it searches by default.
bashcompdir	?= $(or $(shell $(PKG_CONFIG) --define-variable=prefix='$(prefix)' \
			--define-variable=datadir='$(datadir)' \
			--variable=completionsdir bash-completion 2>/dev/null), \
			$(datadir)/bash-completion/completions)

# "osnoise ..." and "timerlat ..." work as "rtla osnoise ...", as the
# links Debian's rtla installs
CMD_LINKS	:= osnoise timerlat
INSTALL		?= install
INSTALL_PROGRAM	?= $(INSTALL)
INSTALL_DATA	?= $(INSTALL) -m 644
RST2MAN		?= rst2man
PYTHON		?= python3
AWK		?= awk

# The pages: one source each in man/, shared text in man/common/.
MAN_SRCS	:= $(wildcard man/*.1.rst)
MAN_COMMON	:= $(wildcard man/common/*.rst)
MAN_PAGES	:= $(MAN_SRCS:man/%.rst=$(BUILD)/man/%)
MAN_DATE	:= $(shell date -u $(if $(SOURCE_DATE_EPOCH),-d @$(SOURCE_DATE_EPOCH)) +%Y-%m-%d)
COMPLETION	:= completion/rtla
DOCS_OPTLIST	:= $(BUILD)/docs/optlist

man: $(MAN_PAGES)

$(BUILD)/man/%.1: man/%.1.rst $(MAN_COMMON) mk/docs.mk mk/manfix.awk Makefile | $(BUILD)/man
	@command -v $(RST2MAN) >/dev/null || { \
		echo "$(RST2MAN) not found: install python3-docutils (or set RST2MAN)" >&2; \
		exit 1; }
	$(RST2MAN) --strict --no-generator --no-datestamp $< $@.tmp
	sed -e 's/@VERSION@/$(VERSION)/g' -e 's/@DATE@/$(MAN_DATE)/g' $@.tmp | \
		$(AWK) -f mk/manfix.awk > $@
	rm -f $@.tmp

$(BUILD)/man $(BUILD)/docs:
	mkdir -p $@

install: install-bin install-man install-completion install-monitor

install-bin: $(BUILD)/rtla $(BUILD)/rtla-plot
	$(INSTALL) -d '$(DESTDIR)$(bindir)' '$(DESTDIR)$(libexecdir)/rtla'
	$(INSTALL_PROGRAM) $(BUILD)/rtla '$(DESTDIR)$(bindir)/rtla'
	$(INSTALL_PROGRAM) $(BUILD)/rtla-plot '$(DESTDIR)$(libexecdir)/rtla/rtla-plot'
	for cmd in $(CMD_LINKS); do \
		ln -sf rtla "$(DESTDIR)$(bindir)/$$cmd"; done

install-man: man
	$(INSTALL) -d '$(DESTDIR)$(man1dir)'
	$(INSTALL_DATA) $(MAN_PAGES) '$(DESTDIR)$(man1dir)/'
	for cmd in $(CMD_LINKS); do \
		ln -sf rtla-$$cmd.1 "$(DESTDIR)$(man1dir)/$$cmd.1"; done

install-completion:
	$(INSTALL) -d '$(DESTDIR)$(bashcompdir)'
	$(INSTALL_DATA) $(COMPLETION) '$(DESTDIR)$(bashcompdir)/rtla'

uninstall: uninstall-monitor
	rm -f '$(DESTDIR)$(bindir)/rtla' '$(DESTDIR)$(libexecdir)/rtla/rtla-plot'
	rmdir '$(DESTDIR)$(libexecdir)/rtla' 2>/dev/null || true
	for cmd in $(CMD_LINKS); do rm -f "$(DESTDIR)$(bindir)/$$cmd"; done
	for page in $(notdir $(MAN_PAGES)) $(CMD_LINKS:=.1); do \
		rm -f "$(DESTDIR)$(man1dir)/$$page"; done
	rm -f '$(DESTDIR)$(bashcompdir)/rtla'

# Prints the options the parser accepts, for the sync test.
$(DOCS_OPTLIST): tests/docs/optlist.c $(BUILD)/librtla.a | $(BUILD)/docs
	$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< $(BUILD)/librtla.a \
		$(LIB_LDLIBS) -lm

check-docs: all man $(DOCS_OPTLIST)
	$(PYTHON) tests/docs/check_docs.py --rtla $(BUILD)/rtla \
		--optlist $(DOCS_OPTLIST) --man-dir $(BUILD)/man \
		--completion $(COMPLETION)
	tests/cli/check.sh $(BUILD)/rtla tests/data
	MAKE='$(MAKE)' tests/docs/check_install.sh
	tests/docs/check-architecture.sh
	MAKE='$(MAKE)' tests/docs/check-make-targets.sh

-include $(wildcard $(BUILD)/docs/*.d)

.PHONY: man install install-bin install-man install-completion uninstall \
	check-docs
