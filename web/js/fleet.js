// fleet.js: the folder `cacheshape serve` holds as one table, one row a
// capture: GET /captures/table.json, the document `cacheshape table --json`
// writes, from the same C (host/cmd/table.c). Its columns and each row's
// cells are rendered there; this only puts them in a <table> (no figure is
// read or judged here). A capture that cannot be read is a row with its
// reason across the other columns.
import { el } from './render.js';

export async function showFleet(table, status) {
  let t;
  try {
    const r = await fetch('/captures/table.json', { cache: 'no-store' });
    if (!r.ok) throw new Error(`/captures/table.json: ${r.status}`);
    t = await r.json();
  } catch (e) {
    status.textContent = `no table of the folder (${e.message})`;
    return;
  }
  const head = el('tr', {}, ...t.columns.map((c) => el('th', { scope: 'col', text: c })));
  const rows = t.rows.map((r) => el('tr', {}, ...r.cells.map((c, i) =>
    el('td', r.error !== null && i === 1 ? { text: c, colspan: t.columns.length - 1 } : { text: c }))));
  table.replaceChildren(el('thead', {}, head), el('tbody', {}, ...rows));
  const bad = t.rows.filter((r) => r.error !== null).length;
  status.textContent = `${t.rows.length} captures, one row each (cacheshape table)` +
    (bad ? `; ${bad} could not be read, each saying why` : '');
}
