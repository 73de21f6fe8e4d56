#!/usr/bin/env bash
# serve_bench.sh CACHESHAPE BENCH_UPLOAD: `cacheshape serve` taking uploads
# on loopback: new 20 KB captures a second (each validated, hashed, written,
# fsynced and linked), the same bytes again a second (validated, hashed,
# found), and the server's peak memory. A benchmark: it prints, it does not
# pass or fail. SECONDS=N (default 5) per phase, THREADS=N clients (8).
set -u
cs=${1:-build/host/cacheshape}
bin=${2:-build/host/bench/bench_upload}
secs=${SECONDS_PER_PHASE:-5}
threads=${THREADS:-8}
capture=captures/host/AMD-EPYC-2026-11-30-tsc-huge-experiments.json
cd "$(dirname "$0")/.."
dir=build/bench-serve
rm -rf "$dir"
mkdir -p "$dir/boot"
. tests/qemu/netboot.sh
CS=$cs
serve_start "$dir/captures" "$dir/boot" || exit 1
trap serve_stop EXIT
echo "serve bench: $threads clients on $(nproc) CPU(s), load average $(cut -d' ' -f1-3 /proc/loadavg), $(stat -c %s "$capture")-byte capture"
new=$("$bin" "$SERVE_PORT" "$secs" "$capture" "$threads" new) || echo "  (some uploads failed: see above)"
same=$("$bin" "$SERVE_PORT" "$secs" "$capture" "$threads" same) || echo "  (some uploads failed: see above)"
hwm=$(sed -nE 's/^VmHWM:[[:space:]]+([0-9]+) kB/\1/p' "/proc/$SERVE_PID/status")
rate=$(echo "$new" | sed -nE 's/.*: ([0-9]+)\/s.*/\1/p')
stored=$(find "$dir/captures" -name '*.json' | wc -l)
printf '  upload, new captures         %s   target >= 500/s: %s\n' "$new" \
	"$([ "${rate:-0}" -ge 500 ] && echo met || echo MISSED)"
printf '  upload, the same bytes again %s\n' "$same"
printf '  stored: %s files; serve peak memory (VmHWM): %s MiB\n' "$stored" "$(awk -v k="${hwm:-0}" 'BEGIN { printf "%.1f", k / 1024 }')"
