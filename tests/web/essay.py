"""essay.py: seed 000's page as a person reads it (issue 27), checked in
Chromium by tests/web/suite.py's part_page and part_measure:

  - the seven sections s1..s7 and #check-panel present, each computed
    (data-computed) before body[data-state] is ready;
  - their figures (data-figure / data-value) equal to what the host's
    `cacheshape reduce --json` gives for the same captures, computed here
    in Python, independently of the page's JavaScript;
  - the check panel: every line ok or offline (with its reason), none fail;
  - no horizontal scroll of the page at 1280 and 390 px, a row open or not;
  - Tab reaches every row, button, link and field; Enter opens a row, its
    staircase in the row just below it;
  - light and dark themes follow the system; no NaN, Infinity or "∞" in
    the text; the quick sweep is the default;
  - screenshots of each section (docs/images/page-s*.png, refreshed with
    CS_WEB_DOCS=1), each checked to be the section it names.
"""
import base64, json, os, shutil, struct, subprocess, time

SECTIONS = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 'check']
DOCS = 'docs/images/page-%s.png'
# a long section's picture is its top: the README shows what it is, not every row
SHOT_HEIGHT = 1500


def host_set(cs):
    """{path: (reduce --json, the capture)} for the committed captures but the
    synthetic catalogue, as the page's essay reads them."""
    out = {}
    for d, _, files in os.walk('captures'):
        for f in files:
            p = os.path.join(d, f)
            rel = os.path.relpath(p, 'captures')
            if not f.endswith('.json') or rel.startswith('synthetic/'):
                continue
            r = subprocess.run([cs, 'reduce', '--json', p], capture_output=True)
            if r.returncode == 0:
                out[rel] = (json.loads(r.stdout), json.load(open(p)))
    return out


def figures(b):
    return b.evaluate('Object.fromEntries([...document.querySelectorAll("[data-figure]")]'
                      '.map(e => [e.dataset.figure, e.dataset.value]))')


def paired(res):
    return [k for k in res['knees'] if k['bytes'] is not None and k['published_bytes'] is not None
            and k['gap'] is not None]


def paired_first(res):
    """The first knee of the table, when it is paired (the page's first knee)."""
    k = res['knees'][0] if res['knees'] else None
    return k if k and k['bytes'] is not None and k['published_bytes'] is not None and k['gap'] is not None else None


def want_figures(hs):
    """The figures the page must show, from the host's JSON alone."""
    w = {}
    judged = falls = 0
    for path, (res, cap) in hs.items():
        knees = [k if (k['bytes'] is not None and k['published_bytes'] is not None and k['gap'] is not None) else None
                 for k in res['knees']]
        for i, k in enumerate(knees):
            if k:
                w['s4.gap:%s:%d' % (path, i)] = k['gap']
        if any(knees) and res.get('gap_order') is not None:
            judged += 1
            falls += res['gap_order'] == 'falls'
        for a in res.get('adjacency', []):
            w['s5.%s:%s' % (a['placement'], path)] = a['granule_bytes'] if a['granule_bytes'] is not None \
                else a['refusal']['code']
        if any(f['code'] == 'clock-unusable' for f in res['refusals']):
            w['s3.refusal:%s' % path] = 'clock-unusable'
    w['s2.judged'], w['s2.falls'] = judged, falls
    ks = [k for res, _ in hs.values() for k in paired(res) if k['retired_bytes'] is not None]
    w['s4.retired.knees'] = len(ks)
    w['s4.retired.under'] = sum(k['retired_bytes'] <= k['published_bytes'] for k in ks)
    w['s4.retired.below'] = sum(k['retired_bytes'] <= k['bytes'] for k in ks)
    firsts = [paired_first(res) for res, _ in hs.values()]
    firsts = [k for k in firsts if k]
    w['s4.first.captures'] = len(firsts)
    w['s4.first.above'] = sum(k['gap'] > 0 for k in firsts)
    codes = {}
    for res, _ in hs.values():
        for c in {f['code'] for f in res['refusals']}:
            codes[c] = codes.get(c, 0) + 1
    for c, n in codes.items():
        w['s7.code:%s' % c] = n
    return w


