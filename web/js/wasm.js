// wasm.js: the reducer as WebAssembly (cacheshape.wasm: common/, reduce/ and
// web/wasm/), and the boundary that loads a capture read by capture.js into
// it (web/wasm/capture_in.c: one call per value, strings as UTF-8 in the
// module's input buffer). Every output (reduce --json's text, the report,
// the staircase SVG, the check table's cells) is written by the same C the
// `cacheshape` command runs.

const enc = new TextEncoder();
const dec = new TextDecoder('utf-8', { fatal: true });

export class BoundaryError extends Error {}

let modulePromise = null;
// The compiled module, fetched once (compiled once, instantiated per user).
export function wasmModule(url = new URL('../cacheshape.wasm', import.meta.url)) {
  if (!modulePromise) modulePromise = WebAssembly.compileStreaming(fetch(url));
  return modulePromise;
}

export async function instantiate(imports = {}) {
  const env = { now_ms: () => performance.now(), ...imports };
  const inst = await WebAssembly.instantiate(await wasmModule(), { env });
  return inst.exports;
}

export class Reducer {
  constructor(exports) {
    this.x = exports;
  }

  static async create() {
    return new Reducer(await instantiate());
  }

  bytes(ptr, len) { return new Uint8Array(this.x.memory.buffer, ptr, len); }

  // UTF-8 of the strings, back to back in the input buffer; their lengths.
  put(...strings) {
    const lens = [];
    let at = 0;
    const cap = this.x.cs_in_bytes();
    for (const s of strings) {
      const b = enc.encode(s);
      if (at + b.length > cap) throw new BoundaryError('a string longer than the input buffer');
      this.bytes(this.x.cs_in() + at, b.length).set(b);
      at += b.length;
      lens.push(b.length);
    }
    return lens;
  }

  // The text a call left in the output buffer (len bytes, or up to its NUL).
  out(len) {
    const p = this.x.cs_out();
    if (len === undefined) {
      const mem = new Uint8Array(this.x.memory.buffer, p);
      len = mem.indexOf(0);
    }
    return dec.decode(this.bytes(p, len).slice());
  }

  ok(rc, what) {
    if (rc !== 0) throw new BoundaryError(`${what}: the reducer's bounds refused a value the reader accepted`);
  }

