#!/usr/bin/env bash
# suite-menu: the firmware's boot menu (efi/menu.c, docs/firmware.md "The
# boot menu") in QEMU/OVMF (TCG), x86_64. One boot, a quick sweep to
# 256 KiB that powers off: menu=60: the countdown shown with the run, a key
# sent through the QEMU monitor (`sendkey`) opens the menu, more keys set
# repeat=2 and turn the bandwidth kind off, Enter measures; the capture
# records the values chosen and that the menu chose them; a screendump
# shows the menu on the GOP screen (tests/menu_gop.py).
# The menu's two other ways are checked on suite-qemu-x86's boots, which
# power off too: menu=2 and no key (the countdown runs out and the run
# starts: its EPYC boot), and after=shutdown with no menu= (no countdown at
# all: every other boot there, its Skylake one checked for it).
# The menu's logic itself (keys in, settings out) is tests/test_menu.c's.
# run-all: seconds 50
# suite: qemu
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
EFI=build/x86_64/cacheshape.efi
CS=build/host/cacheshape
TMO=${TMO:-150}        # seconds a boot may take (a quick sweep to 256 KiB under TCG)
KEY_TMO=30             # seconds for the firmware to redraw the menu after a key
boot_suite menu "${QEMU_TEST_DIR:-build/test-menu}" "$EFI" "$CS"

cfg() { printf '%s\n' "$@" >"$T/$C.cfg"; }
esp() { tests/qemu/mkesp.sh "$T/$C.img" "$EFI" BOOTX64.EFI "$T/$C.cfg"; }
in_log() { grep -qF -- "$1" "$T/$C.log"; }
fetch() { rm -f "$T/$C.json"; mcopy -i "$T/$C.img" "::/captures/$1.json" "$T/$C.json" 2>/dev/null; }
# the serial console, terminal escapes stripped (as tests/qemu/boot.sh does)
clean_log() { [ -e "$T/$C.raw" ] && tr -d '\r' <"$T/$C.raw" | sed -E 's/\x1b\[[0-9;?=]*[A-Za-z]//g; s/\x1b[()][A-Za-z0-9]//g' >"$T/$C.log"; }
# wait_for TEXT N SECONDS: until TEXT is in the log N times, QEMU alive
wait_for() {
	local waited=0
	while :; do
		clean_log
		[ "$(grep -cF -- "$1" "$T/$C.log" 2>/dev/null)" -ge "$2" ] 2>/dev/null && return 0
		kill -0 "$qpid" 2>/dev/null || return 1
		[ "$waited" -ge $(($3 * 10)) ] && return 1
		sleep 0.1
		waited=$((waited + 1))
	done
}
monitor() { python3 tests/qemu/screendump.py monitor "$T/mon.sock" "$@"; }
# wait_render SECONDS: until the menu's last render is whole in the log (it
# ends with the chosen item's range line: the serial line is slower than
# the key, so a render is read half-written otherwise; the line whole:
# the log ends with its newline), QEMU alive
wait_render() {
	local waited=0
	while :; do
		clean_log
		awk '/^boot menu: /{buf=""} {buf=buf $0 "\n"} END{printf "%s", buf}' "$T/$C.log" |
			grep -qE '^  .* (must be|takes) .*; default ' &&
			[ -z "$(tail -c 1 "$T/$C.log")" ] && return 0
		kill -0 "$qpid" 2>/dev/null || return 1
		[ "$waited" -ge $(($1 * 10)) ] && return 1
		sleep 0.1
		waited=$((waited + 1))
	done
}

# 1: the menu driven with keys.
C=menu
cfg sweep=quick after=shutdown max_bytes=256K menu=60 name=menu "label=boot menu test"
esp
cp "${OVMF_VARS:-/usr/share/OVMF/OVMF_VARS_4M.fd}" "$T/$C.vars.fd"
t0=$(date +%s)
timeout -k 5 "$TMO" qemu-system-x86_64 -machine q35 -m 512M -display none -net none -no-reboot \
	-serial "file:$T/$C.raw" -monitor "unix:$T/mon.sock,server=on,wait=off" \
	-drive if=pflash,format=raw,readonly=on,file="${OVMF_CODE:-/usr/share/OVMF/OVMF_CODE_4M.fd}" \
	-drive if=pflash,format=raw,file="$T/$C.vars.fd" \
	-drive if=virtio,format=raw,file="$T/$C.img" </dev/null >"$T/$C.qemu" 2>&1 &
