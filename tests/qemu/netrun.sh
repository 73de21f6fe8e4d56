#!/usr/bin/env bash
# netrun.sh ARCH EFI CFG RUNDIR TIMEOUT: `make netrun`. Starts `cacheshape
# serve` on a free loopback port over a fresh folder RUNDIR/captures, with
# CFG as the settings it hands out (GET /cacheshape.cfg), boots QEMU from
# the network (netboot.sh), lets the firmware fetch its settings, measure
# and upload, stops the server, and shows the stored capture's reduction.
# The last line is "uploaded: PATH" (the file the server stored).
set -uo pipefail
arch=$1 efi=$2 cfg=$3 dir=$4 tmo=$5
cd "$(dirname "$0")/../.."
. tests/qemu/netboot.sh
export QEMU_TIMEOUT=$tmo QEMU_SHOW=${QEMU_SHOW:-1}

rm -rf "$dir"
mkdir -p "$dir/boot"
cp "$cfg" "$dir/boot/cacheshape.cfg"
serve_start "$dir/captures" "$dir/boot" || exit 1
trap serve_stop EXIT
echo "netrun: cacheshape serve on http://127.0.0.1:$SERVE_PORT/, captures into $dir/captures"
net_tftp "$dir/tftp" "$efi"
t0=$(date +%s%N)
net_boot "$arch" "$dir/console.log"
rc=$?
t1=$(date +%s%N)
serve_stop
trap - EXIT
[ "$rc" -eq 0 ] || echo "netrun: QEMU ended with status $rc (124: timed out)" >&2
echo "netrun: boot to power-off $(( (t1 - t0) / 1000000 )) ms; the server's log:"
sed 's/^/  /' "$SERVE_LOG"
url=$(sed -nE 's|^uploaded: http://10\.0\.2\.2:[0-9]+/captures/([^ ]+).*|\1|p' "$dir/console.log" | tail -n 1)
if [ -z "$url" ]; then
	echo "netrun: the firmware uploaded nothing (see $dir/console.log)" >&2
	exit 1
fi
path="$dir/captures/$url"
if [ ! -f "$path" ]; then
	echo "netrun: the firmware says it uploaded $url, but $path is not there" >&2
	exit 1
fi
echo
"$CS" reduce "$path" || { echo "netrun: cacheshape reduce failed on $path" >&2; exit 1; }
echo "uploaded: $path"
