#!/usr/bin/env python3
"""suite.py: the page in a real browser (Debian's chromium, headless, over
the DevTools protocol) against `cacheshape serve`. Called by
tests/suite-web.sh; prints a line per failure and "web: N passed, N failed".

  1. The reduction: the page's JSON equals `cacheshape reduce --json`, byte
     for byte, on every committed capture, on captures it has never seen
     (perturbed copies, served from another folder), through /?reduce=PATH
     and in one batch; and the page refuses exactly what the host reader
     refuses, in the same words (the same C reader: tests/test_reader.c's
     rows, tests/data/bad, mutants), with a
     message naming the same field.
  2. The page at /: the replay table equals `cacheshape check`'s, cell for
     cell; the check panel's verdicts equal the command's; every staircase
     SVG equals `cacheshape plot`'s; nothing is fetched from elsewhere;
     screenshots of the table and of a staircase hold what they should.
  3. /?measure=quick measures this machine; the capture it writes is read
     and reduced by the host, and the page's report of it is the host's.
     A sweep during which the page was hidden is refused (page-hidden).
"""
import argparse, json, os, random, re, shutil, subprocess, sys, threading, time, urllib.parse
sys.path.insert(0, os.path.dirname(__file__))
import cdp, essay, mutate

PASSED = FAILED = 0


def check(name, ok, detail=''):
    global PASSED, FAILED
    if ok:
        PASSED += 1
        if os.environ.get('VERBOSE'):
            print('ok   ' + name)
    else:
        FAILED += 1
        print('FAIL %s%s' % (name, (': ' + detail) if detail else ''), flush=True)
    return ok


def host(cs, *args):
    r = subprocess.run([cs, *args], capture_output=True)
    return r.returncode, r.stdout.decode('utf-8', 'replace'), r.stderr.decode('utf-8', 'replace')


class Server:
    def __init__(self, cs, folder, log):
        self.log = open(log, 'w')
        self.proc = subprocess.Popen([cs, 'serve', '--dir', folder, '--port', '0'],
                                     stdout=subprocess.PIPE, stderr=self.log, text=True)
        line = self.proc.stdout.readline()
        m = re.search(r'(http://127\.0\.0\.1:\d+/)', line)
        if not m:
            raise RuntimeError('serve did not print its URL: %r' % line)
        self.url = m.group(1)
        # serve logs each request on stdout: read it as it comes, or the
        # pipe fills (64 KiB, a few page loads of 150 captures) and serve
        # blocks on its log with the page waiting on it
        self.lines = []
        self.reader = threading.Thread(target=lambda: self.lines.extend(self.proc.stdout), daemon=True)
        self.reader.start()

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=10)
        self.reader.join(timeout=10)
        self.log.close()
        return self.proc.returncode, ''.join(self.lines)


def tree(root):
    out = []
    for d, _, files in os.walk(root):
        out += [os.path.relpath(os.path.join(d, f), root) for f in files if f.endswith('.json')]
    return sorted(out)


