// differential.mjs: one reader, the same answer in every build. Feeds the
// same bytes to the host build of the reader and reducer (reduce_many, the
// command's own functions, in one process) and to the page's WebAssembly
// module (build/web/cacheshape.wasm, called as the page calls it, through
// web/js/wasm.js's Reducer, in this one node process), and requires
// `reduce --json`'s text byte for byte, or the same refusal (the same
// message: its line and column included).
//
// Inputs: the files and folders named (every *.json under them: the
// committed captures, the catalogue, a fuzzer's corpus, whatever the name),
// and the generated corpus (gen()): strings holding every escape, every
// UTF-8 length 1-4, invalid UTF-8, surrogate pairs and lone surrogates at
// every offset 0..15 of the string (both halves of the reader's 8-byte scan
// window, reader/json.c scan_string); numbers at the limits of a double
// and of the integer kinds; in a member of every kind the committed
// captures hold. And the 19 labels of issue 41, each a named row.
//
// --judge CACHESHAPE: the judgement instead, on the captures under each
// DIR named: `CACHESHAPE check --json DIR` against the page's own path
// (web/js/replay.js: read, reduce, NAME.expect beside, the module's
// cs_judge), each capture's verdict and its notes line for line; then the
// same for variants of every capture's "expect", one a member, each with
// its numbers moved (x to 2x + 1) and its booleans turned, written to a
// folder of their own: an answer that no longer matches must be refused
// alike, note for note.
//
// usage: node tests/differential.mjs --host REDUCE_MANY --wasm WASM
//          [--write-sample DIR N] [--write-gen DIR] [--keep DIR] [PATH...]
//        node tests/differential.mjs --judge CACHESHAPE --wasm WASM DIR...
// Prints one line per failed row, per-group counts and
// "differential: N passed, N failed"; exit 1 on any failure.
import { readFileSync, readdirSync, statSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { Reducer } from '../web/js/wasm.js';
import { replay } from '../web/js/replay.js';

const args = process.argv.slice(2);
const opt = {};
const paths = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--host' || args[i] === '--wasm' || args[i] === '--keep' || args[i] === '--write-gen' ||
      args[i] === '--judge')
    opt[args[i].slice(2)] = args[++i];
  else if (args[i] === '--write-sample') { opt.sampleDir = args[++i]; opt.sampleN = Number(args[++i]); }
  else paths.push(args[i]);
}
if (!(opt.host || opt.judge) || !opt.wasm) {
  console.error('usage: node tests/differential.mjs --host REDUCE_MANY --wasm WASM [--write-sample DIR N] [--write-gen DIR] [--keep DIR] [PATH...]\n' +
    '       node tests/differential.mjs --judge CACHESHAPE --wasm WASM DIR...');
  process.exit(2);
}

const B = (s) => Buffer.from(s, 'latin1'); // bytes as written, one char a byte
const U = (s) => Buffer.from(s, 'utf8');

// ---- the generated corpus ----------------------------------------------