qpid=$!
if wait_for "menu: press a key for the boot menu" 1 "$TMO"; then
	pass "$C: the countdown shown"
	expect "$C: the run it is about to do shown with it" \
		grep -qE '^run: sweep=quick max_bytes=256 KiB after=shutdown .*repeat=default .*bandwidth=default$' "$T/$C.log"
	monitor "sendkey spc"
	if wait_for "boot menu: Up/Down" 1 "$KEY_TMO" && wait_render "$KEY_TMO"; then
		pass "$C: a key opened the menu"
		# the items as the menu lists them (the first at the cursor): the
		# keys to send are counted from the menu's own text
		items=$(awk '/^boot menu: /{n++} n==1 && /^  [> ] [a-z_]+ /{print $1 == ">" ? $2 : $1}' "$T/$C.log")
		pos() { echo "$items" | grep -nx "$1" | cut -d: -f1; }
		rep=$(pos repeat) bw=$(pos bandwidth)
		expect "$C: the menu lists the program's and the bandwidth kind's settings ($(echo $items))" \
			test -n "$rep" -a -n "$bw" -a -n "$(pos sweep)" -a -n "$(pos after)" -a -n "$(pos competitors)"
		expect "$C: a kind's settings under its heading" in_log "  the bandwidth kind's:"
		keys=()
		for ((i = 1; i < ${rep:-1}; i++)); do keys+=(down); done
		keys+=(right right)
		for ((i = ${rep:-1}; i < ${bw:-1}; i++)); do keys+=(down); done
		keys+=(left)
		n=1 sent=0
		for k in "${keys[@]}"; do
			monitor "sendkey $k"
			n=$((n + 1))
			wait_for "boot menu: Up/Down" "$n" "$KEY_TMO" && wait_render "$KEY_TMO" || break
			sent=$((sent + 1))
		done
		expect "$C: each of the ${#keys[@]} keys redrew the menu ($sent did)" test "$sent" -eq "${#keys[@]}"
		last=$(awk '/^boot menu: /{buf=""} {buf=buf $0 "\n"} END{printf "%s", buf}' "$T/$C.log")
		expect "$C: the menu shows repeat 2, changed" grep -qE '^    repeat +2 \*$' <<<"$last"
		expect "$C: the menu shows bandwidth off, changed" grep -qE '^  > bandwidth +off \*$' <<<"$last"
		# the same menu on the screen (GOP, QEMU's standard VGA), through the monitor
		monitor "screendump $T/$C.ppm"
		cp "$T/$C.log" "$T/$C.shown.log"
		while read -r v rest; do
			case $v in PASS) pass "$C: $rest" ;; *) fail "$C: $v $rest" ;; esac
		done < <(python3 tests/menu_gop.py "$T/$C.ppm" "$T/$C.shown.log" 2>&1)
		monitor "sendkey ret"
		wait_for "menu: starting with the settings chosen" 1 "$KEY_TMO"
	else
		fail "$C: the menu did not open ($(tail -c 300 "$T/$C.log"))"
	fi
else
	fail "$C: no countdown ($(tail -c 300 "$T/$C.log"; tail -c 300 "$T/$C.qemu"))"
fi
wait "$qpid"
rc=$?
clean_log
echo "  $C: qemu exit $rc in $(($(date +%s) - t0)) s"
expect "$C: Enter started the run" in_log "menu: starting with the settings chosen"
expect "$C: the settings line says what was chosen" \
	in_log "settings: sweep=quick after=shutdown max_bytes=256 KiB repeat=2 bandwidth=off"
expect "$C: ran to the end and powered off (exit $rc)" test "$rc" -eq 0
if fetch menu; then
	capture_is "the capture records repeat=2 and bandwidth=off" 's["repeat"] == 2 and s["bandwidth"] == "off"'
	capture_is "... as chosen in the menu" \
		's["menu"] == 60 and s["menu_opened"] and s["menu_changed"] == ["repeat", "bandwidth"]'
	capture_is "the sweep ran twice" 'd["sweep"]["repeats"] == 2 and d["plan"]["repeats"] == 2'
	expect "$C: cacheshape reduce reads it" "$CS" reduce "$T/$C.json" >"$T/$C.txt" 2>&1
else
	fail "$C: no capture menu.json on the ESP"
fi
summary menu
