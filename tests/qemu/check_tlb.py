"""check_tlb.py: the TLB kind's mechanics in a firmware capture from QEMU
(docs/tlb.md), for tests/qemu/check_capture.py and
tests/qemu-arm/check_capture.py. Under TCG the timings are QEMU's software
TLB's: nothing here looks at a knee. What is checked: what the processor
publishes (or why nothing), a series per page size on page tables of our
own (or the page size refused with its reason), the firmware's tables back
after the sweep (read back by the firmware before it wrote this capture),
the region's page size, the sweep on large pages of our own, and that
`cacheshape reduce --json` reduced every series."""

KIB, MIB, GIB = 1024, 1024 * 1024, 1024 * 1024 * 1024


def checks(c, red, check, arch):
    pub = c.get("published", {})
    if arch == "aarch64":
        check("TLBs: ARM publishes none, and the capture says why",
              "tlbs" in pub and pub["tlbs"] is None and "no register" in str(pub.get("tlbs_reason")),
              (pub.get("tlbs"), pub.get("tlbs_reason")))
    else:
        tl = pub.get("tlbs")
        check("TLBs: CPUID's, as a list of {level, type, page_bytes, entries}",
              isinstance(tl, list) and len(tl) > 0 and all(
                  {"level", "type", "page_bytes", "entries"} <= set(t) for t in tl)
              and pub.get("tlbs_source", "").startswith("cpuid-"), (pub.get("tlbs_source"), tl))
    series = {s.get("page_bytes"): s for s in c.get("tlb", [])}
    check("TLB series for 4 KiB, 2 MiB and 1 GiB pages", sorted(series) == [4 * KIB, 2 * MIB, GIB],
          sorted(series))
    for page in (4 * KIB, 2 * MIB):
        s = series.get(page, {})
        check("TLB %d KiB: on page tables of our own, measured" % (page // KIB),
              s.get("page_tables") == "own" and len(s.get("points", [])) >= 10 and "our own" in s.get("method", ""),
              (s.get("page_tables"), len(s.get("points", [])), s.get("refusal")))
        pages = [p["pages"] for p in s.get("points", [])]
        check("TLB %d KiB: counts from 4, rising, each with ns, median and block" % (page // KIB),
              pages[:1] == [4] and pages == sorted(pages) and all(
                  p["ns"] > 0 and p.get("ns_median", 0) >= p["ns"] and p.get("block_ns", 0) > 0
                  for p in s.get("points", [])), pages[:6])
    g = series.get(GIB, {})
    check("TLB 1 GiB: measured on our own tables, or refused with its reason",
          (g.get("page_tables") == "own" and len(g.get("points", [])) >= 10)
          or (g.get("refusal") and not g.get("points")), (g.get("page_tables"), g.get("refusal")))
    probe = c.get("tlb_probe", {})
    check("the firmware's tables back after the sweep (read back before this capture was written)",
          probe.get("firmware_tables_back") is True, probe)
    check("TLB run recorded: passes and seconds", probe.get("passes") == 3 and probe.get("seconds", 0) > 0, probe)
    pp = c.get("pool_pages")
    check("pool_pages: the page size that backed the data-cache sweep",
          pp in (4 * KIB, 2 * MIB, GIB) and c.get("pool_pages_how"), (pp, c.get("pool_pages_how")))
    lg = c.get("sweep_large_pages", {})
    check("sweep_large_pages on large pages of our own", lg.get("page_bytes", 0) >= 2 * MIB
          and lg.get("page_tables") == "own" and len(lg.get("points", [])) >= 10,
          (lg.get("page_bytes"), lg.get("page_tables"), len(lg.get("points", []))))
    rt = {s.get("page_bytes"): s for s in red.get("tlb", [])}
    check("reduce --json reduces every TLB series", sorted(rt) == sorted(series) and all(
        rt[p]["points"]["total"] == len(series[p].get("points", [])) for p in series), sorted(rt))
    check("reduce --json reduces the large-page sweep", "sweep_large_pages" in red, list(red)[-4:])
