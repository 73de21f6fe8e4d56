#!/usr/bin/env bash
# suite-secureboot-aarch64: enforcing Secure Boot on aarch64 (AAVMF snakeoil):
# signed boots, unsigned and tampered refused (tests/qemu/secureboot.sh).
# suite: qemu
exec bash "$(dirname "$0")/qemu/secureboot.sh" aarch64
