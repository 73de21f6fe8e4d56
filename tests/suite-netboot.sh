#!/usr/bin/env bash
# suite-netboot: the firmware booted from the network under QEMU (user-mode
# network, the firmware's own PXE over virtio-net; tests/qemu/netboot.sh),
# with `cacheshape serve` on a free loopback port handing out the settings
# and taking the capture. Each boot is bounded by a timeout and measures a
# quick 2 MiB sweep. Mechanics only: QEMU's timings are TCG's.
#   1 `make netrun` (x86_64): settings fetched, capture uploaded with the
#     firmware's EFI_HTTP_PROTOCOL, stored once, reduces
#   2 our own HTTP client over EFI_TCP4, with a lab's 200-character bearer
#     token (issue 22 item 13: the firmware took at most 127)
#   3 a wrong token: refused (401), said so, the result still on screen;
#     its settings file is over 4 KiB (Content-Length): the whole lines of
#     its first 4096 bytes count, as on a volume, not retried (item 5)
#   4 booted from a disk with upload= set: the firmware asks DHCP for an
#     address itself; the capture on the volume and the one uploaded are
#     the same bytes
#   5 aarch64 (AAVMF): netboot, settings, upload; the settings from another
#     server, over 4 KiB read to the close (item 1): AAVMF's HTTP stalls
#     after the first piece (named), our client reads it, its head counts
#   6 iPXE (QEMU's default option ROM) boots the image over HTTP from
#     serve's /boot/: no TFTP at all
#   7 settings sent chunked by another server (tests/qemu/cfgserve.py), a
#     chunk boundary inside the upload= URL's port, 25 bad lines, over
#     4 KiB: decoded, nothing applied cut, each bad line named or counted,
#     the capture POSTed where the whole line says (issue 22 items 1, 5,
#     12); that server's answer breaks HTTP: named, not tried again
# The token limit, one for both ends (item 13): serve --token's own.
# run-all: seconds 85
# suite: qemu
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
. tests/qemu/netboot.sh
export QEMU_SHOW=0
X86=build/x86_64/cacheshape.efi
ARM=build/aarch64/cacheshape.efi
boot_suite netboot build/test-netboot "$CS" "$X86"
trap 'serve_stop; cfg_stop' EXIT
QUICK='sweep=quick
after=shutdown
max_bytes=2M'

uploaded() { sed -nE 's|^uploaded: http://10\.0\.2\.2:[0-9]+/captures/([^ ]+).*|\1|p' "$1" | tail -n 1; }
in_log() { grep -qF -- "$2" "$1"; }
reduces() { "$CS" reduce "$1" >/dev/null 2>&1; }

# boot_case NAME ARCH SETTINGS [SERVE ARGS...]: serve + netboot; sets LOG,
# DIR, BOOT_PORT. With CFG_MODE set, the boot server (settings) is
# tests/qemu/cfgserve.py $CFG_MODE, and upload= sends the capture to serve.
boot_case() {
	local name=$1 arch=$2 settings=$3; shift 3
	local efi=$X86
	[ "$arch" = aarch64 ] && efi=$ARM
	DIR=$T/$name
	LOG=$DIR/console.log
	mkdir -p "$DIR/boot"
	printf '%s\n' "$settings" >"$DIR/boot/cacheshape.cfg"
	serve_start "$DIR/captures" "$DIR/boot" "$@" || { fail "$name: serve starts"; return 1; }
	BOOT_PORT=$SERVE_PORT
	if [ -n "${CFG_MODE:-}" ]; then
		printf 'upload=http://10.0.2.2:%s/captures\n%s\n' "$SERVE_PORT" "$settings" >"$DIR/cacheshape.cfg"
		cfg_start "$DIR/cacheshape.cfg" $CFG_MODE || fail "$name: cfgserve starts"
		BOOT_PORT=$CFG_PORT
	fi
	SERVE_PORT=$BOOT_PORT net_tftp "$DIR/tftp" "$efi"
	local t0=$(date +%s)
	SERVE_PORT=$BOOT_PORT QEMU_TIMEOUT=${TMO:-150} net_boot "$arch" "$LOG"
	rc=$?
	echo "  $name: qemu exit $rc in $(($(date +%s) - t0)) s"
	cfg_stop
	serve_stop
	expect "$name: QEMU powered off by the application (exit $rc)" test "$rc" -eq 0
	expect "$name: booted over the network (PXE)" in_log "$LOG" "net: booted over the network (PXE), boot file http://10.0.2.2:$BOOT_PORT/cacheshape.efi"
	expect "$name: settings fetched from the boot server" in_log "$LOG" "settings: from http://10.0.2.2:$BOOT_PORT/cacheshape.cfg"
	expect "$name: the served settings applied" in_log "$LOG" "settings: sweep=quick after=shutdown max_bytes=2 MiB"
	expect "$name: the summary on screen" in_log "$LOG" "summary: each published level"
}

