// app.js: the page. Plain modules, nothing fetched from elsewhere.
//   /                   measure, replay every capture the server lists,
//                       the check panel, the refusals of the visit
//   /?reduce=PATH       reduce --json's text for /captures/PATH, alone, in
//                       <pre id="reduce-json"> (or the error in #reduce-error)
//   /?measure=quick     a quick measurement on load; the capture in
//                       <pre id="capture-json">
// body[data-state] says when the page is done: loading, ready, done, error.
// window.cacheshape holds what scripts and tests drive (reducePaths, ...).
import { Reducer } from './wasm.js';
import { replay, replayPath, listCaptures, fetchBytes, captureUrl } from './replay.js';
import { measure, parseSizes, QUICK_BYTES, PLACEMENTS } from './measure.js';
import { VERDICT } from './expect.js';

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const setState = (s) => { document.body.dataset.state = s; };

function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v; else if (k === 'text') e.textContent = v; else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
}

// An SVG document (chart/svg.c's text) into a container, parsed as XML:
// a document that is not well-formed shows as an error, not as markup.
function showSvg(box, text) {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  box.replaceChildren();
  if (doc.querySelector('parsererror')) box.append(el('p', { class: 'error', text: 'the SVG did not parse' }));
  else box.append(document.importNode(doc.documentElement, true));
}

// ---- the refusals of the visit ---------------------------------------------
const seen = [];
function refusalItem(f, where) {
  return el('li', {}, el('code', { text: f.code }), `${where ? ` (${where})` : ''}: ${f.reason}`);
}
function noteRefusals(list, where) {
  if (!list.length) return;
  const ul = $('page-refusals');
  if (!seen.length) ul.replaceChildren();
  for (const f of list) {
    seen.push(f);
    ul.append(refusalItem(f, where));
  }
}
function fillRefusals(ul, list, none = 'none') {
  ul.replaceChildren(...(list.length ? list.map((f) => refusalItem(f)) : [el('li', { class: 'none', text: none })]));
}

// ---- the clock -------------------------------------------------------------
function clockStep() {
  const ns = () => Math.round(performance.now() * 1e6);
  let last = ns(), best = Infinity, steps = 0;
  const end = performance.now() + 50;
  while (steps < 16 && performance.now() < end) {
    const t = ns();
    if (t !== last) { best = Math.min(best, t - last); last = t; steps++; }
  }
  return best;
}

function describeClock(q, isolated) {
  const block = 100 * q;
  const loads = (ns) => Math.round(block / ns).toLocaleString('en');
  return `clock: performance.now() moves in steps of ${(q / 1000).toFixed(q < 10000 ? 1 : 0)} us here ` +
    `(${isolated ? 'cross-origin isolated: the browser documents 5 us' : 'not isolated: the browser documents 100 us'}). ` +
    `A block of 100 steps lasts ${(block / 1e6).toFixed(block < 1e6 ? 2 : 1)} ms: ` +
    `${loads(1)} loads at 1 ns (a first-level hit), ${loads(100)} at 100 ns (memory).`;
}

// ---- ?reduce=PATH ------------------------------------------------------------
async function reduceMode(red, path) {
  for (const s of document.querySelectorAll('main > section, header nav, header .lede')) s.hidden = true;
  const r = await replayPath(red, path);
  if (r.ok) {
    $('reduce-json').textContent = r.json;
    $('reduce-json').hidden = false;
    setState('done');
  } else {
    $('reduce-error').textContent = r.error;
    $('reduce-error').hidden = false;
    setState('error');
  }
}

// ---- measuring -----------------------------------------------------------------
let lastCapture = null;

