#!/usr/bin/env bash
# boot.sh LOG DRIVE-ARGS...: boot OVMF in QEMU (q35, TCG) with the given
# drive arguments, under a timeout, serial console to LOG with the carriage
# returns and terminal escapes stripped. Env: QEMU_CPU, QEMU_TIMEOUT (s),
# QEMU_MEM, QEMU_SHOW=1 to show the console while it runs, OVMF_CODE,
# OVMF_VARS, OVMF_VARS_KEEP.
# Exit status: QEMU's (0 after the application's shutdown; 124 on timeout).
set -uo pipefail
log=$1; shift
dir=$(dirname "$log")
mkdir -p "$dir"
code=${OVMF_CODE:-/usr/share/OVMF/OVMF_CODE_4M.fd}
vars_src=${OVMF_VARS:-/usr/share/OVMF/OVMF_VARS_4M.fd}
# OVMF_VARS_KEEP=FILE: that file itself, kept (keys enrolled in one boot,
# used by the next); otherwise a private copy of OVMF_VARS, removed.
if [ -n "${OVMF_VARS_KEEP:-}" ]; then
	vars=$OVMF_VARS_KEEP
	[ -f "$vars" ] || cp "$vars_src" "$vars"
else
	vars=$(mktemp "$dir/vars.XXXXXX.fd")
	cp "$vars_src" "$vars" # private copy: the firmware writes its variables
fi
cpu=()
[ -n "${QEMU_CPU:-}" ] && cpu=(-cpu "$QEMU_CPU")
# (tr unbuffered: the log grows while QEMU runs, for a test watching it)
clean() { stdbuf -o0 tr -d '\r' | sed -u -E 's/\x1b\[[0-9;?=]*[A-Za-z]//g; s/\x1b[()][A-Za-z0-9]//g'; }
start=$(date +%s%N)
if [ "${QEMU_SHOW:-0}" = 1 ]; then
	timeout --foreground -k 5 "${QEMU_TIMEOUT:-120}" qemu-system-x86_64 -machine q35 -m "${QEMU_MEM:-512M}" \
		"${cpu[@]}" -display none -net none -no-reboot -serial stdio -monitor none \
		-drive if=pflash,format=raw,readonly=on,file="$code" \
		-drive if=pflash,format=raw,file="$vars" "$@" </dev/null 2>&1 | clean | tee "$log"
	rc=${PIPESTATUS[0]}
else
	timeout -k 5 "${QEMU_TIMEOUT:-120}" qemu-system-x86_64 -machine q35 -m "${QEMU_MEM:-512M}" \
		"${cpu[@]}" -display none -net none -no-reboot -serial stdio -monitor none \
		-drive if=pflash,format=raw,readonly=on,file="$code" \
		-drive if=pflash,format=raw,file="$vars" "$@" </dev/null 2>&1 | clean >"$log"
	rc=${PIPESTATUS[0]}
fi
[ -n "${OVMF_VARS_KEEP:-}" ] || rm -f "$vars"
ms=$(( ($(date +%s%N) - start) / 1000000 ))
echo "boot: qemu exit $rc after $((ms / 1000)).$(printf %03d $((ms % 1000))) s" >>"$log"
exit "$rc"
