#!/usr/bin/env bash
# suite-httpboot: UEFI HTTP boot as a lab does it, on a network the test
# makes for itself: a network namespace of its own with a bridge (br0,
# 10.28.0.1/24, a private address inside that namespace only) and a tap
# device for QEMU (no slirp; nothing outside this machine is addressed).
# Debian's dnsmasq is the DHCP server: to a client whose vendor class is
# HTTPClient it offers the boot URL on `cacheshape serve`, which serves the
# image and the settings and takes the upload. Quick 2 MiB sweeps.
#   1 OVMF with enforcing Secure Boot (snakeoil) HTTP-boots the signed
#     image: dnsmasq's offer, serve's log and the console agree; the
#     capture is stored once where `uploaded: URL` says, and reduces
#   2 a server answering 500 to every upload (tests/qemu/http500.py): the
#     firmware tries 5 times with back-off, says NOT uploaded and why; booted
#     from the network it has no volume, and says the capture is on the screen
#   3 booted from its ESP with upload= on the same 500 server: the capture
#     is written on the ESP first and is still there, whole, after the
#     refused uploads
#   (2 and 3 set net_backoff=, the back-off's first wait: BACKOFF_MS, each
#   doubled, instead of 1+2+4+8 s that TCG would spend spinning in Stall())
#   4 AAVMF (aarch64) HTTP-boots BOOTAA64.EFI from the same dnsmasq lines
#     (client arch 19), fetches its settings and uploads
# OVMF here offers PXE and HTTP boot for each NIC; PXE is turned off through
# fw_cfg (opt/org.tianocore/IPv4PXESupport=no, IPv6 likewise), as a lab
# turns it off in the machines' setup, or PXE's DHCPv6 wait comes first.
# run-all: seconds 70
# suite: qemu
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
. tests/qemu/netboot.sh # port_of
export QEMU_SHOW=0
CS=build/host/cacheshape
EFI=build/x86_64/cacheshape.efi
PEM=/usr/share/ovmf/PkKek-1-snakeoil.pem
NS=cs-httpboot-$$
ADDR=10.28.0.1
boot_suite httpboot build/test-httpboot "$CS" "$EFI" /usr/share/OVMF/OVMF_CODE_4M.snakeoil.fd /usr/share/ovmf/PkKek-1-snakeoil.key
for t in dnsmasq ip sbsign python3; do
	command -v $t >/dev/null || { fail "no $t (make deps-httpboot deps-sign)"; summary httpboot; exit 1; }
done

PIDS=()
cleanup() {
	local p
	for p in "${PIDS[@]}"; do kill -TERM "$p" 2>/dev/null; done
	for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null; done
	ip netns del "$NS" 2>/dev/null
}
trap cleanup EXIT
x() { ip netns exec "$NS" "$@"; } # (not with &: $! would be a subshell)

# The network. Only where this machine forbids it (no root, no netns, no
# tun) does the suite stop, saying so: a skip with its reason, not a pass.
net_err=$( { ip netns add "$NS" &&
	x ip link set lo up &&
	x ip link add br0 type bridge &&
	x ip tuntap add dev tap0 mode tap &&
	x ip link set tap0 master br0 &&
	x ip addr add "$ADDR/24" dev br0 &&
	x ip link set br0 up && x ip link set tap0 up; } 2>&1)
if [ $? -ne 0 ]; then
	echo "SKIP httpboot: this machine does not let the test make its network (ip netns, a bridge, a tap device): $net_err"
	echo "SKIP httpboot: run as root where /dev/net/tun exists; nothing was booted"
	summary httpboot
	exit 0
fi
pass "network namespace $NS with br0 ($ADDR/24) and tap0"

# dnsmasq, as the README's fleet section has it (DHCP only: port=0, no DNS).
dnsmasq_start() { # BASE: the server's URL; the boot file BASE/boot/BOOT*.EFI
	cat >"$T/dnsmasq.conf" <<EOC
port=0
interface=br0
bind-interfaces
dhcp-range=10.28.0.100,10.28.0.199,255.255.255.0,1h
dhcp-leasefile=$PWD/$T/dnsmasq.leases
dhcp-vendorclass=set:efi-http,HTTPClient
dhcp-option-force=tag:efi-http,60,HTTPClient
dhcp-match=set:http-x64,option:client-arch,16
dhcp-match=set:http-aa64,option:client-arch,19
dhcp-boot=tag:efi-http,tag:http-x64,$1/boot/BOOTX64.EFI
dhcp-boot=tag:efi-http,tag:http-aa64,$1/boot/BOOTAA64.EFI
log-dhcp
EOC
	: >"$T/dnsmasq.leases"
	ip netns exec "$NS" dnsmasq --keep-in-foreground --log-facility=- --conf-file="$T/dnsmasq.conf" >"$T/dnsmasq.log" 2>&1 &
	DNSMASQ=$!
	PIDS+=("$DNSMASQ")
	for _ in $(seq 1 50); do
		grep -q 'DHCP, IP range' "$T/dnsmasq.log" && return 0
		kill -0 "$DNSMASQ" 2>/dev/null || break
		sleep 0.1
	done
	fail "dnsmasq did not start: $(head -c 400 "$T/dnsmasq.log")"
	return 1
}
stop() { kill -TERM "$1" 2>/dev/null; wait "$1" 2>/dev/null; }

