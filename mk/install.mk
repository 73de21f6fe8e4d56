# The command installed (issue 26 item 2):
#   make man                     build/man/: cacheshape(1) and one
#                                cacheshape-CMD(1) a subcommand, by help2man
#                                from the command's own --help (scripts/man.sh)
#   make install PREFIX=DIR      DIR/bin/cacheshape, its pages in
#                                DIR/share/man/man1, the bash completion in
#                                DIR/share/bash-completion/completions, and
#                                the page (when `make web` has built it) in
#                                DIR/share/cacheshape/web, where serve looks
#   make uninstall PREFIX=DIR    the same files removed
# DESTDIR is put before PREFIX, for packaging.
PREFIX ?= /usr/local
DESTDIR ?=
MANDIR := $(BUILD)/man
I_BIN = $(DESTDIR)$(PREFIX)/bin
I_MAN = $(DESTDIR)$(PREFIX)/share/man/man1
I_COMP = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
I_WEB = $(DESTDIR)$(PREFIX)/share/cacheshape/web

.PHONY: man install uninstall
man: $(MANDIR)/cacheshape.1
$(MANDIR)/cacheshape.1: $(HOSTDIR)/cacheshape scripts/man.sh scripts/commands.sh
	rm -rf $(MANDIR)
	scripts/man.sh $(HOSTDIR)/cacheshape $(MANDIR)

install: host man
	install -d $(I_BIN) $(I_MAN) $(I_COMP)
	install -m 755 $(HOSTDIR)/cacheshape $(I_BIN)/cacheshape
	install -m 644 $(MANDIR)/*.1 $(I_MAN)/
	install -m 644 scripts/cacheshape.bash $(I_COMP)/cacheshape
	@if [ -f $(WEBDIR)/index.html ]; then \
		echo "install the page: $(I_WEB)"; rm -rf $(I_WEB); install -d $(I_WEB); \
		cp -R $(WEBDIR)/. $(I_WEB)/; \
	else echo "(the page is not built: make web, then make install, to have serve serve it)"; fi

uninstall:
	rm -f $(I_BIN)/cacheshape $(I_COMP)/cacheshape $(I_MAN)/cacheshape.1 $(I_MAN)/cacheshape-*.1
	rm -rf $(I_WEB)

# tests/suite-install.sh: install, the pages and the completion, uninstall
TEST_SUITES += tests/suite-install.sh
# --help, the man pages and the reports in a user's words (issue 40 item 5)
TEST_SUITES += tests/suite-words.sh
