# The host command for another architecture than this machine's:
#   make ARCH=aarch64 host    the native command (build/host/) and, built
#                             for aarch64, build/host-aarch64/cacheshape
#   make host-aarch64         the second alone, whatever ARCH is
# For every architecture of mk/arch-*.mk but this machine's, with Debian's
# cross compiler ($(LINUX_TRIPLET_<arch>)-gcc) and that architecture's yajl
# from multiarch (libyajl-dev:$(DEBIAN_ARCH_<arch>), scripts/deps.sh adds
# the dpkg architecture), linked static: one file that runs on any Linux
# of that architecture (Raspberry Pi OS, Ubuntu, Amazon Linux) with nothing
# installed, and under qemu-<arch>-static here. Everything but `serve`:
# libmicrohttpd and nettle for another architecture would bring GnuTLS and
# its kin through multiarch, upgraded in lockstep with this machine's own;
# the command says so (host/serve/serve_absent.c), and a native build on the
# machine itself (plain `make` there) has it.
# Nor PNG (librsvg's kin likewise): plot says so (host/cmd/plot_png_absent.c).
XHOST_SRC := host/main.c host/serve/serve_absent.c host/cmd/plot_png_absent.c \
	$(filter-out $(SERVE_SRC) host/cmd/plot_png.c,$(HOSTLIB_SRC)) $(CORE_SRC)
# Unit tests of what runs differently there (the probe's arch paths, sysfs
# without CPUID, seed 001 in a memfd), built the same way: `make
# host-<arch>-tests`; tests/suite-linux-aarch64.sh runs them under qemu.
XHOST_TESTS := test_sysfs test_probe_host test_icache test_bw_kernels test_bw_run

define host_cross
XHOSTDIR_$(1) := $$(BUILD)/host-$(1)
XHOST_CC_$(1) ?= $$(LINUX_TRIPLET_$(1))-gcc
XHOST_OBJ_$(1) := $$(patsubst %.c,$$(XHOSTDIR_$(1))/obj/%.o,$$(XHOST_SRC) $$(wildcard arch/$(1)/*.c kinds/*/$(1)/*.c))
TEST_DEPS += cross-$$(DEBIAN_ARCH_$(1))
.PHONY: host-$(1) deps-cross-$(1)
host-$(1): $$(XHOSTDIR_$(1))/cacheshape
deps-cross-$(1):
	@scripts/deps.sh cross-$$(DEBIAN_ARCH_$(1))
$$(XHOSTDIR_$(1))/obj/%.o: %.c | deps-cross-$(1)
	@mkdir -p $$(dir $$@)
	$$(Q)$$(XHOST_CC_$(1)) $$(HOST_CFLAGS) -c $$< -o $$@
# libyajl_s.a: the static yajl of libyajl-dev, found in the cross
# compiler's multiarch library path (/usr/lib/$(LINUX_TRIPLET_<arch>)).
$$(XHOSTDIR_$(1))/cacheshape: $$(XHOST_OBJ_$(1))
	$$(call say,LD)$$(XHOST_CC_$(1)) -static -o $$@ $$^ -l:libyajl_s.a -lm
.PHONY: host-$(1)-tests
host-$(1)-tests: $$(patsubst %,$$(XHOSTDIR_$(1))/tests/%,$$(XHOST_TESTS))
$$(XHOSTDIR_$(1))/tests/%: tests/%.c tests/check.h $$(filter-out %/host/main.o,$$(XHOST_OBJ_$(1)))
	@mkdir -p $$(dir $$@)
	$$(call say,LD)$$(XHOST_CC_$(1)) $$(HOST_CFLAGS) -static -o $$@ $$(filter-out %.h,$$^) -l:libyajl_s.a -lm
endef
$(foreach a,$(filter-out $(HOST_ARCH),$(EFI_ARCHES)),$(eval $(call host_cross,$(a))))

ifneq ($(ARCH),$(HOST_ARCH))
host: host-$(ARCH)
endif
