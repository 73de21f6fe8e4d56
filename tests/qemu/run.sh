#!/usr/bin/env bash
# run.sh EFI BOOTNAME CFG RUNDIR CPU TIMEOUT: `make run`, for either arch.
# Builds an ESP image, boots it (QEMU_BOOT: the arch's boot script, default
# the x86_64 one beside this file, OVMF; tests/qemu-arm/boot.sh for AAVMF)
# showing the console, brings the capture back with mtools and prints its
# reduction by the host command. The last line is "capture: PATH".
set -uo pipefail
efi=$1 boot=$2 cfg=$3 dir=$4
export QEMU_CPU=$5 QEMU_TIMEOUT=$6 QEMU_SHOW=1 MTOOLS_SKIP_CHECK=1
here=$(dirname "$0")
mkdir -p "$dir"
"$here/mkesp.sh" "$dir/esp.img" "$efi" "$boot" "$cfg" || exit 1
smp=() # QEMU_SMP=4: processors for MP services (competitors=N, kinds)
[ -n "${QEMU_SMP:-}" ] && smp=(-smp "$QEMU_SMP")
"${QEMU_BOOT:-$here/boot.sh}" "$dir/console.log" "${smp[@]}" -drive if=virtio,format=raw,file="$dir/esp.img"
rc=$?
[ "$rc" -eq 0 ] || echo "run: QEMU ended with status $rc (124: timed out)" >&2
name=$(mdir -i "$dir/esp.img" -b ::/captures 2>/dev/null | grep -i '\.json$' | sort | tail -n 1)
if [ -z "$name" ]; then
	echo "run: no capture on the ESP image ($dir/esp.img)" >&2
	exit 1
fi
out="$dir/$(basename "$name")"
rm -f "$out"
mcopy -i "$dir/esp.img" "$name" "$out" || exit 1
echo
if [ -x build/host/cacheshape ]; then
	build/host/cacheshape reduce "$out" || echo "run: cacheshape reduce failed on $out" >&2
else
	echo "run: build/host/cacheshape is not built yet: no host reduction" >&2
fi
echo "capture: $out"
