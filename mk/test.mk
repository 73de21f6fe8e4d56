# Tests: unit tests of the core (host build of the firmware's own code), the
# command, the catalogue check, a fuzz smoke, and the suites other .mk files
# add to TEST_SUITES (QEMU boots). `make test` ends with "N passed, N failed".
UNIT_TEST_SRC := $(wildcard tests/test_*.c)
UNIT_TESTS := $(patsubst tests/%.c,$(HOSTDIR)/tests/%,$(UNIT_TEST_SRC))

$(HOSTDIR)/tests/%: tests/%.c tests/check.h $(HOSTLIB_OBJ) $(HOSTDIR)/libcore.a | deps-host
	@mkdir -p $(dir $@)
	$(call say,LD)$(HOST_CC) $(HOST_CFLAGS) $(YAJL_CFLAGS) $(MHD_CFLAGS) -o $@ $< $(HOSTLIB_OBJ) $(HOSTDIR)/libcore.a $(HOST_LIBS)

.PHONY: unit-tests test
unit-tests: $(UNIT_TESTS)

TEST_SUITES := tests/suite-unit.sh tests/suite-freestanding.sh tests/suite-mutation.sh $(wildcard tests/suite-cli.sh tests/suite-check.sh tests/suite-import.sh tests/suite-fuzz.sh tests/suite-mutation-experiments.sh tests/suite-mutation-tlb.sh tests/suite-mutation-clock.sh tests/suite-mutation-geometry.sh tests/suite-mutation-bandwidth.sh tests/suite-import-bw.sh tests/suite-bandwidth.sh tests/suite-structure.sh tests/suite-mutation-repeat.sh tests/suite-compare.sh) $(TEST_SUITES)
TEST_PREREQS += host unit-tests

test: $(TEST_PREREQS)
	@tests/run-all.sh $(TEST_SUITES)
