#!/usr/bin/env bash
# screendump.sh DIR [ARCH]: the firmware's chart on the screen. Boots the
# built firmware in QEMU (x86_64: q35, OVMF, the standard VGA with a linear
# framebuffer; aarch64: virt, AAVMF, virtio-gpu-pci, Blt only), -display
# none, with a short quick sweep and after=wait, waits for "press a key" on the serial console, takes
# a `screendump` through the monitor socket, quits, reads the capture back
# and checks the pixels against it (screendump.py). Prints PASS/FAIL lines;
# leaves DIR/screen.ppm, DIR/screen.png, DIR/screen.json.
set -uo pipefail
dir=$1 arch=${2:-x86_64}
EFI=build/$arch/cacheshape.efi
CS=build/host/cacheshape
here=$(dirname "$0")
export MTOOLS_SKIP_CHECK=1
mkdir -p "$dir"
rm -f "$dir"/screen.* "$dir/mon.sock"
printf 'sweep=quick\nafter=wait\nmax_bytes=2M\nlabel=screendump test\n' >"$dir/screen.cfg"
if [ "$arch" = aarch64 ]; then
	boot=BOOTAA64.EFI code=${AAVMF_CODE:-/usr/share/AAVMF/AAVMF_CODE.fd}
	vars=${AAVMF_VARS:-/usr/share/AAVMF/AAVMF_VARS.fd}
	machine=(qemu-system-aarch64 -M virt -cpu max -m 1G -device virtio-gpu-pci)
else
	boot=BOOTX64.EFI code=${OVMF_CODE:-/usr/share/OVMF/OVMF_CODE_4M.fd}
	vars=${OVMF_VARS:-/usr/share/OVMF/OVMF_VARS_4M.fd}
	machine=(qemu-system-x86_64 -machine q35 -m 512M)
fi
"$here/mkesp.sh" "$dir/screen.img" "$EFI" "$boot" "$dir/screen.cfg" || { echo "FAIL mkesp"; exit 0; }
cp "$vars" "$dir/screen.vars.fd"
t0=$(date +%s)
timeout -k 5 "${QEMU_TIMEOUT:-120}" "${machine[@]}" \
	-display none -net none -no-reboot -serial "file:$dir/screen.log" \
	-monitor "unix:$dir/mon.sock,server=on,wait=off" \
	-drive if=pflash,format=raw,readonly=on,file="$code" \
	-drive if=pflash,format=raw,file="$dir/screen.vars.fd" \
	-drive if=virtio,format=raw,file="$dir/screen.img" </dev/null >"$dir/screen.qemu" 2>&1 &
qpid=$!
waited=0
until grep -q "press a key to return" "$dir/screen.log" 2>/dev/null; do
	if ! kill -0 "$qpid" 2>/dev/null || [ "$waited" -ge "${QEMU_TIMEOUT:-120}" ]; then
		echo "FAIL the run did not reach 'press a key' ($(tail -c 300 "$dir/screen.qemu" 2>/dev/null))"
		kill "$qpid" 2>/dev/null; wait "$qpid" 2>/dev/null
		exit 0
	fi
	sleep 1; waited=$((waited + 1))
done
sleep 2 # the chart is redrawn just after that line
python3 "$here/screendump.py" monitor "$dir/mon.sock" "screendump $dir/screen.ppm" quit
wait "$qpid"
echo "PASS $arch booted, waited for a key, screendump taken in $(($(date +%s) - t0)) s"
name=$(mdir -i "$dir/screen.img" -b ::/captures 2>/dev/null | grep -i '\.json$' | head -n 1)
if [ -z "$name" ] || ! mcopy -o -i "$dir/screen.img" "$name" "$dir/screen.json"; then
	echo "FAIL no capture on the ESP"; exit 0
fi
[ -s "$dir/screen.ppm" ] || { echo "FAIL no screendump"; exit 0; }
"$CS" reduce --json "$dir/screen.json" >"$dir/screen.red.json" || { echo "FAIL reduce --json"; exit 0; }
python3 "$here/screendump.py" check "$dir/screen.ppm" "$dir/screen.json" "$dir/screen.red.json" "$dir/screen.png" 2>&1 ||
	echo "FAIL screendump.py check"