// What may stand in a string, as the bytes of the JSON text: every escape
// JSON has, escapes of code points of every UTF-8 length, surrogate pairs
// and lone halves, raw UTF-8 of 1-4 bytes at the edges of each length,
// raw bytes that are not UTF-8, control bytes, and bad escapes.
const PIECES = [
  ['quote', B('\\"')], ['backslash', B('\\\\')], ['slash', B('\\/')], ['esc-b', B('\\b')],
  ['esc-f', B('\\f')], ['esc-n', B('\\n')], ['esc-r', B('\\r')], ['esc-t', B('\\t')],
  ['u0000', B('\\u0000')], ['u001f', B('\\u001f')], ['u0041', B('\\u0041')], ['u007f', B('\\u007F')],
  ['u0080', B('\\u0080')], ['u00e9', B('\\u00e9')], ['u07ff', B('\\u07ff')], ['u0800', B('\\u0800')],
  ['u20ac', B('\\u20AC')], ['uffff', B('\\uffff')], ['pair-1f600', B('\\ud83d\\ude00')],
  ['pair-10ffff', B('\\uDBFF\\uDFFF')], ['pair-10000', B('\\ud800\\udc00')],
  ['lone-high', B('\\ud83d')], ['lone-low', B('\\ude00')], ['high-high', B('\\ud83d\\ud83d')],
  ['high-then-bmp', B('\\ud83d\\u0041')], ['high-then-char', B('\\ud83dx')], ['low-high', B('\\ude00\\ud83d')],
  ['raw-1', B('a')], ['raw-del', B('\x7f')], ['raw-2-min', U('\u0080')], ['raw-2', U('é')],
  ['raw-2-max', U('\u07ff')], ['raw-3-min', U('\u0800')], ['raw-3', U('€')], ['raw-3-max', U('\uffff')],
  ['raw-3-bom', U('\ufeff')], ['raw-4', U('😀')], ['raw-4-min', U('\u{10000}')], ['raw-4-max', U('\u{10FFFF}')],
  ['bad-overlong-2', B('\xc0\x80')], ['bad-overlong-3', B('\xe0\x80\x80')], ['bad-overlong-4', B('\xf0\x80\x80\x80')],
  ['bad-surrogate', B('\xed\xa0\x80')], ['bad-above-max', B('\xf4\x90\x80\x80')], ['bad-f5', B('\xf5')],
  ['bad-ff', B('\xff')], ['bad-continuation', B('\x80')], ['bad-cut-2', B('\xc3a')], ['bad-cut-4', B('\xf0\x9f\x98a')],
  ['ctl-01', B('\x01')], ['ctl-tab', B('\t')], ['ctl-nl', B('\n')], ['ctl-1f', B('\x1f')], ['ctl-nul', B('\x00')],
  ['esc-x', B('\\x41')], ['esc-u-short', B('\\u12g4')], ['esc-U', B('\\U0041')], ['esc-space', B('\\ ')],
];

// Numbers at their limits, as JSON text (the reader refuses some: the
// refusal must then be the same).
const NUMBERS = [
  '0', '-0', '1', '-1', '0.5', '1e0', '1E+2', '1e-7', '0.30000000000000004', '5e-324', '4.9e-324', '2e-324',
  '2.2250738585072014e-308', '2.225073858507201e-308', '1e-400', '-1e-400', '1e308', '-1e308',
  '1.7976931348623157e308', '1.7976931348623158e308', '1.8e308', '1e309', '9007199254740992',
  '9007199254740993', '4294967295', '4294967296', '2147483648', '-2147483649', '18446744073709551615',
  '18446744073709551616', '1e19', '123456789012345678901234567890', '0.' + '0'.repeat(400) + '1',
  '1' + '0'.repeat(330), '00', '1.', '.5', '+1', '1e', '0x10', '-', 'NaN', 'Infinity',
];

const BASES = ['imported/kaby-lake-columns', 'imported/i7-1165G7-ramlat', 'synthetic/tlbOneLevel',
  'synthetic/geomHugePage', 'synthetic/clockSteady', 'synthetic/expNoPeriod', 'synthetic/repeatsAgree',
  'synthetic/bwFlat', 'qemu/qemu-aarch64-cortex-a72', 'qemu/qemu-x86_64-smp4-competitor',
  'browser/AMD-EPYC-2026-12-01-chromium-isolated', 'host/AMD-EPYC-2026-11-30-tsc-4k'];

const HOLE = '\u0001HOLE\u0001';
const HOLE_TEXT = Buffer.from(JSON.stringify(HOLE));

// The base's text with the value at path replaced by 'fill' (bytes).
function fill(obj, path, bytes) {
  let v = obj;
  for (let i = 0; i < path.length - 1; i++) v = v[path[i]];
  const last = path[path.length - 1], was = v[last];
  v[last] = HOLE;
  const text = Buffer.from(JSON.stringify(obj, null, 1));
  v[last] = was;
  const at = text.indexOf(HOLE_TEXT);
  return Buffer.concat([text.subarray(0, at), bytes, text.subarray(at + HOLE_TEXT.length)]);
}

// The first leaf of each shape (a path with its indices taken as one).
function shapes(obj) {
  const seen = new Map();
  const walk = (v, p, shape) => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...p, i], shape + '[]'));
    else if (v && typeof v === 'object') for (const k of Object.keys(v)) walk(v[k], [...p, k], shape + '.' + k);
    else if (typeof v === 'number' || typeof v === 'string') {
      const key = typeof v + ' ' + shape;
      if (!seen.has(key)) seen.set(key, { type: typeof v, shape, path: p });
    }
  };
  walk(obj, [], '');
  return [...seen.values()];
}

