#!/usr/bin/env bash
# secureboot.sh ARCH: the body of tests/suite-secureboot-{x86,aarch64}.sh.
# Under enforcing Secure Boot (Debian's snakeoil OVMF / AAVMF: its test key
# enrolled in db, SecureBoot=1), with quick 2 MiB sweeps:
#   1 the image signed with the snakeoil key (scripts/sign-efi.sh; on x86_64
#     through `make usb SIGN_KEY=... SIGN_CERT=...`, booted as a USB stick)
#     starts, says "secure boot: enforcing" on screen, writes its capture,
#     the capture records SecureBoot/SetupMode/db/dbx, `cacheshape reduce`
#     prints the same line
#   2 the unsigned image: refused by the firmware ("Access Denied" on the
#     console), never started, nothing written
#   3 the signed image with one byte changed after signing: sbverify
#     refuses it, and so does the firmware
# 2 and 3 share one firmware start: two disks, each at a PCI address of its
# own (its refusal told apart by its device path), the unsigned one first
# in the boot order. The refusals end the boot as soon as the firmware says
# it has nothing left to boot: QEMU is stopped there, not left to its
# timeout.
# (The refusals' bound is boot_watch's own, TMO or 120 s: at 60 s a
# refusal on a loaded 2-CPU machine, OVMF's start alone taking most of it,
# was cut before the firmware said so, 2026-12-06.)
set -u
arch=$1
cd "$(dirname "$0")/../.."
. tests/lib.sh
CS=build/host/cacheshape
PEM=/usr/share/ovmf/PkKek-1-snakeoil.pem
SNAKE_KEY=/usr/share/ovmf/PkKek-1-snakeoil.key
suite=secureboot-$arch
case $arch in
x86_64)
	T=build/test-secureboot-x86
	EFI=build/x86_64/cacheshape.efi BOOTNAME=BOOTX64.EFI BOOT=tests/qemu/boot.sh
	export OVMF_CODE=/usr/share/OVMF/OVMF_CODE_4M.snakeoil.fd OVMF_VARS=/usr/share/OVMF/OVMF_VARS_4M.snakeoil.fd
	FW_FILES="$OVMF_CODE $OVMF_VARS" ;;
aarch64)
	T=build/test-secureboot-arm
	EFI=build/aarch64/cacheshape.efi BOOTNAME=BOOTAA64.EFI BOOT=tests/qemu-arm/boot.sh
	export AAVMF_CODE=/usr/share/AAVMF/AAVMF_CODE.snakeoil.fd AAVMF_VARS=/usr/share/AAVMF/AAVMF_VARS.snakeoil.fd
	export QEMU_CPU=max
	FW_FILES="$AAVMF_CODE $AAVMF_VARS" ;;
*) echo "secureboot.sh: ARCH is x86_64 or aarch64, not '$arch'" >&2; exit 2 ;;
esac
boot_suite "$suite" "$T" "$CS" "$EFI" $FW_FILES "$PEM" "$SNAKE_KEY"
for t in sbsign sbverify openssl; do
	command -v $t >/dev/null || { fail "no $t (make deps-sign)"; summary "$suite"; exit 1; }
done

in_log() { grep -qF -- "$1" "$LOG"; }
. tests/qemu/bootwatch.sh
# refused CASE ADDR: the firmware refused the image of the disk at PCI
# address ADDR (0xN), said why, ran nothing
refused() {
	local c=$1 addr=$2
	expect "$c: the firmware refused the image: 'Access Denied' on the console" \
		grep -qE "^BdsDxe: failed to load Boot[0-9A-F]{4} \".*\" from .*/Pci\\($addr,0x0\\)[^ ]*: Access Denied$" "$LOG"
	expect "$c: and had nothing left to boot (stopped there)" test "$STOPPED" = 1
	expect "$c: the application never started" not in_log "cacheshape 0.1.0 (UEFI"
	expect "$c: nothing written on the volume" test -z "$(mdir -i "$T/$c.img" -b ::/captures 2>/dev/null)"
}
esp() { tests/qemu/mkesp.sh "$T/$1.img" "$2" "$BOOTNAME" "$T/quick.cfg"; }
printf '%s\n' sweep=quick after=shutdown max_bytes=2M "name=sb-$arch" "label=secure boot $arch" >"$T/quick.cfg"

# The snakeoil key without its passphrase ("snakeoil", Debian's test key).
openssl rsa -passin pass:snakeoil -in "$SNAKE_KEY" -out "$T/snakeoil.key" 2>/dev/null
expect "the snakeoil key opened" test -s "$T/snakeoil.key"

