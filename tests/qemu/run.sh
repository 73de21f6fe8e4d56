#!/usr/bin/env bash
# run.sh EFI BOOTNAME CFG RUNDIR CPU TIMEOUT: `make run`, for either arch.
# Builds an ESP image, boots it (QEMU_BOOT: the arch's boot script, default
# the x86_64 one beside this file, OVMF; tests/qemu-arm/boot.sh for AAVMF)
# and shows the firmware's console as it runs, progress and summary
# included. Each thing is shown once (issue 40 item 2): the console's
# detailed report, which `cacheshape reduce` prints the same, is kept in
# RUNDIR/console.log and named, not shown; the host then says only what the
# console could not: that it read the capture back as the firmware wrote
# and reported it, the summary if the console's was cut, and the command
# for the full report. The last line is "capture: PATH".
set -uo pipefail
efi=$1 boot=$2 cfg=$3 dir=$4
export QEMU_CPU=$5 QEMU_TIMEOUT=$6 QEMU_SHOW=1 MTOOLS_SKIP_CHECK=1
here=$(dirname "$0")
cs=build/host/cacheshape
mkdir -p "$dir"
# QEMU_DISK=mbr (U-Boot): an MBR-partitioned disk, the ESP its partition
# (mtools reach it at its offset); else a bare FAT image.
if [ "${QEMU_DISK:-}" = mbr ]; then
	img=$dir/disk.img
	off=$(USB_LABEL=mbr "$here/mkusb.sh" "$img" "$efi" "$boot" | sed -nE 's/.* at byte ([0-9]+),.*/\1/p')
	[ -n "$off" ] || exit 1
	esp="$img@@$off"
	mcopy -i "$esp" "$cfg" ::/cacheshape.cfg || exit 1
else
	img=$dir/esp.img
	esp=$img
	"$here/mkesp.sh" "$img" "$efi" "$boot" "$cfg" || exit 1
fi
smp=() # QEMU_SMP=4: processors for MP services (competitors=N, kinds)
[ -n "${QEMU_SMP:-}" ] && smp=(-smp "$QEMU_SMP")
# The console as it comes, but for the detailed report after the summary
# (from the summary's closing blank line to the capture's or the after=
# line): that goes to console-detail.txt, and one line says where it is.
# (a shell loop, not awk: mawk reads its input in blocks, and the console
# must show as it comes)
show() {
	local st=0 n=0 line
	: >"$dir/console-detail.txt"
	while IFS= read -r line; do
		if [ $st = 2 ] && [[ $line =~ ^(capture|upload|net|after=|press\ a\ key|volume) ]]; then
			echo "[the console's detailed report, $n lines, not repeated here: in $dir/console.log]"
			st=3
		fi
		if [ $st = 2 ]; then
			printf '%s\n' "$line" >>"$dir/console-detail.txt"
			n=$((n + 1))
			continue
		fi
		[ $st = 1 ] && [ -z "$line" ] && st=2
		[ $st = 0 ] && [[ $line == "summary: each published level"* ]] && st=1
		printf '%s\n' "$line"
	done
}
"${QEMU_BOOT:-$here/boot.sh}" "$dir/console.log" "${smp[@]}" -drive if=virtio,format=raw,file="$img" | show
rc=${PIPESTATUS[0]}
[ "$rc" -eq 0 ] || echo "run: QEMU ended with status $rc (124: timed out)" >&2
name=$(mdir -i "$esp" -b ::/captures 2>/dev/null | grep -i '\.json$' | sort | tail -n 1)
if [ -z "$name" ]; then
	echo "run: no capture on the ESP image ($esp)" >&2
	exit 1
fi
out="$dir/$(basename "$name")"
rm -f "$out"
mcopy -i "$esp" "$name" "$out" || exit 1
if [ ! -x "$cs" ]; then
	echo "run: $cs is not built yet: the capture is not read back by the host" >&2
	echo "capture: $out"
	exit 0
fi
if ! "$cs" reduce "$out" >"$dir/host-report.txt" 2>"$dir/host-report.err"; then
	echo "run: $cs reduce failed on $out:" >&2
	cat "$dir/host-report.err" >&2
	echo "capture: $out"
	exit 1
fi
# the host's report: "== PATH: label", the summary, a blank line, the detail
awk 'NR > 1 && !blank && /^$/ { blank = 1; next } NR > 1 && !blank' "$dir/host-report.txt" >"$dir/host-summary.txt"
awk 'blank { print } !blank && NR > 1 && /^$/ { blank = 1 }' "$dir/host-report.txt" >"$dir/host-detail.txt"
awk '/^summary: each published level/ { on = 1 } on && /^$/ { exit } on' "$dir/console.log" >"$dir/console-summary.txt"
bytes=$(stat -c %s "$out")
said=$(sed -n 's/^capture written: .* (\([0-9]*\) bytes.*/\1/p' "$dir/console.log" | tail -n 1)
# what the console said that the host's reduction does not (the host adds
# what the console said before the sweep, as its secure boot line)
touch "$dir/console-detail.txt"
grep -vxF -f "$dir/host-detail.txt" "$dir/console-detail.txt" >"$dir/console-only.txt"
if [ ! -s "$dir/console-summary.txt" ]; then
	echo "run: the console's summary was cut; the host's reduction of the capture:"
	cat "$dir/host-summary.txt"
elif [ "$said" = "$bytes" ] && cmp -s "$dir/console-summary.txt" "$dir/host-summary.txt" &&
	[ ! -s "$dir/console-only.txt" ]; then
	echo "run: read back by the host: the $bytes bytes the firmware wrote, reduced to the console's report line for line"
else
	echo "run: the host reads the capture otherwise than the console said (bytes: console ${said:-none}, host $bytes):"
	diff "$dir/console-summary.txt" "$dir/host-summary.txt" | head -n 20
	sed 's/^/console only: /' "$dir/console-only.txt" | head -n 20
	# and the host's side of them (its secure boot line is the console's
	# first lines, said there before the sweep)
	grep -vxF -f "$dir/console-detail.txt" "$dir/host-detail.txt" | grep -v '^secure boot: ' |
		sed 's/^/host only: /' | head -n 20
fi
echo "full report ($(wc -l <"$dir/host-report.txt") lines): $cs reduce $out"
echo "capture: $out"
