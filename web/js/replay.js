// replay.js: one capture file, read, reduced and judged (wasm.js: the
// host's C, check's judgement included): what `cacheshape reduce --json` prints for it, or the
// error `cacheshape` gives when it cannot read it, plus the check table's
// row. The same path serves /?reduce=PATH, the replay table, the check
// panel and the tests.
// check's verdicts, as its table words them (the module's cs_judge).
export const VERDICT = { NONE: '-', OK: 'ok', KNOWN: 'known failure', FAIL: 'FAIL' };

export class CaptureError extends Error {}

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
// expectBytes: NAME.expect beside the capture (check reads it when the
// capture carries no "expect"); a broken one fails the row, as in check.
export function replay(red, bytes, name, expectBytes = null) {
  const t0 = performance.now();
  const refused = red.read(bytes);
  if (refused) return { ok: false, error: refused, name };
  const capture = { expect: red.hasExpect() };
  const malformed = red.reduce();
  if (malformed) return { ok: false, error: malformed, name, capture };
  const json = red.json();
  if (json === null) return { ok: false, error: 'cannot encode the result', name, capture };
  const result = JSON.parse(json);
  if (!capture.expect && expectBytes) {
    const cells = red.row(); // before the expectation's read: the capture's row
    const bad = red.readExpectFile(expectBytes);
    if (bad)
      return { ok: true, name, json, result, capture, cells, verdict: VERDICT.FAIL,
        notes: [`${name.replace(/\.json$/, '.expect')}: ${bad}`] };
    capture.expect = red.hasExpect();
    const { verdict, notes } = red.judge();
    return { ok: true, name, json, result, capture, cells, verdict, notes, ms: performance.now() - t0 };
  }
  const { verdict, notes } = red.judge();
  return { ok: true, name, json, result, capture, cells: red.row(), verdict, notes, ms: performance.now() - t0 };
}

// Fetched, then replay(); withExpect: NAME.expect lies beside it (the
// listing says so), fetched too.
export async function replayPath(red, path, base = 'captures', withExpect = false) {
  let bytes, expect = null;
  try {
    bytes = await fetchBytes(captureUrl(path, base));
    if (withExpect) expect = await fetchBytes(captureUrl(path.replace(/\.json$/, '.expect'), base));
  } catch (e) {
    return { ok: false, error: e.message, name: path };
  }
  const r = replay(red, bytes, path, expect);
  r.bytes = bytes;
  r.expectBytes = expect;
  return r;
}

// The list a server gives at /BASE/index.json: [{path, bytes, expect}].
export async function listCaptures(base = 'captures') {
  const r = await fetch(`/${base}/index.json`, { cache: 'no-store' });
  if (!r.ok) throw new Error(`/${base}/index.json: ${r.status}`);
  return (await r.json()).captures;
}
