#!/usr/bin/env bash
# gnu-efi-arm64.sh [DIR]: the aarch64 gnu-efi headers, crt0, linker script and
# libraries, unpacked into DIR (default build/gnu-efi-arm64). Debian's
# gnu-efi package carries x86_64 and ia32 only; the arm64 build of the same
# package has these. It is unpacked, not installed (dpkg -x): installing it
# beside the amd64 one would conflict. Idempotent; quiet when already there.
set -euo pipefail
dir=${1:-build/gnu-efi-arm64}
[ -f "$dir/usr/lib/crt0-efi-aarch64.o" ] && [ -f "$dir/usr/lib/libgnuefi.a" ] && exit 0

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
	command -v sudo >/dev/null || { echo "gnu-efi-arm64: need root or sudo for dpkg --add-architecture arm64" >&2; exit 1; }
	SUDO=sudo
fi
# On an arm64 machine the package is native: nothing to add.
if [ "$(dpkg --print-architecture)" != arm64 ] && ! dpkg --print-foreign-architectures | grep -qx arm64; then
	echo "gnu-efi-arm64: adding the arm64 architecture to dpkg (for apt-get download only)" >&2
	$SUDO dpkg --add-architecture arm64
	$SUDO apt-get update -qq >&2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! (cd "$tmp" && apt-get download -qq gnu-efi:arm64 >/dev/null 2>&1); then
	# The package lists may predate the architecture: refresh once, retry.
	$SUDO apt-get update -qq >&2
	(cd "$tmp" && apt-get download -qq gnu-efi:arm64) >&2
fi
deb=$(ls "$tmp"/gnu-efi_*_arm64.deb)
mkdir -p "$dir"
dpkg -x "$deb" "$dir"
[ -f "$dir/usr/lib/crt0-efi-aarch64.o" ] || { echo "gnu-efi-arm64: $deb has no crt0-efi-aarch64.o" >&2; exit 1; }
echo "gnu-efi-arm64: $(basename "$deb") unpacked into $dir" >&2
