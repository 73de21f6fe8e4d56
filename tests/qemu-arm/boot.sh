#!/usr/bin/env bash
# boot.sh LOG DRIVE-ARGS...: boot AAVMF in QEMU's aarch64 `virt` machine
# (TCG) with the given drive arguments, under a timeout, serial console to
# LOG with carriage returns and terminal escapes stripped. AAVMF's CODE
# pflash is read-only; VARS is a private copy (the firmware writes it).
# Env: QEMU_CPU (default max), QEMU_TIMEOUT (s), QEMU_MEM, QEMU_SHOW=1 to
# show the console while it runs, AAVMF_CODE/AAVMF_VARS.
# Exit status: QEMU's (0 after the application's shutdown; 124 on timeout).
set -uo pipefail
log=$1; shift
dir=$(dirname "$log")
mkdir -p "$dir"
code=${AAVMF_CODE:-/usr/share/AAVMF/AAVMF_CODE.fd}
vars_src=${AAVMF_VARS:-/usr/share/AAVMF/AAVMF_VARS.fd}
for f in "$code" "$vars_src"; do
	[ -r "$f" ] || { echo "boot: $f missing (make deps-arm)" >&2; exit 2; }
done
vars=$(mktemp "$dir/vars.XXXXXX.fd")
cp "$vars_src" "$vars"
# (tr unbuffered: the log grows while QEMU runs, for a test watching it)
clean() { stdbuf -o0 tr -d '\r' | sed -u -E 's/\x1b\[[0-9;?=]*[A-Za-z]//g; s/\x1b[()][A-Za-z0-9]//g'; }
qemu=(qemu-system-aarch64 -M virt -cpu "${QEMU_CPU:-max}" -m "${QEMU_MEM:-1G}"
	-display none -net none -no-reboot -serial stdio -monitor none
	-drive if=pflash,format=raw,readonly=on,file="$code"
	-drive if=pflash,format=raw,file="$vars" "$@")
start=$(date +%s.%N)
if [ "${QEMU_SHOW:-0}" = 1 ]; then
	timeout --foreground -k 5 "${QEMU_TIMEOUT:-120}" "${qemu[@]}" </dev/null 2>&1 | clean | tee "$log"
	rc=${PIPESTATUS[0]}
else
	timeout -k 5 "${QEMU_TIMEOUT:-120}" "${qemu[@]}" </dev/null 2>&1 | clean >"$log"
	rc=${PIPESTATUS[0]}
fi
rm -f "$vars"
echo "boot: qemu exit $rc after $(echo "$(date +%s.%N) - $start" | bc | cut -c1-5) s" >>"$log"
exit "$rc"
