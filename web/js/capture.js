// capture.js: a capture file read as strictly as the host reader reads it
// (host/reader.c, reader_mp.c, reader_experiments.c, reader_tlb.c,
// expect.c, expect_tlb.c, jdom.c), so
// that the page refuses, with a message naming the field, every capture
// `cacheshape reduce` refuses, and reduces every other one from the same
// values. JSON.parse checks the grammar and decodes; a scan of the text adds
// what the host's parser enforces beyond JSON (strict.js below: no
// duplicate keys, no \u0000, no lone surrogate, finite numbers, nesting and
// value bounds); then every field is read with the host's types, ranges,
// bounds and null rules, in the host's order, into a plain object that
// wasm.js hands to the reducer through web/wasm/capture_in.c.
//
// Where the host reader changes (a new field, a new kind), this file must
// change with it: tests/suite-web.sh feeds both the same corpus (every row
// of tests/test_reader.c, tests/data/bad, mutations of every committed
// capture) and fails on any capture one accepts and the other refuses.

// The bounds of common/capture.h, mp_capture.h, experiments.h and
// host/reader.h.
export const BOUNDS = {
  fileBytes: 4 << 20, depth: 32, values: 262144,
  sweepPoints: 1024, adjSeries: 8, adjPoints: 64, caches: 32,
  text: 256, word: 32, code: 32,
  mpProcs: 64, mpPoints: 256, mpKinds: 4,
  expSingleMax: 1024, expSingleSeries: 2, expStrideMax: 32,
  knees: 32, refusals: 48,
  // common/tlb_capture.h and host/reader_tlb.c
  tlbs: 32, tlbSizes: 4, tlbPoints: 128, tlbTables: 16, tlbKnees: 16, tlbRefusals: 12,
  pageMin: 4096, pageMax: 2 ** 40, tlbEntries: 2 ** 24, aliasLines: 2 ** 20,
};
const TLB_TABLES = ['own', 'os', 'firmware'];
// host/reader.c's kinds, in its order (its message lists them so), and
// common/capture.c's cs_arch_token: any architecture word of letters,
// digits and '_' (capture.md), known or not.
export const ENV_KINDS = ['uefi', 'linux', 'browser', 'imported', 'synthetic'];
const ARCH_TOKEN = /^[A-Za-z0-9_]+$/;
const CACHE_TYPES = ['data', 'instruction', 'unified'];
const PLACEMENTS = ['first', 'middle', 'last'];

export class CaptureError extends Error {}

// ---- the text ----------------------------------------------------------

