// render.js: reduce --json's members as a person reads them, one renderer
// per member, driven by the JSON alone. A member the page has no renderer
// for (a new kind: tlb, geometry, bandwidth, mlp, clock, reference, ...) is
// drawn by the generic one, which reads the unit from the key's name
// (docs/reduce-json.md's names: *_bytes, *_ns, *_gbps, *_hz, *_cycles,
// *_ms, *_s, entries, gap, r2...), so a new member appears with no change
// here. Every number leaves with its unit.

export function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null) continue;
    if (k === 'class') e.className = v; else if (k === 'text') e.textContent = v; else e.setAttribute(k, v);
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(k);
  return e;
}

// Significant digits, without a trailing ".0" run and without exponent
// below 1e9 (a person's number).
export function num(v, digits = 3) {
  if (!Number.isFinite(v)) return String(v);
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e9 || a < 1e-4) return v.toExponential(digits - 1);
  const d = Math.max(0, digits - 1 - Math.floor(Math.log10(a)));
  return v.toLocaleString('en', { maximumFractionDigits: d, minimumFractionDigits: 0 });
}

export function bytes(v) {
  if (!Number.isFinite(v)) return '–';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let i = 0, x = v;
  while (x >= 1024 && i < units.length - 1) { x /= 1024; i++; }
  return `${i === 0 ? Math.round(x) : num(x, 3)} ${units[i]}`;
}

export const pct = (v) => `${v > 0 ? '+' : v < 0 ? '−' : ''}${num(Math.abs(v) * 100, 3)} %`;
export function ns(v) {
  if (v >= 1e6) return `${num(v / 1e6)} ms`;
  if (v >= 1e3) return `${num(v / 1e3)} µs`;
  return `${num(v)} ns`;
}
function hz(v) {
  return v >= 1e9 ? `${num(v / 1e9, 4)} GHz` : v >= 1e6 ? `${num(v / 1e6, 4)} MHz` : `${num(v)} Hz`;
}

// The unit a key's name carries; null: a plain number (a ratio, a count).
const UNITS = [
  [/(^|_)bytes$/, bytes], [/(^|_)ns$/, ns], [/(^|_)gbps$|(^|_)gb_s$/, (v) => `${num(v)} GB/s`],
  [/(^|_)hz$/, hz], [/(^|_)cycles$/, (v) => `${num(v)} cycles`], [/(^|_)ms$/, (v) => `${num(v)} ms`],
  [/(^|_)(s|seconds)$/, (v) => `${num(v)} s`], [/(^|_)entries$/, (v) => `${num(v)} entries`],
  [/(^|_)pages$/, (v) => `${num(v)} pages`], [/(^|_)(gap|pct|fraction|share)$/, pct],
  [/(^|_)(ratio|rate|slope|excess|bound|x)$/, (v) => `${num(v)}×`], [/(^|_)(threads|cores|chains|count|n)$/, (v) => num(v, 6)],
];

export function unitFor(key) {
  for (const [re, f] of UNITS) if (re.test(key)) return f;
  return null;
}

// One value under its key, as text.
export function valueText(key, v) {
  if (v === null || v === undefined) return '–';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'number') { const f = unitFor(key); return f ? f(v) : num(v); }
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null)) return v.map((x) => valueText(key, x)).join(', ') || '–';
  return null;
}

const isRefusal = (o) => o && typeof o === 'object' && typeof o.code === 'string' && typeof o.reason === 'string';

export function refusalItem(f, where) {
  return el('li', {}, el('code', { text: f.code }), where ? ` (${where})` : '', `: ${f.reason}`);
}

function refusalList(list) {
  if (!list.length) return el('p', { class: 'none', text: 'none' });
  return el('ul', { class: 'refusals' }, ...list.map((f) => refusalItem(f)));
}

const label = (k) => k.replace(/_/g, ' ');

// An array of objects as a table in its own scrolling box: one column per
// key seen, in the order first seen; a refusal cell shows its code, the
// reason on hover and in the list below the table.
function table(key, rows) {
  const keys = [];
  for (const r of rows) for (const k of Object.keys(r)) if (!keys.includes(k)) keys.push(k);
  const t = el('table', { class: 'data', 'data-member': key });
  t.append(el('thead', {}, el('tr', {}, ...keys.map((k) => el('th', { scope: 'col', text: label(k) })))));
  const body = el('tbody');
  for (const r of rows) {
    body.append(el('tr', {}, ...keys.map((k) => el('td', {}, cell(k, r[k])))));
  }
  t.append(body);
  return el('div', { class: 'scroll' }, t);
}

function cell(k, v) {
  if (isRefusal(v)) return el('span', { class: 'refused', title: v.reason }, `refused: ${v.code}`);
  const t = valueText(k, v);
  if (t !== null) return t;
  if (Array.isArray(v)) return `${v.length} items`;
  return Object.entries(v).map(([a, b]) => `${label(a)} ${valueText(a, b) ?? '…'}`).join('; ');
}

// A row a table can hold: scalars, scalar lists and refusals only.
const flat = (r) => Object.values(r).every((x) => valueText('', x) !== null || isRefusal(x));

// Any member: a scalar, a list, a table, or an object of those.
export function generic(key, v, depth = 0) {
  const t = valueText(key, v);
  if (t !== null) return el('p', { class: 'kv' }, el('span', { class: 'k', text: `${label(key)}: ` }), t);
  if (isRefusal(v)) return el('ul', { class: 'refusals' }, refusalItem(v));
  if (Array.isArray(v)) {
    if (v.every(isRefusal)) return refusalList(v);
    const rows = v.map((x) => (x && typeof x === 'object' ? x : { value: x }));
    if (rows.every(flat)) return table(key, rows);
    // elements holding lists or objects: one block each, named by its first figure
    return el('div', { class: 'blocks' }, ...rows.map((r) => {
      const [k0, v0] = Object.entries(r).find(([, x]) => valueText('', x) !== null) || ['', null];
      return el('div', { class: 'block' }, el('h5', { text: k0 ? `${label(k0)} ${valueText(k0, v0)}` : key }), generic(key, r, depth + 1));
    }));
  }
  const box = el('div', { class: `member depth-${Math.min(depth, 2)}` });
  for (const [k, x] of Object.entries(v)) {
    const inner = generic(k, x, depth + 1);
    box.append(inner.tagName === 'P' ? inner : el('div', {}, el('h5', { text: label(k) }), inner));
  }
  return box;
}

// The members the page says more about; every other member is generic's.
const RENDER = {
  label: () => null,
  summary: (v) => table('summary', v.map(({ sentence, ...r }) => ({ ...r, sentence }))),
  refusals: (v) => refusalList(v),
};

// A whole reduction (the parsed reduce --json), member by member, in the
// order the reducer wrote them (common/kinds.h's order).
export function reduction(result) {
  const box = el('div', { class: 'reduction' });
  for (const [k, v] of Object.entries(result)) {
    const f = RENDER[k];
    const body = f ? f(v) : generic(k, v);
    if (!body) continue;
    box.append(el('section', { class: 'member', 'data-member': k }, el('h4', { text: label(k) }), body));
  }
  return box;
}
