# cacheshape: one Makefile for the firmware and the host command.
#   make            the host command and the firmware for $(ARCH)
#   make run        boot the firmware in QEMU and reduce its capture
#   make test       every test; ends with "N passed, N failed"
#   make bench      speed and memory figures
#   make fuzz       each fuzz target under libFuzzer (FUZZ_SECONDS each)
#   make web        the page (build/web/), served by `cacheshape serve`
# ARCH=x86_64|aarch64 (aliases: amd64, x64, arm64). WERROR=0 drops -Werror.

ARCH ?= x86_64
override ARCH := $(patsubst amd64,x86_64,$(patsubst x64,x86_64,$(patsubst arm64,aarch64,$(ARCH))))
BUILD := build
HOSTDIR := $(BUILD)/host
WERROR ?= 1
WARN := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
ifeq ($(WERROR),1)
WARN += -Werror
endif

.PHONY: all deps-host deps-fuzz deps-efi deps-arm
all: host firmware

deps-host:
	@scripts/deps.sh host
deps-fuzz:
	@scripts/deps.sh fuzz
deps-efi:
	@scripts/deps.sh efi
deps-arm:
	@scripts/deps.sh arm

include mk/host.mk
# One fragment per architecture (toolchain, QEMU, suites); arch code in arch/<arch>/.
include $(wildcard mk/arch-*.mk)
include mk/efi.mk
-include mk/selftest.mk
-include mk/probe.mk
include mk/fuzz.mk
include mk/web.mk
include mk/sanitize.mk
include mk/test.mk

.PHONY: clean
clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