def prepare(args, served):
    """The folder served for part 1: committed captures, unseen ones, the
    reader's corpus. Returns {path: (rc, stdout, stderr, expected_error)}."""
    rng = random.Random(args.seed)
    shutil.rmtree(served, ignore_errors=True)
    committed = tree('captures')
    caps = []
    for p in committed:
        dst = os.path.join(served, 'committed', p)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(os.path.join('captures', p), dst)
        caps.append(json.load(open(dst)))
    os.makedirs(os.path.join(served, 'unseen'))
    for i, c in enumerate(caps):
        open(os.path.join(served, 'unseen', 'unseen-%02d.json' % i), 'w').write(mutate.unseen(c, rng))
    rows = os.path.join(served, 'rows')
    os.makedirs(rows)
    subprocess.run([args.dump_rows, rows], check=True)
    expected = {}
    for line in open(os.path.join(rows, 'rows.tsv'), encoding='utf-8', errors='replace'):
        f, _, err = line.rstrip('\n').split('\t')
        expected['rows/' + f] = None if err == '-' else err
    os.remove(os.path.join(rows, 'rows.tsv'))
    os.makedirs(os.path.join(served, 'bad'))
    for f in os.listdir('tests/data/bad'):
        if f.endswith('.json'):
            shutil.copyfile(os.path.join('tests/data/bad', f), os.path.join(served, 'bad', f))
    # a sample of tests/differential.mjs's inputs (the 19 labels of issue
    # 41, strings with every escape and UTF-8 length at every offset,
    # numbers at their limits): node holds the page's module to the host
    # on all of them; here the page itself, in Chromium
    subprocess.run(['node', 'tests/differential.mjs', '--host', 'build/host/tests/reduce_many',
                    '--wasm', 'build/web/cacheshape.wasm', '--write-sample',
                    os.path.join(served, 'differential'), '60'], check=True)
    os.makedirs(os.path.join(served, 'mutants'))
    for i, (name, text) in enumerate(mutate.mutants(caps, rng, args.mutants)):
        open(os.path.join(served, 'mutants', '%03d-%s.json' % (i, name)), 'wb').write(text)
    out = {}
    for p in tree(served):
        rc, so, se = host(args.cs, 'reduce', '--json', os.path.join(served, p))
        out[p] = (rc, so, se, expected.get(p))
    return out


def terminal(text):
    """What the host's terminal rule (common/buf.h cs_put_text) makes of a
    message: the page shows the reader's bytes, the command filters them."""
    named = {'\\': '\\\\', '\n': '\\n', '\t': '\\t', '\r': '\\r', '\x1b': '\\e'}
    out = []
    for ch in text:
        o = ord(ch)
        if ch in named:
            out.append(named[ch])
        elif o < 0x20 or o == 0x7f:
            out.append('\\x%02x' % o)
        elif 0x80 <= o <= 0x9f or o in (0x200e, 0x200f, 0x2028, 0x2029) or 0x202a <= o <= 0x202e \
                or 0x2066 <= o <= 0x2069:
            out.append('\\u%04x' % o)
        else:
            out.append(ch)
    return ''.join(out)


def error_agrees(host_err, page_err):
    """The page refuses with the host's words: both run the one capture
    reader (reader/, C), so the message after "cacheshape[ SUBCOMMAND]: FILE: " is the
    page's message, byte for byte, line and column included, once put
    through the command's terminal rule."""
    h = host_err.strip().split(': ', 2)[-1] if re.match(r'cacheshape(?: [a-z]+)?: ', host_err) else host_err.strip()
    return terminal(page_err) == h


def part_reduce(b, args, served, hosts):
    srv = Server(args.cs, served, os.path.join(args.out, 'serve-1.log'))
    try:
        # /?reduce=PATH itself, on a few, as a person or a script would use it
        sample = ['committed/host/AMD-EPYC-2026-11-30-tsc-huge.json', 'unseen/unseen-07.json',
                  'committed/synthetic/expLine64.json', 'committed/qemu/qemu-x86_64-smp4-competitor.json',
                  'bad/ns-negative.json']
        for p in sample:
            rc, so, se, _ = hosts[p]
            st = b.navigate(srv.url + '?reduce=' + urllib.parse.quote(p))
            got = b.evaluate('document.getElementById("reduce-json").textContent')
            err = b.evaluate('document.getElementById("reduce-error").textContent')
            if rc == 0:
                check('/?reduce=%s equals reduce --json' % p, st == 'done' and got == so,
                      'state %s, %d vs %d bytes, error %r' % (st, len(got), len(so), err))
            else:
                check('/?reduce=%s refused as the host refuses it' % p,
                      st == 'error' and not got and error_agrees(se, err), 'page %r, host %r' % (err, se))
        # all of them in one page
        paths = sorted(hosts)
        t0 = time.time()
        res = b.evaluate('cacheshape.reducePaths(%s)' % json.dumps(paths), timeout=300)
        took = time.time() - t0
        groups = {}
        for r in res:
            p = r['path']
            rc, so, se, want = hosts[p]
            g = groups.setdefault(p.split('/')[0], [0, 0, 0])
            g[0] += 1
            if rc == 0:
                ok = check('%s: the page reduces it to the host\'s bytes' % p, r.get('json') == so,
                           r.get('error') or 'JSON differs')
                g[1] += ok
            else:
                perr = r.get('error') or ''
                ok = check('%s: refused by both' % p, 'error' in r and perr != '',
                           'host: %s; page reduced it' % se.strip())
                if ok:
                    ok = check('%s: the page names what the host names' % p, error_agrees(se, perr),
                               'host %r, page %r' % (se.strip(), perr))
                g[2] += ok
            if want is not None and rc == 0:
                check('%s: the host reads a row test_reader.c says it refuses' % p, False, want)
        for g, (n, same, refused) in sorted(groups.items()):
            print('  %s: %d captures, %d reduced to the same bytes, %d refused by both' % (g, n, same, refused))
        print('  %d captures through the page in %.1f s' % (len(paths), took))
    finally:
        srv.stop()