function isBlank(bytes) {
  for (const b of bytes) if (b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return false;
  return true;
}

function lineCol(text, off) {
  let line = 1, start = 0;
  for (let i = 0; i < off && i < text.length; i++) if (text.charCodeAt(i) === 10) { line++; start = i + 1; }
  return [line, Math.max(1, off - start)];
}

// The first byte that is not UTF-8 (no overlong forms, no surrogates,
// nothing past U+10FFFF), as a line and column of the byte text.
function badUtf8At(bytes) {
  let i = 0, line = 1, start = 0;
  while (i < bytes.length) {
    const c = bytes[i];
    if (c < 0x80) { if (c === 10) { line++; start = i + 1; } i++; continue; }
    let n = 0;
    if (c >= 0xc2 && c < 0xe0) n = 2;
    else if (c >= 0xe0 && c < 0xf0) n = 3;
    else if (c >= 0xf0 && c < 0xf5) n = 4;
    let ok = n > 0 && i + n <= bytes.length;
    for (let k = 1; ok && k < n; k++) ok = (bytes[i + k] & 0xc0) === 0x80;
    if (ok && c === 0xe0) ok = bytes[i + 1] >= 0xa0;
    if (ok && c === 0xed) ok = bytes[i + 1] < 0xa0;
    if (ok && c === 0xf0) ok = bytes[i + 1] >= 0x90;
    if (ok && c === 0xf4) ok = bytes[i + 1] < 0x90;
    if (!ok) return [line, i - start + 1];
    i += n;
  }
  return [line, 1];
}

// What jdom.c checks beyond the grammar, on text JSON.parse has accepted:
// keys unique in each object, no \u0000 and no lone surrogate in any
// string, every number finite, at most BOUNDS.depth nested containers and
// BOUNDS.values values. Errors name the path and the place, as jdom.c's do.
function strict(text, raw, bounds = BOUNDS) {
  const n = text.length;
  const stack = []; // {obj, keys, key, idx}
  let depth = 0, values = 0, i = 0;
  const where = (off) => { const [l, c] = lineCol(text, off); return `line ${l}, column ${c}`; };
  const path = (withValue) => {
    let p = '';
    for (let d = 1; d < stack.length; d++) {
      const parent = stack[d - 1];
      p += parent.obj ? (p ? '.' : '') + parent.key : `[${parent.idx - 1}]`;
    }
    if (withValue && stack.length) {
      const top = stack[stack.length - 1];
      p += top.obj ? (p ? '.' : '') + top.key : `[${top.idx}]`;
    }
    return p || 'capture';
  };
  const syntax = (off, why) => { throw new CaptureError(`JSON syntax error at ${where(off)}: ${why}`); };
  const value = (off) => {
    values++;
    if (values > bounds.values)
      throw new CaptureError(`at ${where(off)}: more than the ${bounds.values} JSON values this reader accepts`);
    const top = stack[stack.length - 1];
    if (top && !top.obj) top.idx++;
  };
  const hex4 = (at) => parseInt(text.slice(at, at + 4), 16);
  // The string at text[at] == '"': its decoded value and the index past it.
  const string = (at) => {
    let j = at + 1, from = j, out = '';
    for (;;) {
      const c = text.charCodeAt(j);
      if (c === 0x22) return [out + text.slice(from, j), j + 1];
      if (c !== 0x5c) { j++; continue; }
      out += text.slice(from, j);
      const e = text[j + 1];
      if (e !== 'u') { out += JSON.parse(`"\\${e}"`); j += 2; from = j; continue; }
      const cp = hex4(j + 2);
      j += 6;
      if (cp === 0) syntax(j, '\\u0000 (a NUL character) in a string');
      if (cp >= 0xdc00 && cp <= 0xdfff) syntax(j, 'a lone low surrogate (\\udc00-\\udfff) in a string');
      if (cp >= 0xd800 && cp <= 0xdbff) {
        const lo = text[j] === '\\' && text[j + 1] === 'u' ? hex4(j + 2) : -1;
        if (!(lo >= 0xdc00 && lo <= 0xdfff))
          syntax(j, 'a high surrogate (\\ud800-\\udbff) not followed by a low one in a string');
        out += String.fromCharCode(cp, lo);
        j += 6;
      } else {
        out += String.fromCharCode(cp);
      }
      from = j;
    }
  };
  const isSpace = (c) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
  const isNum = (c) => (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x65 || c === 0x45;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c) || c === 0x2c || c === 0x3a) { i++; continue; } // , :
    if (c === 0x7b || c === 0x5b) { // { [
      if (depth >= bounds.depth) throw new CaptureError(`nesting deeper than ${bounds.depth} levels at ${where(i + 1)}`);
      value(i + 1);
      stack.push({ obj: c === 0x7b, keys: new Set(), key: '', idx: 0 });
      depth++;
      i++;
      continue;
    }
    if (c === 0x7d || c === 0x5d) { stack.pop(); depth--; i++; continue; }
    if (c === 0x22) {
      const [s, end] = string(i);
      let k = end;
      while (k < n && isSpace(text.charCodeAt(k))) k++;
      const top = stack[stack.length - 1];
      if (text.charCodeAt(k) === 0x3a && top && top.obj) {
        if (top.keys.has(s))
          throw new CaptureError(`${path(false)}: duplicate key "${s.slice(0, 60)}" (${where(end)})`);
        top.keys.add(s);
        top.key = s;
        i = k + 1;
        continue;
      }
      value(end);
      i = end;
      continue;
    }
    if (c === 0x74 || c === 0x6e) { value(i + 4); i += 4; continue; } // true null
    if (c === 0x66) { value(i + 5); i += 5; continue; } // false
    let k = i;
    while (k < n && isNum(text.charCodeAt(k))) k++;
    const tok = text.slice(i, k);
    const v = Number(tok);
    if (!Number.isFinite(v)) {
      const shown = tok.length > 40 ? tok.slice(0, 40) + '...' : tok;
      throw new CaptureError(`${path(true)}: number ${shown} is out of range (${where(k)})`);
    }
    // Written as an integer past 2^53, or as a real that is whole: the host
    // names it as written (or with %.10g), which the double cannot tell.
    const intText = !/[.eE]/.test(tok);
    if (intText ? !Number.isSafeInteger(v) : Number.isInteger(v)) raw.set(path(true), tok);
    value(k);
    i = k;
  }
}

// ---- typed access, as host/jread.c --------------------------------------

// UTF-8 bytes of a string with no lone surrogate (strict() refused those).
function bytesOf(s) {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) n += c < 0x800 ? 1 : c >= 0xd800 && c <= 0xdbff ? (i++, 2) : 2;
  }
  return n;
}

function fmtG(v, sig) { // C's %.<sig>g, near enough for a message
  if (v === 0) return '0';
  let s = v.toPrecision(sig);
  if (s.includes('e')) {
    let [m, e] = s.split('e');
    if (m.includes('.')) m = m.replace(/0+$/, '').replace(/\.$/, '');
    const x = parseInt(e, 10);
    return `${m}e${x < 0 ? '-' : '+'}${String(Math.abs(x)).padStart(2, '0')}`;
  }
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  return s;
}

// As host/jread.c's cs_jr_describe; raw: the number's text, when strict()
// kept it (an integer past 2^53, or a whole number written as a real).
function describe(v, raw) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'number' && raw !== undefined) {
    if (/[.eE]/.test(raw)) return fmtG(v, 10);
    const i = BigInt(raw);
    if (i >= -(2n ** 63n) && i < 2n ** 63n) return i.toString();
    return raw.length > 40 ? raw.slice(0, 40) + '...' : raw;
  }
  switch (typeof v) {
    case 'object': return 'an object';
    case 'boolean': return String(v);
    case 'number': return Number.isInteger(v) ? String(v) : fmtG(v, 10);
    default: {
      let s = '', n = 0;
      for (const ch of v) {
        n += bytesOf(ch);
        if (n > 40) return `"${s}..."`;
        s += ch.charCodeAt(0) < 0x20 ? '?' : ch;
      }
      return `"${s}"`;
    }
  }
}