# server_start NAME CMD...: a server in the namespace printing its URL
# (http://10.28.0.1:PORT/) in its first lines; sets PORT, SRV, SRVLOG.
server_start() {
	local name=$1; shift
	SRVLOG=$T/$name.server.log
	PORT=
	ip netns exec "$NS" "$@" >"$SRVLOG" 2>&1 & # ip execs it: $! is the server
	SRV=$!
	PIDS+=("$SRV")
	PORT=$(port_of "$SRVLOG" "$SRV" ".*http://$ADDR:([0-9]+)/.*") && return 0
	fail "$name: the server did not start: $(head -c 400 "$SRVLOG")"
	return 1
}

NIC=(-netdev tap,id=n0,ifname=tap0,script=no,downscript=no
	-device virtio-net-pci,netdev=n0,romfile=,bootindex=1
	-fw_cfg name=opt/org.tianocore/IPv4PXESupport,string=no
	-fw_cfg name=opt/org.tianocore/IPv6PXESupport,string=no
	-fw_cfg name=opt/org.tianocore/IPv6Support,string=no)
in_log() { grep -qF -- "$2" "$1"; }
boot() { # CASE QEMU-ARGS...: boots in the namespace; LOG, rc
	local c=$1; shift
	LOG=$T/$c.console.log
	local t0=$(date +%s)
	x env QEMU_TIMEOUT=${TMO:-150} nice tests/qemu/boot.sh "$LOG" "$@"
	rc=$?
	echo "  $c: qemu exit $rc in $(($(date +%s) - t0)) s"
}
QUICK='sweep=quick
after=shutdown
max_bytes=2M'
BACKOFF_MS=25 # net_backoff= for the 500 server's refusals (the firmware's default: 1000)

