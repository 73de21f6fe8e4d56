// claimsview.js: section 2, what the machine claims: the pasted text
// parsed (claims.js) into per-core sizes, and, once this machine has been
// measured, its capture reduced again with those sizes as its published
// levels (the reducer pairs knees and scores gaps, as reduce does), shown
// as the gap table.
import { parseClaims } from './claims.js';
import { replay } from './replay.js';
import { el, bytes, pct } from './render.js';
import { measured } from './mine.js';

const $ = (id) => document.getElementById(id);
let claims = [];
export const current = () => claims;

function claimsTable(list, form) {
  const t = el('table', { class: 'data', id: 'claims-table' }, el('thead', {}, el('tr', {},
    ...['level', 'type', 'per core', 'from', 'how'].map((h) => el('th', { scope: 'col', text: h })))));
  const body = el('tbody');
  for (const c of list) {
    body.append(el('tr', {}, el('td', { text: `L${c.level}` }), el('td', { text: c.type }),
      el('td', { 'data-figure': `s2.claim:${c.level}`, 'data-value': String(c.bytes), text: bytes(c.bytes) }),
      el('td', {}, el('code', { text: c.from })), el('td', { text: c.how })));
  }
  t.append(body);
  return [el('p', { text: `read as ${form}:` }), el('div', { class: 'scroll' }, t)];
}

// The measured capture with the claims as its published levels, reduced.
function gapTable(red) {
  if (!measured.text) return el('p', { class: 'figure', text: 'Measure this machine (section 1) and the gaps between its knees and these sizes appear here.' });
  const cap = JSON.parse(measured.text);
  cap.published = { source: 'typed into the page', caches: claims.map((c) => ({ level: c.level, type: c.type, size_bytes: c.bytes })) };
  const r = replay(red, new TextEncoder().encode(JSON.stringify(cap)), 'this machine');
  if (!r.ok) return el('p', { class: 'error', text: `the reducer would not take these sizes: ${r.error}` });
  const t = el('table', { class: 'data', id: 'claims-gaps' }, el('thead', {}, el('tr', {},
    ...['knee', 'measured', 'retired (lower bound)', 'published', 'gap'].map((h) => el('th', { scope: 'col', text: h })))));
  const body = el('tbody');
  r.result.knees.forEach((k, i) => body.append(el('tr', {}, el('td', { text: String(i + 1) }),
    el('td', { text: k.bytes === null ? 'missing' : bytes(k.bytes) }), el('td', { text: k.retired_bytes === null ? '–' : bytes(k.retired_bytes) }),
    el('td', { text: k.published_bytes === null ? 'unmatched' : bytes(k.published_bytes) }),
    el('td', { 'data-figure': `s2.mine:${i}`, 'data-value': String(k.gap), text: k.gap === null ? '–' : pct(k.gap) }))));
  t.append(body);
  const order = { falls: 'on this machine the gaps fall with depth', no: 'on this machine the gaps do not fall with depth' }[r.result.gap_order]
    || 'fewer than two paired knees: no ordering to judge';
  return el('div', {}, el('h3', { text: 'this machine\'s knees against these sizes (the reducer pairs and scores them)' }),
    el('div', { class: 'scroll' }, t), el('p', { class: 'verdict', text: order }));
}

function update(red) {
  const out = $('claims-out');
  const p = parseClaims($('claims-text').value);
  if (p.error) { claims = []; out.replaceChildren(el('p', { class: 'figure', text: p.error })); return; }
  claims = p.caches;
  out.replaceChildren(...claimsTable(claims, p.form), gapTable(red));
}

export function setupClaims(red) {
  let timer = null;
  $('claims-text').addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(() => update(red), 200); });
  document.addEventListener('cs-measured', () => update(red));
  update(red);
}
