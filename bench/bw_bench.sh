#!/usr/bin/env bash
# bw_bench.sh CACHESHAPE: the bandwidth kind beside likwid-bench (Debian's
# likwid, scripts/deps.sh bench) on this machine, in the same run: one full
# host capture pinned to CPU 0 (its wall time and its split per kind), then
# likwid-bench's load_<width> and copy_<width> kernels, one thread on CPU 0
# (S0's first hardware thread), the same width as our kernels, at one size
# inside each level the latency sweep found (the geometric middle of its
# extent); per level our single-thread read and copy GB/s (the capture's
# point nearest that size), likwid's, and the ratio against the 0.9x target;
# and the L1 physical read peak: loads a cycle x vector bytes x core clock.
# A benchmark: it prints, it does not pass or fail (tests never assert
# timings). LIKWID_SECONDS sets likwid-bench's -s (default 0.3); each
# likwid figure is the better of two runs (the machine may be shared).
set -u
bin=${1:-build/host/cacheshape}
secs=${LIKWID_SECONDS:-0.3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "bandwidth bench: $(nproc) CPU(s), load average $(cut -d' ' -f1-3 /proc/loadavg)"
t0=$(date +%s.%N)
if ! "$bin" probe -q --cpu 0 -o "$tmp/cap.json" --label "bandwidth bench" >"$tmp/out" 2>"$tmp/err"; then
	echo "probe failed:"; cat "$tmp/err"; exit 1
fi
t1=$(date +%s.%N)
"$bin" reduce --json "$tmp/cap.json" >"$tmp/red.json" || exit 1
kernel=$(python3 -c 'import json,sys; b=json.load(open(sys.argv[1]))["bandwidth"]; print(b["series"][0]["kernel"] if b else "")' "$tmp/cap.json")
case "$kernel" in
avx512) lk=_avx512 ;; avx2) lk=_avx ;; sse2) lk=_sse ;; *) lk= ;;
esac
have=1
command -v likwid-bench >/dev/null || { have=0; echo "likwid-bench missing (scripts/deps.sh bench): our figures alone"; }
# likwid-bench at each level's middle: "KIND BYTES MB/s" lines.
python3 - "$tmp/red.json" >"$tmp/sizes" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
for L in r.get("levels", []):
    print(int((L["first_bytes"] * L["last_bytes"]) ** 0.5) // 1024)
PY
: >"$tmp/likwid"
if [ "$have" = 1 ]; then
	while read -r kb; do
		for t in load copy; do
			# likwid's copy size is both streams together: our copy's is the source
			size=$kb; [ "$t" = copy ] && size=$((2 * kb))
			best=0 # the better of two runs: the machine may be shared
			for run in 1 2; do
				mbs=$(likwid-bench -t "$t$lk" -w "S0:${size}kB:1" -s "$secs" 2>/dev/null |
					sed -n 's/^MByte\/s:[[:space:]]*//p')
				best=$(python3 -c "print(max(float('${mbs:-0}'), $best))")
			done
			echo "$t $kb $best" >>"$tmp/likwid"
		done
	done <"$tmp/sizes"
fi
python3 - "$tmp" "$t0" "$t1" "$kernel" "$lk" <<'PY'
import json, sys
tmp, t0, t1, kernel, lk = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4], sys.argv[5]
c = json.load(open(f"{tmp}/cap.json"))
r = json.load(open(f"{tmp}/red.json"))
wall = t1 - t0
sw = c["sweep_detail"]["seconds"]
adj = c["adjacency_probe"]["seconds"]
tlb = c.get("tlb_probe", {}).get("seconds", 0)
bp = c.get("bandwidth_probe", {})
bw, mlp = bp.get("seconds", 0), bp.get("mlp_seconds", 0)
print(f"{'wall time of a full capture (s)':40}{wall:8.2f}   <= 10 s   {'ok' if wall <= 10 else 'OVER'}")
print(f"{'  split: sweep/adjacency/tlb/bandwidth/mlp/rest':40}"
      f"  {sw:.2f}/{adj:.2f}/{tlb:.2f}/{bw:.2f}/{mlp:.2f}/{wall - sw - adj - tlb - bw - mlp:.2f}")
b = c.get("bandwidth")
if not b:
    print("bandwidth: not measured:", c.get("bandwidth_reason")); sys.exit(0)