# 1. HTTP boot of the signed image under enforcing Secure Boot
C=http
mkdir -p "$T/$C/boot" "$T/$C/captures"
openssl rsa -passin pass:snakeoil -in /usr/share/ovmf/PkKek-1-snakeoil.key -out "$T/snakeoil.key" 2>/dev/null
expect "$C: the image signed (sign-efi.sh)" scripts/sign-efi.sh "$T/snakeoil.key" "$PEM" "$EFI" "$T/$C/boot/BOOTX64.EFI" >/dev/null
printf '%s\nlabel=http boot\n' "$QUICK" >"$T/$C/boot/cacheshape.cfg"
if server_start "$C" "$CS" serve --dir "$T/$C/captures" --boot "$T/$C/boot" --bind "$ADDR" --port 0 &&
	dnsmasq_start "http://$ADDR:$PORT"; then
	URL=http://$ADDR:$PORT
	OVMF_CODE=/usr/share/OVMF/OVMF_CODE_4M.snakeoil.fd OVMF_VARS=/usr/share/OVMF/OVMF_VARS_4M.snakeoil.fd \
		boot "$C" "${NIC[@]}"
	stop "$SRV"
	stop "$DNSMASQ"
	D=$T/dnsmasq.log
	expect "$C: QEMU powered off by the application (exit $rc)" test "$rc" -eq 0
	expect "$C: dnsmasq saw vendor class HTTPClient" grep -qE 'vendor class: HTTPClient:Arch:00016' "$D"
	expect "$C: dnsmasq offered the boot URL" grep -qE "bootfile-name +$URL/boot/BOOTX64.EFI" "$D"
	expect "$C: dnsmasq acknowledged an address" grep -qE 'DHCPACK\(br0\) 10\.28\.0\.1[0-9][0-9] ' "$D"
	expect "$C: the firmware started its HTTPv4 boot option" grep -qE '^BdsDxe: starting Boot[0-9A-F]{4} "UEFI HTTPv4 ' "$LOG"
	expect "$C: no PXE tried first" not grep -q 'PXE' "$LOG"
	expect "$C: the program says it was HTTP-booted from that URL" in_log "$LOG" "net: booted over the network (HTTP boot), boot file $URL/boot/BOOTX64.EFI"
	expect "$C: under enforcing Secure Boot" grep -qE '^secure boot: enforcing: ' "$LOG"
	expect "$C: settings fetched" in_log "$LOG" "settings: from $URL/cacheshape.cfg"
	expect "$C: the served settings applied" in_log "$LOG" "settings: sweep=quick after=shutdown max_bytes=2 MiB"
	expect "$C: the summary on screen" in_log "$LOG" "summary: each published level"
	expect "$C: serve gave the image (HTTP boot's GET)" grep -qE '^10\.28\.0\.1[0-9][0-9] GET /boot/BOOTX64.EFI 200 ' "$SRVLOG"
	expect "$C: serve gave the settings" grep -qE '^10\.28\.0\.1[0-9][0-9] GET /cacheshape.cfg 200 ' "$SRVLOG"
	expect "$C: serve stored the upload (201)" grep -qE '^10\.28\.0\.1[0-9][0-9] POST /captures 201 ' "$SRVLOG"
	rel=$(sed -nE "s|^uploaded: $URL/captures/([^ ]+)\$|\\1|p" "$LOG" | tail -n 1)
	expect "$C: 'uploaded: URL' on screen ($rel)" test -n "$rel"
	expect "$C: stored where the URL says" test -n "$rel" -a -f "$T/$C/captures/$rel"
	expect "$C: stored once" test "$(find "$T/$C/captures" -name '*.json' | wc -l)" -eq 1
	if [ -n "$rel" ] && [ -f "$T/$C/captures/$rel" ]; then
		expect "$C: the stored capture reduces" "$CS" reduce --json "$T/$C/captures/$rel" >/dev/null 2>&1
		while read -r v rest; do
			case $v in PASS) pass "$C: capture: $rest" ;; *) fail "$C: capture: $v $rest" ;; esac
		done < <(python3 tests/qemu/check_secureboot.py "$T/$C/captures/$rel" enforcing 2>&1)
	fi
fi

# 2. the upload refused with 500, HTTP-booted: retries, then the screen
C=http500
mkdir -p "$T/$C/boot"
cp "$EFI" "$T/$C/boot/BOOTX64.EFI"
printf '%s\nnet_backoff=%s\n' "$QUICK" "$BACKOFF_MS" >"$T/$C/cacheshape.cfg"
if server_start "$C" python3 tests/qemu/http500.py "$ADDR" "$T/$C" &&
	dnsmasq_start "http://$ADDR:$PORT"; then
	URL=http://$ADDR:$PORT
	boot "$C" "${NIC[@]}"
	stop "$SRV"
	stop "$DNSMASQ"
	expect "$C: QEMU powered off by the application (exit $rc)" test "$rc" -eq 0
	expect "$C: HTTP-booted from the 500 server" in_log "$LOG" "net: booted over the network (HTTP boot), boot file $URL/boot/BOOTX64.EFI"
	expect "$C: no volume: it says the capture goes to the server" in_log "$LOG" "capture: no volume to write it to; it goes to the server"
	for k in 1 2 3 4; do
		expect "$C: try $k of 5 answered 500, next after back-off (net_backoff=$BACKOFF_MS, doubled)" \
			grep -qE "^upload: try $k of 5 \(the firmware's HTTP\) answered 500; again in $((BACKOFF_MS << (k - 1))) ms\$" "$LOG"
	done
	expect "$C: then NOT uploaded, 500 named" in_log "$LOG" "upload: NOT uploaded to $URL/captures: the server answered 500"
	expect "$C: the server's message shown" in_log "$LOG" "it says: test server: every upload refused with 500"
	expect "$C: where the capture is: the screen" in_log "$LOG" "the capture is on the screen above"
	expect "$C: the summary is on the screen" in_log "$LOG" "summary: each published level"
	expect "$C: the server saw 5 uploads" test "$(grep -cE ' POST /captures 500$' "$SRVLOG")" -eq 5
fi

