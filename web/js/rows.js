// rows.js: the replay table's and the catalogue's rows: the cells of
// `cacheshape check` (reduce/row.c, through wasm), each row reachable by
// Tab and opened by a click, Enter or Space; an open row shows its
// staircase and its whole reduction (render.js: one renderer per member of
// reduce --json, so a new kind's member appears with no change here) in a
// row of its own just below it.
import { replay, VERDICT } from './replay.js';
import { el, reduction } from './render.js';
import { showSvg } from './mine.js';

const verdictClass = (v) => ({ [VERDICT.OK]: 'v-ok', [VERDICT.KNOWN]: 'v-known', [VERDICT.FAIL]: 'v-fail' }[v] || '');

function detail(red, path, r, cols) {
  const inner = el('div', { class: 'inner' });
  const again = r.bytes ? replay(red, r.bytes, path, r.expectBytes || null) : r;
  if (!again.ok) inner.append(el('p', { class: 'error', text: again.error }));
  else {
    const svg = el('div', { class: 'chart' });
    showSvg(svg, red.svg(path));
    inner.append(svg, reduction(again.result),
      el('details', {}, el('summary', { text: 'the report, as cacheshape reduce prints it' }), el('pre', { class: 'report', text: red.report() })));
  }
  return el('tr', { class: 'detail', 'data-detail': path }, el('td', { colspan: String(cols) }, inner));
}

function toggle(red, tr, path, r) {
  const open = tr.nextElementSibling && tr.nextElementSibling.dataset.detail === path;
  if (open) {
    tr.nextElementSibling.remove();
    tr.classList.remove('open');
    tr.setAttribute('aria-expanded', 'false');
    return;
  }
  const box = tr.closest('.scroll');
  const d = detail(red, path, r, tr.cells.length);
  d.style.setProperty('--box-width', `${box ? box.clientWidth : 960}px`);
  tr.after(d);
  tr.classList.add('open');
  tr.setAttribute('aria-expanded', 'true');
}

// A cell's text, unchanged, that may wrap only just after a separator
// (', ' and '; ' between figures, '-' in a refusal code; '/' and '-' in a
// capture's name): each figure stays on one line.
function wrapping(text, seps) {
  const td = el('td');
  for (const part of text.split(seps)) if (part) td.append(el('span', { class: 'nw', text: part }), el('wbr'));
  return td;
}

// brief: only the catalogue's columns (knees, granules, refusals).
export function addRows(red, table, set, brief = false) {
  const body = table.tBodies[0];
  const n = table.tHead.rows[0].cells.length;
  for (const [path, r] of Object.entries(set)) {
    const all = r.ok ? r.cells : Array(8).fill('?');
    const cells = brief ? [all[1], all[3], all[4]] : all;
    const tr = el('tr', { 'data-path': path, 'data-verdict': r.verdict, tabindex: '0', 'aria-expanded': 'false',
      title: r.ok ? (r.notes.length ? r.notes.join('\n') : null) : r.error });
    tr.append(wrapping(path, /(?<=[/-])/), ...cells.slice(0, n - 2).map((c) => wrapping(c, /(?<=[,;] |[a-z]-)/)),
      el('td', { class: verdictClass(r.verdict), text: r.verdict }));
    tr.addEventListener('click', () => toggle(red, tr, path, r));
    tr.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); toggle(red, tr, path, r); }
    });
    body.append(tr);
  }
}