// A string of 'a's with the piece at offset k, long enough that the piece
// never touches the end (both 8-byte windows after it hold plain ASCII).
const stringAt = (piece, k) => Buffer.concat([B('"' + 'a'.repeat(k)), piece, B('z'.repeat(24 - (k % 8)) + '"')]);

function gen() {
  const out = [];
  const bases = BASES.map((b) => [b, JSON.parse(readFileSync(`captures/${b}.json`, 'utf8'))]);
  // every piece at every offset 0..15: in the label of three bases, as a
  // member's name (the reader names the path of what it refuses), and in
  // a string the reader keeps (the import's file)
  const small = bases[0][1];
  for (const [name, piece] of PIECES)
    for (let k = 0; k < 16; k++) {
      for (const [b, obj] of bases.slice(0, 3))
        out.push([`label/${b}/${name}@${k}`, fill(obj, ['label'], stringAt(piece, k))]);
      const keyed = { ...small, [HOLE]: 1 };
      const t = Buffer.from(JSON.stringify(keyed, null, 1)), at = t.indexOf(HOLE_TEXT);
      out.push([`key/${name}@${k}`, Buffer.concat([t.subarray(0, at), stringAt(piece, k), t.subarray(at + HOLE_TEXT.length)])]);
      out.push([`import.file/${name}@${k}`, fill(small, ['import', 'file'], stringAt(piece, k))]);
    }
  // every string member of every kind: 16 pieces each, at offsets 0..15,
  // the pieces moving on from one member to the next
  let j = 0;
  for (const [b, obj] of bases)
    for (const s of shapes(obj).filter((x) => x.type === 'string' && x.shape !== '.label')) {
      for (let k = 0; k < 16; k++) {
        const [name, piece] = PIECES[(j * 16 + k) % PIECES.length];
        out.push([`string/${b}${s.shape}/${name}@${k}`, fill(obj, s.path, stringAt(piece, k))]);
      }
      j++;
    }
  // every numeric member of every kind at every limit
  for (const [b, obj] of bases)
    for (const s of shapes(obj).filter((x) => x.type === 'number'))
      for (const n of NUMBERS)
        out.push([`number/${b}${s.shape}/${n.length > 24 ? n.slice(0, 12) + '...' + n.length : n}`, fill(obj, s.path, B(n))]);
  return out;
}

// The 19 labels of issue 41 (quotes, backslashes, control escapes, raw
// UTF-8 of 1-4 bytes, surrogate pairs and lone surrogates, at several
// offsets; the last, 126 'v's and ' "q"', is a label two real curves meet).
const LABELS = [
  ['quote at 4', 'abcd\\"efg'], ['quote at 0', '\\"abcdefgh'], ['quote at 7', 'abcdefg\\"h'],
  ['backslash at 4', 'back\\\\slash'], ['backslash at 13', 'abcdefghijklm\\\\n'],
  ['newline escape at 4', 'line\\nbreak'], ['tab escape at 6', 'column\\tnext'], ['control escape \\u001b at 5', 'color\\u001b[31m'],
  ['surrogate pair at 0', '\\ud83d\\ude00'], ['surrogate pair at 5', 'smile\\ud83d\\ude00'],
  ['lone high surrogate at 0', '\\ud83d'], ['lone high surrogate at 6', 'broken\\ud83d tail'], ['lone low surrogate at 5', 'alone\\ude00'],
  ['raw UTF-8 of 2 bytes at 4', 'raw é'], ['raw UTF-8 of 4 bytes at 6', 'raw é 😀'], ['raw UTF-8 of 3 bytes at 5', 'euro € sign'],
  ['raw UTF-8 of 1-4 bytes at 12', 'abcdefghijkl' + 'a\u00e9\u20ac\u{1F600}'], ['raw UTF-8 of 4 bytes at 15', 'abcdefghijklmno😀'],
  ['126 v and "q"', 'v'.repeat(126) + ' \\"q\\"'],
];

function labelled() {
  const base = JSON.parse(readFileSync('captures/imported/kaby-lake-columns.json', 'utf8'));
  return LABELS.map(([name, label]) => [`label: ${name}`, fill(base, ['label'], U('"' + label + '"'))]);
}

// ---- inputs from files ----------------------------------------------------

