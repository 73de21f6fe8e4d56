#!/usr/bin/env bash
# suite-secureboot-x86: enforcing Secure Boot on x86_64 (OVMF snakeoil):
# signed boots, unsigned and tampered refused (tests/qemu/secureboot.sh).
# suite: qemu
exec bash "$(dirname "$0")/qemu/secureboot.sh" x86_64
