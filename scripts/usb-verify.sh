#!/usr/bin/env bash
# usb-verify.sh IMG CERT BOOTNAME...: after `make usb SIGN_KEY=...`: CERT
# put on the stick's EFI system partition as \cacheshape-db.cer (DER: what
# firmware setup screens and MokManager enroll from a file), then each
# EFI/BOOT/BOOTNAME read back from the stick and checked with sbverify.
set -euo pipefail
img=$1 cert=$2
shift 2
export MTOOLS_SKIP_CHECK=1
start=$(sfdisk --dump "$img" | sed -nE 's/.*start= *([0-9]+),.*/\1/p' | head -n 1)
[ -n "$start" ] || { echo "usb: cannot read the partition table of $img" >&2; exit 1; }
part="$img@@$((start * 512))"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
openssl x509 -in "$cert" -outform DER -out "$tmp/cacheshape-db.cer"
mcopy -i "$part" "$tmp/cacheshape-db.cer" ::/cacheshape-db.cer
for b in "$@"; do
	mcopy -i "$part" "::/EFI/BOOT/$b" "$tmp/$b"
	if ! v=$(sbverify --cert "$cert" "$tmp/$b" 2>&1); then
		echo "usb: EFI/BOOT/$b on $img does not verify against $cert: $v" >&2
		exit 1
	fi
	echo "usb: EFI/BOOT/$b signed, sbverify: $v"
done
echo "usb: \\cacheshape-db.cer on the stick: the certificate to enroll (README, Secure Boot)"