function files(p) {
  const st = statSync(p, { throwIfNoEntry: false });
  if (!st) return [];
  if (st.isFile()) return [p];
  const out = [];
  for (const e of readdirSync(p).sort()) {
    const q = join(p, e), s = statSync(q);
    if (s.isDirectory()) out.push(...files(q));
    else if (s.isFile() && (e.endsWith('.json') || !e.includes('.'))) out.push(q); // a libFuzzer corpus names by hash
  }
  return out;
}

// ---- the two builds -------------------------------------------------------

function host(inputs) {
  const hdr = inputs.map(([, b]) => [Buffer.from(b.length + '\n'), b]).flat();
  const r = spawnSync(opt.host, [], { input: Buffer.concat(hdr), maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`${opt.host}: exit ${r.status}: ${r.stderr}`);
  const out = [], o = r.stdout;
  let at = 0;
  while (at < o.length) {
    const nl = o.indexOf(10, at), [kind, len] = o.subarray(at, nl).toString().split(' ');
    out.push({ kind, text: o.subarray(nl + 1, nl + 1 + Number(len)) });
    at = nl + 1 + Number(len);
  }
  if (out.length !== inputs.length) throw new Error(`${opt.host}: ${out.length} answers to ${inputs.length} inputs`);
  return out;
}

const { instance } = await WebAssembly.instantiate(readFileSync(opt.wasm), { env: { now_ms: () => performance.now() } });
const red = new Reducer(instance.exports);

// The page's answer (web/js/replay.js's order: read, reduce, json).
function page(bytes) {
  try {
    const refused = red.read(bytes) ?? red.reduce();
    if (refused !== null) return { kind: 'E', text: U(refused) };
    const json = red.json();
    return json === null ? { kind: 'E', text: U('cannot encode the result') } : { kind: 'J', text: U(json) };
  } catch (e) {
    return { kind: 'X', text: U(`the page threw: ${e.message}`) };
  }
}

// ---- --judge: check's verdicts, the page's ---------------------------------

// check's row for each capture under dir: { result, notes: [lines] }, by
// its path under dir (check prints the notes escaped, two spaces in).
function checkRows(dir) {
  const r = spawnSync(opt.judge, ['check', '--json', dir], { maxBuffer: 1 << 30 });
  if (r.status !== 0 && r.status !== 1) throw new Error(`${opt.judge} check: exit ${r.status}: ${r.stderr}`);
  const rows = new Map();
  for (const c of JSON.parse(r.stdout.toString()).captures)
    rows.set(c.capture, { result: c.result, notes: c.notes.split('\n').slice(0, -1).map((l) => l.replace(/^  /, '')) });
  return rows;
}

// The page's verdict and notes (replay.js, NAME.expect beside read as the
// check panel fetches it); an unreadable capture is check's FAIL with the
// reader's message.
function pageJudge(file, rel) {
  const ex = file.replace(/\.json$/, '.expect');
  const r = replay(red, readFileSync(file), file, existsSync(ex) ? readFileSync(ex) : null);
  if (!r.ok) return { result: 'FAIL', notes: [r.error] };
  return { result: r.verdict, notes: r.notes };
}

// Each capture's "expect" varied a member at a time, into a new folder.
const moved = (v) => (typeof v === 'number' ? v * 2 + 1 : typeof v === 'boolean' ? !v
  : Array.isArray(v) ? v.map(moved) : v && typeof v === 'object'
    ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, moved(x)])) : v);
function variants(dirs) {
  const out = mkdtempSync(join(tmpdir(), 'judge-'));
  let n = 0;
  for (const dir of dirs)
    for (const f of files(dir)) {
      let c;
      try { c = JSON.parse(readFileSync(f, 'utf8')); } catch { continue; }
      if (!c || typeof c.expect !== 'object' || !c.expect) continue;
      for (const k of Object.keys(c.expect)) {
        if (k === 'known_failure' || k === 'knee_tolerance') continue;
        const v = { ...c, expect: { ...c.expect, [k]: moved(c.expect[k]) } };
        writeFileSync(join(out, `${relative(dir, f).replace(/[/.]/g, '_')}-${k}.json`), JSON.stringify(v, null, 1));
        n++;
      }
    }
  console.log(`  ${n} variants of the captures' expectations in ${out}`);
  return out;
}

