// chart_total.mjs WASM: the page's chart (cs_svg in cacheshape.wasm, the
// same chart/svg.c as `cacheshape plot`) over extreme values a capture the
// reader accepts may hold: a TLB point at 1e308 pages, tiny and huge costs,
// sweep sizes at the ends of the doubles. Each case must return (the caller
// runs this under `timeout`) with an SVG that holds no NaN or Infinity.
// Fed through the module's own exports (web/wasm/capture_in.c,
// capture_tlb.c), as web/js/wasm.js feeds it. Prints "ok NAME" or
// "FAIL NAME"; exit 1 on any failure.
import { readFileSync } from 'node:fs';

const bytes = readFileSync(process.argv[2]);
const { instance } = await WebAssembly.instantiate(bytes, { env: { now_ms: () => 0 } });
const x = instance.exports;
const dec = new TextDecoder();

const cases = [
  { name: 'a TLB point at 1e308 pages', tlb: [[4, 1.2], [8, 1.3], [1e308, 9]] },
  { name: 'a TLB point at 1.7e308 pages, cost 1e-300', tlb: [[1, 1e-300], [1.7976931348623157e308, 1e308]] },
  { name: 'TLB pages 5e-324 and 1e308', tlb: [[5e-324, 1], [1e308, 2]] },
  { name: 'sweep sizes 5e-324 .. 1.7e308, costs 1e308', sweep: [[5e-324, 1e308], [1.7976931348623157e308, 5e-324]] },
  { name: 'a large-page sweep at 1e308 bytes', large: [[4096, 1], [1e308, 1e308]] },
];

let failed = 0;
for (const c of cases) {
  x.cs_begin();
  for (const [b, ns] of c.sweep || [[4096, 1], [8192, 2], [65536, 3]])
    if (x.cs_add_point(b, ns, 0, 0)) throw new Error('cs_add_point refused');
  if (c.tlb) {
    if (x.cs_tlb_series(4096, 512, 0, 0, 0)) throw new Error('cs_tlb_series refused');
    for (const [p, ns] of c.tlb)
      if (x.cs_tlb_add_point(p, ns, 0, 0, 0, 0)) throw new Error('cs_tlb_add_point refused');
  }
  if (c.large) {
    if (x.cs_tlb_large(2 << 20, 0)) throw new Error('cs_tlb_large refused');
    for (const [b, ns] of c.large)
      if (x.cs_tlb_large_point(b, ns, 0, 0)) throw new Error('cs_tlb_large_point refused');
  }
  const reduced = x.cs_reduce_capture() === 0;
  const n = x.cs_svg(0, reduced ? 1 : 0);
  const svg = n > 0 ? dec.decode(new Uint8Array(x.memory.buffer, x.cs_out(), n)) : '';
  const ok = n > 0 && svg.includes('</svg>') && !/nan|inf/i.test(svg.replace(/<text[^>]*>[^<]*<\/text>/g, ''));
  console.log(`${ok ? 'ok  ' : 'FAIL'} the page's chart returns: ${c.name} (${n} bytes)`);
  failed += ok ? 0 : 1;
}
process.exit(failed ? 1 : 0);