def competitor_falls(hs):
    w = {}
    for path, (res, cap) in hs.items():
        if not (cap.get('competitors') or {}).get('threads') or '-competitors' not in path:
            continue
        twin = hs.get(path.rsplit('-competitors', 1)[0] + '.json')
        if not twin:
            continue
        mine = [k for k in res['knees'] if k['published_bytes'] is not None]
        for i, t in enumerate(k for k in twin[0]['knees'] if k['published_bytes'] is not None):
            c = next((k for k in mine if k['published_bytes'] == t['published_bytes']), None)
            if c and c['bytes'] is not None and t['bytes'] is not None:
                w['s4.fall:%s:%d' % (path, i + 1)] = 1 - c['bytes'] / t['bytes']
    return w


def same(a, b):
    try:
        return float(a) == float(b)
    except (TypeError, ValueError):
        return str(a) == str(b)


def sections(b, args, check):
    st = b.evaluate('[...document.querySelectorAll("main > section")].map(s => [s.id, s.dataset.computed || ""])')
    ids = [s for s, _ in st]
    check('the sections s1..s7 and the check panel, in order (%s)' % ' '.join(ids), ids == SECTIONS)
    check('every section computed before ready', all(c == '1' for _, c in st), str(st))
    check('the quick sweep is the default', b.evaluate('document.getElementById("measure-size").value') == '8')
    text = b.evaluate('document.body.innerText')
    bad = [w for w in ('NaN', 'Infinity', '∞', 'undefined', '[object') if w in text]
    check('no NaN, Infinity, ∞ or undefined in the page\'s text', not bad, str(bad))
    hs = host_set(args.cs)
    want = want_figures(hs)
    want.update(competitor_falls(hs))
    got = figures(b)
    for k in ('s2.judged', 's2.falls'):
        check('section 2: %s = %s as the host\'s JSON says' % (k, want[k]), same(got.get(k), want[k]), str(got.get(k)))
    groups = {}
    for k, v in want.items():
        if k.startswith('s2.'):
            continue
        g = k.split(':')[0].split('.')[0]
        n = groups.setdefault(g, [0, 0, []])
        n[0] += 1
        if same(got.get(k), v):
            n[1] += 1
        else:
            n[2].append('%s page %r host %r' % (k, got.get(k), v))
    for g, (n, ok, diffs) in sorted(groups.items()):
        check('section %s: %d of %d figures equal to the host\'s' % (g[1:], ok, n), n > 0 and ok == n, '; '.join(diffs[:3]))
    extra = [k for k in got if k.split(':')[0] in ('s4.gap', 's5.first', 's5.middle', 's5.last', 's3.refusal', 's4.fall')
             and k not in want]
    check('no figure on the page the host does not have', not extra, str(extra[:3]))
    print('  the essay: %d figures held to the host\'s reduce --json' % len(want))


def check_panel(b, check):
    lines = b.evaluate('[...document.querySelectorAll("#check-panel > *")].map(l => [l.dataset.status, l.textContent])')
    st = [s for s, _ in lines]
    check('the check panel has a line per figure (%d)' % len(lines), len(lines) > 100)
    check('the check panel: every line ok or offline', all(s in ('ok', 'offline') for s in st),
          '; '.join(t[:160] for s, t in lines if s not in ('ok', 'offline'))[:600])
    off = [t for s, t in lines if s == 'offline']
    check('the check panel: OFFLINE lines, each with its reason (%d)' % len(off),
          off and all(t.startswith('OFFLINE') and ': ' in t for t in off))
    print('  check panel: %d lines, %d ok, %d offline' % (len(lines), st.count('ok'), len(off)))


def overflow(b, check, what):
    for w, mobile in ((1280, False), (390, True)):
        b.viewport(w, 900 if mobile else None, mobile)
        sw, iw = b.evaluate('new Promise(r => requestAnimationFrame(() => r([document.documentElement.scrollWidth, innerWidth])))')
        check('%s at %d px: no horizontal scroll of the page (scrollWidth %d, innerWidth %d)' % (what, w, sw, iw), sw <= iw)
    b.viewport(1280)


