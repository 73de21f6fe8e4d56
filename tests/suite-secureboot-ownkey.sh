#!/usr/bin/env bash
# suite-secureboot-ownkey: a key of one's own, enrolled, then enforced
# (x86_64, OVMF built for Secure Boot, its variables starting empty: setup
# mode, as a machine after "clear all Secure Boot keys" in its setup).
#   1 `make keys`' pair (scripts/make-keys.sh) goes into db, with a test
#     owner's KEK and PK, as authenticated updates (efitools'
#     sign-efi-sig-list) set from the UEFI shell (startup.nsh, dmpstore -l):
#     the SetVariable calls KeyTool.efi makes, without its menu
#   2 the next boot enforces Secure Boot: the image signed with the db key
#     boots, and the capture's db is exactly the enrolled list (its bytes)
#   3 the image signed with another key (Debian's snakeoil) is refused:
#     in the same firmware start as 2, on a disk of its own first in the
#     boot order (PCI address 0x6, 2's at 0x7: each told apart by its
#     device path), after which the firmware goes on to 2's disk
# suite: qemu
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
CS=build/host/cacheshape
EFI=build/x86_64/cacheshape.efi
export OVMF_CODE=/usr/share/OVMF/OVMF_CODE_4M.secboot.fd OVMF_VARS=/usr/share/OVMF/OVMF_VARS_4M.fd
boot_suite secureboot-ownkey build/test-secureboot-ownkey "$CS" "$EFI" "$OVMF_CODE" "$OVMF_VARS"
for t in sbsign cert-to-efi-sig-list sign-efi-sig-list openssl; do
	command -v $t >/dev/null || { fail "no $t (make deps-sign)"; summary secureboot-ownkey; exit 1; }
done
in_log() { grep -qF -- "$1" "$LOG"; }
BOOT=tests/qemu/boot.sh
. tests/qemu/bootwatch.sh
export OVMF_VARS_KEEP=$T/vars.fd # one machine: what boot 1 enrols, boot 2 finds
boot() { boot_watch "$1" -drive if=virtio,format=raw,file="$2"; } # CASE DISK

# The project's db pair, as `make keys` makes it; a test owner's PK and KEK.
scripts/make-keys.sh "$T/keys" >"$T/keys.log" 2>&1
expect "make-keys.sh: key, certificate (PEM, DER) and signature list" \
	test -s "$T/keys/cacheshape-db.key" -a -s "$T/keys/cacheshape-db.crt" -a -s "$T/keys/cacheshape-db.cer" -a -s "$T/keys/cacheshape-db.esl"
expect "make-keys.sh: the private key is the owner's alone (mode 600)" test "$(stat -c %a "$T/keys/cacheshape-db.key")" = 600
scripts/make-keys.sh "$T/keys" >"$T/keys2.log" 2>&1
expect "make-keys.sh: an existing pair is kept" grep -q 'exist, a pair; kept' "$T/keys2.log"
K=$T/keys
for n in PK KEK; do
	openssl req -new -x509 -newkey rsa:2048 -nodes -sha256 -days 30 -subj "/CN=test owner $n/" \
		-keyout "$K/$n.key" -out "$K/$n.crt" 2>/dev/null
	cert-to-efi-sig-list -g 11111111-2222-3333-4444-555555555555 "$K/$n.crt" "$K/$n.esl"
done
sign-efi-sig-list -k "$K/PK.key" -c "$K/PK.crt" PK "$K/PK.esl" "$K/PK.auth" >/dev/null
sign-efi-sig-list -k "$K/PK.key" -c "$K/PK.crt" KEK "$K/KEK.esl" "$K/KEK.auth" >/dev/null
sign-efi-sig-list -k "$K/KEK.key" -c "$K/KEK.crt" db "$K/cacheshape-db.esl" "$K/db.auth" >/dev/null
expect "the three authenticated updates made" test -s "$K/PK.auth" -a -s "$K/KEK.auth" -a -s "$K/db.auth"