# check_stored NAME [ERRORS]: the stored capture: there, reduces, and its
# settings came over the network (with ERRORS bad lines or notes, 0)
check_stored() {
	local name=$1 errors=${2:-0} settings_log=$SERVE_LOG rel
	[ -n "${CFG_MODE:-}" ] && settings_log=$CFG_LOG
	rel=$(uploaded "$LOG")
	expect "$name: 'uploaded: URL' on screen" test -n "$rel"
	expect "$name: stored where the URL says ($rel)" test -f "$DIR/captures/$rel"
	expect "$name: stored once" test "$(find "$DIR/captures" -name '*.json' | wc -l)" -eq 1
	expect "$name: the server logged the settings and the upload" \
		grep -qE "GET /cacheshape.cfg 200" "$settings_log"
	expect "$name: POST /captures 201 in the server's log" grep -qE 'POST /captures 201' "$SERVE_LOG"
	expect "$name: the stored capture reduces" reduces "$DIR/captures/$rel"
	expect "$name: its settings say they came from a file, 2 MiB, $errors errors" python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["settings"]
sys.exit(0 if s["from_file"] and s["max_bytes"] == 2 << 20 and s["errors"] == int(sys.argv[2]) else 1)' \
		"$DIR/captures/$rel" "$errors"
}

# 1. make netrun's path, x86_64
dir=$T/netrun
QEMU_SHOW=0 tests/qemu/netrun.sh x86_64 "$X86" <(printf '%s\n' "$QUICK") "$dir" 150 >"$T/netrun.out" 2>&1
rc=$?
last=$(tail -n 1 "$T/netrun.out")
expect "netrun: exit 0 (got $rc)" test "$rc" -eq 0
expect "netrun: last line 'uploaded: PATH' ($last)" grep -qE '^uploaded: build/test-netboot/netrun/captures/.+\.json$' <<<"$last"
expect "netrun: PATH exists and reduces" reduces "${last#uploaded: }"
expect "netrun: the firmware's HTTP protocol used" in_log "$dir/console.log" "bytes, the firmware's HTTP)"
expect "netrun: the server stopped" test -z "$(pgrep -f "serve --dir $dir/captures" || true)"
sed -nE 's/^netrun: (boot to power-off .*);.*/  netrun: \1/p' "$T/netrun.out"

# n characters of a token (letters and digits)
token_of() { python3 -c 'import sys; print(("lab-token-" * 40)[:int(sys.argv[1])], end="")' "$1"; }
no_retry() { ! grep -qE '^settings: try [0-9]' "$1"; }

# the token limit at serve's end: CS_HTTP_TOKEN_MAX characters, named
mkdir -p "$T/tk"
printf '%s\n' "$(token_of 257)" >"$T/token257"
"$CS" serve --dir "$T/tk" --port 0 --token "$T/token257" >"$T/token257.out" 2>&1
expect "token: serve refuses a 257-character --token (exit $?)" test $? -ne 0
expect "token: ... naming the limit, 256" grep -q "1 to 256 letters" "$T/token257.out"

# 2. our own client over TCP4, with a lab's 200-character token
token_of 200 >"$T/token"
echo >>"$T/token"
boot_case own x86_64 "$QUICK
http_client=own
upload_token=$(token_of 200)" --token "$T/token"
expect "own: our client over TCP4 used" in_log "$LOG" "bytes, own HTTP over TCP4)"
expect "own: the 200-character token taken" test -z "$(grep 'upload_token takes' "$LOG")"
check_stored own