FOCUS = r'''(() => {
  const all = [...document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])')]
    .filter(e => e.checkVisibility() && !e.disabled);
  all.forEach((e, i) => { e.dataset.tabi = i; });
  window.__seen = new Set();
  document.addEventListener('focusin', (ev) => { if (ev.target.dataset.tabi) window.__seen.add(ev.target.dataset.tabi); });
  document.activeElement && document.activeElement.blur();
  window.scrollTo(0, 0);
  return all.length;
})()'''


def keyboard(b, check):
    n = b.evaluate(FOCUS)
    presses = 0
    while presses < n + 40:
        b.key('Tab', keycode=9)
        presses += 1
        if b.evaluate('window.__seen.size') >= n:
            break
    seen = b.evaluate('window.__seen.size')
    missed = b.evaluate('[...document.querySelectorAll("[data-tabi]")].filter(e => !window.__seen.has(e.dataset.tabi))'
                        '.slice(0, 4).map(e => e.outerHTML.slice(0, 80))')
    rows = b.evaluate('document.querySelectorAll("#replay-table tbody tr, #check-table tbody tr").length')
    check('Tab reaches every row and button (%d of %d, %d rows, in %d presses)' % (seen, n, rows, presses),
          seen == n and rows > 50, str(missed))
    # Enter on a row opens it, its staircase in the row just below
    b.evaluate('document.querySelector("#replay-table tbody tr[data-path]").focus()')
    b.key('Enter', keycode=13)
    d = b.evaluate('(() => { const tr = document.activeElement, n = tr.nextElementSibling;'
                   ' return n && n.classList.contains("detail") ? [tr.getAttribute("aria-expanded"), !!n.querySelector("svg"),'
                   ' n.getBoundingClientRect().top - tr.getBoundingClientRect().bottom] : null; })()')
    check('Enter opens the row: its staircase in the row just below it (%s)' % d,
          d is not None and d[0] == 'true' and d[1] and abs(d[2]) < 2)
    b.key('Enter', keycode=13)
    check('Enter again closes it', b.evaluate('!document.activeElement.nextElementSibling || '
                                              '!document.activeElement.nextElementSibling.classList.contains("detail")'))


def themes(b, check):
    bg = {}
    for s in ('light', 'dark'):
        b.scheme(s)
        bg[s] = b.evaluate('getComputedStyle(document.body).backgroundColor')
    check('the theme follows the system: light %s, dark %s' % (bg['light'], bg['dark']),
          bg['light'] == 'rgb(251, 250, 247)' and bg['dark'] == 'rgb(16, 20, 24)')
    b.scheme('light')


def png_size(data):
    return struct.unpack('>II', data[16:24]) if data[:8] == b'\x89PNG\r\n\x1a\n' else (0, 0)


def shots(b, args, check, names):
    """Each section's screenshot (its top SHOT_HEIGHT px), light theme, 1280 px;
    into docs/images/ when CS_WEB_DOCS=1. Each committed one is checked to be
    that section: a PNG of its width, holding the section's heading colour."""
    b.scheme('light')
    for s in names:
        png = b.screenshot('#' + s, SHOT_HEIGHT)
        open(os.path.join(args.out, 'page-%s.png' % s), 'wb').write(png)
        if os.environ.get('CS_WEB_DOCS'):
            shutil.copyfile(os.path.join(args.out, 'page-%s.png' % s), DOCS % s)
        doc = open(DOCS % s, 'rb').read() if os.path.exists(DOCS % s) else b''
        w, h = png_size(doc)
        ok = w >= 1000 and h >= 300
        if ok:
            m = pixels(b, doc, {'boxes': [{'colour': 'fbfaf7', 'tol': 8}, {'colour': '1d2126', 'tol': 40}]})
            bg, text = m['counts']
            ok = 0.4 < bg / (w * h) < 0.995 and text > 1500
        check('%s: section %s in the light theme, text on the page\'s background (%dx%d)' % (DOCS % s, s, w, h), ok)


def pixels(b, png, probes):
    src = open(os.path.join(os.path.dirname(__file__), 'pixels.js')).read()
    src = src[src.index('async'):]
    return b.evaluate('(%s)(%s, %s)' % (src, json.dumps(base64.b64encode(png).decode()), json.dumps(probes)))