# 3. booted from the ESP, upload= to the 500 server: the ESP keeps it
C=esp500
mkdir -p "$T/$C/boot"
printf '%s\n' "$QUICK" >"$T/$C/cacheshape.cfg"
if server_start "$C" python3 tests/qemu/http500.py "$ADDR" "$T/$C" &&
	dnsmasq_start "http://$ADDR:$PORT"; then
	URL=http://$ADDR:$PORT
	printf '%s\nname=esp500\nupload=%s/captures\nnet_backoff=%s\n' "$QUICK" "$URL" "$BACKOFF_MS" >"$T/$C/esp.cfg"
	tests/qemu/mkesp.sh "$T/$C/esp.img" "$EFI" BOOTX64.EFI "$T/$C/esp.cfg"
	boot "$C" -drive if=none,id=esp,format=raw,file="$T/$C/esp.img" -device virtio-blk-pci,drive=esp,bootindex=0 "${NIC[@]}"
	stop "$SRV"
	stop "$DNSMASQ"
	expect "$C: QEMU powered off by the application (exit $rc)" test "$rc" -eq 0
	expect "$C: not netbooted" not grep -q '^net: booted' "$LOG"
	expect "$C: the firmware asked dnsmasq for an address" in_log "$LOG" "(DHCP, asked for now)"
	expect "$C: capture written on the ESP first" in_log "$LOG" 'capture written: \captures\esp500.json'
	expect "$C: 5 tries, all answered 500" test "$(grep -cE "^upload: try [1-4] of 5 .* answered 500; again in" "$LOG")" -eq 4 -a \
		"$(grep -cE ' POST /captures 500$' "$SRVLOG")" -eq 5
	expect "$C: NOT uploaded, 500 named" in_log "$LOG" "upload: NOT uploaded to $URL/captures: the server answered 500"
	expect "$C: it says the volume has it" in_log "$LOG" "(and on the volume, if it was written)"
	rm -f "$T/$C/esp500.json"
	mcopy -i "$T/$C/esp.img" ::/captures/esp500.json "$T/$C/esp500.json" 2>/dev/null
	expect "$C: the capture is still on the ESP, and reduces" "$CS" reduce --json "$T/$C/esp500.json" >/dev/null 2>&1
	expect "$C: only it (no temporary file)" test "$(mdir -i "$T/$C/esp.img" -b ::/captures 2>/dev/null | wc -l)" -eq 1
fi

# 4. aarch64: AAVMF HTTP-boots BOOTAA64.EFI (client arch 19) from the same
# dnsmasq lines, fetches its settings and uploads
C=http-arm
ARM=build/aarch64/cacheshape.efi
mkdir -p "$T/$C/boot" "$T/$C/captures"
if [ ! -e "$ARM" ]; then
	fail "$C: missing $ARM (make firmware-aarch64)"
elif cp "$ARM" "$T/$C/boot/BOOTAA64.EFI" && printf '%s\nlabel=http boot arm\n' "$QUICK" >"$T/$C/boot/cacheshape.cfg" &&
	server_start "$C" "$CS" serve --dir "$T/$C/captures" --boot "$T/$C/boot" --bind "$ADDR" --port 0 &&
	dnsmasq_start "http://$ADDR:$PORT"; then
	URL=http://$ADDR:$PORT
	LOG=$T/$C.console.log
	t0=$(date +%s)
	x env QEMU_TIMEOUT=${TMO:-150} QEMU_CPU=max nice tests/qemu-arm/boot.sh "$LOG" "${NIC[@]}"
	rc=$?
	echo "  $C: qemu exit $rc in $(($(date +%s) - t0)) s"
	stop "$SRV"
	stop "$DNSMASQ"
	expect "$C: QEMU powered off by the application (exit $rc)" test "$rc" -eq 0
	expect "$C: dnsmasq saw client arch 19 (arm64 HTTP)" grep -qE 'vendor class: HTTPClient:Arch:00019' "$T/dnsmasq.log"
	expect "$C: and offered BOOTAA64.EFI" grep -qE "bootfile-name +$URL/boot/BOOTAA64.EFI" "$T/dnsmasq.log"
	expect "$C: HTTP-booted from that URL" in_log "$LOG" "net: booted over the network (HTTP boot), boot file $URL/boot/BOOTAA64.EFI"
	expect "$C: settings fetched" in_log "$LOG" "settings: from $URL/cacheshape.cfg"
	expect "$C: serve stored the upload (201)" grep -qE '^10\.28\.0\.1[0-9][0-9] POST /captures 201 ' "$SRVLOG"
	rel=$(sed -nE "s|^uploaded: $URL/captures/([^ ]+)\$|\\1|p" "$LOG" | tail -n 1)
	expect "$C: stored where 'uploaded: URL' says ($rel)" test -n "$rel" -a -f "$T/$C/captures/$rel"
fi

summary httpboot