def check_table(cs):
    """`cacheshape check --json captures` (the table's cells, every column,
    whole: the text's default is cut to 100 columns): {capture: (cells...,
    result)}."""
    rc, so, _ = host(cs, 'check', '--json', 'captures')
    keys = ['published', 'knees', 'retired', 'granules', 'refusals', 'tlbs', 'tlb_knees',
            'tlb_refusals', 'cycles', 'ref', 'geometry', 'result']
    return {r['capture']: [r[k] for k in keys] for r in json.loads(so)['captures']}


def part_page(b, args):
    srv = Server(args.cs, 'captures', os.path.join(args.out, 'serve-2.log'))
    try:
        st = b.navigate(srv.url, until=('ready', 'error'), timeout=120)
        check('/ loads and settles', st == 'ready', st)
        foreign = [u for u in b.requested() if not u.startswith(srv.url) and not u.startswith('blob:')
                   and not u.startswith('data:')]
        check('nothing is fetched from elsewhere', not foreign, ' '.join(foreign[:3]))
        check('the page is cross-origin isolated', b.evaluate('self.crossOriginIsolated') is True)
        want = check_table(args.cs)
        got = b.evaluate('[...document.querySelectorAll("#replay-table tbody tr")].map(tr => '
                         '[...tr.cells].map(td => td.textContent))')
        got = {'/'.join([r[0]]): r[1:] for r in got}
        check('the replay table lists every capture (%d of %d)' % (len(got), len(want)), set(got) == set(want),
              str(sorted(set(want) ^ set(got))[:4]))
        for cap, cells in sorted(want.items()):
            g = got.get(cap)
            if g is None:
                continue
            g = [c if c else '' for c in g]
            check('replay row %s equals cacheshape check\'s' % cap, g == cells, '%s vs %s' % (g, cells))
        # the folder as one table (issue 40 item 4): the command's cells, as C rendered them
        rc, so, se = host(args.cs, 'table', '--json', 'captures')
        tw = json.loads(so) if so else {'rows': [], 'columns': []}
        fleet = b.evaluate('[...document.querySelectorAll("#fleet-table tr")].map(tr => '
                           '[...tr.cells].map(td => td.textContent))')
        check('the fleet table is cacheshape table\'s (%d rows of %d)' % (max(len(fleet) - 1, 0), len(tw['rows'])),
              fleet == [tw['columns']] + [[r['cells'][0][len('captures/'):]] + r['cells'][1:] for r in tw['rows']],
              str(fleet[:2]))
        verdicts = b.evaluate('Object.fromEntries([...document.querySelectorAll("#check-table tbody tr")]'
                              '.map(tr => [tr.dataset.path, tr.dataset.verdict]))')
        synth = {k.split('/', 1)[1]: v[-1] for k, v in want.items() if k.startswith('synthetic/')}
        check('the check panel has the catalogue (%d of %d)' % (len(verdicts), len(synth)), set(verdicts) == set(synth))
        for k, v in sorted(synth.items()):
            check('check panel %s: %s as the command says' % (k, v), verdicts.get(k) == v, verdicts.get(k, 'missing'))
        check('smoothClimb is answered (smooth-climb, reduction.md s.9)', verdicts.get('smoothClimb.json') == 'ok')
        # real machines: a staircase for every real run, published caches
        # marked, and the verdict check gives it
        rw = {k: v[-1] for k, v in want.items() if k.startswith('realworld/')}
        figs = b.evaluate('[...document.querySelectorAll("#realworld figure")].map(f => [f.dataset.path, '
                          'f.querySelectorAll("svg .published").length, f.querySelectorAll("svg .points rect, svg .points circle").length, '
                          'f.querySelector("figcaption").textContent])')
        check('real machines: a figure a real run (%d of %d)' % (len(figs), len(rw)),
              len(rw) > 0 and sorted(f[0] for f in figs) == sorted(rw))
        for path, n_pub, n_pts, cap in figs:
            pub = [c for c in json.load(open(os.path.join('captures', path)))['published']['caches']
                   if c['type'] != 'instruction']
            check('real machines %s: %d published levels marked, points drawn, verdict %s' % (path, len(pub), rw.get(path)),
                  n_pub == len(pub) and n_pts > 0 and cap.endswith(': ' + str(rw.get(path))),
                  '%d marks, %d points, %r' % (n_pub, n_pts, cap))
        tp = b.evaluate('cacheshape.throughput')
        print('  the page read and reduced the catalogue at %.0f captures a second (%d in %.1f ms)'
              % (tp['perSecond'], tp['captures'], tp['ms']))
        # every staircase is cacheshape plot's
        same = 0
        for cap in sorted(want):
            svg = b.evaluate('cacheshape.svg(%s)' % json.dumps(cap))
            ref = os.path.join(args.out, 'plot.svg')
            host(args.cs, 'plot', os.path.join('captures', cap), '-o', ref, '--force')
            same += check('staircase %s equals cacheshape plot\'s' % cap, svg == open(ref).read())
        print('  %d staircases equal to cacheshape plot\'s' % same)
        screenshots(b, args, srv)
        essay.page(b, args, check)
    finally:
        srv.stop()