# 3. a wrong token: refused, said so, nothing stored; settings over 4 KiB
fill=$(for i in $(seq 1 90); do echo "# line $i: a comment that fills the file past 4 KiB"; done)
boot_case refused x86_64 "$QUICK
upload_token=not-the-token
$fill" --token "$T/token"
expect "refused: NOT uploaded, 401 named" in_log "$LOG" ": the server answered 401"
expect "refused: the server's message shown" in_log "$LOG" "it says: "
expect "refused: the capture is on the screen" in_log "$LOG" "the capture is on the screen above"
expect "refused: nothing stored" test "$(find "$DIR/captures" -name '*.json' | wc -l)" -eq 0
expect "refused: POST answered 401 in the server's log" grep -qE 'POST /captures 401' "$SERVE_LOG"
expect "refused: settings over 4 KiB read to 4096 bytes" in_log "$LOG" "(4096 bytes read of a longer file)"
expect "refused: ... and the rest named as ignored" in_log "$LOG" "settings: the file is longer than the 4096 bytes read: line "
expect "refused: ... not retried as if transient" no_retry "$LOG"

# 4. from a disk, upload= set: DHCP by the firmware, volume and server agree
DIR=$T/disk
LOG=$DIR/console.log
mkdir -p "$DIR/boot"
serve_start "$DIR/captures" "$DIR/boot" || fail "disk: serve starts"
printf '%s\nupload=http://10.0.2.2:%s/captures\n' "$QUICK" "$SERVE_PORT" >"$DIR/cacheshape.cfg"
tests/qemu/mkesp.sh "$DIR/esp.img" "$X86" BOOTX64.EFI "$DIR/cacheshape.cfg"
QEMU_TIMEOUT=150 tests/qemu/boot.sh "$LOG" -drive if=virtio,format=raw,file="$DIR/esp.img" \
	-netdev user,id=n0 -device virtio-net-pci,netdev=n0,romfile=
rc=$?
serve_stop
expect "disk: QEMU powered off by the application (exit $rc)" test "$rc" -eq 0
expect "disk: not netbooted, so no settings fetched" test -z "$(grep '^net: booted' "$LOG")"
expect "disk: the firmware asked DHCP for an address" in_log "$LOG" "(DHCP, asked for now)"
expect "disk: capture written on the volume" in_log "$LOG" "capture written: \\captures\\"
rel=$(uploaded "$LOG")
expect "disk: and uploaded ($rel)" test -n "$rel" -a -f "$DIR/captures/$rel"
vol=$(mdir -i "$DIR/esp.img" -b ::/captures 2>/dev/null | grep -i '\.json$' | head -n 1)
mcopy -i "$DIR/esp.img" "$vol" "$DIR/volume.json" 2>/dev/null
expect "disk: the volume's capture and the uploaded one are the same bytes" cmp -s "$DIR/volume.json" "$DIR/captures/$rel"

# 5. aarch64 (AAVMF's own network stack); the settings from another server,
# over 4 KiB with no Content-Length (the body ends at the close)
if [ -e "$ARM" ]; then
	CFG_MODE=--close boot_case arm aarch64 "$QUICK
$fill"
	CFG_MODE=--close check_stored arm 1
	expect "arm: served to the close" grep -qE 'GET /cacheshape.cfg 200 .*to the close' "$CFG_LOG"
	expect "arm: settings read to 4096 bytes, not cut in silence" in_log "$LOG" "(4096 bytes read of a longer file)"
	expect "arm: ... and the rest named as ignored" in_log "$LOG" "settings: the file is longer than the 4096 bytes read: line "
	# AAVMF's (and OVMF's) HttpDxe gives such a body's first piece, then
	# never completes the next receive: named, and our client takes over
	expect "arm: the firmware HTTP's limit named" in_log "$LOG" "the firmware's HTTP gave its first piece, then nothing more"
	expect "arm: ... our own client read it on the second try" test "$(grep -c '^settings: try' "$LOG")" -le 1
else
	fail "arm: missing $ARM (make firmware-aarch64)"
fi

# 6. iPXE fetches the image from serve's /boot/ over HTTP
DIR=$T/ipxe
LOG=$DIR/console.log
mkdir -p "$DIR/boot"
cp "$X86" "$DIR/boot/cacheshape.efi"
printf '%s\n' "$QUICK" >"$DIR/boot/cacheshape.cfg"
serve_start "$DIR/captures" "$DIR/boot" || fail "ipxe: serve starts"
QEMU_TIMEOUT=150 tests/qemu/boot.sh "$LOG" \
	-netdev "user,id=n0,bootfile=http://10.0.2.2:$SERVE_PORT/boot/cacheshape.efi" \
	-device virtio-net-pci,netdev=n0,bootindex=1
