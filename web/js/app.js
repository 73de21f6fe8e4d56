// app.js: the page, seed 000: seven sections and the check panel, each
// computed as the page loads from the reducer (cacheshape.wasm) and the
// captures the server lists. Plain modules, nothing fetched from elsewhere.
//   /                   every section, then the check panel
//   /?reduce=PATH       reduce --json's text for /captures/PATH, alone, in
//                       <pre id="reduce-json"> (or the error in #reduce-error)
//   /?measure=quick     every section, then a quick measurement; the
//                       capture in <pre id="capture-json">
//   &simd=off           the measurement's bandwidth kernels without
//                       WebAssembly SIMD (cacheshape.wasm's 64-bit words)
// body[data-state]: loading, then ready once every section is computed
// (each section's data-computed="1"), done after a measurement, or error.
// window.cacheshape holds what scripts and tests drive (reducePaths, ...).
import { Reducer } from './wasm.js';
import { replay, replayPath, listCaptures, fetchBytes, captureUrl, VERDICT } from './replay.js';
import { el } from './render.js';
import { renderAll, renderStanding, renderClockRefusals } from './sections.js';
import * as check from './check.js';
import { setupMeasure, runMeasure, describeClock, showSvg } from './mine.js';
import { setupClaims } from './claimsview.js';
import { setupClock } from './clockview.js';
import { addRows } from './rows.js';
import { drawTrap } from './charts.js';
import { showFleet } from './fleet.js';

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const setState = (s) => { document.body.dataset.state = s; };
const computed = (id) => { $(id).dataset.computed = '1'; };

// The reducer's constants, in web/wasm/rules.c's order.
const RULE_NAMES = ['FLAT_RATIO', 'PLATEAU_MIN_POINTS', 'PLATEAU_MIN_SPAN', 'LEVEL_RATIO', 'MIN_LEVELS',
  'BLOCK_MIN_QUANTA', 'BLOCK_MAX_FAIL', 'FIT_MIN_RAMP', 'FIT_MIN_R2', 'FIT_MIN_MARGIN', 'FIT_MIN_ABOVE',
  'CLAMP_MAX_RATIO', 'PAIR_BELOW', 'PAIR_ABOVE', 'CLIMB_SLOPE_MIN', 'CLIMB_STEP_MAX'];
function rules(red) {
  return Object.fromEntries(RULE_NAMES.map((n, i) => [n, red.x.cs_rule(i)]));
}

