// charts.js: the two small pictures the page draws itself (the staircases
// are chart/svg.c's, through wasm): the reader's clock moving in steps
// (s.3), and the footprints F and 2F of each adjacency placement against
// a capture's levels (s.5). Colours come from the page's theme (style.css).
import { bytes, num } from './render.js';

const NS = 'http://www.w3.org/2000/svg';
function svgEl(tag, attrs = {}, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}
const W = 720, H = 260, L = 70, R = 16, T = 14, B = 40;

// Reads performance.now() in a tight loop for up to maxMs or 24 steps:
// [{i, t}] at each change (i: readings so far, the work done), and the
// smallest and median step in nanoseconds (Infinity when it never moved).
export function sampleClock(maxMs = 200, maxSteps = 24) {
  const t0 = performance.now();
  const pts = [{ i: 0, t: t0 }];
  let last = t0, i = 0;
  // bounded in readings too: a frozen clock never moves past maxMs
  while (pts.length <= maxSteps && i < 2e6) {
    const t = performance.now();
    i++;
    if (t !== last) { pts.push({ i, t }); last = t; }
    if (t - t0 > maxMs) break;
  }
  const steps = pts.slice(1).map((p, k) => (p.t - pts[k].t) * 1e6).sort((a, b) => a - b);
  // every change is a whole number of steps: the least is the step
  const quantum = steps.length ? steps[0] : Infinity;
  return { pts, readings: i, quantum, median: steps.length ? steps[steps.length >> 1] : Infinity, ms: last - t0 };
}

export function drawClock(box, s) {
  const svg = svgEl('svg', { class: 'js', viewBox: `0 0 ${W} ${H}`, role: 'img' });
  const maxI = Math.max(1, s.readings), maxT = Math.max(1e-9, s.pts[s.pts.length - 1].t - s.pts[0].t);
  const x = (i) => L + (W - L - R) * i / maxI, y = (t) => H - B - (H - T - B) * (t - s.pts[0].t) / maxT;
  svg.append(svgEl('path', { class: 'axis', d: `M${L},${T}V${H - B}H${W - R}` }));
  let d = `M${x(0)},${y(s.pts[0].t)}`;
  for (const p of s.pts.slice(1)) d += `H${x(p.i)}V${y(p.t)}`;
  d += `H${x(maxI)}`;
  svg.append(svgEl('path', { class: 'step', d }));
  svg.append(svgEl('text', { x: L, y: H - 12 }, `readings of performance.now(), 0 .. ${maxI.toLocaleString('en')} (the work done between them)`));
  svg.append(svgEl('text', { x: 4, y: T + 10 }, `+${num(maxT * 1000)} µs`));
  svg.append(svgEl('text', { x: 4, y: H - B }, '0 µs'));
  box.replaceChildren(svg);
}

// The trap: each level of a reduction as a bar over its extent (log2 of
// the size across, the floor's ns up), each placement's F..2F beneath it,
// red where the placement was refused for crossing an edge.
export function drawTrap(box, result) {
  const lv = result.levels || [], adj = (result.adjacency || []).filter((a) => a.footprint_bytes !== null);
  const lo = Math.log2(Math.min(...lv.map((l) => l.first_bytes), ...adj.map((a) => a.footprint_bytes))) - 0.5;
  const hi = Math.log2(Math.max(...lv.map((l) => l.last_bytes), ...adj.map((a) => 2 * a.footprint_bytes))) + 0.5;
  const x = (b) => L + (W - L - R) * (Math.log2(b) - lo) / (hi - lo);
  const fl = lv.map((l) => Math.log(l.floor_ns)), f0 = Math.min(...fl), f1 = Math.max(...fl, f0 + 1e-9);
  const y = (ns) => T + 10 + (H - T - B - 90) * (1 - (Math.log(ns) - f0) / (f1 - f0));
  const svg = svgEl('svg', { class: 'js', viewBox: `0 0 ${W} ${H}`, role: 'img' });
  svg.append(svgEl('path', { class: 'axis', d: `M${L},${T}V${H - B}H${W - R}` }));
  for (let e = Math.ceil(lo); e <= hi; e += 2) {
    svg.append(svgEl('line', { class: 'grid', x1: x(2 ** e), x2: x(2 ** e), y1: T, y2: H - B }));
    svg.append(svgEl('text', { x: x(2 ** e) - 14, y: H - B + 14 }, bytes(2 ** e)));
  }
  for (const l of lv) {
    svg.append(svgEl('line', { class: 'level', x1: x(l.first_bytes), x2: x(l.last_bytes), y1: y(l.floor_ns), y2: y(l.floor_ns) }));
    svg.append(svgEl('text', { x: x(l.first_bytes), y: y(l.floor_ns) - 5 }, `${num(l.floor_ns)} ns`));
  }
  adj.forEach((a, k) => {
    const yy = H - B - 16 - 22 * (adj.length - 1 - k), bad = a.refusal && a.refusal.code === 'placement-crosses-edge';
    const f = a.footprint_bytes;
    svg.append(svgEl('path', { class: `foot${bad ? ' bad' : ''}`, d: `M${x(f)},${yy - 5}V${yy}H${x(2 * f)}V${yy - 5}` }));
    const right = x(2 * f) + 6 < W - 200;
    svg.append(svgEl('text', { x: right ? x(2 * f) + 6 : x(f) - 6, y: yy, 'text-anchor': right ? 'start' : 'end' },
      `${a.placement}: F ${bytes(f)} .. 2F ${bytes(2 * f)}${a.refusal ? `, refused ${a.refusal.code}` : ''}`));
  });
  svg.append(svgEl('text', { x: L, y: H - 6 }, 'working set (bytes, log scale); bars: levels at their floor (ns); brackets: F .. 2F'));
  box.replaceChildren(svg);
}