def pixels(b, png, probes):
    import base64
    src = open(os.path.join(os.path.dirname(__file__), 'pixels.js')).read()
    src = src[src.index('async'):]
    return b.evaluate('(%s)(%s, %s)' % (src, json.dumps(base64.b64encode(png).decode()), json.dumps(probes)))


def screenshots(b, args, srv):
    # the dark theme, the colours the pixels below are looked for in
    b.scheme('dark')
    # the replay table: rows of text, green verdicts, amber exactly where a
    # known failure is (the real runs' levels the rules miss, captures/realworld)
    # the whole table, past its scroll box's edge (the cycles and ref columns
    # put the verdicts beyond a 1280-pixel box)
    b.evaluate('document.getElementById("replay-box").style.overflow = "visible"')
    table = b.screenshot('#replay-table')
    b.evaluate('document.getElementById("replay-box").style.overflow = ""')
    open(os.path.join(args.out, 'replay-table.png'), 'wb').write(table)
    n_ok = b.evaluate('document.querySelectorAll("#replay-table td.v-ok").length')
    n_known = b.evaluate('document.querySelectorAll("#replay-table td.v-known").length')
    m = pixels(b, table, {'boxes': [{'colour': '40d060', 'tol': 50}, {'colour': 'ffc040', 'tol': 50},
                                    {'colour': 'e0e0e0', 'tol': 40}, {'colour': '101418', 'tol': 8}]})
    w, h = m['width'], m['height']
    green, amber, text, bg = m['counts']
    check('table screenshot: %dx%d, the whole table' % (w, h), w >= 900 and h >= 18 * 50)
    check('table screenshot: text in it (%d light pixels)' % text, text > 20000)
    check('table screenshot: mostly background (%d of %d)' % (bg, w * h), 0.5 < bg / (w * h) < 0.98)
    check('table screenshot: green ok verdicts (%d pixels for %d)' % (green, n_ok), green > 20 * n_ok)
    if n_known:
        check('table screenshot: amber known failures (%d pixels for %d)' % (amber, n_known), amber > 20 * n_known)
    else:
        check('table screenshot: no amber known failure (%d pixels)' % amber, amber <= 40)
    # a staircase: every point where its SVG puts it, the knee lines, levels
    cap = 'host/AMD-EPYC-2026-11-30-tsc-huge.json'
    b.evaluate('document.querySelector(\'#replay-table tr[data-path="%s"]\').click()' % cap)
    time.sleep(0.3)
    shot = b.screenshot('tr.detail .chart svg')
    open(os.path.join(args.out, 'staircase.png'), 'wb').write(shot)
    svg = b.evaluate('cacheshape.svg(%s)' % json.dumps(cap))
    pts = [(int(x) + 1, int(y) + 1) for x, y in re.findall(r'<rect x="(-?\d+)" y="(-?\d+)" width="3"', svg)]
    knees = [int(x) for x in re.findall(r'<line class="knee" id="knee-0-\d+" x1="(\d+)"', svg)]
    ink = CHART['light']  # the page's staircase is plot's, in plot's default theme
    probes = {'points': [{'colour': ink['point'], 'x': x, 'y': y, 'r': 1, 'tol': 60} for x, y in pts],
              'boxes': [{'colour': ink['knee'], 'tol': 60, 'box': [x - 1, 30, x + 2, 500]} for x in knees] +
                       [{'colour': ink['level'], 'tol': 50}, {'colour': ink['curve'], 'tol': 50}]}
    m = pixels(b, shot, probes)
    hit = sum(m['at'])
    check('staircase screenshot: %dx%d at the SVG\'s size' % (m['width'], m['height']), m['width'] == 960)
    check('staircase screenshot: every point drawn where the SVG puts it (%d of %d)' % (hit, len(pts)),
          len(pts) >= 60 and hit == len(pts))
    kc = m['counts'][:len(knees)]
    check('staircase screenshot: a red line at each knee (%s)' % kc, len(knees) >= 3 and all(c > 300 for c in kc))
    check('staircase screenshot: levels and curve drawn (%s)' % m['counts'][len(knees):],
          all(c > 500 for c in m['counts'][len(knees):]))
    check('staircase screenshot: more than a few colours (%d)' % m['distinct'], m['distinct'] > 20)
    b.evaluate('document.querySelector(\'#replay-table tr[data-path="%s"]\').click()' % cap)
    b.scheme('light')


