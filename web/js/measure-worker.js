// measure-worker.js: the page's measurement, in a dedicated worker so that
// the page can draw each point while the next one runs. The measuring is
// the engine every producer runs (common/engine.h, in cacheshape.wasm,
// through web/wasm/measure.c); this file measures the clock's quantum first
// (seed 000: the smallest step performance.now() is seen to make), then
// asks the engine for one step at a time (a point, a placement, an
// adjacency distance) and posts each step's event.
import { instantiate } from './wasm.js';

const post = (m) => self.postMessage(m);

// WebAssembly SIMD, asked of this browser: a module of one function,
// () -> v128 (i32.const 0, i8x16.splat, i8x16.popcnt). Where it validates,
// the worker runs cacheshape-simd.wasm, whose bandwidth kernels move v128
// vectors; where not, cacheshape.wasm, whose kernels move 64-bit words
// (arch/wasm32/bandwidth.c); the capture names the kernel either way.
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0,
  10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);
const simd = () => { try { return WebAssembly.validate(SIMD_PROBE); } catch (e) { return false; } };
let x = null;

// The smallest step of performance.now(), in whole nanoseconds (the unit
// the kernels' clock ticks in), over up to 64 steps or 400 ms.
function quantum() {
  const ns = () => Math.round(performance.now() * 1e6);
  const end = performance.now() + 400;
  let last = ns(), best = Infinity, steps = 0;
  // bounded in readings too: a frozen clock never reaches end
  for (let reads = 0; steps < 64 && performance.now() < end && reads < 2e7; reads++) {
    const t = ns();
    if (t !== last) {
      best = Math.min(best, t - last);
      last = t;
      steps++;
    }
  }
  return { quantum: best, samples: steps };
}

const enc = new TextEncoder();
function put(...strings) {
  const lens = [];
  let at = x.cs_in();
  for (const s of strings) {
    const b = enc.encode(s);
    new Uint8Array(x.memory.buffer, at, b.length).set(b);
    at += b.length;
    lens.push(b.length);
  }
  return lens;
}

function out(n) {
  const mem = new Uint8Array(x.memory.buffer, x.cs_out());
  return new TextDecoder().decode(mem.slice(0, n === undefined ? mem.indexOf(0) : n));
}

async function run(o) {
  const module = o.simd !== false && simd() ? '../cacheshape-simd.wasm' : '../cacheshape.wasm';
  x = x || (await instantiate({}, new URL(module, import.meta.url)));
  const q = quantum();
  const isolated = self.crossOriginIsolated === true;
  post({ type: 'clock', quantum: q.quantum, samples: q.samples, isolated });
  if (!Number.isFinite(q.quantum)) throw new Error('performance.now() never moved: no clock to time with');
  const region = x.cs_m_memory(o.maxBytes);
  if (!region) throw new Error('the browser would not lend even 1 MiB of memory');
  post({ type: 'memory', bytes: region });
  x.cs_m_start(o.seed, q.quantum, q.samples, isolated ? 1 : 0, o.quick ? 1 : 0, o.maxBytes);
  for (;;) {
    const n = x.cs_m_step();
    if (n === 0) break;
    if (n < 0) throw new Error('a step of the measurement did not fit its buffer');
    post(JSON.parse(out(n)));
  }
  post({ type: 'measured' });
}

// What the page adds at the end: who measured, when, how long the page
// was hidden, and the published sizes a person typed in (if any).
function finish(o) {
  // The label field holds 255 bytes: a longer one is cut at a character.
  let label = o.label || 'this machine, measured in a browser';
  while (enc.encode(label).length > 255) label = [...label].slice(0, -1).join('');
  const typed = o.published && o.published.length;
  const [a, b] = put(label, typed ? 'typed into the page' : '');
  if (x.cs_m_label(a, b)) throw new Error('the label did not fit its field');
  if (typed)
    o.published.forEach((bytes, i) => {
      if (x.cs_m_cache(i + 1, i === 0 ? 0 : 2, bytes)) throw new Error(`published size ${bytes}: not taken`);
    });
  const [ua, started] = put(o.userAgent, o.started);
  x.cs_m_page(ua, started, o.hiddenMs);
  const n = x.cs_m_write();
  if (n < 0) throw new Error('the capture did not fit its buffer');
  post({ type: 'capture', text: new TextDecoder().decode(new Uint8Array(x.memory.buffer, x.cs_out(), n).slice()) });
}

self.onmessage = async (e) => {
  try {
    if (e.data.cmd === 'start') await run(e.data);
    else if (e.data.cmd === 'finish') finish(e.data);
  } catch (err) {
    post({ type: 'error', message: err.message || String(err) });
  }
};
