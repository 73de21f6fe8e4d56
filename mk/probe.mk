# The host probe (host/probe/, built into cacheshape by mk/host.mk): its
# test suite, its benchmark, and the committed captures of this machine.
#   make bench-probe          three full captures: wall time, floor spread,
#                             cost per load on the first plateau (TSC ticks)
#   make bench-bandwidth      the bandwidth kind beside likwid-bench per level
#   make probe-captures       the captures/host/ set (see the target)
#   (the command built for another architecture, probe included:
#   mk/host-cross.mk, `make ARCH=aarch64 host`)
TEST_SUITES += tests/suite-probe.sh

.PHONY: bench-probe bench-bandwidth probe-captures
bench: bench-probe
bench-probe: $(HOSTDIR)/cacheshape
	bench/probe_bench.sh $(HOSTDIR)/cacheshape
# The bandwidth kind beside likwid-bench (likwid: scripts/deps.sh bench),
# per level, and the L1 read peak.
bench: bench-bandwidth
bench-bandwidth: $(HOSTDIR)/cacheshape
	@scripts/deps.sh bench || echo "likwid not installed: our figures alone"
	bench/bw_bench.sh $(HOSTDIR)/cacheshape

# Writes the capture set into PROBE_CAPTURE_DIR (default: a new folder under
# build/, so that nothing committed is replaced): copy what you keep into
# captures/host/. Run it on a quiet machine; PROBE_NOTE says what ran beside.
PROBE_CAPTURE_DIR ?= $(BUILD)/probe-captures
PROBE_NOTE ?=
probe-captures: $(HOSTDIR)/cacheshape
	bench/probe_captures.sh $(HOSTDIR)/cacheshape $(PROBE_CAPTURE_DIR) "$(PROBE_NOTE)"
