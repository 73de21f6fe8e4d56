#!/usr/bin/env bash
# serve_bench.sh CACHESHAPE BENCH_UPLOAD: `cacheshape serve` taking uploads
# on loopback: new 20 KB captures a second (each validated, hashed, written,
# fsynced and linked), the same bytes again a second (validated, hashed,
# found), and the server's peak memory; then 2,000 distinct uploads 32 at
# once (none may be lost) and 200 wrong-token 4 MiB uploads at once (peak
# memory under 50 MB). A benchmark: it prints, it does not
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

# 2,000 distinct uploads, 32 at once: each answered 201 and stored, none
# lost (issue 22: "as today")
serve_stop
rm -rf "$dir/captures" "$dir/captures.serve.log" # a fresh log: the old port is not the new one
serve_start "$dir/captures" "$dir/boot" || exit 1
python3 - "$SERVE_PORT" "$capture" 2000 32 >"$dir/many.out" 2>&1 <<'PY'
import concurrent.futures as cf, http.client, sys, time
port, path, n, par = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
good = open(path, "rb").read()
def one(k):
    body = good.replace(b'"label": "', b'"label": "bench %d: ' % k, 1)
    for _ in range(3):
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            c.request("POST", "/captures", body, {"Content-Type": "application/json"})
            st = c.getresponse().status
            c.close()
            return st
        except OSError:
            time.sleep(0.2)
    return 0
t0 = time.time()
with cf.ThreadPoolExecutor(par) as ex:
    codes = list(ex.map(one, range(n)))
print(f"{codes.count(201)} of {n} stored (201) in {time.time() - t0:.1f} s, {n - codes.count(201)} other")
PY
many=$(find "$dir/captures" -name '*.json' | wc -l)
printf '  2000 uploads, 32 at once     %s; %s files   target: none lost: %s\n' "$(cat "$dir/many.out")" "$many" \
	"$([ "$many" -eq 2000 ] && grep -q '^2000 of 2000' "$dir/many.out" && echo met || echo MISSED)"
serve_stop

# 200 wrong-token uploads at once, each announcing and sending 4 MiB: the
# token is checked on the headers, so serve's peak memory stays small
printf 'bench-token\n' >"$dir/token"
serve_start "$dir/tok" "$dir/boot" --token "$dir/token" || exit 1
python3 - "$SERVE_PORT" 200 >"$dir/flood.out" 2>&1 <<'PY'
import socket, sys, time
port, n = int(sys.argv[1]), int(sys.argv[2])
body = b"{" + b" " * (4 << 20)
head = (b"POST /captures HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer wrong\r\n"
        b"Content-Length: %d\r\n\r\n" % len(body))
socks = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(n)]
for s in socks:
    s.setblocking(False)
    s.send(head)
got = [b""] * n
end = time.time() + 20
while time.time() < end and not all(g.startswith(b"HTTP/1.1 401") for g in got):
    for i, s in enumerate(socks):
        try:
            s.send(body[:65536])
        except OSError:
            pass
        try:
            got[i] += s.recv(4096)
        except OSError:
            pass
    time.sleep(0.01)
print(f"{sum(g.startswith(b'HTTP/1.1 401') for g in got)} of {n} answered 401")
PY
hwm=$(sed -nE 's/^VmHWM:[[:space:]]+([0-9]+) kB/\1/p' "/proc/$SERVE_PID/status")
printf '  200 wrong-token 4 MiB uploads %s; serve peak memory (VmHWM) %s MiB   target < 50 MB: %s\n' \
	"$(cat "$dir/flood.out")" "$(awk -v k="${hwm:-0}" 'BEGIN { printf "%.1f", k / 1024 }')" \
	"$([ "${hwm:-999999}" -lt 51200 ] && echo met || echo MISSED)"