class Reader {
  constructor(raw) { this.at = []; this.n = 0; this.raw = raw; }
  push(k) { this.at[this.n] = k; return this.n++; }
  pop(mark) { this.n = mark; }
  path() {
    let p = '';
    for (const k of this.at.slice(0, this.n)) p += typeof k === 'number' ? `[${k}]` : (p ? '.' : '') + k;
    return p || 'capture';
  }
  fail(msg) { throw new CaptureError(`${this.path()}: ${msg}`); }
  describe(v) { return describe(v, typeof v === 'number' ? this.raw.get(this.path()) : undefined); }
  got(v, want) { this.fail(`must be ${want}, got ${this.describe(v)}`); }
  object(v) { if (v === null || typeof v !== 'object' || Array.isArray(v)) this.got(v, 'an object'); }
  array(v, min, max) {
    if (!Array.isArray(v)) this.got(v, 'an array');
    if (v.length < min) this.fail(`must have at least ${min} element${min === 1 ? '' : 's'}, got ${v.length}`);
    if (v.length > max) this.fail(`${v.length} elements, more than the ${max} this reader accepts`);
  }
  positive(v) {
    if (typeof v !== 'number' || !(v > 0) || !Number.isFinite(v)) this.got(v, 'a positive finite number');
    return v;
  }
  uint(v, min, max) {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
      this.got(v, `an integer from ${min} to ${max}`);
    return v;
  }
  string(v, cap) {
    if (typeof v !== 'string') this.got(v, 'a string');
    if (v.length === 0) this.fail('must not be empty');
    const n = bytesOf(v);
    if (n >= cap) this.fail(`${n} bytes long, more than the ${cap - 1} this field holds`);
    return v;
  }
  // The member key of obj; undefined when missing (or null, with nullOk).
  member(obj, key, required, nullOk) {
    let v = Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
    if (v === null && nullOk) v = undefined;
    if (v === undefined && required) { this.push(key); this.fail('missing (required)'); }
    return v;
  }
  // cs_jr_get_*: optional members treat null as absent.
  getPositive(obj, key, required) {
    const v = this.member(obj, key, required, !required);
    if (v === undefined) return undefined;
    const m = this.push(key); this.positive(v); this.pop(m);
    return v;
  }
  getUint(obj, key, required, min, max) {
    const v = this.member(obj, key, required, !required);
    if (v === undefined) return undefined;
    const m = this.push(key); this.uint(v, min, max); this.pop(m);
    return v;
  }
  getString(obj, key, required, cap) {
    const v = this.member(obj, key, required, !required);
    if (v === undefined) return undefined;
    const m = this.push(key); this.string(v, cap); this.pop(m);
    return v;
  }
  getObject(obj, key, required) {
    const v = this.member(obj, key, required, !required);
    if (v === undefined) return undefined;
    const m = this.push(key); this.object(v); this.pop(m);
    return v;
  }
  // reader.c's opt_string: optional, null absent, one of 'allowed'.
  optString(obj, key, cap, allowed) {
    const v = this.member(obj, key, false, true);
    if (v === undefined) return undefined;
    const m = this.push(key);
    this.string(v, cap);
    if (allowed && !allowed.includes(v)) this.fail(`must be one of ${allowed.join(', ')}, got ${this.describe(v)}`);
    this.pop(m);
    return v;
  }
  bool(obj, key, required) { // reader_mp.c's member_bool
    const v = this.member(obj, key, required, !required);
    if (v === undefined) return undefined;
    if (typeof v !== 'boolean') { this.push(key); this.fail(`expected true or false, got ${this.describe(v)}`); }
    return v;
  }
}

// ---- the capture, as host/reader.c reads it ------------------------------

// A required member that is null reads as present, and then as the empty
// word, which is no known one (reader.c's "type" and "placement").
function requiredWord(r, obj, key, allowed, what) {
  r.member(obj, key, true, false);
  const v = r.optString(obj, key, BOUNDS.word, allowed);
  if (v === undefined) { r.push(key); r.fail(`unknown ${what} ""`); }
  return v;
}

function readHeader(r, root, c) {
  const f = r.member(root, 'format', true, false);
  if (f !== 'cacheshape-capture') { r.push('format'); r.fail(`must be "cacheshape-capture", got ${r.describe(f)}`); }
  c.version = r.getUint(root, 'version', true, 1, 1);
  const label = r.member(root, 'label', false, true);
  if (label !== undefined && label !== '') c.label = r.optString(root, 'label', BOUNDS.text);
  const env = r.getObject(root, 'environment', false);
  if (env) {
    const m = r.push('environment');
    c.envKind = r.optString(env, 'kind', BOUNDS.word, ENV_KINDS) ?? '';
    c.arch = r.optString(env, 'arch', BOUNDS.word) ?? '';
    if (c.arch && !ARCH_TOKEN.test(c.arch)) {
      r.push('arch');
      r.fail(`must be a token of letters, digits and _, got "${c.arch}"`);
    }
    r.pop(m);
  }
}

function readClock(r, root, c) {
  const k = r.getObject(root, 'clock', false);
  if (!k) return;
  const m = r.push('clock');
  c.clock.source = r.optString(k, 'source', BOUNDS.word) ?? '';
  c.clock.hz = r.getPositive(k, 'hz', false);
  c.clock.quantum = r.getPositive(k, 'quantum_ns', false);
  c.clock.clamp = r.getPositive(k, 'clamp_ns', false);
  r.pop(m);
}

