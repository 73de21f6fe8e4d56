// measure.js: "measure this machine", the page's side. A worker
// (measure-worker.js) runs the engine, a step a call; this file draws each
// point as it arrives (the staircase by chart/svg.c, through wasm.js),
// watches whether the page is hidden while the sweep runs (a background tab
// is throttled: seed 000 s.7, refusal page-hidden), and when the worker is
// done reads the capture it wrote back through the strict reader and
// reduces it like any other capture.
import { replay } from './replay.js';

export const QUICK_BYTES = 8 << 20;
export const PLACEMENTS = ['first', 'middle', 'last'];

// "32K 1M 32M" (or 32KiB, 1.5 MiB, 32768): sizes in bytes; null if unreadable.
export function parseSizes(text) {
  const out = [];
  for (const tok of text.trim().split(/[\s,]+/).filter(Boolean)) {
    const m = /^(\d+(?:\.\d+)?)\s*([kmg]?)(i?b)?$/i.exec(tok);
    if (!m) return null;
    const v = Number(m[1]) * { '': 1, k: 1024, m: 1 << 20, g: 1 << 30 }[m[2].toLowerCase()];
    if (!(v >= 1 && v <= 2 ** 50) || !Number.isInteger(v)) return null;
    out.push(v);
  }
  return out;
}

// The points measured so far as a capture's text: the live chart reads it
// as it reads any capture (web/wasm/read.c).
function liveBytes(points) {
  return new TextEncoder().encode(JSON.stringify({ format: 'cacheshape-capture', version: 1,
    label: 'this machine (measuring)', environment: { kind: 'browser' }, sweep: { points } }));
}

// Runs one measurement. hooks: clock(info), sweep({n, first, last}),
// point(p, bytes: the points so far as a capture), adjacency(msg), status(text): the engine's events
// (web/wasm/measure.c cs_m_step). Resolves to the replay of the capture (with
// .text, the capture as written, and .hiddenMs), or rejects with an Error.
export function measure(red, { quick = true, maxBytes = QUICK_BYTES, label = '', published = [], hooks = {} } = {}) {
  const on = (k, ...a) => hooks[k] && hooks[k](...a);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./measure-worker.js', import.meta.url), { type: 'module' });
    const points = [];
    let hiddenMs = 0, finalHidden = 0, hiddenSince = document.hidden ? performance.now() : null;
    const started = new Date().toISOString();
    const onVisibility = () => {
      if (document.hidden && hiddenSince === null) hiddenSince = performance.now();
      if (!document.hidden && hiddenSince !== null) { hiddenMs += performance.now() - hiddenSince; hiddenSince = null; }
    };
    document.addEventListener('visibilitychange', onVisibility);
    const done = (err, value) => {
      document.removeEventListener('visibilitychange', onVisibility);
      worker.terminate();
      if (err) reject(err); else resolve(value);
    };
    worker.onerror = (e) => done(new Error(e.message || 'the measuring worker failed'));
    worker.onmessage = (e) => {
      const m = e.data;
      switch (m.type) {
        case 'clock': on('clock', m); break;
        case 'memory': on('status', `memory: ${red.size(m.bytes)} lent by the browser`); break;
        case 'sweep': on('sweep', m); break;
        case 'point':
          points.push({ bytes: m.bytes, ns: m.ns });
          on('point', m, liveBytes(points));
          break;
        case 'failed': on('status', `${red.size(m.bytes)}: not measured (the clock did not move)`); break;
        case 'refused': case 'placed': case 'adj': case 'adj-failed': on('adjacency', m); break;
        case 'adjacency': case 'series': break; // the page shows each distance as it comes
        case 'note': on('status', m.text.trim()); break;
        case 'measured': {
          onVisibility();
          const stillHidden = hiddenSince !== null ? performance.now() - hiddenSince : 0;
          finalHidden = Math.round((hiddenMs + stillHidden) * 1000) / 1000;
          worker.postMessage({ cmd: 'finish', userAgent: navigator.userAgent, started,
            hiddenMs: finalHidden, label, published });
          break;
        }
        case 'capture': {
          const r = replay(red, new TextEncoder().encode(m.text), 'this machine');
          r.text = m.text;
          r.hiddenMs = finalHidden;
          done(null, r);
          break;
        }
        case 'error': done(new Error(m.message)); break;
      }
    };
    // ?simd=off: the 64-bit-word kernels even where the browser has SIMD
    // (what a browser without it measures; the capture names the kernel)
    const simd = new URLSearchParams(location.search).get('simd') !== 'off';
    worker.postMessage({ cmd: 'start', quick, maxBytes, simd, seed: Math.floor(Math.random() * 2 ** 52) });
  });
}
