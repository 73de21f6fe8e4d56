# Network boot (issue 15): `make netrun` boots the firmware from the
# network under QEMU (user-mode network, the firmware's own PXE over
# virtio-net), with `cacheshape serve` on a free loopback port handing out
# the settings and taking the capture. Last line: "uploaded: PATH".
NETRUN_CFG ?= tests/qemu/netrun.cfg
NETRUN_TIMEOUT ?= 300
NETRUN_DIR := $(BUILD)/netrun-$(ARCH)

.PHONY: netrun
netrun: $(EFI_APP) host | deps-efi
	@tests/qemu/netrun.sh $(ARCH) $(EFI_APP) $(NETRUN_CFG) $(NETRUN_DIR) $(NETRUN_TIMEOUT)

# x86_64 and aarch64 netboots, the firmware's and our own HTTP client, a
# refused upload; serve's collection under load and bad input.
TEST_SUITES += tests/suite-netboot.sh tests/suite-serve-upload.sh

# make bench: uploads a second to cacheshape serve, and its peak memory.
SERVE_BENCH_BIN := $(HOSTDIR)/bench/bench_upload
$(SERVE_BENCH_BIN): bench/bench_upload.c net/http.c common/buf.c common/csmath.c | deps-host
	@mkdir -p $(dir $@)
	$(call say,LD)$(HOST_CC) $(HOST_CFLAGS) -o $@ bench/bench_upload.c net/http.c common/buf.c common/csmath.c -lpthread -lm
.PHONY: bench-serve
bench: bench-serve
bench-serve: $(HOSTDIR)/cacheshape $(SERVE_BENCH_BIN)
	bench/serve_bench.sh $(HOSTDIR)/cacheshape $(SERVE_BENCH_BIN)