function readPublished(r, root, c) {
  const pub = r.getObject(root, 'published', false);
  if (!pub) return;
  const m = r.push('published');
  c.publishedSource = r.optString(pub, 'source', BOUNDS.word) ?? '';
  const caches = r.member(pub, 'caches', false, true);
  if (caches !== undefined) {
    const mc = r.push('caches');
    r.array(caches, 0, BOUNDS.caches);
    caches.forEach((v, i) => {
      const mi = r.push(i);
      r.object(v);
      const level = r.getUint(v, 'level', true, 1, 16);
      const type = requiredWord(r, v, 'type', CACHE_TYPES, 'cache type');
      const size = r.getUint(v, 'size_bytes', true, 1, 2 ** 50);
      const line = r.getUint(v, 'line_bytes', false, 1, 2 ** 20) ?? 0;
      c.caches.push({ level, type: CACHE_TYPES.indexOf(type), size, line });
      r.pop(mi);
    });
    r.pop(mc);
  }
  r.pop(m);
}

// reader.c's check_unique: values[i] repeats an earlier one.
function unique(r, values, what, field) {
  const seen = new Map();
  values.forEach((v, i) => {
    if (seen.has(v)) { r.push(i); r.push(field); r.fail(`duplicate ${what} ${fmtG(v, 10)} (also at [${seen.get(v)}])`); }
    seen.set(v, i);
  });
}

function point(r, p) {
  r.object(p);
  return {
    bytes: r.getPositive(p, 'bytes', true),
    ns: r.getPositive(p, 'ns', true),
    block: r.getPositive(p, 'block_ns', false),
  };
}

function readSweep(r, root, c) {
  const sweep = r.getObject(root, 'sweep', true);
  const m = r.push('sweep');
  const pts = r.member(sweep, 'points', true, false);
  const mp = r.push('points');
  r.array(pts, 1, BOUNDS.sweepPoints);
  pts.forEach((p, i) => { const mi = r.push(i); c.points.push(point(r, p)); r.pop(mi); });
  unique(r, c.points.map((p) => p.bytes), 'size', 'bytes');
  r.pop(mp);
  r.pop(m);
}

function readSeries(r, v) {
  r.object(v);
  const place = requiredWord(r, v, 'placement', PLACEMENTS, 'placement');
  const s = { placement: PLACEMENTS.indexOf(place), footprint: r.getPositive(v, 'footprint_bytes', false),
    refusal: null, points: [] };
  const f = r.getObject(v, 'refusal', false);
  if (f) {
    const m = r.push('refusal');
    r.member(f, 'code', true, false);
    const code = r.optString(f, 'code', BOUNDS.code) ?? '';
    r.member(f, 'reason', true, false);
    const reason = r.optString(f, 'reason', BOUNDS.text) ?? '';
    if (!code) { r.push('code'); r.fail('must not be empty'); }
    r.pop(m);
    s.refusal = { code, reason };
  }
  const pts = r.member(v, 'points', true, false);
  const m = r.push('points');
  if (s.refusal && Array.isArray(pts) && pts.length) r.fail(`a refused placement has no points, got ${pts.length}`);
  r.array(pts, s.refusal ? 0 : 1, s.refusal ? 0 : BOUNDS.adjPoints);
  pts.forEach((p, i) => {
    const mi = r.push(i);
    r.object(p);
    s.points.push({ distance: r.getPositive(p, 'distance', true), ns: r.getPositive(p, 'ns', true) });
    r.pop(mi);
  });
  unique(r, s.points.map((p) => p.distance), 'distance', 'distance');
  r.pop(m);
  return s;
}

function readAdjacency(r, root, c) {
  const adj = r.member(root, 'adjacency', false, true);
  if (adj === undefined) return;
  const m = r.push('adjacency');
  r.array(adj, 0, BOUNDS.adjSeries);
  adj.forEach((v, i) => { const mi = r.push(i); c.adj.push(readSeries(r, v)); r.pop(mi); });
  r.pop(m);
}

// reader_mp.c
function readMpSweep(r, obj) {
  const sw = r.member(obj, 'sweep', true, false);
  const m = r.push('sweep');
  r.object(sw);
  const pts = r.member(sw, 'points', true, false);
  const mp = r.push('points');
  r.array(pts, 1, BOUNDS.mpPoints);
  const out = [];
  pts.forEach((p, i) => {
    const mi = r.push(i);
    const q = point(r, p);
    const k = out.findIndex((o) => o.bytes === q.bytes);
    if (k >= 0) { r.push('bytes'); r.fail(`size ${q.bytes} repeats point ${k}`); }
    out.push(q);
    r.pop(mi);
  });
  r.pop(mp);
  r.pop(m);
  return out;
}