function judgeAll() {
  const tally = new Map(), vary = variants(paths);
  for (const dir of [...paths, vary]) {
    const rows = checkRows(dir);
    for (const f of files(dir)) {
      const rel = relative(dir, f), h = rows.get(rel), p = pageJudge(f, rel);
      if (!h) { failed++; console.log(`FAIL ${f}: not in check's table`); continue; }
      const notes = (x) => x.notes.map((l) => l.replace(/[\x00-\x1f\x7f]/g, '?'));
      const same = h.result === p.result && JSON.stringify(notes(h)) === JSON.stringify(notes(p));
      const t = tally.get(h.result) ?? tally.set(h.result, { n: 0, bad: 0 }).get(h.result);
      t.n++;
      if (same) { passed++; continue; }
      failed++;
      t.bad++;
      console.log(`FAIL ${f}: check ${h.result} ${JSON.stringify(h.notes)}, page ${p.result} ${JSON.stringify(p.notes)}`);
    }
  }
  for (const [v, t] of [...tally].sort())
    console.log(`  check says ${v}: ${t.n} captures, ${t.n - t.bad} judged alike by the page, ${t.bad} otherwise`);
  rmSync(vary, { recursive: true });
  console.log(`differential: ${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

// ---- run ------------------------------------------------------------------

let passed = 0, failed = 0, kept = 0;
const groups = new Map();
const show = (b) => { const s = b.toString('utf8'); return JSON.stringify(s.length > 300 ? s.slice(0, 300) + '...' : s); };

function compare(inputs, named) {
  const h = host(inputs);
  inputs.forEach(([name, bytes], i) => {
    const p = page(bytes), g = name.split('/')[0].split(':')[0];
    const c = groups.get(g) ?? groups.set(g, { n: 0, json: 0, refused: 0, bad: 0 }).get(g);
    c.n++;
    if (p.kind === h[i].kind && p.text.equals(h[i].text)) {
      passed++;
      c[p.kind === 'J' ? 'json' : 'refused']++;
      if (named) console.log(`ok   ${name}: ${p.kind === 'J' ? 'read alike' : 'refused alike: ' + show(p.text)}`);
      return;
    }
    failed++;
    c.bad++;
    console.log(`FAIL ${name}: host ${h[i].kind} ${show(h[i].text)}, page ${p.kind} ${show(p.text)}`);
    if (opt.keep && kept < 50) {
      mkdirSync(opt.keep, { recursive: true });
      writeFileSync(join(opt.keep, `diff-${kept++}.json`), bytes);
    }
  });
}

if (opt.judge) judgeAll();
const t0 = performance.now();
const fromFiles = paths.flatMap(files).map((f) => [f, readFileSync(f)]);
const generated = gen();
if (opt['write-gen']) {
  mkdirSync(opt['write-gen'], { recursive: true });
  generated.forEach(([, b], i) => writeFileSync(join(opt['write-gen'], `gen-${String(i).padStart(5, '0')}.json`), b));
}
if (opt.sampleDir) {
  // the 19 labels and every k-th generated input, as files, and no
  // comparison: tests/web/suite.py serves them to the page in Chromium,
  // and the fuzz run of tests/suite-differential.sh starts from them
  mkdirSync(opt.sampleDir, { recursive: true });
  const step = Math.max(1, Math.floor(generated.length / opt.sampleN));
  [...labelled(), ...generated.filter((_, i) => i % step === 0).slice(0, opt.sampleN)].forEach(([, b], i) =>
    writeFileSync(join(opt.sampleDir, `d${String(i).padStart(4, '0')}.json`), b));
  process.exit(0);
}
compare(labelled(), true);
const all = [...fromFiles.map(([f, b]) => [`file:${f}`, b]), ...generated];
for (let i = 0; i < all.length; i += 2000) compare(all.slice(i, i + 2000), false);
const secs = (performance.now() - t0) / 1000;
for (const [g, c] of [...groups].sort())
  console.log(`  ${g}: ${c.n} inputs, ${c.json} reduced to the same bytes, ${c.refused} refused alike, ${c.bad} differ`);
console.log(`  ${passed + failed} inputs (${generated.length} generated, ${fromFiles.length} from files) through both builds in ${secs.toFixed(1)} s`);
console.log(`differential: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
