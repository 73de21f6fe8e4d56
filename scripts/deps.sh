#!/usr/bin/env bash
# deps.sh GROUP...: install what is missing from Debian's packages.
# Groups: host (the reducer and the cacheshape command), fuzz (libFuzzer),
# efi (x86_64 firmware, QEMU/OVMF, FAT images), arm (aarch64 firmware, on
# AAVMF and on U-Boot's UEFI: u-boot-qemu, fdisk for its partitioned disk),
# cross-DEBARCH (the cacheshape command cross-built for another Debian
# architecture, arm64 or amd64: its cross compiler and C library, its yajl
# from multiarch, qemu-user to run it), web (the page as WebAssembly),
# browser (the page's tests in Chromium), sign (Secure Boot: sbsign,
# sbverify, efitools), httpboot (dnsmasq and ip, for UEFI HTTP boot tests),
# man (help2man: make man and make install, mk/install.mk),
# bench (likwid-bench, the bandwidth kind's anchor in make bench).
# libjsmn-dev (one header, the capture reader's tokenizer: reader/json.c)
# is in every group that builds the core: host, efi, arm, cross-*, web.
# A package named PKG:ARCH for an architecture dpkg does not have yet adds
# it first (dpkg --add-architecture, apt-get update). On an arm64 machine
# the arm group is the native compiler, not a cross one.
# Quiet when everything is there; uses sudo when not root.
set -euo pipefail

native=$(dpkg --print-architecture)

triplet() { # Debian architecture -> GNU triplet
	case "$1" in
	arm64) echo aarch64-linux-gnu ;;
	amd64) echo x86_64-linux-gnu ;;
	*) echo "deps.sh: no cross toolchain known for '$1' (arm64, amd64)" >&2; exit 2 ;;
	esac
}

pkgs_for() {
	case "$1" in
	host) echo "gcc make libc6-dev libjsmn-dev libyajl-dev libmicrohttpd-dev nettle-dev pkg-config librsvg2-bin librsvg2-dev python3 curl" ;;
	fuzz) echo "clang libclang-rt-14-dev" ;;
	efi) echo "gnu-efi binutils libjsmn-dev qemu-system-x86 ovmf mtools dosfstools fdisk python3" ;;
	web) echo "clang lld libjsmn-dev" ;;
	sign) echo "sbsigntool openssl efitools mtools" ;;
	httpboot) echo "dnsmasq-base iproute2 qemu-system-x86 ovmf python3" ;;
	browser) echo "chromium" ;;
	man) echo "help2man" ;;
	bench) echo "likwid python3" ;;
	arm)
		if [ "$native" = arm64 ]; then
			echo "gcc binutils libc6-dev libjsmn-dev qemu-system-arm qemu-efi-aarch64 u-boot-qemu fdisk mtools dosfstools python3"
		else
			echo "gcc-aarch64-linux-gnu binutils-aarch64-linux-gnu libc6-dev-arm64-cross libjsmn-dev qemu-system-arm qemu-efi-aarch64 u-boot-qemu fdisk qemu-user-static mtools dosfstools python3"
		fi ;;
	cross-*)
		local a=${1#cross-} t
		t=$(triplet "$a")
		[ "$a" = "$native" ] && { echo "gcc libc6-dev libjsmn-dev libyajl-dev"; return; }
		echo "gcc-${t//_/-} binutils-${t//_/-} libc6-dev-$a-cross libjsmn-dev libyajl-dev:$a qemu-user-static" ;;
	*) echo "deps.sh: unknown group '$1' (host, fuzz, efi, arm, cross-arm64, cross-amd64, web, browser, sign, httpboot, man, bench)" >&2; exit 2 ;;
	esac
}

# A name without :ARCH means this machine's architecture (or an arch-all
# package): dpkg-query alone also matches a foreign copy (libyajl-dev:arm64
# from the cross group), which would leave the native library missing.
installed() {
	local want=${1#*:} name=${1%%:*}
	[ "$want" = "$1" ] && want=$native
	dpkg-query -W -f='${Status} ${Architecture}\n' "$name" 2>/dev/null |
		grep -qE "^install ok installed ($want|all)\$"
}

missing=()
for group in "$@"; do
	for p in $(pkgs_for "$group"); do
		installed "$p" || missing+=("$p")
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
# Foreign architectures the missing packages need (libyajl-dev:arm64).
for p in "${missing[@]}"; do
	a=${p#*:}
	[ "$a" = "$p" ] || [ "$a" = "$native" ] && continue
	if ! dpkg --print-foreign-architectures | grep -qx "$a"; then
		echo "deps: adding the $a architecture to dpkg (multiarch, for ${p%%:*})" >&2
		$SUDO dpkg --add-architecture "$a"
	fi
done
$SUDO apt-get update -qq >&2
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