def docs_picture(b, args):
    """The README's picture: this machine measured in the page (refreshed
    with CS_WEB_DOCS=1), checked for a staircase, a knee and text."""
    b.scheme('dark')
    shot = b.screenshot('#s1')
    b.scheme('light')
    open(os.path.join(args.out, 'measure.png'), 'wb').write(shot)
    if os.environ.get('CS_WEB_DOCS'):
        shutil.copyfile(os.path.join(args.out, 'measure.png'), DOCS_PNG)
    doc = open(DOCS_PNG, 'rb').read() if os.path.exists(DOCS_PNG) else b''
    ok = doc[:8] == b'\x89PNG\r\n\x1a\n'
    if ok:  # the picture may have been taken in either theme of the chart
        found = False
        for ink in CHART.values():
            m = pixels(b, doc, {'boxes': [{'colour': ink['curve'], 'tol': 50}, {'colour': ink['knee'], 'tol': 60},
                                          {'colour': ink['point'], 'tol': 50}, {'colour': ink['text'], 'tol': 40}]})
            found |= m['width'] >= 900 and m['counts'][0] > 500 and m['counts'][1] > 200 and \
                m['counts'][2] > 100 and m['counts'][3] > 10000
        ok = found
    check('%s is the page measuring: curve, knee, points and text' % DOCS_PNG, ok)


