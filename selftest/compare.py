#!/usr/bin/env python3
"""compare.py CONSOLE HOSTLOG QEMU_RC [EXPECTED [UNITDIR]]: the firmware's
selftest run (its serial console) against the host twin's. One line per
check, "PASS ..." or "FAIL ...". It passes when QEMU was powered off by the
image, every expected test ran in the firmware with as many checks as in the
host twin and none failed, and the total line adds up. EXPECTED is the list
of tests that must be built in (space separated; default: the twin's list).
With UNITDIR (the host unit-test binaries) each line also says how many of
the host's checks need the host and stay out of the selftest."""
import os
import re
import subprocess
import sys

LINE = re.compile(r"^  (test_\w+): (\d+) passed, (\d+) failed$")
TOTAL = re.compile(r"^selftest: (\d+) passed, (\d+) failed$")


def parse(path):
    """{name: (passed, failed)} in order, the total line, and the text."""
    try:
        text = open(path, encoding="utf-8", errors="replace").read()
    except OSError:
        text = ""  # no log: every check on it fails, with its name
    tests, total = {}, None
    for line in text.splitlines():
        m = LINE.match(line)
        if m:
            tests[m.group(1)] = (int(m.group(2)), int(m.group(3)))
        m = TOTAL.match(line)
        if m:
            total = (int(m.group(1)), int(m.group(2)))
    return tests, total, text


def host_count(unitdir, name):
    """Checks in the full host unit test, or None."""
    exe = os.path.join(unitdir, name)
    if not unitdir or not os.access(exe, os.X_OK):
        return None
    out = subprocess.run([exe], capture_output=True, text=True, check=False).stdout
    m = re.search(r"(\d+) passed, (\d+) failed", out)
    return int(m.group(1)) + int(m.group(2)) if m else None


def main():
    console, hostlog, rc = sys.argv[1], sys.argv[2], int(sys.argv[3])
    expected = sys.argv[4].split() if len(sys.argv) > 4 else []
    unitdir = sys.argv[5] if len(sys.argv) > 5 else ""
    fw, fw_total, fw_text = parse(console)
    tw, tw_total, _ = parse(hostlog)
    verdicts = []

    def check(ok, what):
        verdicts.append(("PASS " if ok else "FAIL ") + what)

    check(rc == 0, f"QEMU powered off by the selftest (exit {rc}; 124: timed out)")
    check(tw_total is not None and tw_total[1] == 0,
          f"host twin ran: {tw_total[0] if tw_total else '?'} passed, "
          f"{tw_total[1] if tw_total else '?'} failed")
    names = expected or list(tw)
    check(len(names) > 0, f"{len(names)} tests expected in the firmware")
    for name in names:
        if name not in fw:
            check(False, f"{name}: did not run in the firmware (not built in, or the test "
                         "before it never returned)")
            continue
        p, f = fw[name]
        tp, tf = tw.get(name, (0, 0))
        full = host_count(unitdir, name)
        note = f"; {full} in the host unit test, {full - tp - tf} of them need the host" \
            if full is not None else ""
        check(name in tw and p + f > 0 and p + f == tp + tf and f == 0,
              f"{name}: {p + f} checks in the firmware, {tp + tf} in the host twin, "
              f"{f} failed{note}")
    extra = [name for name in fw if name not in names]
    check(not extra, f"no test ran that was not expected{': ' + ', '.join(extra) if extra else ''}")
    sums = (sum(v[0] for v in fw.values()), sum(v[1] for v in fw.values()))
    check(fw_total is not None, "the firmware printed its total line")
    if fw_total is not None:
        check(fw_total == sums, f"the total adds up: {fw_total[0]} passed, {fw_total[1]} failed")
        check(fw_total[1] == 0 and fw_total[0] > 0,
              f"firmware selftest: {fw_total[0]} passed, {fw_total[1]} failed")
    fails = [l for l in fw_text.splitlines() if l.startswith("FAIL ")]
    for line in fails[:20]:
        verdicts.append("FAIL firmware says: " + line[5:])
    for v in verdicts:
        print(v)
    bad = sum(1 for v in verdicts if not v.startswith("PASS"))
    print(f"compare: {len(verdicts) - bad} of {len(verdicts)} checks passed"
          + ("" if not bad else f", {bad} FAILED"))
    sys.exit(1 if bad else 0)


main()
