#!/usr/bin/env python3
# check_clock.py CAPTURE REDUCED SMI: a firmware capture's core clock under
# QEMU TCG (docs/clock.md): readings before and after every kind and after
# each step of the sweep, the cycle counter named or refused with its
# reason, interrupts masked, the SMI count as the processor allows (SMI:
# "intel" read under the guard, "amd" or "arm" said not available), the
# fault guard never fatal (the capture exists at all); in `reduce --json`,
# clock.core_hz measured and the reference refused for the virtual machine.
# Mechanics only: TCG's rates are the host's.
import json, sys

cap = json.load(open(sys.argv[1]))
red = json.load(open(sys.argv[2]))
smi = sys.argv[3]
k = cap["core_clock"]
assert k["adds"] > 0 and k["runs"] >= 1, k
kinds = {q["kind"]: q for q in k["kinds"]}
assert "sweep" in kinds and "adjacency" in kinds, list(kinds)
for q in k["kinds"]:
    assert all(h is None or h > 0 for h in q["hz"]), q
    assert q["hz"][0] is not None and q["hz"][1] is not None, q
assert len(kinds["sweep"]["blocks_hz"]) >= 10, kinds["sweep"]
cc = k["cycle_counter"]
assert cc["name"] is not None or cc["why"], cc
v = k["validity"]
assert v["interrupts_masked"] is True, v
if smi == "intel":
    assert v["smi_countable"] is True and all(isinstance(q["smi"], int) for q in k["kinds"]), v
elif smi == "amd":
    assert v["smi_countable"] is False and "not Intel" in v["smi_why"], v
else:
    assert v["smi_countable"] is False and "ARM" in v["smi_why"], v
c = red["clock"]
assert isinstance(c["core_hz"], (int, float)) and c["core_hz"] > 0, c
assert c["cycle_counter_hz"] is not None or c["cycle_counter_why"], c
r = red["reference"]
assert r["is_reference"] is False and any(f["code"] == "virtual-machine" for f in r["reasons"]), r
print("core clock %.3g GHz, cycle counter %s, SMIs %s" % (c["core_hz"] / 1e9, cc["name"] or cc["why"], v["smi_why"]))
