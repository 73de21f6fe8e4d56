#!/usr/bin/env python3
"""check_capture.py CAPTURE REDUCED MODEL [u-boot]: checks one aarch64 QEMU
capture and its `cacheshape reduce --json` output against what QEMU 7.2's
model advertises; with u-boot, also what a capture made under U-Boot's UEFI
must say (check_uboot.py); MODEL - with u-boot: those alone. Prints one "PASS what" or "FAIL what: why" line per check.
Timings under TCG are the host's: nothing here compares the knees with the
published caches, only that the figures are there and sane."""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "qemu"))
import check_tlb  # noqa: E402
import check_geometry  # noqa: E402
import check_uboot  # noqa: E402

KIB, MIB = 1024, 1024 * 1024
# What QEMU 7.2 (target/arm/cpu64.c) publishes for each model.
MODELS = {
    "max": {"midr_impl": 0x00, "midr_part": 0x051, "l2": 2 * MIB},
    "cortex-a57": {"midr_impl": 0x41, "midr_part": 0xD07, "l2": 2 * MIB},
    "cortex-a72": {"midr_impl": 0x41, "midr_part": 0xD08, "l2": 1 * MIB},
}
COHERENT = "instruction fetch is coherent here: nothing to measure"


def main():
    cap_path, red_path, model = sys.argv[1:4]
    firmware = sys.argv[4] if len(sys.argv) > 4 else "aavmf"
    out = []

    def check(name, cond, why=""):
        out.append(("PASS " if cond else "FAIL ") + name + ("" if cond else ": " + str(why)))

    try:
        cap = json.load(open(cap_path))
        red = json.load(open(red_path))
    except (OSError, ValueError) as e:
        print("FAIL capture or reduction is not JSON: %s" % e)
        return
    if model == "-":  # the firmware's checks alone
        check_uboot.checks(cap, red, check)
        print("\n".join(out))
        return
    want = MODELS[model]
    g = lambda d, *ks: _get(d, ks)

    check("format and arch", g(cap, "format") == "cacheshape-capture"
          and g(cap, "environment", "arch") == "aarch64" and g(cap, "environment", "kind") == "uefi",
          (g(cap, "format"), g(cap, "environment")))
    check("labelled as emulated", str(g(cap, "label")).startswith("QEMU TCG emulated, not a real cache"),
          g(cap, "label"))

    # Published caches: split L1 (32 KiB D, 48 KiB I), unified L2, no L3.
    caches = g(cap, "published", "caches") or []
    got = sorted((c["level"], c["type"], c["size_bytes"], c.get("line_bytes")) for c in caches)
    exp = sorted([(1, "data", 32 * KIB, 64), (1, "instruction", 48 * KIB, 64),
                  (2, "unified", want["l2"], 64)])
    check("published caches from CLIDR/CCSIDR", g(cap, "published", "source") == "clidr" and got == exp,
          (g(cap, "published", "source"), got))
    check("L1 split", {c[1] for c in got if c[0] == 1} == {"data", "instruction"}, got)

    regs = g(cap, "arm_registers") or {}
    hexes = [regs.get(k) for k in ("MIDR_EL1", "CTR_EL0", "CLIDR_EL1", "ID_AA64MMFR2_EL1", "CNTFRQ_EL0")]
    check("raw registers as hex strings", all(isinstance(h, str) and h.startswith("0x") for h in hexes), hexes)
    try:
        midr = int(regs["MIDR_EL1"], 16)
        check("MIDR is the model's", (midr >> 24) & 0xFF == want["midr_impl"]
              and (midr >> 4) & 0xFFF == want["midr_part"], hex(midr))
        check("CTR_EL0 is QEMU's", int(regs["CTR_EL0"], 16) == 0x8444C004, regs["CTR_EL0"])
    except (KeyError, ValueError, TypeError) as e:
        check("MIDR/CTR readable", False, e)
    sel = regs.get("CCSIDR_EL1") or []
    check("one CCSIDR per cache, with its CSSELR", len(sel) == 3
          and all(s.get("CSSELR_EL1", "").startswith("0x") and s.get("CCSIDR_EL1", "").startswith("0x") for s in sel), sel)
    check("the CCSIDR caveat is recorded", "need not describe the real cache" in str(regs.get("caveat")),
          regs.get("caveat"))

    # Clock: the generic timer at its published 62.5 MHz.
    clk = g(cap, "clock") or {}
    cal = g(cap, "calibration") or {}
    check("clock source cntvct at 62.5 MHz", clk.get("source") == "cntvct" and clk.get("hz") == 62500000, clk)
    q = clk.get("quantum_ns")
    check("quantum sane (16 ns ticks)", isinstance(q, (int, float)) and q >= 16 and q < 2000
          and abs(q / 16.0 - round(q / 16.0)) < 1e-6, q)
    check("rate from CNTFRQ", cal.get("hz_from") == "published" and cal.get("counter") == "cntvct", cal.get("hz_from"))
    st = cal.get("stall_hz")
    check("Stall() agrees within 20 %", isinstance(st, (int, float)) and abs(st / 62.5e6 - 1) < 0.2, st)
    rd = cal.get("read_ns")
    check("read cost sane", isinstance(rd, (int, float)) and 0 < rd < 10000, rd)
    check("no reference, and why", cal.get("reference") is None and "architected reference" in str(cal.get("reference_absent")),
          cal.get("reference_absent"))
    pmu = g(cap, "pmccntr") or {}
    check("PMCCNTR recorded, not mixed in", isinstance(pmu.get("offered"), bool) and pmu.get("used") is False
          and pmu.get("why"), pmu)

    # Sweep and adjacency: present, whole, read by the reducer.
    pts = g(cap, "sweep", "points") or []
    sizes = [p.get("bytes") for p in pts]
    check("sweep series present", len(pts) >= 20 and sizes[0] == 4096 and sizes == sorted(sizes)
          and all(isinstance(p.get("ns"), (int, float)) and p["ns"] > 0 for p in pts), len(pts))
    check("sweep reaches 4x the L2", sizes and sizes[-1] >= 4 * want["l2"], sizes[-1:] if sizes else None)
    check("reducer used every point", g(red, "points", "total") == len(pts) and g(red, "points", "used") == len(pts),
          g(red, "points"))
    # A placement refused before measuring is a series with its refusal and
    # no points, listed again (from that series) in adjacency_probe.
    det = g(cap, "sweep_detail") or {}
    check("failed points and point seconds recorded, as the host probe does",
          det.get("failed_points") == 0 and len(det.get("point_s", [])) == len(pts), det.get("failed_points"))
    series = {a.get("placement"): a for a in (g(cap, "adjacency") or [])}
    refused = {r.get("placement") for r in (g(cap, "adjacency_probe", "refusals") or [])}
    for p in ("first", "middle", "last"):
        a = series.get(p)
        ok = a is not None and ((len(a.get("points", [])) >= 10 and p not in refused) or
                                (a.get("refusal", {}).get("code") and p in refused))
        check("adjacency %s: series or recorded refusal" % p, ok, a and len(a.get("points", [])))
    radj = {a.get("placement"): a for a in (g(red, "adjacency") or [])}
    check("reducer answers every adjacency series (granule or refusal)",
          all(p in radj and (radj[p].get("granule_bytes") is not None or radj[p].get("refusal")) for p in series),
          list(radj))

    # Seed 001 under TCG: instruction fetch is coherent, so a refusal.
    ic = g(cap, "icache") or {}
    check("icache probe ran (first run 1024)", ic.get("first_run") == 1024 and ic.get("words") == 1024, ic.get("first_run"))
    check("icache strides 4..256", ic.get("strides") == [4, 8, 16, 32, 64, 128, 256], ic.get("strides"))
    check("icache: nothing stale", ic.get("unmaintained_stale") == 0 and ic.get("stale") == [0] * 7, ic.get("stale"))
    check("icache: the coherent refusal, never a number",
          ic.get("granule_bytes") is None and g(ic, "refusal", "code") == "coherent"
          and str(g(ic, "refusal", "reason")).startswith(COHERENT + " ("), ic.get("refusal"))
    check("icache compared with CTR_EL0.IminLine", ic.get("ctr_imin_line_bytes") == 64, ic.get("ctr_imin_line_bytes"))
    check_tlb.checks(cap, red, check, "aarch64")
    check_geometry.checks(cap, red, check, "aarch64")
    if firmware == "u-boot":
        check_uboot.checks(cap, red, check)
    print("\n".join(out))


def _get(d, ks):
    for k in ks:
        if not isinstance(d, dict) or k not in d:
            return None
        d = d[k]
    return d


if __name__ == "__main__":
    main()