function readMp(r, root, c) {
  const mp = c.mp;
  const list = r.member(root, 'processors', false, false);
  if (list !== undefined) {
    mp.hasProcessors = true;
    if (list === null) {
      mp.processorsReason = r.getString(root, 'processors_reason', true, BOUNDS.text);
    } else {
      const m = r.push('processors');
      r.array(list, 1, BOUNDS.mpProcs);
      list.forEach((v, i) => {
        const mi = r.push(i);
        r.object(v);
        const p = {
          number: r.getUint(v, 'number', true, 0, 65535),
          package: r.getUint(v, 'package', true, 0, 0xffffffff),
          core: r.getUint(v, 'core', true, 0, 0xffffffff),
          thread: r.getUint(v, 'thread', true, 0, 0xffffffff),
          bsp: r.bool(v, 'bsp', true),
          enabled: r.bool(v, 'enabled', true),
        };
        if (mp.procs.some((q) => q.number === p.number)) { r.push('number'); r.fail(`processor ${p.number} listed twice`); }
        mp.procs.push(p);
        r.pop(mi);
      });
      r.pop(m);
    }
  }
  const o = r.member(root, 'competitor', false, true);
  if (o !== undefined) {
    const m = r.push('competitor');
    r.object(o);
    const threads = r.getUint(o, 'threads', true, 0, BOUNDS.mpProcs);
    const buffer = r.getUint(o, 'buffer_bytes', true, 0, 2 ** 50);
    const stopped = r.bool(o, 'stopped', false) ?? true;
    const points = readMpSweep(r, o);
    if (threads === 0) { r.push('threads'); r.fail('a competitor sweep has at least one thread'); }
    mp.competitor = { threads, buffer, stopped, points };
    r.pop(m);
  }
  const cores = r.member(root, 'cores', false, true);
  if (cores !== undefined) {
    const m = r.push('cores');
    r.array(cores, 0, BOUNDS.mpKinds);
    cores.forEach((v, i) => {
      const mi = r.push(i);
      r.object(v);
      const kind = r.getString(v, 'kind', true, BOUNDS.word);
      const procs = r.member(v, 'processors', true, false);
      const mp2 = r.push('processors');
      r.array(procs, 1, BOUNDS.mpProcs);
      procs.forEach((p, k) => { const mk = r.push(k); r.uint(p, 0, 65535); r.pop(mk); });
      r.pop(mp2);
      const sw = r.member(v, 'sweep', false, true);
      mp.kinds.push({ kind, procs, points: sw !== undefined ? readMpSweep(r, v) : null });
      r.pop(mi);
    });
    r.pop(m);
  }
}

// reader_experiments.c
function nonneg(r, obj, key) {
  const v = r.member(obj, key, true, false);
  const m = r.push(key);
  if (typeof v !== 'number' || !(v >= 0)) r.fail(`expected a finite number >= 0, got ${r.describe(v)}`);
  r.pop(m);
  return v;
}

function optQuantum(r, v, x) {
  if (r.member(v, 'quantum_ns', false, true) !== undefined) x.quantum = r.getPositive(v, 'quantum_ns', true);
}

function readExperiments(r, root, x) {
  const ex = r.getObject(root, 'experiments', false);
  if (!ex) return;
  const m = r.push('experiments');
  let v = r.getObject(ex, 'single_access', false);
  if (v) {
    const mv = r.push('single_access');
    x.single = { nsPerTick: r.getPositive(v, 'ns_per_tick', true), series: [] };
    x.quantum = r.getPositive(v, 'quantum_ns', true);
    const ser = r.member(v, 'series', true, false);
    const ms = r.push('series');
    r.array(ser, 1, BOUNDS.expSingleSeries);
    ser.forEach((e, i) => {
      const mi = r.push(i);
      r.object(e);
      const stride = r.getUint(e, 'stride_bytes', true, 1, 4096);
      const t = r.member(e, 'ticks', true, false);
      const mt = r.push('ticks');
      r.array(t, 1, BOUNDS.expSingleMax);
      t.forEach((u, k) => { const mk = r.push(k); r.uint(u, 0, 0xffffffff); r.pop(mk); });
      r.pop(mt);
      x.single.series.push({ stride, ticks: t });
      r.pop(mi);
    });
    r.pop(ms);
    r.pop(mv);
  }
  v = r.getObject(ex, 'stride_prefetch', false);
  if (v) {
    const mv = r.push('stride_prefetch');
    optQuantum(r, v, x);
    const pts = r.member(v, 'points', true, false);
    const mp = r.push('points');
    r.array(pts, 0, BOUNDS.expStrideMax);
    x.stride = [];
    pts.forEach((e, i) => {
      const mi = r.push(i);
      r.object(e);
      const p = { stride: r.getPositive(e, 'stride_bytes', true), ns: nonneg(r, e, 'ns') };
      const k = x.stride.findIndex((q) => q.stride === p.stride);
      if (k >= 0) { r.push('stride_bytes'); r.fail(`stride ${p.stride} appears twice (first at points[${k}])`); }
      x.stride.push(p);
      r.pop(mi);
    });
    r.pop(mp);
    r.pop(mv);
  }
  v = r.getObject(ex, 'random_vs_fixed', false);
  if (v) {
    const mv = r.push('random_vs_fixed');
    optQuantum(r, v, x);
    x.random = { fixed: nonneg(r, v, 'fixed_ns'), random: nonneg(r, v, 'random_ns'),
      accesses: r.getUint(v, 'accesses', false, 1, 1 << 24) ?? 0 };
    r.pop(mv);
  }
  r.pop(m);
}

