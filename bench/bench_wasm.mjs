// bench_wasm.mjs: the page's reader and reducer (build/web/cacheshape.wasm,
// the same C as the host command) timed in node, beside bench_reduce's host
// figures: read + reduce (what the host's "read memory + reduce" times),
// the same with reduce --json's text, read alone, reduce alone, captures a
// second on one core. A benchmark, not a test.
// usage: node bench/bench_wasm.mjs WASM CAPTURE [SECONDS] [HOST-PER-S]
import { readFileSync } from 'node:fs';

const [wasmPath, capPath, secArg, hostArg] = process.argv.slice(2);
if (!wasmPath || !capPath) {
  console.error('usage: node bench_wasm.mjs WASM CAPTURE [SECONDS] [HOST-PER-S]');
  process.exit(2);
}
const seconds = Number(secArg || 3);
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath),
  { env: { now_ms: () => performance.now() } });
const x = instance.exports;
const bytes = readFileSync(capPath);
const out = () => {
  const m = new Uint8Array(x.memory.buffer, x.cs_out());
  return new TextDecoder().decode(m.subarray(0, m.indexOf(0)));
};
const read = () => {
  const p = x.cs_read_reserve(bytes.length);
  new Uint8Array(x.memory.buffer, p, bytes.length).set(bytes);
  if (x.cs_read(bytes.length) !== 0) throw new Error(`the reader refuses ${capPath}: ${out()}`);
};
const reduce = () => {
  if (x.cs_reduce_capture() !== 0) throw new Error(`malformed: ${out()}`);
};
const json = () => {
  if (x.cs_json() < 0) throw new Error('reduce --json: no text');
};
const loop = (f) => {
  for (let i = 0; i < 200; i++) f();
  let n = 0;
  const t0 = performance.now(), end = t0 + seconds * 1000;
  while (performance.now() < end) { for (let i = 0; i < 50; i++) f(); n += 50; }
  return n / ((performance.now() - t0) / 1000);
};
const row = (what, per) => console.log(`  ${what.padEnd(24)} ${per.toFixed(0).padStart(9)} captures/s  ${(1e6 / per).toFixed(1).padStart(7)} us each`);
console.log(`wasm (node ${process.version}): ${bytes.length} bytes of JSON, ${seconds} s a figure`);
const both = loop(() => { read(); reduce(); });
row('read memory + reduce', both);
row('... + reduce --json', loop(() => { read(); reduce(); json(); }));
row('read memory alone', loop(read));
read();
row('reduce alone', loop(reduce));
console.log(`  wasm memory: ${(x.memory.buffer.byteLength / 1048576).toFixed(1)} MiB (the module's, at its largest)`);
if (hostArg) {
  const host = Number(hostArg);
  console.log(`  host ${host.toFixed(0)}/s, wasm ${both.toFixed(0)}/s: ${(host / both).toFixed(2)}x; ` +
    `target within 2x: ${host / both <= 2 ? 'met' : 'NOT MET'}`);
}
