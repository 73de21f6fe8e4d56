#!/usr/bin/env python3
"""extreme_captures.py: valid captures with one extreme value each, for the
sanitizer suite (tests/suite-extreme.sh, issue 41 item 5: no undefined
behaviour on any value the reader accepts).

Usage: extreme_captures.py OUTDIR CAPTURE...

For each committed capture it writes PER_CAPTURE copies, each with ONE
numeric member (a leaf, chosen by a fixed seed) set to one of EXTREMES:
the largest finite double, the smallest subnormal, zero, a value past any
32-bit count, and their negatives where the member is signed. Everything
else stays as committed, so each copy tests one value. The reader may
refuse a copy (then the suite checks that it refused cleanly); what it
accepts must reduce, report, check and plot with no sanitizer report.
Deterministic: the same inputs give the same files."""
import json
import os
import random
import sys

PER_CAPTURE = 6
SEED = 41
EXTREMES = [1.7976931348623157e308, 1e308, 5e-324, 1e-300, 0, 4294967296,
            1e15, -1.7976931348623157e308, -5e-324, -1]


def leaves(node, path):
    """Every numeric leaf of node, as (path, value)."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield from leaves(v, path + [k])
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from leaves(v, path + [i])
    elif isinstance(node, (int, float)) and not isinstance(node, bool):
        yield path, node


def put(node, path, value):
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: extreme_captures.py OUTDIR CAPTURE...")
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rnd = random.Random(SEED)
    n = 0
    for src in sys.argv[2:]:
        with open(src, encoding="utf-8") as f:
            base = json.load(f)
        spots = list(leaves(base, []))
        if not spots:
            continue
        stem = os.path.splitext(src)[0].replace("/", "_")  # unique: names repeat across folders
        for i in range(PER_CAPTURE):
            path, _ = spots[rnd.randrange(len(spots))]
            value = EXTREMES[rnd.randrange(len(EXTREMES))]
            doc = json.loads(json.dumps(base))
            put(doc, path, value)
            name = "%s-x%d.json" % (stem, i)
            with open(os.path.join(out, name), "w", encoding="utf-8") as f:
                json.dump(doc, f, indent=1)
                f.write("\n")
            with open(os.path.join(out, name + ".where"), "w", encoding="utf-8") as f:
                f.write("%s = %r\n" % ("/".join(str(p) for p in path), value))
            n += 1
    print(n)


if __name__ == "__main__":
    main()
