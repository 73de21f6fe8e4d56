"""check_geometry.py: the geometry kind's mechanics in a firmware capture
from QEMU (docs/geometry.md), for tests/qemu/check_capture.py and
tests/qemu-arm/check_capture.py. Under TCG the timings are the host's and
the caches QEMU's fiction: nothing here looks at a figure. What is checked:
the table measured on the identity-mapped pool, checked against the
firmware's page tables; strides from the line, rising powers of two, each
with its counts timed; what the processor publishes (ways and sets) where
it does; the run recorded; and that `cacheshape reduce --json` gives one
geometry entry per data or unified level, each measured or refused with a
code and a reason."""


def checks(c, red, check, arch):
    g = c.get("geometry", {})
    check("geometry: measured on identity-mapped memory, checked against the page tables",
          g.get("memory") == "identity" and "checked against the firmware's page tables" in g.get("memory_how", ""),
          (g.get("memory"), g.get("memory_how"), g.get("refusal")))
    st = g.get("strides", [])
    sizes = [s["stride_bytes"] for s in st]
    check("geometry: strides from the line, rising powers of two, each timed",
          len(st) >= 10 and sizes[0] == g.get("line_bytes") and all(b == 2 * a for a, b in zip(sizes, sizes[1:]))
          and all(s["ns"] and all(x > 0 for x in s["ns"]) and len(s["ns"]) <= g.get("counts_max", 0) for s in st),
          sizes[:4])
    check("geometry: the first strides hold counts_max counts",
          g.get("counts_max", 0) >= 64 and len(st[0]["ns"]) == g["counts_max"] if st else False,
          (g.get("counts_max"), len(st[0]["ns"]) if st else None))
    pub = c.get("published", {}).get("geometry")
    if arch == "aarch64":
        check("geometry published: CCSIDR's ways and sets", pub and all(p["ways"] > 0 and p["sets"] > 0 for p in pub)
              and c["published"].get("geometry_source") == "ccsidr", (c["published"].get("geometry_source"), pub))
    probe = c.get("geometry_probe", {})
    check("geometry run recorded: points and seconds", probe.get("points", 0) > 0 and probe.get("seconds", 0) > 0,
          probe)
    rg = red.get("geometry")
    keys = ["level", "ways", "way_bytes", "sets", "size_bytes", "line_bytes", "published_ways", "published_sets",
            "knee_bytes", "share", "refusals"]
    check("reduce --json: geometry, one entry per level, measured or refused with code and reason",
          isinstance(rg, list) and rg and all(list(e) == keys for e in rg) and all(
              (e["ways"] is None) == bool(e["refusals"]) and all(f["code"] and f["reason"] for f in e["refusals"])
              for e in rg), rg)
