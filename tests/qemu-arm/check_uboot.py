"""check_uboot.py: what a capture made under U-Boot's UEFI
(QEMU virt, TCG) must say beyond tests/qemu-arm/check_capture.py's checks:
the firmware named, how the capture was kept (U-Boot's file protocol cannot
rename: a fresh name, and why), what the firmware lacks, the emulator named
from the device tree (no ACPI under U-Boot) and every verdict withheld, and
the TLB kinds run on page tables of our own (U-Boot's 40-bit space has no
free top-level slot: the windows go under one in use). check_capture.py
runs them after its own when its last argument is u-boot."""


def checks(cap, red, check):
    """check(name, cond, why) for each of them."""
    prod = cap.get("producer") or {}
    check("producer: firmware Das U-Boot", prod.get("firmware_vendor") == "Das U-Boot", prod.get("firmware_vendor"))
    cw = prod.get("capture_write") or {}
    check("producer.capture_write: a fresh name", cw.get("method") == "fresh-name", cw)
    check("producer.capture_write: why (the rename refused, Access Denied)",
          "refused to rename" in (cw.get("why") or "") and "Access Denied" in (cw.get("why") or ""), cw)
    lacks = prod.get("firmware_lacks")
    check("producer.firmware_lacks: MP services and graphics output",
          isinstance(lacks, list) and "MP services" in lacks and "graphics output" in lacks, lacks)
    cpu = cap.get("cpu") or {}
    check("cpu.emulator: QEMU TCG", cpu.get("emulator") == "QEMU TCG", cpu.get("emulator"))
    ev = cpu.get("hv_evidence") or ""
    check("cpu.hv_evidence: the device tree's linux,dummy-virt and TCG's CNTFRQ",
          "linux,dummy-virt" in ev and "62.5 MHz" in ev, ev)
    summ = red.get("summary") or []
    check("every summary verdict emulated",
          summ and all(s.get("verdict") == "emulated" for s in summ), [s.get("verdict") for s in summ])
    geo = red.get("geometry") or []
    check("every geometry level refused emulated, QEMU TCG named",
          geo and all(any(r.get("code") == "emulated" and "QEMU TCG" in (r.get("reason") or "")
                          for r in g.get("refusals") or []) for g in geo), geo)
    tlb = {s.get("page_bytes"): s for s in cap.get("tlb") or []}
    for page, name in ((4096, "4 KiB"), (2 << 20, "2 MiB")):
        s = tlb.get(page) or {}
        check("tlb %s: on page tables of our own, under a top-level slot in use" % name,
              s.get("page_tables") == "own" and "under a top-level slot in use" in (s.get("method") or "")
              and len(s.get("points") or []) >= 20, {k: s.get(k) for k in ("page_tables", "method", "refusal")})
    s = tlb.get(1 << 30) or {}
    check("tlb 1 GiB: run, or refused for U-Boot's space (never 'no room' unexplained)",
          (s.get("page_tables") == "own" and len(s.get("points") or []) >= 4)
          or "-bit space" in (s.get("refusal") or s.get("reason") or ""), s.get("method") or s)
    large = cap.get("sweep_large_pages") or {}
    check("sweep on large pages: run on our own tables",
          large.get("page_tables") == "own" and len(large.get("points") or []) >= 20,
          str(large)[:200])