// reader_tlb.c: published.tlbs, tlb, pool_pages, sweep_large_pages.
function tlbWord(r, obj, key, required, cap, allowed) { // reader_tlb.c's word()
  const v = r.getString(obj, key, required, cap);
  if (v !== undefined && allowed && !allowed.includes(v)) {
    r.push(key);
    r.fail(`must be one of ${allowed[0]}, ${allowed[1]}, ${allowed[2]}, got "${v}"`);
  }
  return v;
}

function pageSize(r, obj, key, required) { // reader_tlb.c's page_size()
  const v = r.getUint(obj, key, required, BOUNDS.pageMin, BOUNDS.pageMax);
  if (v !== undefined && (BigInt(v) & (BigInt(v) - 1n)) !== 0n) { r.push(key); r.fail(`must be a power of two, got ${v}`); }
  return v;
}

function readTlbPublished(r, root, t) {
  const pub = r.getObject(root, 'published', false);
  if (!pub) return;
  const list = r.member(pub, 'tlbs', false, false);
  if (list === undefined) return;
  const m = r.push('published');
  t.hasPublished = true;
  t.publishedSource = tlbWord(r, pub, 'tlbs_source', false, BOUNDS.word) ?? '';
  if (list === null) {
    t.publishedNull = true;
    t.publishedReason = tlbWord(r, pub, 'tlbs_reason', true, BOUNDS.text);
    r.pop(m);
    return;
  }
  const ml = r.push('tlbs');
  r.array(list, 0, BOUNDS.tlbs);
  list.forEach((v, i) => {
    const mi = r.push(i);
    r.object(v);
    const level = r.getUint(v, 'level', true, 1, 16);
    const type = tlbWord(r, v, 'type', true, BOUNDS.word, CACHE_TYPES);
    const page = pageSize(r, v, 'page_bytes', true);
    const entries = r.getUint(v, 'entries', true, 1, BOUNDS.tlbEntries);
    const ways = r.getUint(v, 'ways', false, 1, BOUNDS.tlbEntries) ?? 0;
    if (ways > entries) { r.push('ways'); r.fail(`more ways (${ways}) than entries (${entries})`); }
    t.published.push({ level, type: CACHE_TYPES.indexOf(type), page, entries, ways });
    r.pop(mi);
  });
  r.pop(ml);
  r.pop(m);
}

function readTlbSeries(r, v) {
  r.object(v);
  const s = { page: pageSize(r, v, 'page_bytes', true) };
  s.tables = tlbWord(r, v, 'page_tables', false, BOUNDS.tlbTables, TLB_TABLES) ?? '';
  s.method = tlbWord(r, v, 'method', false, BOUNDS.text) ?? '';
  s.alias = r.getUint(v, 'alias_lines', false, 1, BOUNDS.aliasLines) ?? 0;
  s.refusal = tlbWord(r, v, 'refusal', false, BOUNDS.text) ?? '';
  const pts = r.member(v, 'points', true, false);
  const m = r.push('points');
  if (s.refusal && Array.isArray(pts) && pts.length) r.fail(`a page size refused has no points, got ${pts.length}`);
  r.array(pts, s.refusal ? 0 : 1, s.refusal ? 0 : BOUNDS.tlbPoints);
  s.points = pts.map((p, i) => {
    const mi = r.push(i);
    r.object(p);
    const q = { pages: r.getPositive(p, 'pages', true), ns: r.getPositive(p, 'ns', true),
      median: r.getPositive(p, 'ns_median', false), block: r.getPositive(p, 'block_ns', false) };
    r.pop(mi);
    return q;
  });
  unique(r, s.points.map((p) => p.pages), 'pages', 'pages');
  r.pop(m);
  return s;
}

function readTlb(r, root, t) {
  readTlbPublished(r, root, t);
  const list = r.member(root, 'tlb', false, true);
  if (list !== undefined) {
    const m = r.push('tlb');
    r.array(list, 0, BOUNDS.tlbSizes);
    list.forEach((v, i) => { const mi = r.push(i); t.series.push(readTlbSeries(r, v)); r.pop(mi); });
    unique(r, t.series.map((s) => s.page), 'page_bytes', 'page_bytes');
    r.pop(m);
  }
  t.poolPages = pageSize(r, root, 'pool_pages', false);
  t.poolPagesHow = tlbWord(r, root, 'pool_pages_how', false, BOUNDS.text) ?? '';
  const o = r.getObject(root, 'sweep_large_pages', false);
  if (o) {
    const m = r.push('sweep_large_pages');
    const large = { page: pageSize(r, o, 'page_bytes', true) };
    large.tables = tlbWord(r, o, 'page_tables', false, BOUNDS.tlbTables, TLB_TABLES) ?? '';
    const pts = r.member(o, 'points', true, false);
    const mp = r.push('points');
    r.array(pts, 1, BOUNDS.sweepPoints);
    large.points = pts.map((p, i) => { const mi = r.push(i); const q = point(r, p); r.pop(mi); return q; });
    unique(r, large.points.map((p) => p.bytes), 'bytes', 'bytes');
    r.pop(mp);
    r.pop(m);
    t.large = large;
  }
}

