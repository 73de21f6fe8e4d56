# cacheshape: one Makefile for the firmware and the host command.
#   make            the host command and the firmware for $(ARCH)
#   make ARCH=aarch64 host   also the host command for aarch64, cross-built
#                   (build/host-aarch64/cacheshape: mk/host-cross.mk)
#   make run        boot the firmware in QEMU and reduce its capture
#   make test       every test; ends with "N passed, N failed"
#   make check      every test but the QEMU boots and the page in Chromium:
#                   the quick loop while developing; ends the same way
#   make bench      speed and memory figures
#   make fuzz       each fuzz target under libFuzzer (FUZZ_SECONDS each)
#   make web        the page (build/web/), served by `cacheshape serve`
#   make netrun     boot the firmware from the network; serve takes its capture
#   make sign       sign the firmware for Secure Boot (SIGN_KEY=, SIGN_CERT=;
#                   make keys makes a pair; make usb SIGN_KEY=... signs the stick)
# ARCH=x86_64|aarch64 (aliases: amd64, x64, arm64; default: this machine's).
# WERROR=0 drops -Werror. V=1 shows every command as make runs it.

# The machine that builds: the host command is built for it (build/host/),
# and ARCH, the firmware's architecture, defaults to it, so plain `make`
# builds natively on an x86_64 or an aarch64 Debian machine alike.
HOST_CC ?= cc
HOST_ARCH := $(firstword $(subst -, ,$(shell $(HOST_CC) -dumpmachine)))
ARCH ?= $(HOST_ARCH)
override ARCH := $(patsubst amd64,x86_64,$(patsubst x64,x86_64,$(patsubst arm64,aarch64,$(ARCH))))
BUILD := build
HOSTDIR := $(BUILD)/host
WERROR ?= 1
# V=1: every command in full, as make runs it. Otherwise an object is built
# in silence (the compiler's warnings and errors still show) and each file
# linked says one line, "  LD      build/host/cacheshape": a fresh clone's
# `make run` builds some 300 objects, and their command lines were half of
# its 589 lines (issue 40 item 2: make run within 120 lines).
V ?= 0
ifeq ($(V),1)
Q :=
say =
else
Q := @
say = @printf '  %-7s %s\n' '$(1)' '$@';
endif
WARN := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
# The optimisation and debug flags of the host, firmware and page builds
# (the page's without -g). A quick build that only needs to link and run
# (the structure suite's scratch tree: tests/suite-structure.sh) passes
# CS_OPT='-O0 -g0', which compiles about 2.5 times faster; make does not
# track flags, so objects made before keep theirs.
CS_OPT ?= -O2 -g
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

# The kinds' members of the core's structs, generated before any object.
include mk/kinds.mk
include mk/host.mk
# One fragment per architecture (toolchain, QEMU, suites); arch code in arch/<arch>/.
include $(wildcard mk/arch-*.mk)
include mk/efi.mk
include mk/host-cross.mk
-include mk/selftest.mk
-include mk/probe.mk
include mk/fuzz.mk
include mk/web.mk
include mk/sanitize.mk
include mk/net.mk
-include mk/sign.mk
-include mk/install.mk
-include mk/readme.mk
include mk/test.mk

.PHONY: clean
clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
