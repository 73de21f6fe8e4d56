#!/usr/bin/env bash
# boot.sh LOG DRIVE-ARGS...: boot AAVMF in QEMU's aarch64 `virt` machine
# (TCG) with the given drive arguments, under a timeout, serial console to
# LOG with carriage returns and terminal escapes stripped. AAVMF's CODE
# pflash is read-only; VARS is a private copy (the firmware writes it).
# Env: QEMU_CPU (default max), QEMU_TIMEOUT (s), QEMU_STALL_S (below), QEMU_MEM, QEMU_SHOW=1 to
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
# (tr unbuffered: the log grows while QEMU runs, for a test watching it)
clean() { stdbuf -o0 tr -d '\r' | sed -u -E 's/\x1b\[[0-9;?=]*[A-Za-z]//g; s/\x1b[()][A-Za-z0-9]//g'; }
qemu=(qemu-system-aarch64 -M virt -cpu "${QEMU_CPU:-max}" -m "${QEMU_MEM:-1G}"
	-display none -net none -no-reboot -serial stdio -monitor none
	-drive if=pflash,format=raw,readonly=on,file="$code")
# AAVMF under TCG here has, rarely, stopped after its banner and printed
# nothing more until the timeout (seen once on a loaded 2-CPU machine, a
# selftest boot that passed in 12 s when run again). A boot whose console
# has no boot-manager line (BdsDxe) after QEMU_STALL_S seconds (default 45;
# it comes in 2 to 5 s) never reached the application: it is stopped and
# booted once more, from fresh variables, and the log says so. A boot
# that reached the application is never repeated.
stall=${QEMU_STALL_S:-45}
tmo=${QEMU_TIMEOUT:-120}
once() { # the seconds it may take: sets rc, stalled
	local vars t0 pidf rcf pipe now
	vars=$(mktemp "$dir/vars.XXXXXX.fd")
	pidf=$(mktemp "$dir/pid.XXXXXX")
	rcf=$(mktemp "$dir/rc.XXXXXX")
	cp "$vars_src" "$vars"
	stalled=0
	t0=$(date +%s)
	{ timeout -k 5 "$1" "${qemu[@]}" -drive if=pflash,format=raw,file="$vars" "${args[@]}" \
		</dev/null 2>&1 & echo $! >"$pidf"; wait $!; echo $? >"$rcf"; } | clean >"$log" &
	pipe=$!
	while kill -0 "$pipe" 2>/dev/null; do
		now=$(date +%s)
		if [ "$stall" -gt 0 ] && [ $((now - t0)) -ge "$stall" ] && ! grep -q '^BdsDxe' "$log"; then
			stalled=1
			kill -TERM "$(cat "$pidf")" 2>/dev/null
			break
		fi
		grep -q '^BdsDxe' "$log" && stall=0
		sleep 1
	done
	wait "$pipe"
	rc=$(cat "$rcf" 2>/dev/null)
	rc=${rc:-124}
	rm -f "$vars" "$pidf" "$rcf"
}
args=("$@")
start=$(date +%s.%N)
if [ "${QEMU_SHOW:-0}" = 1 ]; then
	vars=$(mktemp "$dir/vars.XXXXXX.fd")
	cp "$vars_src" "$vars"
	timeout --foreground -k 5 "$tmo" "${qemu[@]}" -drive if=pflash,format=raw,file="$vars" "$@" \
		</dev/null 2>&1 | clean | tee "$log"
	rc=${PIPESTATUS[0]}
	rm -f "$vars"
else
	once "$tmo"
	if [ "$stalled" = 1 ]; then
		stall=0
		once "$tmo"
		echo "boot: AAVMF printed no boot-manager line in ${QEMU_STALL_S:-45} s (QEMU_STALL_S): stopped and booted once more" >>"$log"
	fi
fi
echo "boot: qemu exit $rc after $(echo "$(date +%s.%N) - $start" | bc | cut -c1-5) s" >>"$log"
exit "$rc"
