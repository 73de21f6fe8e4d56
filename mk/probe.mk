# The host probe (host/probe*.c, built into cacheshape by mk/host.mk): its
# test suite, its benchmark, and the committed captures of this machine.
#   make bench-probe          three full captures: wall time, floor spread,
#                             cost per load on the first plateau (TSC ticks)
#   make probe-captures       the captures/host/ set (see the target)
#   make probe-cross          the probe alone for another architecture
#                             (PROBE_ARCH, default aarch64): the same sources
#                             on arch/$(PROBE_ARCH)/, linked static, so that
#                             qemu-$(PROBE_ARCH)-static can run it here
TEST_SUITES += tests/suite-probe.sh

PROBE_ARCH ?= aarch64
PROBE_CROSS_CC ?= $(PROBE_ARCH)-linux-gnu-gcc
PROBE_CROSS := $(BUILD)/$(PROBE_ARCH)-linux/cacheshape-probe
PROBE_CROSS_SRC := host/probe_main.c $(wildcard host/probe_*.c) host/outfile.c host/textout.c \
	$(wildcard arch/$(PROBE_ARCH)/*.c) $(CORE_SRC)
.PHONY: probe-cross
probe-cross: $(PROBE_CROSS)
$(PROBE_CROSS): $(PROBE_CROSS_SRC) $(wildcard host/*.h common/*.h reduce/*.h arch/*.h arch/$(PROBE_ARCH)/*.h) | deps-arm
	@mkdir -p $(dir $@)
	$(PROBE_CROSS_CC) -std=c11 -O2 $(WARN) -DCS_HOST=1 -DCS_PROBE_ALONE=1 -static -o $@ \
		$(filter %.c,$^) -lm -lpthread

.PHONY: bench-probe probe-captures
bench: bench-probe
bench-probe: $(HOSTDIR)/cacheshape
	bench/probe_bench.sh $(HOSTDIR)/cacheshape

# Writes the capture set into PROBE_CAPTURE_DIR (default: a new folder under
# build/, so that nothing committed is replaced): copy what you keep into
# captures/host/. Run it on a quiet machine; PROBE_NOTE says what ran beside.
PROBE_CAPTURE_DIR ?= $(BUILD)/probe-captures
PROBE_NOTE ?=
probe-captures: $(HOSTDIR)/cacheshape
	bench/probe_captures.sh $(HOSTDIR)/cacheshape $(PROBE_CAPTURE_DIR) "$(PROBE_NOTE)"