function showMeasured(red, r) {
  const refusals = [];
  if (r.hiddenMs > 0)
    refusals.push({ code: 'page-hidden', reason: `the page was hidden for ${r.hiddenMs.toFixed(0)} ms during the sweep: a background tab is throttled, so these timings are not trusted; the reduction is withheld (seed 000 s.7)` });
  if (!r.ok) {
    $('measure-report').textContent = `this capture could not be read back: ${r.error}`;
  } else {
    refusals.push(...r.result.refusals);
    $('measure-report').textContent = r.hiddenMs > 0 ? '(withheld: the page was hidden during the sweep)' : red.report();
    // the module still holds the capture replay() read and reduced
    showSvg($('measure-chart'), red.svg('this machine', r.hiddenMs === 0));
  }
  fillRefusals($('measure-refusals'), refusals);
  noteRefusals(refusals, 'your machine');
  $('capture-json').textContent = r.text;
  const blob = new Blob([r.text], { type: 'application/json' });
  const a = $('measure-download');
  a.href = URL.createObjectURL(blob);
  a.download = `browser-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  a.hidden = false;
  const add = $('measure-add');
  add.hidden = false;
  add.disabled = r.hiddenMs > 0 || !r.ok;
  add.title = add.disabled ? 'a sweep taken while the page was hidden is not added' : '';
  lastCapture = r.text;
}

async function runMeasure(red, opts) {
  const status = $('measure-status');
  const live = $('measure-chart');
  let n = 0;
  $('measure-start').disabled = true;
  try {
    const r = await measure(red, {
      ...opts,
      hooks: {
        clock: (m) => { $('clock-info').textContent = describeClock(m.quantum, m.isolated); },
        sweep: (m) => { n = m.n; status.textContent = `sweep: ${n} sizes, ${red.size(m.first)} to ${red.size(m.last)}`; },
        status: (t) => { status.textContent = t; },
        point: (m, bytes) => {
          status.textContent = `[${m.i + 1}/${n}] ${red.size(m.bytes)}: ${m.ns.toFixed(2)} ns (median ${m.median.toFixed(2)}), ${m.seconds.toFixed(2)} s`;
          if (!red.read(bytes)) showSvg(live, red.svg('this machine', false));
        },
        adjacency: (m) => {
          const where = PLACEMENTS[m.placement];
          if (m.type === 'refused') status.textContent = `adjacency ${where}: refused: ${m.refusal}`;
          else if (m.type === 'placed') status.textContent = `adjacency ${where} at ${red.size(m.footprint)}`;
          else if (m.type === 'adj-failed') status.textContent = `adjacency ${where}: ${m.bytes} B apart: not measured (the clock did not move)`;
          else status.textContent = `adjacency ${where}: ${m.bytes} B apart: ${m.ns.toFixed(2)} ns a pair`;
        },
      },
    });
    showMeasured(red, r);
    status.textContent = `measured: ${r.ok ? r.result.points.used : 0} points` +
      (r.hiddenMs > 0 ? '; refused: the page was hidden during the sweep' : '');
    return r;
  } finally {
    $('measure-start').disabled = false;
  }
}

async function measureMode(red) {
  try {
    await runMeasure(red, { quick: true, maxBytes: QUICK_BYTES });
    setState('done');
  } catch (e) {
    $('measure-status').textContent = `not measured: ${e.message}`;
    setState('error');
  }
}

function setupMeasure(red) {
  $('measure-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const mib = Number($('measure-size').value);
    const published = parseSizes($('measure-published').value || '');
    if (published === null) {
      $('measure-status').textContent = 'published sizes: write them like 32K 1M 32M';
      return;
    }
    try {
      const label = $('measure-label').value.trim();
      await runMeasure(red, { quick: mib <= 8, maxBytes: mib * 1048576, published, label });
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

// ---- the replay table and the check panel -----------------------------------------
function verdictClass(v) {
  return { [VERDICT.OK]: 'v-ok', [VERDICT.KNOWN]: 'v-known', [VERDICT.FAIL]: 'v-fail' }[v] || '';
}

function showDetail(red, path, bytes) {
  const r = replay(red, bytes, path);
  $('replay-detail').hidden = false;
  $('detail-name').textContent = path;
  if (!r.ok) {
    $('detail-svg').replaceChildren(el('p', { class: 'error', text: r.error }));
    $('detail-report').textContent = '';
    fillRefusals($('detail-refusals'), []);
    return;
  }
  showSvg($('detail-svg'), red.svg(path));
  $('detail-report').textContent = red.report();
  fillRefusals($('detail-refusals'), r.result.refusals);
}

async function runReplay(red) {
  const status = $('replay-status');
  let list;
  try {
    list = await listCaptures();
  } catch (e) {
    status.textContent = `no list of captures (${e.message}): is this page served by cacheshape serve?`;
    return;
  }
  const body = $('replay-table').tBodies[0];
  const count = { ok: 0, fail: 0 };
  for (const { path, expect } of list) {
    const r = await replayPath(red, path, 'captures', expect === true);
    const v = r.ok ? r.verdict : VERDICT.FAIL;
    const tr = el('tr', { 'data-path': path, 'data-verdict': v });
    const cells = r.ok ? r.cells : unknownCells(body);
    tr.append(el('td', { text: path }), ...cells.map((c) => el('td', { text: c })),
      el('td', { class: verdictClass(v), text: v }));
    if (!r.ok) tr.title = r.error;
    else {
      if (r.notes.length) tr.title = r.notes.join('\n');
      noteRefusals(r.result.refusals.filter((f, i, a) => a.findIndex((g) => g.code === f.code) === i), path);
    }
    tr.addEventListener('click', () => {
      for (const o of body.querySelectorAll('tr.open')) o.classList.remove('open');
      tr.classList.add('open');
      if (r.bytes) showDetail(red, path, r.bytes);
    });
    body.append(tr);
    count[r.ok && v !== VERDICT.FAIL ? 'ok' : 'fail']++;
  }
  status.textContent = `${list.length} captures replayed: ${count.ok} read and reduced, ${count.fail} failed`;
}

// A row that could not be read: '?' in every cell between the capture and
// the result (the cells of reduce/row.h, as many as the replay table has).
function unknownCells(body) {
  return Array(body.parentNode.tHead.rows[0].cells.length - 2).fill('?');
}

async function runCheck(red) {
  const body = $('check-table').tBodies[0];
  const notes = $('check-notes');
  const tally = { [VERDICT.OK]: 0, [VERDICT.KNOWN]: 0, [VERDICT.FAIL]: 0, [VERDICT.NONE]: 0 };
  const r0 = await fetch('/catalogue/index.json');
  const names = (await r0.json()).captures.map((e) => e.path);
  const files = await Promise.all(names.map((n) => fetchBytes(captureUrl(n, 'catalogue'))));
  const t0 = performance.now();
  const results = files.map((b, i) => replay(red, b, names[i]));
  const ms = performance.now() - t0;
  results.forEach((r, i) => {
    const v = r.ok ? r.verdict : VERDICT.FAIL;
    tally[v]++;
    const cells = r.ok ? r.cells : unknownCells($('replay-table').tBodies[0]);
    body.append(el('tr', { 'data-path': names[i], 'data-verdict': v },
      el('td', { text: names[i] }), el('td', { text: cells[1] }), el('td', { text: cells[3] }),
      el('td', { text: cells[4] }), el('td', { class: verdictClass(v), text: v })));
    const lines = r.ok ? r.notes : [r.error];
    if (lines.length)
      notes.append(el('pre', { 'data-path': names[i], text: `${v} ${names[i]}:\n  ${lines.join('\n  ')}` }));
  });
  window.cacheshape.throughput = { captures: files.length, ms, perSecond: files.length / (ms / 1000) };
  $('check-summary').textContent = `${names.length} captures: ${tally[VERDICT.OK]} ok, ${tally[VERDICT.KNOWN]} known failures, ` +
    `${tally[VERDICT.FAIL]} failed, ${tally[VERDICT.NONE]} without expectations; recomputed on this load in ` +
    `${ms.toFixed(1)} ms (${Math.round(files.length / (ms / 1000)).toLocaleString('en')} captures a second, read and reduced)`;
}

// ---- what scripts and tests drive -----------------------------------------------
function api(red) {
  return {
    // Each path's reduce --json text, or the error `cacheshape` would give.
    async reducePaths(paths, base = 'captures') {
      const out = [];
      for (const p of paths) {
        const r = await replayPath(red, p, base);
        out.push(r.ok ? { path: p, json: r.json, verdict: r.verdict, cells: r.cells }
          : { path: p, error: r.error });
      }
      return out;
    },
    // Captures a second for one capture held in memory, as `make bench`
    // times the host: read and reduced (to reduce --json's text), read
    // alone (the C reader, in WebAssembly), reduced alone (from the read
    // struct). Each loop runs for 'seconds' after a warm-up.
    async bench(path, seconds = 1, base = 'captures') {
      const bytes = await fetchBytes(captureUrl(path, base));
      const loop = (f) => {
        for (let i = 0; i < 50; i++) f();
        let n = 0;
        const t0 = performance.now(), end = t0 + seconds * 1000;
        while (performance.now() < end) { for (let i = 0; i < 10; i++) f(); n += 10; }
        return n / ((performance.now() - t0) / 1000);
      };
      const refused = red.read(bytes);
      if (refused) throw new Error(refused);
      return {
        bytes: bytes.length,
        replay: loop(() => replay(red, bytes, path)),
        read: loop(() => red.read(bytes)),
        reduce: loop(() => { red.reduce(); red.json(); }),
      };
    },
    // The staircase SVG the page draws for a capture.
    async svg(path, base = 'captures') {
      const r = await replayPath(red, path, base);
      return r.ok ? red.svg(path) : null;
    },
  };
}

async function main() {
  let red;
  try {
    red = await Reducer.create();
  } catch (e) {
    $('load-error').textContent = `the reducer did not load (${e.message}): this page must be served (cacheshape serve)`;
    $('load-error').hidden = false;
    setState('error');
    return;
  }
  window.cacheshape = api(red);
  if (params.has('reduce')) return reduceMode(red, params.get('reduce'));
  $('clock-info').textContent = describeClock(clockStep(), self.crossOriginIsolated === true);
  if (params.get('measure') === 'quick') return measureMode(red);
  setupMeasure(red);
  await runCheck(red).catch((e) => { $('check-summary').textContent = `the catalogue did not load: ${e.message}`; });
  await runReplay(red);
  setState('ready');
}

main();
