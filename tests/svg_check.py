#!/usr/bin/env python3
"""svg_check.py SVG CAPTURE.json REDUCE.json [CAPTURE.json REDUCE.json ...]

What a picture for a report must hold (issue 26 item 3), read from the SVG
`cacheshape plot` wrote for those captures (REDUCE.json: `reduce --json` of
each), one line per check, "pass MESSAGE" or "fail MESSAGE"
(tests/suite-plot.sh counts them):
  - a title naming the first capture's machine and date (or "date not
    recorded"), and the producer where the capture names one;
  - axis titles with units on every panel: the staircase's, each adjacency
    panel's, the TLB panel's;
  - every knee the reducer found on the axis labelled with its name and its
    value ("L1 knee 33.8 KiB", "knee 4 2.1 MiB"), the value within 0.6 % of
    reduce --json's bytes; every published data or unified level labelled
    ("L2 1 MiB") with its size; every TLB knee (not aliasing) labelled;
  - a legend of one line per capture, no two alike, each with the
    capture's date and producer where it has them;
  - no two texts overlap, each measured by the box chart/svg_parts.h
    estimates (0.62 em a character, 0.80 em above the baseline, 0.25 em
    below; rotated texts turned), and every text inside the picture;
  - no label lost past the layout pass's room.
"""
import json
import math
import re
import sys
import xml.etree.ElementTree as E

NS = '{http://www.w3.org/2000/svg}'
EM, ASC, DESC = 0.62, 0.80, 0.25
UNITS = {'B': 1, 'KiB': 1 << 10, 'MiB': 1 << 20, 'GiB': 1 << 30, 'TiB': 1 << 40}
results = []


def check(ok, msg):
    results.append(('pass ' if ok else 'fail ') + msg)


def ceil(v):
    return int(math.ceil(v - 1e-9))


def box(t):
    """The estimated box of a <text>, as svg_labels.c's cs_svg_text_box."""
    x, y, size = int(t.get('x')), int(t.get('y')), int(t.get('font-size', '11'))
    s = t.text or ''
    w = ceil(len(s) * EM * size)
    up, down = ceil(ASC * size), ceil(DESC * size)
    anchor = t.get('text-anchor', 'start')
    a = w // 2 if anchor == 'middle' else w if anchor == 'end' else 0
    if 'rotate(-90' in (t.get('transform') or ''):
        return (x - up, y - (w - a), x + down, y + a)
    return (x - a, y - up, x - a + w, y + down)


def size_of(text):
    """The bytes a label's value says: '33.8 KiB' -> 34611."""
    m = re.search(r'([0-9.]+) (B|KiB|MiB|GiB|TiB)\b', text)
    return float(m.group(1)) * UNITS[m.group(2)] if m else None


