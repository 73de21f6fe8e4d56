# The kinds' members of the core's structs (docs/layers.md "Storage"):
# scripts/kinds-h.sh globs kinds/*/ and writes build/gen/kinds_capture.h,
# kinds_result.h, kinds_hooks.h, kinds_at.h, kinds_watch.h and kinds_expect.h
# (reader/expect.h's), which common/ includes
# by a relative path ("../build/gen/kinds_capture.h") instead of any
# kind's header. Always build/gen, whatever BUILD is: the path is written
# in common/. Every build's objects wait for them through the deps-*
# targets they already wait for (host, firmware of either architecture,
# the page, selftest, unit tests, fuzz, the cross host): a plain `make
# clean host`, run in order, regenerates them after clean (run it without
# -j: clean and a build at once race in any Makefile).
KINDS_GEN_DIR := build/gen
KINDS_GEN := $(addprefix $(KINDS_GEN_DIR)/,kinds_capture.h kinds_result.h kinds_hooks.h kinds_at.h kinds_watch.h kinds_expect.h)
# the headers that declare a member, and the folders (a kind added or gone)
KINDS_GEN_SRC := $(shell grep -lE '^\#define CS_((CAPTURE|RESULT|HOOKS|AT|EXPECT)_MEMBER|WATCH)_' kinds/*/*.h 2>/dev/null) \
	$(wildcard kinds/*/) kinds
KINDS_GEN_STAMP := $(KINDS_GEN_DIR)/.stamp

$(KINDS_GEN_STAMP): scripts/kinds-h.sh $(KINDS_GEN_SRC)
	$(call say,GEN)scripts/kinds-h.sh $(KINDS_GEN_DIR)
	@touch $@
# Rewritten only when their text changes (kinds-h.sh), so a kind's header
# edited without a member's change rebuilds nothing more than before.
$(KINDS_GEN): $(KINDS_GEN_STAMP) ;

.PHONY: kinds-h
kinds-h: $(KINDS_GEN)
deps-host deps-efi deps-arm deps-web deps-fuzz: $(KINDS_GEN)
$(addprefix deps-cross-,$(patsubst mk/arch-%.mk,%,$(wildcard mk/arch-*.mk))): $(KINDS_GEN)
