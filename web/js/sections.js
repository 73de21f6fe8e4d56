// sections.js: seed 000's sections 2 to 7 drawn from the figures essay.js
// computes over the page's own reductions. Each figure a test or the check
// panel holds to the host's carries data-figure (what it is) and
// data-value (the exact number, as the JSON gave it).
import { el, bytes, pct, num, refusalItem } from './render.js';
import * as essay from './essay.js';

const $ = (id) => document.getElementById(id);
const short = (p) => p.replace(/\.json$/, '');
const fig = (name, value, text) => el('span', { 'data-figure': name, 'data-value': String(value), text });
const scroll = (t) => el('div', { class: 'scroll' }, t);
const thead = (...h) => el('thead', {}, el('tr', {}, ...h.map((t) => el('th', { scope: 'col', text: t }))));

export function renderOrdering(o) {
  const box = $('ordering');
  if (!o.judged) { box.textContent = 'No capture here has two paired knees: the ordering cannot be judged.'; return; }
  const not = o.not.length ? ` It does not on ${o.not.length}: ${o.not.map(short).join(', ')}; the table in section 4 shows where.` : '';
  box.replaceChildren(`Of the `, fig('s2.judged', o.judged, String(o.judged)),
    ` captures with two or more knees paired with published levels, the gaps fall with depth on `,
    fig('s2.falls', o.falls.length, String(o.falls.length)), `.${not}`);
}

// s.4's table: one row a capture, one column per knee of its table.
export function renderGaps(rows) {
  const depth = Math.max(0, ...rows.map((r) => r.knees.length));
  const t = el('table', { class: 'data', id: 'gaps-table' },
    thead('capture', ...Array.from({ length: depth }, (_, i) => `knee ${i + 1}: gap (knee; retired; of published)`), 'ordering'));
  const body = el('tbody');
  for (const r of rows) {
    const cells = Array.from({ length: depth }, (_, i) => {
      const k = r.knees[i];
      if (!k) return el('td', { text: '–' });
      return el('td', {}, fig(`s4.gap:${r.path}:${i}`, k.gap, pct(k.gap)),
        ` (${bytes(k.bytes)}; retired ${k.retired === null ? '–' : bytes(k.retired)}; of ${bytes(k.published)})`);
    });
    body.append(el('tr', {}, el('td', { text: short(r.path) }), ...cells,
      el('td', { text: r.order === 'falls' ? 'falls' : r.order === 'no' ? 'does not fall' : 'one knee' })));
  }
  t.append(body);
  $('gaps').replaceChildren(scroll(t));
}

export function renderFirstKnee(f, r) {
  $('first-knee').replaceChildren('On ', fig('s4.first.above', f.above.length, String(f.above.length)), ' of the ',
    fig('s4.first.captures', f.captures, String(f.captures)),
    ' captures with a paired first knee, that knee comes in above the published size; on the others, below. Over all ',
    fig('s4.retired.knees', r.knees, String(r.knees)), ' paired knees, the retired rule (meant as a lower bound) stays at or under the published size on ',
    fig('s4.retired.under', r.under, String(r.under)), ', and at or under the knee on ',
    fig('s4.retired.below', r.below, String(r.below)), '; the knee is an estimate, and may fall on either side.');
}

export function renderCompetitors(list) {
  const box = $('competitors');
  if (!list.length) { box.replaceChildren(el('p', { text: 'No capture here was run beside competitors with a twin run alone.' })); return; }
  const parts = [];
  for (const c of list) {
    const t = el('table', { class: 'data' }, thead('level', 'published', 'alone', 'beside competitors', 'fall'));
    const body = el('tbody');
    for (const l of c.levels) {
      body.append(el('tr', {}, el('td', { text: `L${l.level}` }), el('td', { text: bytes(l.published) }),
        el('td', { text: l.alone === null ? 'missing' : bytes(l.alone) }),
        el('td', { text: l.beside === null ? 'missing' : bytes(l.beside) }),
        el('td', {}, l.fall === null ? '–' : fig(`s4.fall:${c.path}:${l.level}`, l.fall, pct(l.fall)))));
    }
    t.append(body);
    const word = { holds: 'the prediction holds: the deepest measured knee fell further than the first one moved',
      fails: 'the prediction fails: the deepest measured knee did not fall further than the first one moved',
      untested: 'untested: a knee is missing on one side, so the falls cannot be compared' }[c.verdict];
    parts.push(el('h3', { text: `${short(c.path)}, ${c.threads} thread(s) streaming, against ${short(c.twin)}` }),
      scroll(t), el('p', { class: 'verdict' }, fig(`s4.prediction:${c.path}`, c.verdict, word), '.'));
  }
  box.replaceChildren(...parts);
}