rc=$?
serve_stop
expect "ipxe: QEMU powered off by the application (exit $rc)" test "$rc" -eq 0
expect "ipxe: the image came from serve over HTTP" grep -qE 'GET /boot/cacheshape.efi 200' "$SERVE_LOG"
expect "ipxe: settings from the same server" in_log "$LOG" "settings: from http://10.0.2.2:$SERVE_PORT/cacheshape.cfg"
expect "ipxe: iPXE's read-only volume refused the capture, and it said the upload follows" in_log "$LOG" "It goes to the server next."
rel=$(uploaded "$LOG")
expect "ipxe: uploaded and stored ($rel)" test -n "$rel" -a -f "$DIR/captures/$rel"

# 7. chunked settings from another server; upload= split by a chunk; the
# upload's answer malformed
DIR=$T/chunked
LOG=$DIR/console.log
mkdir -p "$DIR"
cfg_start "$DIR/cacheshape.cfg" --split-after "upload=http://10.0.2.2:{PORT2}" || fail "chunked: cfgserve starts"
{
	printf '%s\nupload=http://10.0.2.2:%s/captures\n' "$QUICK" "$CFG_PORT"
	for i in $(seq 1 25); do echo "max_bytes=$i-lots-of-bytes-but-no-number"; done
	for i in $(seq 1 80); do echo "# line $i: a comment that fills the file past 4 KiB"; done
} >"$DIR/cacheshape.cfg"
SERVE_PORT=$CFG_PORT net_tftp "$DIR/tftp" "$X86"
t0=$(date +%s)
SERVE_PORT=$CFG_PORT QEMU_TIMEOUT=${TMO:-150} net_boot x86_64 "$LOG"
rc=$?
echo "  chunked: qemu exit $rc in $(($(date +%s) - t0)) s"
cfg_stop
posted=$DIR/cacheshape.cfg.posted-1
expect "chunked: QEMU powered off by the application (exit $rc)" test "$rc" -eq 0
expect "chunked: served chunked, the URL split" grep -qE 'GET /cacheshape.cfg 200 .* [2-9] chunks' "$CFG_LOG"
expect "chunked: 4096 bytes of a longer file" in_log "$LOG" "settings: from http://10.0.2.2:$CFG_PORT/cacheshape.cfg (4096 bytes read of a longer file)"
expect "chunked: the rest named as ignored" in_log "$LOG" "settings: the file is longer than the 4096 bytes read: line "
expect "chunked: every message whole, none glued" test -z "$(grep '^settings line ' "$LOG" | grep -v '; ignored, default kept$')"
named=$(grep -c '^settings line [0-9]*: max_bytes must be' "$LOG")
more=$(sed -nE 's/^settings: and ([0-9]+) more bad lines.*/\1/p' "$LOG")
expect "chunked: each of the 25 bad lines named ($named) or counted (${more:-0} more)" test $((named + ${more:-0})) -eq 25
expect "chunked: no chunk framing read as a line" test -z "$(grep -E "^settings line .*(no '=' in|unknown key)" "$LOG")"
expect "chunked: settings not retried" no_retry "$LOG"
expect "chunked: the capture POSTed to the whole line's port" test -s "$posted"
expect "chunked: the malformed answer named" in_log "$LOG" "the server's answer: two different Content-Length headers"
expect "chunked: ... and not tried again, said so" in_log "$LOG" "upload: not tried again"
expect "chunked: ... POSTed once" test "$(grep -c '^POST /captures' "$CFG_LOG")" -eq 1
expect "chunked: the capture it sent reduces" reduces "$posted"
settings_are() { test -s "$1" && python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["settings"]
sys.exit(0 if s["max_bytes"] == 2 << 20 and s["errors"] == 26 and s["upload"].endswith(":" + sys.argv[2] + "/captures") else 1)' "$1" "$2"; }
expect "chunked: its settings: 2 MiB, 25 bad lines and the long file's note" settings_are "$posted" "$CFG_PORT"

summary netboot
