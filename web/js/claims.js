// claims.js: what a machine says its caches are, from text a person pastes
// (seed 000 s.2: the page cannot ask, so the reader runs one command):
// `lscpu -C`, plain `lscpu` (new "1.5 MiB (48 instances)" totals and old
// "32K" figures), `getconf -a`, macOS `sysctl hw`, or bare sizes
// ("32K 1M 32M"). Per-core sizes, never totals: a total over N instances
// is divided by N, and says so.

// "32K", "1.5 MiB", "48M", "32768", "32 KB": bytes, or null.
export function size(text) {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(i?b)?\s*$/i.exec(text);
  if (!m) return null;
  const v = Number(m[1]) * 1024 ** ' kmgt'.indexOf(m[2].toLowerCase() || ' ');
  return v >= 1 && v <= 2 ** 50 ? Math.round(v) : null;
}

const LEVELS = { l1d: [1, 'data'], l2: [2, 'unified'], l3: [3, 'unified'], l4: [4, 'unified'] };

function lscpuTable(lines) {
  const head = lines.findIndex((l) => /^\s*NAME\s+ONE-SIZE\b/.test(l));
  if (head < 0) return null;
  const cols = lines[head].trim().split(/\s+/);
  const one = cols.indexOf('ONE-SIZE');
  const out = [];
  for (const l of lines.slice(head + 1)) {
    const f = l.trim().split(/\s+/);
    const lv = LEVELS[(f[0] || '').toLowerCase()];
    const b = lv && size(f[one] || '');
    if (b) out.push({ level: lv[0], type: lv[1], bytes: b, from: l.trim(), how: 'ONE-SIZE: one instance' });
  }
  return out;
}

function lscpuPlain(lines) {
  const out = [];
  for (const l of lines) {
    const m = /^\s*(L1d|L2|L3|L4)(?: cache)?:\s*([\d.]+\s*[KMGT]?i?B?)\s*(?:\((\d+) instances?\))?\s*$/i.exec(l);
    if (!m) continue;
    const lv = LEVELS[m[1].toLowerCase()], total = size(m[2]), n = m[3] ? Number(m[3]) : 1;
    if (!total || !n) continue;
    out.push({ level: lv[0], type: lv[1], bytes: Math.round(total / n), from: l.trim(),
      how: n > 1 ? `${m[2].trim()} over ${n} instances: the sum over the cores, divided` : 'one instance as printed' });
  }
  return out;
}

const KEYS = [
  [/^LEVEL1_DCACHE_SIZE$/, 1, 'data'], [/^LEVEL2_CACHE_SIZE$/, 2, 'unified'], [/^LEVEL3_CACHE_SIZE$/, 3, 'unified'],
  [/^LEVEL4_CACHE_SIZE$/, 4, 'unified'],
  [/^hw\.(perflevel0\.)?l1dcachesize$/, 1, 'data'], [/^hw\.(perflevel0\.)?l2cachesize$/, 2, 'unified'],
  [/^hw\.(perflevel0\.)?l3cachesize$/, 3, 'unified'],
];

// getconf and sysctl: KEY VALUE or KEY: VALUE, bytes. macOS's perflevel0
// (the performance cores) wins over the machine-wide key when both are there.
function keyed(lines) {
  const out = {};
  for (const l of lines) {
    const m = /^\s*([\w.]+)\s*[:=]?\s+(\d+)\s*$/.exec(l);
    if (!m || Number(m[2]) === 0) continue;
    for (const [re, level, type] of KEYS) {
      if (!re.test(m[1])) continue;
      const perf = m[1].includes('perflevel0');
      if (out[level] && out[level].perf && !perf) continue;
      out[level] = { level, type, bytes: Number(m[2]), from: l.trim(), how: perf ? 'the performance cores' : 'as printed', perf };
    }
  }
  return Object.values(out).map(({ perf, ...c }) => c);
}

function bare(text) {
  const toks = text.trim().split(/[\s,]+/).filter(Boolean);
  const out = [];
  for (const [i, t] of toks.entries()) {
    const b = size(t);
    if (!b) return [];
    out.push({ level: i + 1, type: i === 0 ? 'data' : 'unified', bytes: b, from: t, how: 'typed' });
  }
  return out;
}

// { caches: [{level, type, bytes, from, how}], form } or { error }.
export function parseClaims(text) {
  const lines = text.split(/\r?\n/);
  const tries = [['lscpu -C', lscpuTable(lines)], ['lscpu', lscpuPlain(lines)], ['getconf or sysctl', keyed(lines)],
    ['sizes', bare(text)]];
  for (const [form, caches] of tries) {
    if (caches && caches.length) return { form, caches: caches.sort((a, b) => a.level - b.level) };
  }
  if (!text.trim()) return { error: 'nothing pasted yet' };
  return { error: 'no cache sizes found: paste the output of lscpu -C, lscpu, getconf -a | grep CACHE, sysctl hw, or type sizes like 32K 1M 32M' };
}
