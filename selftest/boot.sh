#!/usr/bin/env bash
# boot.sh ARCH EFI BOOTNAME BOOTSCRIPT DIR HOSTTWIN [TIMEOUT]: `make selftest`
# and tests/suite-selftest.sh. Puts the selftest image on an ESP, boots it
# with the arch's boot script (OVMF or AAVMF, under a timeout; the serial
# console to DIR/console.log), runs the host twin (DIR/host.log) and
# compares the two (selftest/compare.py): one PASS or FAIL line per check.
# Exit status 0 when every check passed. QEMU_SHOW=1 shows the console.
set -uo pipefail
arch=$1 efi=$2 bootname=$3 bootscript=$4 dir=$5 twin=$6 tmo=${7:-120}
here=$(dirname "$0")
mkdir -p "$dir"
rm -f "$dir/console.log" "$dir/host.log"
"$here/../tests/qemu/mkesp.sh" "$dir/esp.img" "$efi" "$bootname" || exit 1
QEMU_TIMEOUT=$tmo "$bootscript" "$dir/console.log" -drive if=virtio,format=raw,file="$dir/esp.img"
rc=$?
echo "selftest $arch: $(tail -n 1 "$dir/console.log" | sed 's/^boot: //')"
"$twin" >"$dir/host.log" 2>&1
python3 "$here/compare.py" "$dir/console.log" "$dir/host.log" "$rc" "${SELFTEST_EXPECT:-}" \
	"${SELFTEST_UNIT_DIR:-}"