# Members no committed capture has yet, named as their issues name them:
# the renderer must draw them, units and all, with no change of its own.
NEW_MEMBERS = {'knees': [], 'geometry': {'ways': 12, 'set_bytes': 4096, 'slices': [{'slice': 0, 'latency_ns': 41.5}]},
               'bandwidth': [{'op': 'read', 'level': 1, 'gbps': 183.25, 'knee_bytes': 49152}],
               'mlp': {'chains': 10, 'saturation_gbps': 22.5},
               'clock': {'core_hz': 3.1e9, 'floor_cycles': [4, 14]},
               'reference': {'is_reference': False, 'reasons': [{'code': 'repeats', 'reason': 'one repeat, fewer than 5'}]}}
RENDERED = r'''import("./js/render.js").then(m => { const box = m.reduction(%s); document.body.append(box);
  const out = [[...box.querySelectorAll("section[data-member]")].map(s => s.dataset.member), box.innerText];
  box.remove(); return out; })'''


def new_members(b, check):
    members, text = b.evaluate(RENDERED % json.dumps(NEW_MEMBERS))
    check('a new member appears with no change to the page (%s)' % ' '.join(members),
          members == list(NEW_MEMBERS), str(members))
    units = ['183 GB/s', '48 KiB', '41.5 ns', '4 KiB', '3.1 GHz', '4 cycles', '22.5 GB/s', 'repeats']
    missing = [u for u in units if u not in text]
    check('its figures carry their units (%s)' % ', '.join(units), not missing, 'missing %s in %r' % (missing, text[:300]))


def page(b, args, check):
    sections(b, args, check)
    new_members(b, check)
    check_panel(b, check)
    themes(b, check)
    overflow(b, check, 'the page')
    keyboard(b, check)
    b.evaluate('document.getElementById("clock-watch").click()')
    check('the clock button draws the clock\'s steps', b.evaluate(
        '!!document.querySelector("#clock-chart svg") && /smallest [0-9.]+ µs/.test(document.getElementById("clock-summary").textContent)'))
    row = '#replay-table tbody tr[data-path="host/Intel-R-Xeon-R-Processor-2026-12-01-tsc-4k.json"]'
    b.evaluate('document.querySelector(%s).click()' % json.dumps(row))
    overflow(b, check, 'a row open, the clock drawn')
    b.evaluate('document.querySelector(%s).click()' % json.dumps(row))
    shots(b, args, check, [s for s in SECTIONS if s != 's1'])


LAYOUT_SHIFTS = r'''(() => {
  window.__shifts = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__shifts.push([e.startTime, e.value]); })
    .observe({ type: 'layout-shift', buffered: true });
})();'''


def measured(b, args, check):
    """After /?measure=quick: no layout shift while measuring, the visit's
    refusals apart from the committed captures', section 1's screenshot."""
    start = b.evaluate('(performance.getEntriesByName("cs-measure-start")[0] || {}).startTime ?? null')
    shifts = b.evaluate('window.__shifts || null')
    moved = sum(v for t, v in (shifts or []) if start is not None and t >= start)
    check('no layout shift while measuring (%.4f after the start, %d shifts before)' % (
        moved, len([1 for t, _ in shifts or [] if start is None or t < start])),
        start is not None and shifts is not None and moved < 0.01)
    items = b.evaluate('[...document.querySelectorAll("#measure-refusals li")].map(l => l.textContent)')
    check('the visit\'s refusals are the visit\'s own (%d): none from a committed capture' % len(items),
          all('(your machine)' in t or '(your clock)' in t or t.startswith('nothing asked') for t in items), str(items[:3]))
    n = b.evaluate('document.querySelectorAll("#s1 .refusals li").length')
    check('section 1 does not list the refusals a second time', n == 0)
    claims(b, args, check)
    shots(b, args, check, ['s1', 's2'])


