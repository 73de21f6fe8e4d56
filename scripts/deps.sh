#!/usr/bin/env bash
# deps.sh GROUP...: install what is missing from Debian's packages.
# Groups: host (the reducer and the cacheshape command), fuzz (libFuzzer),
# efi (x86_64 firmware, QEMU/OVMF, FAT images), arm (aarch64 firmware, and
# the host probe built for aarch64 and run under qemu-user), web (the page
# as WebAssembly), browser (the page's tests in Chromium).
# Quiet when everything is there; uses sudo when not root.
set -euo pipefail

pkgs_for() {
	case "$1" in
	host) echo "gcc make libc6-dev libyajl-dev libmicrohttpd-dev pkg-config librsvg2-bin python3" ;;
	fuzz) echo "clang libclang-rt-14-dev" ;;
	efi) echo "gnu-efi binutils qemu-system-x86 ovmf mtools dosfstools fdisk python3" ;;
	web) echo "clang lld" ;;
	browser) echo "chromium" ;;
	arm) echo "gcc-aarch64-linux-gnu binutils-aarch64-linux-gnu libc6-dev-arm64-cross qemu-system-arm qemu-efi-aarch64 qemu-user-static mtools dosfstools python3" ;;
	*) echo "deps.sh: unknown group '$1' (host, fuzz, efi, arm, web, browser)" >&2; exit 2 ;;
	esac
}

missing=()
for group in "$@"; do
	for p in $(pkgs_for "$group"); do
		if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
			missing+=("$p")
		fi
	done
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "deps: installing from Debian: ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
	command -v sudo >/dev/null || { echo "deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
	SUDO=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >&2
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