// expect_tlb.c: "tlb" and "translation" of an expectation.
function readExpectTlb(r, v, e) {
  const arr = r.member(v, 'tlb', false, false);
  if (arr !== undefined) {
    const m = r.push('tlb');
    r.array(arr, 0, BOUNDS.tlbSizes);
    e.tlb = arr.map((o, i) => {
      const mi = r.push(i);
      r.object(o);
      const x = { page: r.getUint(o, 'page_bytes', true, BOUNDS.pageMin, BOUNDS.pageMax), knees: undefined, refusals: undefined };
      x.knees = readSizes(r, o, 'knees', BOUNDS.tlbKnees);
      const codes = r.member(o, 'refusals', false, false);
      if (codes !== undefined) {
        const mr = r.push('refusals');
        r.array(codes, 0, BOUNDS.tlbRefusals);
        x.refusals = [];
        codes.forEach((c, k) => {
          const mk = r.push(k);
          r.string(c, BOUNDS.code);
          const j = x.refusals.indexOf(c);
          if (j >= 0) r.fail(`duplicate code "${c}" (also at [${j}])`);
          x.refusals.push(c);
          r.pop(mk);
        });
        r.pop(mr);
      }
      r.pop(mi);
      return x;
    });
    r.pop(m);
  }
  const tr = r.member(v, 'translation', false, false);
  if (tr !== undefined) {
    const m = r.push('translation');
    r.array(tr, 0, BOUNDS.knees);
    e.translation = tr.map((u, i) => { const mi = r.push(i); r.uint(u, 1, BOUNDS.knees); r.pop(mi); return u; });
    r.pop(m);
  }
}

// expect.c and expect_experiments.c: "expect" of a synthetic capture.
function readSizes(r, obj, key, max) {
  const arr = r.member(obj, key, false, false);
  if (arr === undefined) return undefined;
  const m = r.push(key);
  r.array(arr, 0, max);
  const out = arr.map((v, i) => {
    if (v === null) return null;
    const mi = r.push(i); r.positive(v); r.pop(mi);
    return v;
  });
  r.pop(m);
  return out;
}

// The expectation object v (expect.c's cs_read_expect), path already at it.
function readExpectObject(r, v) {
  const e = { knees: readSizes(r, v, 'knees', BOUNDS.knees), granules: readSizes(r, v, 'granules', BOUNDS.adjSeries),
    refusals: undefined, tolerance: 0.02, knownFailure: null, exp: null, tlb: undefined, translation: undefined };
  const arr = r.member(v, 'refusals', false, false);
  if (arr !== undefined) {
    const mr = r.push('refusals');
    r.array(arr, 0, BOUNDS.refusals);
    e.refusals = [];
    arr.forEach((s, i) => {
      const mi = r.push(i);
      r.string(s, BOUNDS.code);
      const j = e.refusals.indexOf(s);
      if (j >= 0) r.fail(`duplicate code "${s}" (also at [${j}])`);
      e.refusals.push(s);
      r.pop(mi);
    });
    r.pop(mr);
  }
  const o = r.member(v, 'experiments', false, true);
  if (o !== undefined) {
    const mo = r.push('experiments');
    r.object(o);
    const size = (key) => { const t = r.member(o, key, false, true); if (t === undefined) return null; const mk = r.push(key); r.positive(t); r.pop(mk); return t; };
    const code = (key) => { const t = r.member(o, key, false, true); if (t === undefined) return ''; const mk = r.push(key); r.string(t, BOUNDS.code); r.pop(mk); return t; };
    const tri = (key) => { const t = r.member(o, key, false, true); if (t === undefined) return -1; if (typeof t !== 'boolean') { r.push(key); r.fail('expected true, false or null'); } return t ? 1 : 0; };
    e.exp = { line: size('line_bytes'), singleRefusal: code('single_refusal'), strideFlat: tri('stride_flat'),
      breaksAt: size('breaks_at_bytes'), strideRefusal: code('stride_refusal'),
      randomDefeated: tri('random_defeated'), randomRefusal: code('random_refusal') };
    r.pop(mo);
  }
  readExpectTlb(r, v, e);
  const t = r.member(v, 'knee_tolerance', false, true);
  if (t !== undefined) {
    const mt = r.push('knee_tolerance');
    r.positive(t);
    if (t >= 1) r.fail(`must be below 1 (a relative tolerance), got ${fmtG(t, 6)}`);
    e.tolerance = t;
    r.pop(mt);
  }
  const kf = r.member(v, 'known_failure', false, true);
  if (kf !== undefined) { const mk = r.push('known_failure'); e.knownFailure = r.string(kf, BOUNDS.text); r.pop(mk); }
  return e;
}

function readExpect(r, root) {
  const v = r.getObject(root, 'expect', false);
  if (!v) return null;
  const m = r.push('expect');
  const e = readExpectObject(r, v);
  r.pop(m);
  return e;
}

export function blankCapture() {
  return {
    version: 1, label: '', envKind: '', arch: '',
    clock: { source: '', hz: undefined, quantum: undefined, clamp: undefined },
    publishedSource: '', caches: [], points: [], adj: [],
    exp: { single: null, quantum: 0, stride: null, random: null },
    mp: { hasProcessors: false, processorsReason: null, procs: [], competitor: null, kinds: [] },
    tlb: { hasPublished: false, publishedNull: false, publishedSource: '', publishedReason: '', published: [],
      series: [], poolPages: undefined, poolPagesHow: '', large: null },
    expect: null,
  };
}