DOCS_PNG = 'docs/images/page-measure.png'
# A knee line (#ff4040, 1.5 px wide on whole-pixel x) lights two columns at
# three quarters over the background #101418: look for that colour.
KNEE = 'c43536'
# The chart's colours in its two themes (chart/svg.c): light, plot's and the
# page's default (a knee #d62728 at three quarters over white: e05d5e), and
# dark, the screen's.
CHART = {'light': {'curve': '1f6fc0', 'knee': 'e05d5e', 'point': 'd08000', 'level': '2a9d3a', 'text': '1e2328'},
         'dark': {'curve': '40a0ff', 'knee': KNEE, 'point': 'ffd000', 'level': '40d060', 'text': 'e0e0e0'}}
HIDE_ONCE = r'''(() => {
  let hidden = false, done = false;
  Object.defineProperty(Document.prototype, 'hidden', { get() { return hidden; }, configurable: true });
  Object.defineProperty(Document.prototype, 'visibilityState',
    { get() { return hidden ? 'hidden' : 'visible'; }, configurable: true });
  const flip = (h) => { hidden = h; document.dispatchEvent(new Event('visibilitychange')); };
  document.addEventListener('DOMContentLoaded', () => {
    const s = document.getElementById('measure-status');
    new MutationObserver(() => {
      if (!done && s.textContent.startsWith('[')) { done = true; flip(true); setTimeout(() => flip(false), 300); }
    }).observe(s, { childList: true, characterData: true, subtree: true });
  });
})();'''


