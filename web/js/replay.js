// replay.js: one capture file, read (capture.js), reduced (wasm.js) and
// judged (expect.js): what `cacheshape reduce --json` prints for it, or the
// error `cacheshape` gives when it cannot read it, plus the check table's
// row. The same path serves /?reduce=PATH, the replay table, the check
// panel and the tests.
import { readCapture, CaptureError } from './capture.js';
import { judge } from './expect.js';

// '/captures/host/a b.json' from 'host/a b.json': each segment encoded.
export function captureUrl(path, base = 'captures') {
  return `/${base}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

export async function fetchBytes(url) {
  const r = await fetch(url, { cache: 'no-store' });
  if (!r.ok) throw new CaptureError(`${url}: ${r.status} ${(await r.text()).trim()}`);
  return new Uint8Array(await r.arrayBuffer());
}

// { ok, json, result, capture, cells, verdict, notes, ms } or { ok: false, error }.
export function replay(red, bytes, name) {
  const t0 = performance.now();
  let capture;
  try {
    capture = readCapture(bytes);
    red.load(capture);
  } catch (e) {
    return { ok: false, error: e.message, name };
  }
  const malformed = red.reduce();
  if (malformed) return { ok: false, error: malformed, name, capture };
  const json = red.json();
  if (json === null) return { ok: false, error: 'cannot encode the result', name, capture };
  const result = JSON.parse(json);
  const { verdict, notes } = judge(capture, result, red);
  return { ok: true, name, json, result, capture, cells: red.row(), verdict, notes, ms: performance.now() - t0 };
}

export async function replayPath(red, path, base = 'captures') {
  let bytes;
  try {
    bytes = await fetchBytes(captureUrl(path, base));
  } catch (e) {
    return { ok: false, error: e.message, name: path };
  }
  return replay(red, bytes, path);
}

// The list a server gives at /BASE/index.json: paths.
export async function listCaptures(base = 'captures') {
  const r = await fetch(`/${base}/index.json`, { cache: 'no-store' });
  if (!r.ok) throw new Error(`/${base}/index.json: ${r.status}`);
  return (await r.json()).captures.map((e) => e.path);
}