# 1. signed: boots under enforcing Secure Boot, and says so
C=signed
if [ "$arch" = x86_64 ]; then
	# the stick `make usb SIGN_KEY=... SIGN_CERT=...` writes, booted as one
	make -s usb SIGN_KEY="$T/snakeoil.key" SIGN_CERT="$PEM" USB_IMG="$T/usb.img" >"$T/make-usb.log" 2>&1
	expect "signed: make usb SIGN_KEY=... SIGN_CERT=... (exit $?): $(grep -c '^signed: ' "$T/make-usb.log") signed" \
		test "$(grep -c '^signed: .*Signature verification OK' "$T/make-usb.log")" -eq 2
	expect "signed: sbsign saw no gap between PE sections" not grep -q 'gaps between' "$T/make-usb.log"
	expect "signed: both binaries on the stick verified by sbverify" \
		test "$(grep -c '^usb: EFI/BOOT/BOOT.*EFI signed, sbverify: Signature verification OK' "$T/make-usb.log")" -eq 2
	off=$(( $(sfdisk --dump "$T/usb.img" | sed -nE 's/.*start= *([0-9]+),.*/\1/p' | head -n 1) * 512 ))
	VOL="$T/usb.img@@$off"
	mcopy -o -i "$VOL" "$T/quick.cfg" ::/cacheshape.cfg
	expect "signed: the certificate on the stick" sh -c "mdir -i '$VOL' -b ::/ | grep -qi 'cacheshape-db.cer'"
	mcopy -i "$VOL" "::/EFI/BOOT/$BOOTNAME" "$T/signed.efi"
	boot_watch signed -device qemu-xhci -drive if=none,id=stick,format=raw,file="$T/usb.img" -device usb-storage,drive=stick
else
	scripts/sign-efi.sh "$T/snakeoil.key" "$PEM" "$EFI" "$T/signed.efi" >"$T/sign.log" 2>&1
	expect "signed: sign-efi.sh signed and verified it ($(head -c 200 "$T/sign.log"))" grep -q '^signed: .*Signature verification OK' "$T/sign.log"
	esp signed "$T/signed.efi"
	VOL=$T/signed.img
	boot_watch signed -drive if=virtio,format=raw,file="$T/signed.img"
fi
expect "signed: QEMU powered off by the application (exit $rc)" test "$rc" -eq 0 -a "$STOPPED" = 0
expect "signed: the firmware started it" grep -qE '^BdsDxe: starting Boot[0-9A-F]{4} ' "$LOG"
expect "signed: banner" in_log "cacheshape 0.1.0 (UEFI, $arch)"
sbline=$(grep -E '^secure boot: ' "$LOG" | head -n 1)
expect "signed: 'secure boot: enforcing' on screen ($sbline)" \
	grep -qE '^secure boot: enforcing: only images signed by a key in db run \(SecureBoot=1, SetupMode=0; db [0-9]+ bytes, (dbx [0-9]+ bytes|no dbx)\)$' "$LOG"
expect "signed: capture written" in_log "capture written: \\captures\\sb-$arch.json"
rm -f "$T/signed.json"
if mcopy -i "$VOL" "::/captures/sb-$arch.json" "$T/signed.json" 2>/dev/null; then
	while read -r v rest; do
		case $v in PASS) pass "signed: capture: $rest" ;; *) fail "signed: capture: $v $rest" ;; esac
	done < <(python3 tests/qemu/check_secureboot.py "$T/signed.json" enforcing 2>&1)
	"$CS" reduce "$T/signed.json" >"$T/signed.txt" 2>&1
	expect "signed: cacheshape reduce prints the screen's line" grep -qxF -- "$sbline" "$T/signed.txt"
	expect "signed: the capture reduces whole (--json)" "$CS" reduce --json "$T/signed.json" >/dev/null 2>&1
else
	fail "signed: no capture sb-$arch.json on the volume"
fi

# 2. unsigned
expect "unsigned: sbverify refuses it too" not sbverify --cert "$PEM" "$EFI" >/dev/null 2>&1
esp unsigned "$EFI"

# 3. tampered: one byte of the signed image changed, inside its first section
python3 - "$T/signed.efi" "$T/tampered.efi" <<'PY'
import struct, sys
b = bytearray(open(sys.argv[1], "rb").read())
pe = struct.unpack_from("<I", b, 0x3c)[0]
sec = pe + 24 + struct.unpack_from("<H", b, pe + 20)[0]
raw = struct.unpack_from("<I", b, sec + 20)[0]  # the first section's file offset
b[raw + 0x200] ^= 0x01
open(sys.argv[2], "wb").write(b)
PY
expect "tampered: one byte differs from the signed image" test "$(cmp -l "$T/signed.efi" "$T/tampered.efi" | wc -l)" -eq 1
expect "tampered: sbverify refuses it" not sbverify --cert "$PEM" "$T/tampered.efi" >/dev/null 2>&1
expect "tampered: the signed image still verifies (the check can pass)" sbverify --cert "$PEM" "$T/signed.efi" >/dev/null 2>&1
esp tampered "$T/tampered.efi"

# 2 and 3 booted: one firmware start, both disks refused
disk() { echo "-drive if=none,id=$1,format=raw,file=$T/$1.img -device virtio-blk-pci,drive=$1,addr=$2,bootindex=$3"; }
boot_watch refusals $(disk unsigned 0x6 0) $(disk tampered 0x7 1)
refused unsigned 0x6
refused tampered 0x7

summary "$suite"
