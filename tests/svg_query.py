#!/usr/bin/env python3
"""svg_query.py: tests/suite-plot.sh's questions about SVGs and reduce --json
files, answered by one Python for the whole suite (a coprocess) instead of
one Python started for each (some 600 starts, most of the suite's CPU).
Reads one question a line, its words separated by tabs; writes the answer's
lines, then a line "." (no answer line is one).

  xml SVG                  "ok", or "bad MESSAGE" when it does not parse
  count SVG CLASS          the elements of that class; "legend": the texts
                           in g#legend (-1: no legend)
  knees REDUCE.json        the knees reduce --json found (bytes not null)
  tlb CAPTURE REDUCE.json  "CURVES KNEES TRANSLATIONS LARGE": the TLB series
                           with points, the TLB knees found that are not
                           aliasing, the translations, 1 if sweep_large_pages
  check SVG CAPTURE REDUCE.json ...  tests/svg_check.py's lines
"""
import io
import json
import os
import sys
import xml.etree.ElementTree as E
from contextlib import redirect_stdout

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import svg_check  # noqa: E402

NS = '{http://www.w3.org/2000/svg}'


def count(path, want):
    root = E.parse(path).getroot()
    if want == 'legend':
        g = [e for e in root.iter(NS + 'g') if e.get('id') == 'legend']
        return len([t for t in g[0].iter(NS + 'text') if t.get('class') == 'legend']) if g else -1
    return len([e for e in root.iter() if e.get('class') == want])


def answer(words):
    cmd, args = words[0], words[1:]
    if cmd == 'xml':
        try:
            E.parse(args[0])
            return ['ok']
        except Exception as e:  # what the shell's xml_ok printed to its log
            return ['bad %s' % e]
    if cmd == 'count':
        return [str(count(args[0], args[1]))]
    if cmd == 'knees':
        r = json.load(open(args[0]))
        return [str(sum(1 for k in r['knees'] if k['bytes'] is not None))]
    if cmd == 'tlb':
        c, r = json.load(open(args[0])), json.load(open(args[1]))
        curves = sum(1 for s in c.get('tlb', []) if s['points'])
        knees = sum(1 for s in r.get('tlb', []) for k in s['knees']
                    if k['entries'] is not None and not k['aliasing'])
        return ['%d %d %d %d' % (curves, knees, len(r.get('translation', [])),
                                 1 if 'sweep_large_pages' in c else 0)]
    if cmd == 'check':
        svg_check.results.clear()
        sys.argv = ['svg_check.py'] + args
        out = io.StringIO()
        with redirect_stdout(out):
            svg_check.main()
        return out.getvalue().splitlines()
    raise ValueError('unknown question %r' % cmd)


def main():
    for line in sys.stdin:
        words = line.rstrip('\n').split('\t')
        try:
            lines = answer(words)
        except Exception as e:
            lines = ['error %s: %r' % (words[0], e)]
        for l in lines:
            print(l)
        print('.', flush=True)


if __name__ == '__main__':
    main()
