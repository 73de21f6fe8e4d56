#!/usr/bin/env python3
"""check_experiments.py CAPTURE REDUCED: seed 003's experiments are present
and valid in a capture (two single-access series of 1024 raw tick counts, a
clock quantum, a stride curve, random against fixed) and the reduction gives
each a result or a refusal. Under emulation the figures are the emulator's:
nothing here asserts one. Exit 0 when valid; otherwise the reason."""
import json, sys

def main():
    cap = json.load(open(sys.argv[1]))
    red = json.load(open(sys.argv[2]))
    x = cap.get("experiments")
    if not isinstance(x, dict):
        return "no experiments in the capture"
    s = x.get("single_access") or {}
    series = s.get("series") or []
    if len(series) != 2 or [e.get("stride_bytes") for e in series] != [1, 8]:
        return "single_access: want series of stride 1 and 8"
    for e in series:
        t = e.get("ticks") or []
        if len(t) != 1024 or any(not isinstance(v, int) or v < 0 for v in t):
            return "single_access: want 1024 tick counts >= 0 a series"
    if not (s.get("quantum_ns", 0) > 0 and s.get("ns_per_tick", 0) > 0):
        return "single_access: quantum_ns and ns_per_tick must be > 0"
    pts = (x.get("stride_prefetch") or {}).get("points") or []
    if len(pts) < 4 or any(p["ns"] < 0 for p in pts) or \
            [p["stride_bytes"] for p in pts] != sorted(p["stride_bytes"] for p in pts):
        return "stride_prefetch: want >= 4 ascending strides, ns >= 0"
    r = x.get("random_vs_fixed") or {}
    if not (r.get("fixed_ns", -1) >= 0 and r.get("random_ns", -1) >= 0):
        return "random_vs_fixed: want fixed_ns and random_ns >= 0"
    e = red.get("experiments") or {}
    for k, v in (("single_access", "line_bytes"), ("stride_prefetch", "flat"),
                 ("random_vs_fixed", "ratio")):
        o = e.get(k)
        if not isinstance(o, dict) or (o.get("refusal") is None) == (o.get(v) is None):
            return "reduce --json: %s wants %s or a refusal, not both" % (k, v)
        f = o.get("refusal")
        if f is not None and not (f.get("code") and f.get("reason")):
            return "reduce --json: %s refusal without code or reason" % k
    return None

if __name__ == "__main__":
    why = main()
    if why:
        print(why)
        sys.exit(1)