export function renderAdjacency(a) {
  const tally = Object.entries(a.granules).map(([g, n]) => `${bytes(Number(g))} ${n} time(s)`).join(', ') || 'never';
  $('granule-tally').replaceChildren('Over the committed captures the fit accepted a granule ', tally, '; it refused ',
    fig('s5.refused', a.refused, String(a.refused)), ' series.');
  const t = el('table', { class: 'data', id: 'adjacency-table' }, thead('capture', 'first', 'middle', 'last'));
  const body = el('tbody');
  for (const r of a.rows) {
    const by = Object.fromEntries(r.series.map((s) => [s.placement, s]));
    body.append(el('tr', {}, el('td', { text: short(r.path) }), ...['first', 'middle', 'last'].map((p) => {
      const s = by[p];
      if (!s) return el('td', { text: '–' });
      const what = s.granule !== null ? `granule ${bytes(s.granule)}` : `refused ${s.refusal}`;
      return el('td', {}, fig(`s5.${p}:${r.path}`, s.granule ?? s.refusal, what),
        s.footprint !== null ? ` (F ${bytes(s.footprint)})` : '');
    })));
  }
  t.append(body);
  $('adjacency').replaceChildren(scroll(t));
}

export function renderClockRefusals(rows, isolatedNote) {
  const shown = rows.filter((r) => r.refusal || r.clamp !== null || r.source === 'performance.now');
  const t = el('table', { class: 'data', id: 'clock-table' }, thead('capture', 'clock', 'moves in steps of', 'clamp asked', 'the reducer'));
  const body = el('tbody');
  for (const r of shown) {
    body.append(el('tr', {}, el('td', { text: short(r.path) }), el('td', { text: r.source || '–' }),
      el('td', { text: r.quantum === null ? '–' : `${num(r.quantum / 1000)} µs` }),
      el('td', { text: r.clamp === null ? 'none' : `${num(r.clamp / 1000)} µs` }),
      el('td', { class: r.refusal ? 'wrap' : '' }, r.refusal ? fig(`s3.refusal:${r.path}`, 'clock-unusable', `refused clock-unusable: ${r.refusal}`) : 'usable')));
  }
  t.append(body);
  $('clock-refusals').replaceChildren(scroll(t), el('p', { text: isolatedNote }));
}

export function renderCommittedRefusals(codes) {
  const t = el('table', { class: 'data', id: 'committed-refusals-table' }, thead('refusal', 'captures that made it'));
  const body = el('tbody');
  for (const [code, n] of Object.entries(codes)) {
    body.append(el('tr', {}, el('td', {}, el('code', { text: code })), el('td', {}, fig(`s7.code:${code}`, n, String(n)))));
  }
  t.append(body);
  $('committed-refusals').replaceChildren(scroll(t));
}

// The standing refusals, each naming the constant the reducer tests.
export function renderStanding(R) {
  const items = [
    `it will not name a cache level from fewer than ${R.MIN_LEVELS} plateaus (fewer-than-two-plateaus);`,
    `it will not report a sweep whose points mostly failed the block-length rule: more than ${pct(R.BLOCK_MAX_FAIL).slice(1)} of the points timed in blocks under ${R.BLOCK_MIN_QUANTA} clock steps (block-length);`,
    `it will not trust a clock that moves more than ${R.CLAMP_MAX_RATIO}× coarser than the clamp asked of it (clock-unusable);`,
    'it will not trust a sweep taken while the tab was in the background, because a background tab is throttled (page-hidden);',
    'it will not place the adjacency probe where its footprint, or that footprint doubled, crosses a cache edge (placement-crosses-edge);',
    `it will not accept an adjacency fit whose ramp is under ${pct(R.FIT_MIN_RAMP).slice(1)} of its plateau, which explains under ${pct(R.FIT_MIN_R2).slice(1)} of the variance, which beats its runner-up by under ${pct(R.FIT_MIN_MARGIN).slice(1)}, or which has fewer than ${R.FIT_MIN_ABOVE} swept distances above it (ramp-too-small, fit-r2-low, fit-margin-low, granule-at-ruler-end);`,
    `it will not name as knees the steps of a curve that climbs smoothly, at least ${R.CLIMB_SLOPE_MIN}× an octave, by steps under ${R.CLIMB_STEP_MAX}× (smooth-climb);`,
    'and it will not tell you your cache sizes, because it cannot see them, and neither can anything else running in this tab.',
  ];
  $('standing').replaceChildren(...items.map((t) => el('li', { text: t })));
}

// The visit's own refusals (the reader's measurements, the clock), apart
// from the committed captures'.
const visit = [];
export function noteVisit(list, where) {
  if (!list.length) return;
  const ul = $('measure-refusals');
  if (!visit.length) ul.replaceChildren();
  for (const f of list) { visit.push(f); ul.append(refusalItem(f, where)); }
}

export function renderAll(set, catalogue) {
  const f = essay.figures(set);
  $('s6-h').lastChild.textContent = ` ${Object.keys(set).length} curves that are not yours, and ${Object.keys(catalogue).length} that are not real`;
  renderOrdering(f.s2);
  renderGaps(f.s4.gaps);
  renderFirstKnee(f.s4.first, f.s4.retired);
  renderCompetitors(f.s4.competitors);
  renderAdjacency(f.s5);
  renderCommittedRefusals(f.s7);
  return f;
}
