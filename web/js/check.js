// check.js: the check panel (#check-panel): every figure on the page,
// recomputed here, against what the host command says of the same captures
// (host/figures.json, written by make web: web/host-figures.sh), one line
// each: data-status "ok", "fail", or "offline" (with the reason) where the
// browser cannot redo a figure.
import { el } from './render.js';
import * as essay from './essay.js';

const $ = (id) => document.getElementById(id);
const ROW_KEYS = ['published', 'knees', 'retired', 'granules', 'refusals', 'tlbs', 'tlb_knees', 'tlb_refusals', 'cycles', 'ref', 'geometry', 'read_gbps', 'result'];
const lines = [];

export function line(status, what, detail = '') {
  const li = el('li', { 'data-status': status, 'data-check': what },
    el('span', { class: 'st', text: status.toUpperCase() }), ` ${what}`, detail ? `: ${detail}` : '');
  lines.push(li);
  $('check-panel').append(li);
  tally();
  return li;
}

function tally() {
  const n = { ok: 0, fail: 0, offline: 0 };
  for (const l of lines) n[l.dataset.status]++;
  $('check-tally').textContent = `${lines.length} lines: ${n.ok} ok, ${n.fail} failed, ${n.offline} offline`;
}

// Where the host's word is missing: each line says so, offline.
export async function loadHost() {
  try {
    const r = await fetch('host/figures.json', { cache: 'no-store' });
    if (!r.ok) return { error: `host/figures.json: ${r.status} (make web writes it with the host command)` };
    return await r.json();
  } catch (e) {
    return { error: `host/figures.json: ${e.message}` };
  }
}

const canon = (v) => JSON.stringify(v);

// One line per served capture: the page's reduce --json and check row
// against the host's; then one per section, its figures against the
// figures the same code computes from the host's JSON.
export function checkCaptures(host, set) {
  const rows = host.check ? Object.fromEntries(host.check.captures.map((r) => [r.capture, r])) : {};
  const hostSet = {};
  for (const [path, s] of Object.entries(set)) {
    if (host.error) { line('offline', `${path}: reduce --json as the host's`, host.error); continue; }
    if (!(path in (host.reduce || {}))) {
      line('offline', `${path}: reduce --json as the host's`, 'not among the captures make web reduced on the host (served from another folder)');
      continue;
    }
    const want = host.reduce[path];
    hostSet[path] = { result: want, capture: s.capture };
    if (!s.ok) { line(want === null ? 'ok' : 'fail', `${path}: refused by both`, s.error); continue; }
    const sameJson = want !== null && canon(s.result) === canon(want);
    const hr = rows[path];
    const cells = [...s.cells, s.verdict], hcells = hr ? ROW_KEYS.map((k) => hr[k]) : null;
    const sameRow = hcells !== null && canon(cells) === canon(hcells);
    line(sameJson && sameRow ? 'ok' : 'fail', `${path}: reduce --json and check's row equal to the host's`,
      sameJson && sameRow ? `${s.result.knees.length} knees, ${s.result.refusals.length} refusals, ${s.verdict === '-' ? 'no expectation to judge' : `result ${s.verdict}`}`
        : `${sameJson ? '' : 'the JSON differs; '}${sameRow ? '' : `row ${canon(cells)}, host ${canon(hcells)}`}`);
  }
  return hostSet;
}

const SECTION = {
  s2: (f) => `gaps fall with depth on ${f.falls.length} of ${f.judged} captures`,
  s3: (f) => `${f.filter((r) => r.refusal).length} clock refusals, ${f.length} clocks`,
  s4: (f) => `${f.gaps.length} captures' gaps; first knee above on ${f.first.above.length} of ${f.first.captures}; ` +
    `retired under published on ${f.retired.under} of ${f.retired.knees} knees; ` +
    `${f.competitors.length} competitor pairs (${f.competitors.map((c) => c.verdict).join(', ') || 'none'})`,
  s5: (f) => `${f.rows.length} captures' placements, ${f.refused} refused, granules ${canon(f.granules)}`,
  s7: (f) => `${Object.keys(f).length} refusal codes over the committed captures`,
};

export function checkSections(set, hostSet, host) {
  const mine = {}, theirs = {};
  for (const p of Object.keys(hostSet)) { mine[p] = set[p]; }
  const a = essay.figures(mine), b = essay.figures(hostSet);
  for (const [s, describe] of Object.entries(SECTION)) {
    if (host.error) { line('offline', `section ${s.slice(1)}: figures as the host's`, host.error); continue; }
    const same = canon(a[s]) === canon(b[s]);
    line(same ? 'ok' : 'fail', `section ${s.slice(1)}: figures as the host's`, same ? describe(a[s]) : `page ${describe(a[s])}; host ${describe(b[s])}`);
    theirs[s] = b[s];
  }
  return theirs;
}

// The catalogue: each verdict against check's, on the host.
export function checkCatalogue(host, results) {
  const rows = host.check ? Object.fromEntries(host.check.captures.map((r) => [r.capture, r])) : {};
  for (const [name, r] of Object.entries(results)) {
    const hr = rows[`synthetic/${name}`];
    if (!hr) { line('offline', `catalogue ${name}: verdict as check's`, host.error || 'not in the host\'s check'); continue; }
    const v = r.ok ? r.verdict : 'FAIL';
    line(v === hr.result && v !== 'FAIL' ? 'ok' : 'fail', `catalogue ${name}: verdict as check's`, `${v}, expected ${hr.result}`);
  }
}

// What a page cannot redo, said once each.
export function offlineLines() {
  line('offline', 'the host probe\'s sweeps (captures/host/)', 'they need a pinned thread, the TSC and huge pages; the page replays their captures instead of remeasuring them');
  line('offline', 'the competitor runs (section 4)', 'streaming threads pinned beside the sweep are the host probe\'s; a page cannot pin a worker to a core');
  line('offline', 'the published sizes (sections 2 and 4)', 'they come from CPUID and sysfs; no browser interface reports a cache size');
  line('offline', 'the clamp asked of a host clock (section 3)', 'a page cannot choose its clock\'s resolution; the committed captures carry the refusal');
  line('offline', 'the firmware\'s and QEMU\'s runs (captures/qemu/)', 'they run on bare firmware; the page replays what they wrote');
}

// The reader's clock against the rule: within CS_CLAMP_MAX_RATIO of the
// resolution the browser documents for this context, or offline (the
// page's own measurement is then refused: section 7).
export function checkClock(q, isolated, maxRatio) {
  const documented = isolated ? 5000 : 100000;
  const what = 'your clock\'s step (sections 1 and 3)';
  if (!Number.isFinite(q)) return line('offline', what, 'the clock did not move while it was read: nothing to time with');
  if (q > maxRatio * documented)
    return line('offline', what, `${(q / 1000).toFixed(1)} µs, over ${maxRatio}× the documented ${documented / 1000} µs: this browser cannot redo the measurement at the resolution it claims`);
  return line('ok', what, `${(q / 1000).toFixed(1)} µs, at most ${maxRatio}× the documented ${documented / 1000} µs`);
}