def part_measure(b, args):
    srv = Server(args.cs, 'captures', os.path.join(args.out, 'serve-3.log'))
    try:
        t0 = time.time()
        b.on_new_document(essay.LAYOUT_SHIFTS)
        st = b.navigate(srv.url + '?measure=quick', until=('done', 'error'), timeout=180)
        took = time.time() - t0
        check('/?measure=quick finishes (%.1f s)' % took, st == 'done',
              b.evaluate('document.getElementById("measure-status").textContent'))
        text = b.evaluate('document.getElementById("capture-json").textContent')
        path = os.path.join(args.out, 'browser-capture.json')
        open(path, 'w').write(text)
        rc, so, se = host(args.cs, 'reduce', path)
        check('the host reads and reduces the page\'s capture', rc == 0, se)
        report = b.evaluate('document.getElementById("measure-report").textContent')
        hostreport = so.split('\n', 1)[1] if '\n' in so else ''
        check('the page\'s report of it is the host\'s', report == hostreport,
              '%r vs %r' % (report[:80], hostreport[:80]))
        try:
            cap = json.loads(text)
        except ValueError:
            cap = {}
        clock = cap.get('clock', {})
        print('  measured: %d points, quantum %s ns, clamp %s ns, isolated %s, sweep %s s' % (
            len(cap.get('sweep', {}).get('points', [])), clock.get('quantum_ns'), clock.get('clamp_ns'),
            cap.get('browser', {}).get('cross_origin_isolated'), cap.get('sweep_detail', {}).get('seconds')))
        check('environment.kind browser', cap.get('environment', {}).get('kind') == 'browser')
        check('the clock\'s quantum and the context recorded',
              clock.get('quantum_ns', 0) > 0 and clock.get('clamp_ns') == 5000 and
              cap.get('browser', {}).get('cross_origin_isolated') is True)
        check('the sweep has points four an octave from 4 KiB',
              len(cap.get('sweep', {}).get('points', [])) >= 40 and cap['sweep']['points'][0]['bytes'] == 4096)
        check('three adjacency placements, measured or refused', len(cap.get('adjacency', [])) == 3)
        bw = cap.get('bandwidth') or {}
        ser = {s.get('op'): s for s in bw.get('series', []) if s.get('threads') == 1}
        print('  bandwidth: kernel %s, %s' % (
            (ser.get('read') or {}).get('kernel'),
            ', '.join('%s %d points' % (op, len(s.get('points', []))) for op, s in ser.items())))
        check('the page measured its own bandwidth with WebAssembly SIMD (kernel simd128, 16-byte vectors)',
              (ser.get('read') or {}).get('kernel') == 'simd128' and ser['read'].get('vector_bytes') == 16,
              str(cap.get('bandwidth_reason') or bw.get('vector_note')))
        check('read, write and copy measured at every size of the grid from 4 KiB',
              all(len((ser.get(op) or {}).get('points', [])) >= 30 and ser[op]['points'][0]['bytes'] == 4096
                  for op in ('read', 'write', 'copy')))
        check('no non-temporal store in WebAssembly: refused, with why',
              'non-temporal' in str((ser.get('nt_write') or {}).get('refusal', '')))
        check('every read figure positive and finite',
              all(0 < p['ns_per_byte'] < 1e6 for p in (ser.get('read') or {}).get('points', [{'ns_per_byte': 0}])))
        check('not hidden: no page-hidden refusal', cap.get('browser', {}).get('refusal') is None)
        essay.measured(b, args, check)
        docs_picture(b, args)
        # ?simd=off: the kernels a browser without WebAssembly SIMD runs
        st = b.navigate(srv.url + '?measure=quick&simd=off', until=('done', 'error'), timeout=180)
        try:
            cap = json.loads(b.evaluate('document.getElementById("capture-json").textContent'))
        except ValueError:
            cap = {}
        ser = [s for s in (cap.get('bandwidth') or {}).get('series', []) if s.get('op') == 'read']
        check('simd=off: the read measured by 64-bit words (kernel scalar), said so',
              st == 'done' and ser and ser[0].get('kernel') == 'scalar' and ser[0].get('vector_bytes') == 8
              and 'no SIMD' in cap['bandwidth'].get('vector_note', ''), str(ser[:1])[:200])
        # the same, hidden for 300 ms after the second point
        b.on_new_document(HIDE_ONCE)
        st = b.navigate(srv.url + '?measure=quick', until=('done', 'error'), timeout=180)
        text = b.evaluate('document.getElementById("capture-json").textContent')
        refusals = b.evaluate('document.getElementById("measure-refusals").textContent')
        check('hidden during the sweep: refused page-hidden on the page', st == 'done' and 'page-hidden' in refusals,
              refusals[:200])
        check('hidden: the reduction is withheld', 'withheld' in b.evaluate(
            'document.getElementById("measure-report").textContent'))
        check('hidden: not offered to the collection', b.evaluate('document.getElementById("measure-add").disabled'))
        try:
            cap = json.loads(text)
        except ValueError:
            cap = {}
        ref = cap.get('browser', {}).get('refusal') or {}
        check('hidden: the capture carries the refusal and the time (%s ms)' % cap.get('browser', {}).get('hidden_ms'),
              ref.get('code') == 'page-hidden' and cap['browser']['hidden_ms'] >= 250)
        open(path, 'w').write(text)
        rc, _, se = host(args.cs, 'reduce', path)
        check('hidden: the host still reads the capture', rc == 0, se)
        essay.frozen(b, srv.url, check)
    finally:
        code, out = srv.stop()
        lines = [l for l in out.splitlines() if re.match(r'127\.0\.0\.1 [A-Z]+ /', l)]
        check('serve logged the page\'s requests (%d)' % len(lines), len(lines) > 10)
        check('serve stopped cleanly', code == 0, str(code))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--cs', required=True)
    ap.add_argument('--dump-rows', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--seed', type=int, default=14)
    ap.add_argument('--mutants', type=int, default=150)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    t0 = time.time()
    hosts = prepare(args, os.path.join(args.out, 'served'))
    print('  %d captures reduced by the host in %.1f s' % (len(hosts), time.time() - t0))
    b = None
    try:
        b = cdp.Browser()
        for part in (part_reduce, part_page, part_measure):
            t1 = time.time()
            try:
                if part is part_reduce:
                    part(b, args, os.path.join(args.out, 'served'), hosts)
                else:
                    part(b, args)
            except (cdp.CdpError, RuntimeError, KeyError, TypeError) as e:
                check('%s ran to its end' % part.__name__, False, repr(e))
            print('  %s: %.1f s' % (part.__name__, time.time() - t1))
    except cdp.CdpError as e:
        check('chromium started', False, str(e))
    finally:
        if b:
            b.close()
    print('web: %d passed, %d failed' % (PASSED, FAILED))
    return 1 if FAILED else 0


if __name__ == '__main__':
    sys.exit(main())
