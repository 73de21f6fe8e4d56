# netboot.sh: sourced by `make netrun` (netrun.sh) and tests/suite-netboot.sh.
# A network boot under QEMU's user-mode network (slirp): its DHCP answers,
# its TFTP server serves the boot file, and the guest reaches the host's
# loopback at 10.0.2.2. `cacheshape serve` runs on a free loopback port;
# the port travels to the firmware in the DHCP boot file's own URL
# (bootfile=http://10.0.2.2:PORT/cacheshape.efi), which slirp's TFTP serves
# from TFTPDIR/http:/10.0.2.2:PORT/cacheshape.efi. The NIC is virtio-net
# with romfile= (no iPXE option ROM): the firmware's own network stack
# boots it, on x86_64 (OVMF) and aarch64 (AAVMF) alike.
#
#   serve_start DIR BOOTDIR [SERVE ARGS...]  sets SERVE_PID SERVE_PORT SERVE_LOG
#   serve_stop                               TERM, then wait (KILL after 5 s)
#   net_tftp TFTPDIR EFI                     the boot file where slirp finds it
#   net_boot ARCH LOG [QEMU ARGS...]         boots from it; QEMU's exit status
#   cfg_start FILE [CFGSERVE ARGS...]        tests/qemu/cfgserve.py: FILE as
#                                            /cacheshape.cfg, framed otherwise;
#                                            sets CFG_PID CFG_PORT CFG_LOG
#   cfg_stop
#   port_of LOG PID REGEX                    a server's port from its log
#                                            (tests/suite-httpboot.sh's too)
CS=${CS:-build/host/cacheshape}

# port_of LOG PID REGEX: the port a server (PID) prints in its LOG, the
# first line that the sed -E REGEX matches, \1 the port; waited for 10 s
# at most, while the server lives (status 1 and nothing printed otherwise)
port_of() {
	local port
	for _ in $(seq 1 100); do
		port=$(sed -nE "s|$3|\\1|p" "$1" | head -n 1)
		[ -n "$port" ] && { echo "$port"; return 0; }
		kill -0 "$2" 2>/dev/null || return 1
		sleep 0.1
	done
	return 1
}

cfg_start() {
	local file=$1; shift
	CFG_LOG=$file.cfgserve.log
	CFG_PORT=
	python3 tests/qemu/cfgserve.py "$file" "$@" >"$CFG_LOG" 2>&1 &
	CFG_PID=$!
	CFG_PORT=$(port_of "$CFG_LOG" "$CFG_PID" '^http://127\.0\.0\.1:([0-9]+)/$') && return 0
	echo "netboot: cfgserve did not start: $(head -c 500 "$CFG_LOG")" >&2
	return 1
}

cfg_stop() {
	[ -n "${CFG_PID:-}" ] || return 0
	kill -TERM "$CFG_PID" 2>/dev/null
	wait "$CFG_PID" 2>/dev/null
	CFG_PID=
}

serve_start() {
	local dir=$1 boot=$2; shift 2
	SERVE_LOG=$dir.serve.log
	SERVE_PORT=
	mkdir -p "$dir"
	"$CS" serve --dir "$dir" --boot "$boot" --port 0 "$@" >"$SERVE_LOG" 2>&1 &
	SERVE_PID=$!
	SERVE_PORT=$(port_of "$SERVE_LOG" "$SERVE_PID" '.*http://127\.0\.0\.1:([0-9]+)/.*') && return 0
	echo "netboot: cacheshape serve did not start: $(head -c 500 "$SERVE_LOG")" >&2
	return 1
}

serve_stop() {
	[ -n "${SERVE_PID:-}" ] || return 0
	kill -TERM "$SERVE_PID" 2>/dev/null
	for _ in $(seq 1 50); do
		kill -0 "$SERVE_PID" 2>/dev/null || break
		sleep 0.1
	done
	kill -KILL "$SERVE_PID" 2>/dev/null
	wait "$SERVE_PID" 2>/dev/null
	SERVE_PID=
}

net_tftp() {
	local tftp=$1 efi=$2
	NET_TFTP=$tftp
	rm -rf "$tftp"
	mkdir -p "$tftp/http:/10.0.2.2:$SERVE_PORT"
	cp "$efi" "$tftp/http:/10.0.2.2:$SERVE_PORT/cacheshape.efi"
}

net_boot() {
	local arch=$1 log=$2; shift 2
	local nic=(-netdev "user,id=n0,tftp=$NET_TFTP,bootfile=http://10.0.2.2:$SERVE_PORT/cacheshape.efi"
		-device virtio-net-pci,netdev=n0,romfile=,bootindex=1)
	if [ "$arch" = aarch64 ]; then
		tests/qemu-arm/boot.sh "$log" "${nic[@]}" "$@"
	else
		tests/qemu/boot.sh "$log" "${nic[@]}" "$@"
	fi
}