  // A capture (capture.js's object) into the module's struct cs_capture.
  load(c) {
    const x = this.x;
    x.cs_begin();
    const text = (field, s) => { if (s) this.ok(x.cs_set_text(field, this.put(s)[0]), 'text'); };
    text(0, c.label);
    text(1, c.envKind);
    text(2, c.arch);
    text(3, c.clock.source);
    text(4, c.publishedSource);
    const k = c.clock;
    x.cs_set_clock(k.hz !== undefined, k.hz ?? 0, k.quantum !== undefined, k.quantum ?? 0,
      k.clamp !== undefined, k.clamp ?? 0);
    for (const h of c.caches) this.ok(x.cs_add_cache(h.level, h.type, h.size, h.line), 'cache');
    for (const p of c.points) this.ok(x.cs_add_point(p.bytes, p.ns, p.block !== undefined, p.block ?? 0), 'point');
    for (const s of c.adj) {
      this.ok(x.cs_add_series(s.placement, s.footprint !== undefined, s.footprint ?? 0), 'series');
      if (s.refusal) {
        const [a, b] = this.put(s.refusal.code, s.refusal.reason);
        this.ok(x.cs_series_refusal(a, b), 'series refusal');
      }
      for (const p of s.points) this.ok(x.cs_add_adj_point(p.distance, p.ns), 'adjacency point');
    }
    const e = c.exp;
    if (e.single) {
      x.cs_exp_single(e.single.nsPerTick);
      for (const s of e.single.series) {
        this.ok(x.cs_exp_series(s.stride), 'experiment series');
        for (const t of s.ticks) this.ok(x.cs_exp_tick(t), 'experiment tick');
      }
    }
    if (e.stride) {
      x.cs_exp_stride();
      for (const p of e.stride) this.ok(x.cs_exp_stride_point(p.stride, p.ns), 'stride point');
    }
    if (e.random) x.cs_exp_random(e.random.fixed, e.random.random, e.random.accesses);
    x.cs_exp_quantum(e.quantum);
    const mp = c.mp;
    if (mp.hasProcessors && mp.processorsReason != null)
      this.ok(x.cs_mp_processors_null(this.put(mp.processorsReason)[0]), 'processors');
    for (const p of mp.procs)
      this.ok(x.cs_mp_proc(p.number, p.package, p.core, p.thread, p.bsp ? 1 : 0, p.enabled ? 1 : 0), 'processor');
    if (mp.competitor) {
      const o = mp.competitor;
      x.cs_mp_competitor(o.threads, o.buffer, o.stopped ? 1 : 0);
      for (const p of o.points) this.ok(x.cs_mp_comp_point(p.bytes, p.ns, p.block !== undefined, p.block ?? 0), 'competitor point');
    }
    for (const kd of mp.kinds) {
      this.ok(x.cs_mp_kind(this.put(kd.kind)[0]), 'kind');
      for (const n of kd.procs) this.ok(x.cs_mp_kind_proc(n), 'kind processor');
      for (const p of kd.points || []) this.ok(x.cs_mp_kind_point(p.bytes, p.ns, p.block !== undefined, p.block ?? 0), 'kind point');
    }
    const t = c.tlb; // web/wasm/capture_tlb.c
    if (t.hasPublished) {
      const [a, b] = this.put(t.publishedSource, t.publishedNull ? t.publishedReason : '');
      this.ok(x.cs_tlb_published(t.publishedNull ? 1 : 0, a, b), 'published TLBs');
      for (const k of t.published) this.ok(x.cs_tlb_add_published(k.level, k.type, k.page, k.entries, k.ways), 'TLB');
    }
    for (const s of t.series) {
      const [a, b, d] = this.put(s.tables, s.method, s.refusal);
      this.ok(x.cs_tlb_series(s.page, s.alias, a, b, d), 'TLB series');
      for (const p of s.points)
        this.ok(x.cs_tlb_add_point(p.pages, p.ns, p.median !== undefined, p.median ?? 0, p.block !== undefined, p.block ?? 0), 'TLB point');
    }
    if (t.poolPages !== undefined) this.ok(x.cs_tlb_pool_pages(t.poolPages, this.put(t.poolPagesHow)[0]), 'pool pages');
    if (t.large) {
      this.ok(x.cs_tlb_large(t.large.page, this.put(t.large.tables)[0]), 'large pages');
      for (const p of t.large.points)
        this.ok(x.cs_tlb_large_point(p.bytes, p.ns, p.block !== undefined, p.block ?? 0), 'large-page point');
    }
    const ic = c.icache; // web/wasm/capture_icache.c
    if (ic) {
      this.ok(x.cs_icache_obs(this.put(ic.method)[0], ic.words, ic.first, ic.cached, ic.runs ?? 0,
        ic.remap !== undefined, ic.remap ?? 0, ic.imin, ic.dic ? 1 : 0, ic.idc ? 1 : 0), 'icache');
      ic.strides.forEach((s, i) => this.ok(x.cs_icache_stride(s, ic.stale[i], ic.staleMin ? ic.staleMin[i] : 0), 'icache stride'));
      const [a, b] = this.put(ic.code, ic.reason);
      this.ok(x.cs_icache_answer(ic.granule !== null, ic.granule ?? 0, ic.matches ? 1 : 0, a, b), 'icache answer');
    }
  }

  // Reduce what load() filled: null, or the message `cacheshape` prints for
  // a capture the reducer finds malformed.
  reduce() {
    return this.x.cs_reduce_capture() === 0 ? null : this.out();
  }

  // `cacheshape reduce --json`'s text; null when a string would not encode.
  json() {
    const n = this.x.cs_json();
    return n < 0 ? null : this.out(n);
  }

  report() {
    const n = this.x.cs_report();
    return n < 0 ? '' : this.out(n);
  }

  svg(name, withResult = true) {
    const n = this.x.cs_svg(this.put(name)[0], withResult ? 1 : 0);
    return n < 0 ? '' : this.out(n);
  }

  // The check table's cells (reduce/row.h), one a line: published, knees,
  // retired, granules, refusals, tlbs, tlb knees, tlb refusals.
  row() {
    const n = this.x.cs_row();
    return n < 0 ? null : this.out(n).split('\n').slice(0, -1);
  }

  size(bytes) { return this.out(this.x.cs_size(bytes)); }

  // Exact figures the check panel compares with "expect" (not the JSON's
  // ten digits): knee i and granule i (NaN where there is none), and the
  // experiments' verdicts (replay.c's cs_result_exp).
  knee(i) { return this.x.cs_result_knee(i); }
  granule(i) { return this.x.cs_result_granule(i); }
  experiments() {
    const f = (k) => this.x.cs_result_exp(k);
    return { line: f(0), flat: f(1), breaksAt: f(2), defeated: f(3) };
  }
}