function ruleParagraph(R) {
  $('rule').textContent = `The rule, fixed before any machine was measured with it (read now from the reducer): a plateau is a run of ` +
    `at least ${R.PLATEAU_MIN_POINTS} consecutive sizes, spanning at least ${R.PLATEAU_MIN_SPAN}× the working set, over which the ` +
    `time never rises by more than ${Math.round((R.FLAT_RATIO - 1) * 100)} %. Two plateaus are two levels only if the slower is at ` +
    `least ${R.LEVEL_RATIO}× the faster. The knee between two levels is where the curve crosses the geometric mean of their ` +
    `floors, interpolated between the two sizes that bracket it. Each size is timed in blocks at least ${R.BLOCK_MIN_QUANTA} ` +
    `steps of the clock long, so that the clock's coarseness costs iterations, not accuracy.`;
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

// ---- the captures: replayed into { PATH: {ok, result, capture, cells, verdict, ...} } ----
function parsed(bytesIn) {
  try { return JSON.parse(new TextDecoder().decode(bytesIn)); } catch { return null; }
}

async function replayServed(red) {
  let list;
  try {
    list = await listCaptures();
  } catch (e) {
    $('replay-status').textContent = `no list of captures (${e.message}): is this page served by cacheshape serve?`;
    return {};
  }
  const set = {};
  for (const { path, expect } of list) {
    const r = await replayPath(red, path, 'captures', expect === true);
    r.verdict = r.ok ? r.verdict : VERDICT.FAIL;
    r.capture = r.bytes ? parsed(r.bytes) : null;
    set[path] = r;
  }
  const failed = Object.values(set).filter((r) => !r.ok || r.verdict === VERDICT.FAIL).length;
  addRows(red, $('replay-table'), set);
  showRealMachines(red, set);
  await showFleet($('fleet-table'), $('fleet-status'));
  $('replay-status').textContent = `${list.length} captures replayed: ${list.length - failed} read and reduced, ${failed} failed`;
  return set;
}

// Real machines (captures/realworld, docs/import.md): each table's
// staircase, its published caches marked by the C plot, and its verdict.
function showRealMachines(red, served) {
  const box = $('realworld');
  const paths = Object.keys(served).filter((p) => p.startsWith('realworld/')).sort();
  const tally = {};
  for (const path of paths) {
    const r = served[path];
    const fig = el('figure', { 'data-path': path });
    const chart = el('div', { class: 'chart' });
    const again = r.bytes ? replay(red, r.bytes, path, r.expectBytes || null) : r;
    if (again.ok) showSvg(chart, red.svg(path));
    else chart.append(el('p', { class: 'error', text: again.error }));
    const label = r.capture && r.capture.label ? r.capture.label : path;
    fig.append(chart, el('figcaption', { text: `${label}: ${r.verdict}` }));
    box.append(fig);
    tally[r.verdict] = (tally[r.verdict] || 0) + 1;
  }
  $('realworld-status').textContent = paths.length
    ? `${paths.length} tables: ${tally[VERDICT.OK] || 0} with every published level as claimed, ` +
      `${tally[VERDICT.KNOWN] || 0} with a level the rules miss (known failures), ${tally[VERDICT.FAIL] || 0} failed`
    : 'no real runs served (the folder realworld/ is not in this server\'s captures)';
}

async function replayCatalogue(red) {
  const r0 = await fetch('catalogue/index.json');
  const names = (await r0.json()).captures.map((e) => e.path);
  const files = await Promise.all(names.map((n) => fetchBytes(captureUrl(n, 'catalogue'))));
  const t0 = performance.now();
  const results = Object.fromEntries(files.map((b, i) => [names[i], replay(red, b, names[i])]));
  const ms = performance.now() - t0;
  for (const [i, r] of Object.values(results).entries()) { r.bytes = files[i]; r.verdict = r.ok ? r.verdict : VERDICT.FAIL; }
  addRows(red, $('check-table'), results, true);
  const tally = { [VERDICT.OK]: 0, [VERDICT.KNOWN]: 0, [VERDICT.FAIL]: 0, [VERDICT.NONE]: 0 };
  for (const [name, r] of Object.entries(results)) {
    tally[r.verdict]++;
    const lines = r.ok ? r.notes : [r.error];
    if (lines.length) $('check-notes').append(el('pre', { 'data-path': name, text: `${r.verdict} ${name}:\n  ${lines.join('\n  ')}` }));
  }
  window.cacheshape.throughput = { captures: files.length, ms, perSecond: ms > 0 ? files.length / (ms / 1000) : null };
  // a clock that did not move over the loop says so, not "infinitely fast"
  const rate = ms > 0 ? `${ms.toFixed(1)} ms (${Math.round(files.length / (ms / 1000)).toLocaleString('en')} captures a second, read and reduced)`
    : 'less than one step of this browser\'s clock (no rate: the clock did not move)';
  $('check-summary').textContent = `${names.length} captures: ${tally[VERDICT.OK]} ok, ${tally[VERDICT.KNOWN]} known failures, ` +
    `${tally[VERDICT.FAIL]} failed, ${tally[VERDICT.NONE]} without expectations; recomputed on this load in ${rate}`;
  return results;
}

function smoothClimb(results) {
  const r = results['smoothClimb.json'];
  if (!r || !r.ok) { $('smooth-climb').textContent = 'smoothClimb is not in this catalogue.'; return; }
  const f = r.result.refusals.find((x) => x.code === 'smooth-climb');
  $('smooth-climb').textContent = `smoothClimb, a featureless curve rising about a quarter an octave, once fooled the rules into a ` +
    `hierarchy. As the spec now reads it (reduction.md s.9) the reducer answers: ${f ? `refused smooth-climb: ${f.reason}` :
      `${r.result.knees.length} knees and no smooth-climb refusal`} (verdict ${r.verdict}).`;
}

function trap(set, catalogue) {
  const pick = Object.entries(set).find(([p, s]) => s.ok && /tsc-huge\.json$/.test(p) && s.result.adjacency.length === 3)
    || Object.entries(set).find(([, s]) => s.ok && s.result.adjacency.some((a) => a.footprint_bytes !== null));
  if (!pick) return;
  drawTrap($('trap-chart'), pick[1].result);
  const bad = catalogue['placementCrossesEdge.json'];
  const f = bad && bad.ok && bad.result.refusals.find((x) => x.code === 'placement-crosses-edge');
  $('trap-caption').textContent = `The levels of ${pick[0]} and its three placements' footprints. ` +
    (f ? `A curve built to tempt the trap (placementCrossesEdge, in section 6) is refused: ${f.reason}` : '');
}

// ---- what scripts and tests drive -----------------------------------------------
function api(red) {
  return {
    async reducePaths(paths, base = 'captures') {
      const out = [];
      for (const p of paths) {
        const r = await replayPath(red, p, base);
        out.push(r.ok ? { path: p, json: r.json, verdict: r.verdict, cells: r.cells } : { path: p, error: r.error });
      }
      return out;
    },
    async bench(path, seconds = 1, base = 'captures') {
      const b = await fetchBytes(captureUrl(path, base));
      const loop = (f) => {
        for (let i = 0; i < 50; i++) f();
        let n = 0;
        const t0 = performance.now(), end = t0 + seconds * 1000;
        while (performance.now() < end) { for (let i = 0; i < 10; i++) f(); n += 10; }
        return n / ((performance.now() - t0) / 1000);
      };
      const refused = red.read(b);
      if (refused) throw new Error(refused);
      return { bytes: b.length, replay: loop(() => replay(red, b, path)), read: loop(() => red.read(b)),
        reduce: loop(() => { red.reduce(); red.json(); }) };
    },
    async svg(path, base = 'captures') {
      const r = await replayPath(red, path, base);
      return r.ok ? red.svg(path) : null;
    },
  };
}

async function sections(red, R) {
  const q = describeClock(red, R);
  computed('s1');
  const [served, catalogue, host] = await Promise.all([replayServed(red), replayCatalogue(red), check.loadHost()]);
  const real = Object.fromEntries(Object.entries(served).filter(([p, s]) => !p.startsWith('synthetic/') && s.ok));
  const f = renderAll(real, catalogue);
  ['s2', 's4', 's5'].forEach(computed);
  setupClaims(red, real);
  renderClockRefusals(f.s3, self.crossOriginIsolated ? 'This page is cross-origin isolated: the browser documents a 5 µs clock for it.'
    : 'This page is not cross-origin isolated: the browser documents a 100 µs clock for it (served by cacheshape serve, it is isolated).');
  computed('s3');
  smoothClimb(catalogue);
  trap(real, catalogue);
  computed('s6');
  computed('s7');
  check.checkClock(q, self.crossOriginIsolated === true, R.CLAMP_MAX_RATIO);
  const hostSet = check.checkCaptures(host, served);
  check.checkSections(Object.fromEntries(Object.entries(served).filter(([p]) => !p.startsWith('synthetic/'))),
    Object.fromEntries(Object.entries(hostSet).filter(([p]) => !p.startsWith('synthetic/') && served[p].ok)), host);
  check.checkCatalogue(host, catalogue);
  check.offlineLines();
  computed('check');
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
  const R = rules(red);
  ruleParagraph(R);
  renderStanding(R);
  setupMeasure(red, () => setState('done'));
  setupClock(R);
  try {
    await sections(red, R);
  } catch (e) {
    $('load-error').textContent = `the page could not compute every section: ${e.message}`;
    $('load-error').hidden = false;
    setState('error');
    return;
  }
  setState('ready');
  if (params.get('measure') === 'quick') {
    try {
      await runMeasure(red, { quick: true, maxBytes: 8 << 20 });
      setState('done');
    } catch (e) {
      $('measure-status').textContent = `not measured: ${e.message}`;
      setState('error');
    }
  }
}

main();