print(f"kernels: {kernel} ({b.get('vector_note', '')}); likwid-bench load{lk}, copy{lk}")
one = {s["op"]: s for s in b["series"] if s["threads"] == 1 and not s.get("refusal")}
def ours(op, kb):
    s = one.get(op)
    if not s:
        return None
    p = min(s["points"], key=lambda p: abs(p["bytes"] - kb * 1024))
    return 1 / p["ns_per_byte"]  # GB/s of counted bytes (copy: read + written, as likwid counts)
lw = {}
for line in open(f"{tmp}/likwid"):
    t, kb, mbs = line.split()
    lw[(t, int(kb))] = float(mbs) / 1000.0
print(f"{'level @ size':22}{'read GB/s':>11}{'likwid':>9}{'ratio':>7}   {'copy GB/s':>10}{'likwid':>9}{'ratio':>7}   target >= 0.9x")
sizes = [int(l) for l in open(f"{tmp}/sizes")]
for i, kb in enumerate(sizes):
    cells = []
    for op, t in (("read", "load"), ("copy", "copy")):
        o, l = ours(op, kb), lw.get((t, kb), 0)
        ratio = o / l if o and l else None
        cells.append((o, l, ratio))
    def f(x, w, d=1):
        return f"{x:{w}.{d}f}" if x else f"{'-':>{w}}"
    ok = all(x[2] and x[2] >= 0.9 for x in cells)
    verdict = "ok" if ok else "-" if not all(x[2] for x in cells) else "UNDER"
    print(f"{'L%d @ %d KiB' % (i + 1, kb):22}{f(cells[0][0], 11)}{f(cells[0][1], 9)}{f(cells[0][2], 7, 2)}   "
          f"{f(cells[1][0], 10)}{f(cells[1][1], 9)}{f(cells[1][2], 7, 2)}   {verdict}")
# L1's physical read peak: the bytes a cycle the core's L1 data cache
# delivers to loads of the kernel's width x the core clock. The bytes a
# cycle come from the vendors' optimization manuals, per core (CORES
# below; a core not in it: the fraction is not said, rather than guessed:
# two loads a cycle of any width is wrong on Zen 4, whose 512-bit loads
# issue one a cycle, and on Golden Cove, which takes three of 256 bits).
# The clock: the core clock the capture measured around the bandwidth kind
# (the add chain, docs/clock.md) where it has it; else CPUID leaf 0x16's
# base frequency where given; else the counter's rate (the TSC), said so.
CORES = [  # vendor, family, models, name, {load width: L1 bytes a cycle}, source
    ("GenuineIntel", 6, {0x2a, 0x2d, 0x3a, 0x3e}, "Sandy/Ivy Bridge", {8: 16, 16: 32, 32: 32},
     "Intel optimization manual: 2 loads a cycle, a 256-bit load holds its port 2 cycles"),
    ("GenuineIntel", 6, {0x3c, 0x3f, 0x45, 0x46, 0x3d, 0x47, 0x4f, 0x56, 0x4e, 0x5e, 0x8e, 0x9e, 0xa5, 0xa6},
     "Haswell to Comet Lake", {8: 16, 16: 32, 32: 64}, "Intel optimization manual: 2 loads of up to 256 bits a cycle"),
    ("GenuineIntel", 6, {0x55, 0x6a, 0x6c, 0x7d, 0x7e, 0x8c, 0x8d, 0xa7}, "Skylake-SP to Tiger Lake",
     {8: 16, 16: 32, 32: 64, 64: 128}, "Intel optimization manual: 2 loads of up to 512 bits a cycle"),
    ("GenuineIntel", 6, {0x8f, 0xcf, 0xad, 0xae, 0x97, 0x9a, 0xb7, 0xba, 0xbf}, "Golden Cove and after (P-cores)",
     {8: 24, 16: 48, 32: 96, 64: 128}, "Intel optimization manual: 3 loads of up to 256 bits or 2 of 512 a cycle"),
    ("AuthenticAMD", 0x17, set(range(0x00, 0x30)), "Zen, Zen+", {8: 16, 16: 32, 32: 32},
     "AMD 55723: 2 loads of 128 bits a cycle, a 256-bit load is two"),
    ("AuthenticAMD", 0x17, set(range(0x30, 0x100)), "Zen 2", {8: 16, 16: 32, 32: 64},
     "AMD 56305: 2 loads of up to 256 bits a cycle"),
    ("AuthenticAMD", 0x19, set(range(0x00, 0x10)) | set(range(0x20, 0x60)), "Zen 3", {8: 24, 16: 48, 32: 64},
     "AMD 56665: 3 loads a cycle, at most 2 of them vector loads of up to 256 bits"),
    ("AuthenticAMD", 0x19, set(range(0x10, 0x20)) | set(range(0x60, 0x80)) | set(range(0xa0, 0xb0)), "Zen 4",
     {8: 24, 16: 48, 32: 64, 64: 64}, "AMD 57647: 2 loads of up to 256 bits a cycle; a 512-bit load is two halves, one a cycle"),
    ("AuthenticAMD", 0x1a, set(range(0x00, 0x100)), "Zen 5", {64: 128},
     "AMD 58455: 2 loads of 512 bits a cycle"),
]
def cpuid(leaf):
    for e in c.get("cpuid", []) or []:
        if int(e["leaf"], 16) == leaf and int(e.get("subleaf", "0") or "0", 16) == 0:
            return {k: int(e[k], 16) for k in ("eax", "ebx", "ecx", "edx")}
    return None
