// wasm.js: the reader and the reducer as WebAssembly (cacheshape.wasm:
// reader/, common/, reduce/, kinds/ and web/wasm/): a capture's bytes go in
// (web/wasm/read.c), and every output (the reader's refusal, reduce
// --json's text, the report, the staircase SVG, the check table's cells
// and the check verdict) is written by the same C the `cacheshape` command
// runs.

const enc = new TextEncoder();
const dec = new TextDecoder('utf-8', { fatal: true });

export class BoundaryError extends Error {}

let modulePromise = null;
// The compiled module, fetched once (compiled once, instantiated per user).
export function wasmModule(url = new URL('../cacheshape.wasm', import.meta.url)) {
  if (!modulePromise) modulePromise = WebAssembly.compileStreaming(fetch(url));
  return modulePromise;
}

export async function instantiate(imports = {}, url) {
  const env = { now_ms: () => performance.now(), ...imports };
  const inst = await WebAssembly.instantiate(await wasmModule(url), { env });
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

  // A capture file's bytes, read by the capture reader in the module (the
  // host's C, reader/): null, or the message `cacheshape` prints for it
  // (after "cacheshape reduce: FILE: "). The capture stays in the module for
  // reduce(), json(), report(), svg() and row().
  read(bytes) { return this.readWith(bytes, 'cs_read'); }

  // NAME.expect beside a capture (check's rule): null, or the message.
  readExpectFile(bytes) { return this.readWith(bytes, 'cs_read_expect_file'); }

  readWith(bytes, call) {
    const p = this.x.cs_read_reserve(bytes.length);
    if (!p) return `${bytes.length} bytes: no memory for them`;
    this.bytes(p, bytes.length).set(bytes);
    return this.x[call](bytes.length) === 0 ? null : this.out();
  }

  // Whether the last read found an expectation ("expect", or NAME.expect).
  hasExpect() { return this.x.cs_expect_present() !== 0; }

  // Reduce what read() filled: null, or the message `cacheshape` prints for
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
  // retired, granules, refusals, tlbs, tlb knees, tlb refusals, cycles, ref, geometry,
  // read GB/s (the table shows as many as it has headers).
  row() {
    const n = this.x.cs_row();
    return n < 0 ? null : this.out(n).split('\n').slice(0, -1);
  }

  // A size as the reports write it ("48 KiB").
  size(bytes) { return this.out(this.x.cs_size(bytes)); }

  // check's verdict on what read() and reduce() hold, judged in the module
  // by the C `cacheshape check` runs (web/wasm/judge.c): { verdict: '-',
  // 'ok', 'known failure' or 'FAIL', notes: [lines] }, or null when nothing
  // was reduced.
  judge() {
    const v = this.x.cs_judge();
    if (v < 0) return null;
    const notes = this.out().split('\n').slice(0, -1);
    return { verdict: this.out(this.x.cs_judgement_word(v)), notes };
  }
}
