// mine.js: section 1, "your machine": the clock's step, the measurement
// (measure.js: the engine in a worker), the staircase as it arrives, the
// reduction beside it; its refusals go to section 7's list of the visit's
// own (sections.js noteVisit), once.
import { measure, PLACEMENTS } from './measure.js';
import { noteVisit } from './sections.js';
import { current } from './claimsview.js';

const $ = (id) => document.getElementById(id);
let lastCapture = null;
export const measured = { text: null };

export function showSvg(box, text) {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  if (doc.querySelector('parsererror')) {
    const p = document.createElement('p');
    p.className = 'error';
    p.textContent = 'the SVG did not parse';
    box.replaceChildren(p);
  } else box.replaceChildren(document.importNode(doc.documentElement, true));
}

// Readings of a clock that may never move before its step is called absent.
export const READS_MAX = 2e6;

function clockStep() {
  const ns = () => Math.round(performance.now() * 1e6);
  let last = ns(), best = Infinity, steps = 0;
  const end = performance.now() + 50;
  // a frozen clock never reaches end: the readings are bounded too
  for (let reads = 0; steps < 16 && performance.now() < end && reads < READS_MAX; reads++) {
    const t = ns();
    if (t !== last) { best = Math.min(best, t - last); last = t; steps++; }
  }
  return best;
}

function clockText(q, isolated, R) {
  if (!Number.isFinite(q)) return 'clock: performance.now() did not move in 50 ms of reading: this browser gives no clock to time with.';
  const block = R.BLOCK_MIN_QUANTA * q;
  const loads = (ns) => Math.round(block / ns).toLocaleString('en');
  return `clock: performance.now() moves in steps of ${(q / 1000).toFixed(q < 10000 ? 1 : 0)} µs here ` +
    `(${isolated ? 'cross-origin isolated: the browser documents 5 µs' : 'not isolated: the browser documents 100 µs'}). ` +
    `A block of ${R.BLOCK_MIN_QUANTA} steps lasts ${(block / 1e6).toFixed(block < 1e6 ? 2 : 1)} ms: ` +
    `${loads(1)} loads at 1 ns (a first-level hit), ${loads(100)} at 100 ns (memory).`;
}

// The step, measured now; written into section 1; returned in ns.
export function describeClock(red, R) {
  const q = clockStep();
  $('clock-info').textContent = clockText(q, self.crossOriginIsolated === true, R);
  return q;
}

function showMeasured(red, r) {
  const refusals = [];
  if (r.hiddenMs > 0)
    refusals.push({ code: 'page-hidden', reason: `the page was hidden for ${r.hiddenMs.toFixed(0)} ms during the sweep: a background tab is throttled, so these timings are not trusted; the reduction is withheld (seed 000 s.7)` });
  if (!r.ok) {
    $('measure-report').textContent = `this capture could not be read back: ${r.error}`;
  } else {
    refusals.push(...r.result.refusals);
    $('measure-report').textContent = r.hiddenMs > 0 ? '(withheld: the page was hidden during the sweep)' : red.report();
    showSvg($('measure-chart'), red.svg('this machine', r.hiddenMs === 0));
  }
  $('measure-refusal-count').textContent = refusals.length
    ? `${refusals.length} refusal(s): listed, with their reasons, in section 7 (during your visit)` : 'no refusals';
  noteVisit(refusals, 'your machine');
  $('capture-json').textContent = r.text;
  const a = $('measure-download');
  a.href = URL.createObjectURL(new Blob([r.text], { type: 'application/json' }));
  a.download = `browser-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  a.hidden = false;
  const add = $('measure-add');
  add.hidden = false;
  add.disabled = r.hiddenMs > 0 || !r.ok;
  add.title = add.disabled ? 'a sweep taken while the page was hidden is not added' : '';
  lastCapture = r.text;
  measured.text = r.text;
  document.dispatchEvent(new Event('cs-measured'));
}

function hooks(red, n) {
  const status = $('measure-status');
  return {
    clock: (m) => { $('clock-info').textContent = clockText(m.quantum, m.isolated, { BLOCK_MIN_QUANTA: 100 }); },
    sweep: (m) => { n.n = m.n; status.textContent = `sweep: ${m.n} sizes, ${red.size(m.first)} to ${red.size(m.last)}`; },
    status: (t) => { status.textContent = t; },
    point: (m, b) => {
      status.textContent = `[${m.i + 1}/${n.n}] ${red.size(m.bytes)}: ${m.ns.toFixed(2)} ns (median ${m.median.toFixed(2)} ns), ${m.seconds.toFixed(2)} s`;
      if (!red.read(b)) showSvg($('measure-chart'), red.svg('this machine', false));
    },
    adjacency: (m) => {
      const where = PLACEMENTS[m.placement];
      if (m.type === 'refused') status.textContent = `adjacency ${where}: refused: ${m.refusal}`;
      else if (m.type === 'placed') status.textContent = `adjacency ${where} at ${red.size(m.footprint)}`;
      else if (m.type === 'adj-failed') status.textContent = `adjacency ${where}: ${m.bytes} B apart: not measured (the clock did not move)`;
      else status.textContent = `adjacency ${where}: ${m.bytes} B apart: ${m.ns.toFixed(2)} ns a pair`;
    },
  };
}

export async function runMeasure(red, opts) {
  $('measure-start').disabled = true;
  performance.mark('cs-measure-start');
  try {
    const published = current().map((c) => c.bytes);
    const r = await measure(red, { published, ...opts, hooks: hooks(red, { n: 0 }) });
    showMeasured(red, r);
    $('measure-status').textContent = `measured: ${r.ok ? r.result.points.used : 0} points` +
      (r.hiddenMs > 0 ? '; refused: the page was hidden during the sweep' : '');
    return r;
  } finally {
    $('measure-start').disabled = false;
  }
}

export function setupMeasure(red, onDone) {
  $('measure-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const mib = Number($('measure-size').value);
    try {
      await runMeasure(red, { quick: mib <= 8, maxBytes: mib * 1048576, label: $('measure-label').value.trim() });
      if (document.body.dataset.state === 'ready') onDone();
    } catch (e) {
      $('measure-status').textContent = `not measured: ${e.message}`;
    }
  });
  $('measure-add').addEventListener('click', async () => {
    const out = $('measure-add-status');
    try {
      const r = await fetch('/captures', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: lastCapture });
      const text = (await r.text()).trim();
      out.textContent = r.ok ? `added: ${text}` : `the server did not take it: ${text}`;
    } catch (e) {
      out.textContent = `no server to add it to: ${e.message}`;
    }
  });
}