def core():
    l0, l1 = cpuid(0), cpuid(1)
    if not l0 or not l1:
        return None, "the capture holds no CPUID leaves 0 and 1"
    vendor = b"".join(l0[k].to_bytes(4, "little") for k in ("ebx", "edx", "ecx")).decode("ascii", "replace")
    fam = (l1["eax"] >> 8) & 0xf
    model = (l1["eax"] >> 4) & 0xf
    if fam == 0xf:
        fam += (l1["eax"] >> 20) & 0xff
    if fam in (6, 0xf) or fam > 0xf:
        model |= ((l1["eax"] >> 16) & 0xf) << 4
    h = cpuid(0x1a)
    if vendor == "GenuineIntel" and h and (h["eax"] >> 24) == 0x20:
        return None, f"{vendor} family {fam:#x} model {model:#x}, an Atom (E-) core: not in the table"
    for v, f, models, name, width, src in CORES:
        if v == vendor and f == fam and model in models:
            return (name, width, src), f"{vendor} family {fam:#x} model {model:#x}"
    return None, f"{vendor} family {fam:#x} model {model:#x}: not in the table"
hz, how = None, None
for q in (c.get("core_clock") or {}).get("kinds", []) or []:
    v = sorted(x for x in (q.get("hz") or []) if x)
    if q.get("kind") == "bandwidth" and v:
        hz, how = v[len(v) // 2], "the core clock measured around the bandwidth kind"
l16 = cpuid(0x16)
if not hz and l16 and l16["eax"] & 0xffff:
    hz, how = (l16["eax"] & 0xffff) * 1e6, "CPUID leaf 0x16 base frequency"
if not hz and c["clock"].get("hz"):
    hz, how = c["clock"]["hz"], f"the counter's rate ({c['clock']['source']}), taken for the core clock"
vb = one.get("read", {}).get("vector_bytes", 0)
known, ident = core()
# ours: the best read point inside L1's extent (a call's fixed cost weighs
# least there), and the point at the level's middle that the likwid row uses
best = None
if r.get("levels") and "read" in one:
    L = r["levels"][0]
    inside = [p for p in one["read"]["points"] if L["first_bytes"] <= p["bytes"] <= L["last_bytes"]]
    if inside:
        best = max(inside, key=lambda p: 1 / p["ns_per_byte"])
if not known:
    print(f"L1 read peak: not said: the core ({ident}) has no load width in this bench's table")
elif vb not in known[1]:
    print(f"L1 read peak: not said: {known[0]} has no {vb}-byte load rate in this bench's table")
elif not hz or not best:
    print("L1 read peak: not said: " + ("the clock is not known here" if not hz else "no read point inside L1"))
else:
    per = known[1][vb]
    peak = per * hz / 1e9
    o = 1 / best["ns_per_byte"]
    mid = ours("read", sizes[0])
    print(f"L1 read peak: {per} B a cycle ({known[0]}, {ident}; {known[2]}) x {hz / 1e9:.3f} GHz ({how}) = {peak:.1f} GB/s")
    print(f"  ours: best in L1 {o:.1f} GB/s at {best['bytes'] // 1024} KiB = {100 * o / peak:.0f} % (target >= 70 %)"
          f"{'' if mid is None else f'; at the level middle {mid:.1f} GB/s = {100 * mid / peak:.0f} %'}")
a = [s for s in b["series"] if s["threads"] > 1 and not s.get("refusal")]
if a:
    s = a[0]
    p = min(s["points"], key=lambda p: abs(p["bytes"] - sizes[-1] * 1024)) if sizes else s["points"][-1]
    print(f"all cores: read on {s['threads']} processors at {p['bytes'] / 2**20:.1f} MiB each: {1 / p['ns_per_byte']:.1f} GB/s together")
PY