LSCPU_C = '''NAME ONE-SIZE ALL-SIZE WAYS TYPE        LEVEL  SETS PHY-LINE COHERENCY-SIZE
L1d       32K     256K    8 Data            1    64        1             64
L1i       32K     256K    8 Instruction     1    64        1             64
L2         1M       8M    8 Unified         2  2048        1             64
L3        32M      32M   16 Unified         3 32768        1             64'''
FORMS = [
    (LSCPU_C, [32768, 1048576, 33554432]),
    ('L1d cache:  384 KiB (12 instances)\nL1i cache: 384 KiB (12 instances)\nL2 cache: 12 MiB (12 instances)\n'
     'L3 cache: 32 MiB (1 instance)', [32768, 1048576, 33554432]),
    ('L1d cache:             32K\nL2 cache:              256K\nL3 cache:              8192K', [32768, 262144, 8388608]),
    ('LEVEL1_DCACHE_SIZE                 49152\nLEVEL2_CACHE_SIZE                  1310720\nLEVEL3_CACHE_SIZE 0',
     [49152, 1310720]),
    ('hw.l1dcachesize: 65536\nhw.l2cachesize: 4194304\nhw.perflevel0.l1dcachesize: 131072\nhw.perflevel0.l2cachesize: 16777216',
     [131072, 16777216]),
    ('32K 1M 32M', [32768, 1048576, 33554432]),
]


def claims(b, args, check):
    """Section 2: the common forms parsed to per-core sizes; pasted, the
    measured capture reduced again with them, its gaps the host's."""
    for text, want in FORMS:
        got = b.evaluate('import("./js/claims.js").then(m => { const p = m.parseClaims(%s); '
                         'return p.caches ? p.caches.map(c => c.bytes) : p.error; })' % json.dumps(text))
        check('section 2 reads %r as %s' % (text.split('\n')[0][:30], want), got == want, str(got))
    bad = b.evaluate('import("./js/claims.js").then(m => m.parseClaims("my cpu is fast").error || "")')
    check('section 2 says what it cannot read', 'no cache sizes found' in bad, bad)
    b.evaluate('(() => { const t = document.getElementById("claims-text"); t.value = %s;'
               ' t.dispatchEvent(new Event("input")); })()' % json.dumps(LSCPU_C))
    time.sleep(0.6)
    cap = json.loads(b.evaluate('document.getElementById("capture-json").textContent'))
    cap['published'] = {'source': 'typed into the page', 'caches': [
        {'level': 1, 'type': 'data', 'size_bytes': 32768}, {'level': 2, 'type': 'unified', 'size_bytes': 1048576},
        {'level': 3, 'type': 'unified', 'size_bytes': 33554432}]}
    path = os.path.join(args.out, 'browser-claims.json')
    json.dump(cap, open(path, 'w'))
    r = subprocess.run([args.cs, 'reduce', '--json', path], capture_output=True)
    want = [k['gap'] for k in json.loads(r.stdout)['knees']] if r.returncode == 0 else None
    got = figures(b)
    mine = [got.get('s2.mine:%d' % i) for i in range(len(want or []))]
    check('section 2: this machine\'s gaps against the pasted sizes are the host\'s (%s)' % want,
          want is not None and len(want) > 0 and all(same(g, w) if w is not None else g == 'null' for g, w in zip(mine, want)),
          str(mine))


FROZEN = 'Object.defineProperty(performance, "now", { value: () => 1000, configurable: true });'


def frozen(b, url, check):
    """A frozen clock (performance.now() never moves): the page still settles,
    says the clock did not move, and prints no rate it cannot have."""
    ident = b.on_new_document(FROZEN)
    st = b.navigate(url, until=('ready', 'error'), timeout=120)
    b.forget(ident)
    info = b.evaluate('document.getElementById("clock-info").textContent')
    summary = b.evaluate('document.getElementById("check-summary").textContent')
    line = b.evaluate('(document.querySelector(\'#check-panel [data-check^="your clock"]\') || {}).dataset.status')
    check('a frozen clock: the page settles (%s), says so, offline in the panel (%s)' % (st, line),
          st == 'ready' and 'did not move' in info and line == 'offline', info[:120])
    check('a frozen clock: no rate it cannot have (%r)' % summary[-90:],
          '∞' not in summary and 'Infinity' not in summary and 'did not move' in summary)