# 1. enrolment from the shell (no EFI/BOOT/BOOTX64.EFI yet: the firmware,
# finding nothing to boot, starts its shell, which runs startup.nsh):
# `dmpstore -l` sets db, KEK, then PK from the authenticated updates
# (tests/qemu/dmpstore.py); efitools' UpdateVars.efi would do the same, but
# Debian's build cannot read its arguments from this shell ("Invalid
# Variable db / Variable must be one of: <garbage>", tried here).
C=enrol
python3 tests/qemu/dmpstore.py "$K/keys.dmp" db="$K/db.auth" KEK="$K/KEK.auth" PK="$K/PK.auth"
tests/qemu/mkesp.sh "$T/esp.img" "$K/keys.dmp" KEYS.DMP
printf 'fs0:\r\ndmpstore -all -l \\EFI\\BOOT\\KEYS.DMP\r\necho enrolled: db KEK PK\r\nreset -s\r\n' >"$T/startup.nsh"
mcopy -i "$T/esp.img" "$T/startup.nsh" ::/startup.nsh
boot enrol "$T/esp.img"
expect "enrol: the shell ran startup.nsh to its end (exit $rc)" test "$rc" -eq 0
expect "enrol: 'enrolled' echoed" grep -q '^enrolled: db KEK PK' "$LOG"
expect "enrol: dmpstore set db, KEK and PK" test "$(grep -cE "^Variable NV\+RT\+BS\+AT '[0-9A-F-]+:(db|KEK|PK)' DataSize = " "$LOG")" -eq 3
expect "enrol: and said no failure" not sh -c "sed -n '/dmpstore -all -l/,\$p' '$LOG' | grep -qiE 'fail|error|denied|violation|corrupt'"

# 2. the image signed with the db key: enforced, and it runs
C=own
printf '%s\n' sweep=quick after=shutdown max_bytes=2M name=own >"$T/own.cfg"
scripts/sign-efi.sh "$K/cacheshape-db.key" "$K/cacheshape-db.crt" "$EFI" "$T/own.efi" >/dev/null
mcopy -i "$T/esp.img" "$T/own.efi" ::/EFI/BOOT/BOOTX64.EFI
mcopy -i "$T/esp.img" "$T/own.cfg" ::/cacheshape.cfg
mdel -i "$T/esp.img" ::/startup.nsh
# 3. signed, but by a key this db does not hold, on a disk of its own
openssl rsa -passin pass:snakeoil -in /usr/share/ovmf/PkKek-1-snakeoil.key -out "$T/snakeoil.key" 2>/dev/null
scripts/sign-efi.sh "$T/snakeoil.key" /usr/share/ovmf/PkKek-1-snakeoil.pem "$EFI" "$T/other.efi" >/dev/null
tests/qemu/mkesp.sh "$T/other.img" "$T/other.efi" BOOTX64.EFI "$T/own.cfg"
# one firmware start: 3's disk first, then 2's (where the enrolment ran)
boot_watch own -drive if=none,id=other,format=raw,file="$T/other.img" \
	-device virtio-blk-pci,drive=other,addr=0x6,bootindex=0 \
	-drive if=none,id=esp,format=raw,file="$T/esp.img" -device virtio-blk-pci,drive=esp,addr=0x7,bootindex=1
expect "own: QEMU powered off by the application (exit $rc)" test "$rc" -eq 0
expect "own: enforcing, on the db just enrolled" grep -qE "^secure boot: enforcing: .*\(SecureBoot=1, SetupMode=0; db $(stat -c %s "$K/cacheshape-db.esl") bytes, no dbx\)\$" "$LOG"
expect "own: capture written" in_log 'capture written: \captures\own.json'
rm -f "$T/own.json"
mcopy -i "$T/esp.img" ::/captures/own.json "$T/own.json" 2>/dev/null
expect "own: the capture's db is the enrolled list, byte for byte in size" python3 -c '
import json, os, sys
sb = json.load(open(sys.argv[1]))["producer"]["secure_boot"]
sys.exit(0 if sb == {"secure_boot": 1, "setup_mode": 0, "db_bytes": os.path.getsize(sys.argv[2]), "dbx_bytes": None} else 1)' "$T/own.json" "$K/cacheshape-db.esl"

# 3. (booted with 2) signed, but by a key this db does not hold: refused
C=other
expect "other: refused with 'Access Denied'" grep -qE '^BdsDxe: failed to load Boot[0-9A-F]{4} ".*" from .*/Pci\(0x6,0x0\)[^ ]*: Access Denied$' "$LOG"
expect "other: never started" not grep -qE '^BdsDxe: starting Boot[0-9A-F]{4} ".*" from .*/Pci\(0x6,0x0\)' "$LOG"
expect "other: the firmware went on to the next disk, 2's, and started it once" \
	test "$(grep -cE '^BdsDxe: starting Boot[0-9A-F]{4} ".*" from .*/Pci\(0x7,0x0\)' "$LOG")" -eq 1 -a "$(grep -c '^cacheshape 0.1.0 (UEFI' "$LOG")" -eq 1
expect "other: nothing written on its disk" test -z "$(mdir -i "$T/other.img" -b ::/captures 2>/dev/null)"

summary secureboot-ownkey