// Text (UTF-8, checked) into a value, as strictly as jdom.c; the raw
// number texts strict() keeps go into raw.
function parse(bytes, raw, bounds) {
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    const [l, c] = badUtf8At(bytes);
    throw new CaptureError(`JSON syntax error at line ${l}, column ${c}: invalid UTF-8`);
  }
  let root;
  try {
    root = JSON.parse(text);
  } catch (e) {
    const m = /position (\d+)/.exec(e.message);
    const [l, c] = m ? lineCol(text, Number(m[1]) + 1) : [1, 1];
    throw new CaptureError(`JSON syntax error at line ${l}, column ${c}: ${e.message}`);
  }
  strict(text, raw, bounds);
  return root;
}

// kinds/icache/icache_read.c: the "icache" member (seed 001), optional.
const ICACHE = { strides: 16, count: 2 ** 32, stride: 2 ** 20, words: 1024, text: 512, runs: 2 ** 20 };
function icacheCounts(r, o, key, min, max, n) {
  const list = r.member(o, key, true, false);
  const m = r.push(key);
  r.array(list, n ?? 0, n ?? ICACHE.strides);
  const out = list.map((v, i) => { const mi = r.push(i); const u = r.uint(v, min, max); r.pop(mi); return u; });
  r.pop(m);
  return out;
}
function readIcacheObs(r, o, k) {
  k.words = r.getUint(o, 'words', true, 0, ICACHE.words);
  k.first = r.getUint(o, 'first_run', true, 0, ICACHE.count);
  k.cached = r.getUint(o, 'unmaintained_stale', true, 0, ICACHE.count);
  k.strides = icacheCounts(r, o, 'strides', 1, ICACHE.stride);
  k.stale = icacheCounts(r, o, 'stale', 0, ICACHE.count, k.strides.length);
  if (r.member(o, 'runs', false, false) !== undefined) {
    k.runs = r.getUint(o, 'runs', true, 1, ICACHE.runs);
    k.staleMin = icacheCounts(r, o, 'stale_min', 0, ICACHE.count, k.strides.length);
  }
  if (r.member(o, 'remapped_stale', false, false) !== undefined)
    k.remap = r.getUint(o, 'remapped_stale', true, 0, ICACHE.count);
  k.imin = r.getUint(o, 'ctr_imin_line_bytes', false, 4, ICACHE.stride) ?? 0;
  k.dic = r.bool(o, 'ctr_dic', false) ?? false;
  k.idc = r.bool(o, 'ctr_idc', false) ?? false;
}
function readIcache(r, root) {
  const o = r.getObject(root, 'icache', false);
  if (o === undefined) return null;
  const m = r.push('icache');
  const k = { method: r.getString(o, 'method', true, ICACHE.text) };
  readIcacheObs(r, o, k);
  const g = r.getUint(o, 'granule_bytes', false, 1, ICACHE.stride);
  k.granule = g ?? null;
  k.matches = r.bool(o, 'matches_ctr', false) ?? false;
  k.reason = r.getString(o, 'note', false, ICACHE.text) ?? '';
  k.code = '';
  const f = r.getObject(o, 'refusal', false);
  if (f !== undefined) {
    const mf = r.push('refusal');
    k.code = r.getString(f, 'code', true, BOUNDS.word);
    k.reason = r.getString(f, 'reason', true, ICACHE.text);
    r.pop(mf);
  }
  if ((k.granule !== null) === (k.code !== ''))
    r.fail(k.granule !== null ? 'has both a granule_bytes and a refusal' : 'has neither a granule_bytes nor a refusal');
  r.pop(m);
  return k;
}

// A capture file's bytes (Uint8Array) into the plain object wasm.js loads;
// throws CaptureError naming what is wrong.
export function readCapture(bytes) {
  if (isBlank(bytes)) throw new CaptureError('empty: no JSON object');
  if (bytes.length > BOUNDS.fileBytes)
    throw new CaptureError(`${bytes.length} bytes, more than the ${BOUNDS.fileBytes} bytes (4 MiB) a capture may have`);
  const raw = new Map();
  const root = parse(bytes, raw, BOUNDS);
  const r = new Reader(raw), c = blankCapture();
  r.object(root);
  readHeader(r, root, c);
  readClock(r, root, c);
  readPublished(r, root, c);
  readSweep(r, root, c);
  readAdjacency(r, root, c);
  readMp(r, root, c);
  readExperiments(r, root, c.exp);
  readTlb(r, root, c.tlb);
  c.icache = readIcache(r, root);
  c.expect = readExpect(r, root);
  return c;
}

// "NAME.expect" beside a capture that cannot carry its own expectation (an
// imported curve: captures are never edited), as `check` reads it
// (expect.c's cs_read_expect_beside): at most 16383 bytes, 4096 values,
// nesting 8. name: how errors begin ("dir/NAME.expect").
export const EXPECT_FILE = { bytes: 16383, values: 4096, depth: 8 };
export function readExpectFile(bytes, name) {
  try {
    if (bytes.length > EXPECT_FILE.bytes) throw new CaptureError(`larger than ${EXPECT_FILE.bytes} bytes`);
    const raw = new Map();
    const root = parse(bytes, raw, EXPECT_FILE);
    const r = new Reader(raw);
    r.object(root);
    return readExpectObject(r, root);
  } catch (e) {
    throw new CaptureError(`${name}: ${e.message}`);
  }
}