def main():
    svg, pairs = sys.argv[1], sys.argv[2:]
    caps = [json.load(open(pairs[i])) for i in range(0, len(pairs), 2)]
    reds = [json.load(open(pairs[i])) for i in range(1, len(pairs), 2)]
    doc = open(svg).read()
    root = E.fromstring(doc)
    width, height = int(root.get('width')), int(root.get('height'))
    texts = [t for t in root.iter(NS + 'text')]
    by = lambda cls: [t for t in texts if t.get('class') == cls]

    # the title
    title = by('title')
    c0 = caps[0]
    date = ((c0.get('producer') or {}).get('started_utc') or '')[:10]
    if not re.match(r'\d{4}-\d\d-\d\d$', date):
        m = re.search(r'\d{4}-\d\d-\d\d', c0.get('label') or '')
        date = m.group(0) if m else 'date not recorded'
    brand = (c0.get('cpu') or {}).get('brand')
    machine = brand.strip() if isinstance(brand, str) and brand.strip() else \
        re.split(r'[,:]', c0.get('label') or '')[0].strip()
    producer = (c0.get('producer') or {}).get('name')
    t = title[0].text if len(title) == 1 else ''
    check(len(title) == 1 and date in t and machine[:40] in t and (not producer or producer in t),
          'a title with the machine (%s) and the date (%s): %r' % (machine, date, t))

    # axis titles with units, every panel
    ax = [t.text for t in by('axis-title')]
    n_adj = sum(len(c.get('adjacency') or []) for c in caps)
    has_tlb = any(s.get('points') for c in caps for s in (c.get('tlb') or []))
    has_bw = any(s.get('points') and not s.get('refusal') for c in caps
                 for s in ((c.get('bandwidth') or {}).get('series') or []))
    want = 2 + 2 * n_adj + (2 if has_tlb else 0) + (2 if has_bw else 0)
    units = all(re.search(r'\((bytes|log scale)|ns per|pages|GB/s', a or '') for a in ax)
    check(len(ax) == want and units and 'working set (bytes, log scale)' in ax and
          'ns per load (log scale)' in ax,
          'axis titles with units: %d (want %d: the staircase, %d adjacency panels%s%s)' %
          (len(ax), want, n_adj, ', the TLB panel' if has_tlb else '', ', the bandwidth panel' if has_bw else ''))

    # every knee and published level, named with its value
    klab = [t.text for t in by('knee-label')]
    plab = [t.text for t in by('published-label')]
    xs = [float(p['bytes']) for c in caps for p in c['sweep']['points']]
    lo, hi = min(xs), max(xs)
    lo2 = 2 ** math.floor(math.log2(lo))
    hi2 = 2 ** math.ceil(math.log2(hi) - 1e-12)
    missing = []
    for i, r in enumerate(reds):
        levels = {int(c['size_bytes']): c['level'] for c in caps[i]['published']['caches']
                  if c['type'] != 'instruction'} if caps[i].get('published') else {}
        for k, q in enumerate(r.get('knees', [])):
            b = q.get('bytes')
            if b is None or not (lo2 <= b <= hi2):
                continue
            pb = q.get('published_bytes')
            name = 'L%d knee ' % levels[int(pb)] if pb is not None and int(pb) in levels else 'knee %d ' % (k + 1)
            hit = [l for l in klab if l.startswith(name) and size_of(l) and abs(size_of(l) / b - 1) < 0.006]
            if not hit:
                missing.append('%s%g' % (name, b))
    check(not missing, 'every knee labelled with its name and value (%d labels; missing: %s)' %
          (len(klab), ', '.join(missing) or 'none'))
    missing = []
    for c in caps:
        for p in (c.get('published') or {}).get('caches', []):
            if p['type'] == 'instruction' or not (lo2 <= p['size_bytes'] <= hi2):
                continue
            if not any(l.startswith('L%d ' % p['level']) and size_of(l) and
                       abs(size_of(l) / p['size_bytes'] - 1) < 0.006 for l in plab):
                missing.append('L%d %d' % (p['level'], p['size_bytes']))
    check(not missing, 'every published level labelled with its name and size (%d labels; missing: %s)' %
          (len(plab), ', '.join(missing) or 'none'))
    tk = [int(e.get('x1')) for e in root.iter(NS + 'line') if e.get('class') == 'tlb-knee']
    tl = [int(t.get('x')) for t in by('tlb-label') if ' knee ' in ' ' + (t.text or '')]
    bare = sorted(set(x for x in tk if x + 3 not in tl and x - 3 not in tl))
    check(not bare, 'every TLB knee labelled (%d knee lines, %d labels; unlabelled at x %s)' %
          (len(tk), len(tl), bare or 'none'))

    bk = [int(e.get('x1')) for e in root.iter(NS + 'line') if e.get('class') == 'bw-knee']
    bl = [int(t.get('x')) for t in by('bw-label')]
    bare = sorted(set(x for x in bk if x + 3 not in bl and x - 3 not in bl))
    check(not bare, 'every bandwidth knee labelled (%d knee lines, %d labels; unlabelled at x %s)' %
          (len(bk), len(bl), bare or 'none'))

    # the legend: one line each, no two alike, date and producer
    g = [e for e in root.iter(NS + 'g') if e.get('id') == 'legend']
    leg = [t.text for t in g[0].iter(NS + 'text') if t.get('class') == 'legend'] if g else []
    ok = len(leg) == len(caps) and len(set(leg)) == len(leg)
    for c, l in zip(caps, leg):
        p = (c.get('producer') or {}).get('name')
        ok &= not p or p in l
    check(ok, 'a legend line per capture, none alike, each with its producer (%d lines, %d distinct)' %
          (len(leg), len(set(leg))))

    # no two texts overlap, all inside the picture
    boxes = [(box(t), t.text) for t in texts]
    bad = []
    for i in range(len(boxes)):
        a, ta = boxes[i]
        for j in range(i + 1, len(boxes)):
            b, tb = boxes[j]
            if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                bad.append('%r %s / %r %s' % (ta, a, tb, b))
    check(not bad, 'no two of the %d texts overlap%s' % (len(boxes), (': ' + '; '.join(bad[:4])) if bad else ''))
    out = [(tx, bx) for bx, tx in boxes if bx[0] < 0 or bx[1] < 0 or bx[2] > width or bx[3] > height]
    check(not out, 'every text inside the %dx%d picture%s' % (width, height, (': %s' % out[:3]) if out else ''))
    m = re.search(r'<!-- labels: (\d+) given, (\d+) left out where they would overlap, (\d+) past', doc)
    check(m is not None and m.group(3) == '0',
          'the layout pass had room for every label (%s)' % (m.group(0) if m else 'no count'))
    print('\n'.join(results))


if __name__ == '__main__':
    main()
