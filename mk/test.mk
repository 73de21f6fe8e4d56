# Tests: unit tests of the core (host build of the firmware's own code), the
# command, the catalogue check, a fuzz smoke, and the suites other .mk files
# add to TEST_SUITES (QEMU boots). `make test` ends with "N passed, N failed".
UNIT_TEST_SRC := $(wildcard tests/test_*.c)
UNIT_TESTS := $(patsubst tests/%.c,$(HOSTDIR)/tests/%,$(UNIT_TEST_SRC))

# The host command's units as an archive: a test links only the members it
# reaches (a third of a second of link and 3 MB a test less than all of
# them), in a group with the core, whichever calls whichever.
$(HOSTDIR)/libhost.a: $(HOSTLIB_OBJ)
	@rm -f $@
	$(call say,AR)ar rcs $@ $^

$(HOSTDIR)/tests/%: tests/%.c tests/check.h $(HOSTDIR)/libhost.a $(HOSTDIR)/libcore.a | deps-host
	@mkdir -p $(dir $@)
	$(call say,LD)$(HOST_CC) $(HOST_CFLAGS) $(YAJL_CFLAGS) $(MHD_CFLAGS) -o $@ $< \
		-Wl,--start-group $(HOSTDIR)/libhost.a $(HOSTDIR)/libcore.a -Wl,--end-group $(HOST_LIBS)

# A kind's own tests (kinds/<name>/test_*.c, their fixtures beside them),
# found by glob and built as tests/'s are, into the same folder, where
# tests/suite-unit.sh runs every one: a new kind's tests need no line here.
# (Host only: the firmware's selftest, mk/selftest.mk, takes tests/'s.)
KIND_TEST_SRC := $(wildcard kinds/*/test_*.c)
KIND_TESTS := $(addprefix $(HOSTDIR)/tests/,$(basename $(notdir $(KIND_TEST_SRC))))
UNIT_TESTS += $(KIND_TESTS)
define kind_test_rule
$(HOSTDIR)/tests/$(basename $(notdir $(1))): $(1) tests/check.h $(HOSTDIR)/libhost.a $(HOSTDIR)/libcore.a | deps-host
	@mkdir -p $$(dir $$@)
	$$(call say,LD)$$(HOST_CC) $$(HOST_CFLAGS) $$(YAJL_CFLAGS) $$(MHD_CFLAGS) -o $$@ $$< \
		-Wl,--start-group $$(HOSTDIR)/libhost.a $$(HOSTDIR)/libcore.a -Wl,--end-group $$(HOST_LIBS)
endef
$(foreach t,$(KIND_TEST_SRC),$(eval $(call kind_test_rule,$(t))))

.PHONY: unit-tests test check test-deps
unit-tests: $(UNIT_TESTS)

TEST_SUITES := tests/suite-unit.sh tests/suite-freestanding.sh tests/suite-mutation.sh $(wildcard tests/suite-cli.sh tests/suite-check.sh tests/suite-import.sh tests/suite-fuzz.sh tests/suite-import-bw.sh tests/suite-inputs.sh tests/suite-bandwidth.sh tests/suite-structure.sh tests/suite-compare.sh) $(TEST_SUITES)
TEST_PREREQS += host unit-tests
CHECK_PREREQS += host unit-tests
# `make check`: every suite but those that boot QEMU (a firmware under
# qemu-system, the host command under qemu-user) or drive Chromium, each of
# which says so in its file with a line "# suite: qemu" or "# suite: chromium".
CHECK_SUITES = $(filter-out $(shell grep -l -E '^# suite: (qemu|chromium)$$' $(TEST_SUITES) /dev/null),$(TEST_SUITES))

# The prerequisites are built in parallel, TEST_JOBS at once (default: this
# machine's processors; a -j of your own wins), after every package they
# need is installed by one scripts/deps.sh call on its own: two apt-get at
# once would fight over dpkg's lock, and one apt-get update serves all.
# TEST_DEPS: the deps.sh groups the builds use; a prerequisite deps-GROUP
# adds GROUP (it runs scripts/deps.sh GROUP); TEST_DEPS_MAKE: other
# targets that fetch (the arm64 gnu-efi), made before the build, one at
# a time.
TEST_JOBS ?= $(shell nproc 2>/dev/null || echo 1)
TEST_DEPS += host efi arm fuzz web
CHECK_DEPS += host fuzz web
# prereqs_build GROUPS, PREREQS, FETCH
define prereqs_build
	@scripts/deps.sh $(sort $(1) $(patsubst deps-%,%,$(filter deps-%,$(2))))
	$(if $(strip $(3) $(filter deps-%,$(2))),@$(MAKE) --no-print-directory $(3) $(filter deps-%,$(2)))
	@$(MAKE) --no-print-directory $(if $(filter -j%,$(MAKEFLAGS)),,-j$(TEST_JOBS)) $(filter-out deps-%,$(2))
endef

test:
	$(call prereqs_build,$(TEST_DEPS),$(TEST_PREREQS),$(TEST_DEPS_MAKE))
	@tests/run-all.sh $(TEST_SUITES)

# CS_NO_FIRMWARE=1: a suite that would build a firmware or boot one as a
# part of itself (suite-structure's example kind) leaves that part to `make
# test`: check installs no firmware toolchain and boots nothing.
check:
	$(call prereqs_build,$(CHECK_DEPS),$(CHECK_PREREQS))
	@CS_NO_FIRMWARE=1 tests/run-all.sh $(CHECK_SUITES)

# The differential corpus the unit test tests/test_corpus.c reads in every
# build it is built for (the host, its sanitizer build, the firmware's
# selftest on both architectures): the committed captures' bytes with what
# the host command made of them (tests/corpus_h.py, issue 41 item 1).
CORPUS_H := $(BUILD)/gen/corpus.h
CORPUS_CAPTURES = $(sort $(shell find captures -name '*.json'))
$(CORPUS_H): tests/corpus_h.py $(HOSTDIR)/tests/reduce_many $(CORPUS_CAPTURES)
	@mkdir -p $(dir $@)
	$(call say,GEN)python3 tests/corpus_h.py $@ $(HOSTDIR)/tests/reduce_many $(CORPUS_CAPTURES)
$(HOSTDIR)/tests/test_corpus $(ASANDIR)/tests/test_corpus $(STDIR)/tests/test_corpus.o \
	$(HOST_STDIR)/tests/test_corpus.o: $(CORPUS_H)
