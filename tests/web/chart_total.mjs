// chart_total.mjs WASM CAPTURE...: the page's chart (cs_svg in
// cacheshape.wasm, the same chart/svg.c as `cacheshape plot`) over captures
// with extreme values (suite-plot makes them: a TLB point at 1e308 pages,
// tiny and huge costs, sweep sizes at the ends of the doubles). Each is read
// by the module's own capture reader (reader/, as web/js/wasm.js feeds it),
// reduced and drawn; each must return (the caller runs this under
// `timeout`) with an SVG that holds no NaN or Infinity, or be refused by
// the reader with its message. Prints "ok NAME" or "FAIL NAME"; exit 1 on
// any failure.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const [wasm, ...files] = process.argv.slice(2);
if (!files.length) { console.log('FAIL no capture given'); process.exit(1); }
const { instance } = await WebAssembly.instantiate(readFileSync(wasm), { env: { now_ms: () => 0 } });
const x = instance.exports;
const dec = new TextDecoder();
const text = (n) => {
  const mem = new Uint8Array(x.memory.buffer, x.cs_out());
  return dec.decode(mem.slice(0, n === undefined ? mem.indexOf(0) : n));
};

let failed = 0;
for (const f of files) {
  const bytes = readFileSync(f);
  const p = x.cs_read_reserve(bytes.length);
  if (!p) throw new Error(`${f}: no memory for ${bytes.length} bytes`);
  new Uint8Array(x.memory.buffer, p, bytes.length).set(bytes);
  if (x.cs_read(bytes.length) !== 0) {
    console.log(`ok   the page's reader refuses ${basename(f)}: ${text()}`);
    continue;
  }
  const reduced = x.cs_reduce_capture() === 0;
  const n = x.cs_svg(0, reduced ? 1 : 0);
  const svg = n > 0 ? text(n) : '';
  const ok = n > 0 && svg.includes('</svg>') && !/nan|inf/i.test(svg.replace(/<text[^>]*>[^<]*<\/text>/g, ''));
  console.log(`${ok ? 'ok  ' : 'FAIL'} the page's chart returns: ${basename(f)} (${n} bytes${reduced ? '' : ', unreduced'})`);
  failed += ok ? 0 : 1;
}
process.exit(failed ? 1 : 0);
