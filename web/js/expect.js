// expect.js: a reduction against a synthetic capture's "expect", as
// `cacheshape check` judges it (host/cmd/expect_compare.c and
// expect_experiments.c): the same knees within the tolerance, the same set
// of refusal codes, the same granules, the same experiment verdicts, the
// same geometry (kinds/geometry/geom_expect.c). The
// figures come from the reducer exactly (wasm.js), the codes and reasons
// from its JSON. tests/suite-web.sh holds every verdict to the command's.

export const VERDICT = { NONE: '-', OK: 'ok', KNOWN: 'known failure', FAIL: 'FAIL' };

function any(e) {
  return e && (e.knees !== undefined || e.refusals !== undefined || e.granules !== undefined || e.exp !== null ||
    e.tlb !== undefined || e.translation !== undefined || e.geometry !== undefined);
}

// kinds/geometry/geom_expect.c: each level's ways and sets, or its refusal
// code (from the JSON's geometry list).
function geometryDifferences(e, result, notes) {
  const got = result.geometry || [];
  for (const x of e.geometry) {
    const L = got.find((q) => q.level === x.level);
    const code = L && L.refusals.length ? L.refusals[0].code : '';
    if (!L) notes.push(`geometry L${x.level}: expected, not in the result`);
    else if (x.ways !== undefined && (L.ways === null || L.ways !== x.ways || L.sets !== x.sets))
      notes.push(`geometry L${x.level}: expected ${x.ways} ways x ${x.sets} sets, got ` +
        (L.ways === null ? `${code}0 x 0` : `${L.ways} x ${L.sets}`));
    else if (x.ways === undefined && (L.ways !== null || code !== x.refusal))
      notes.push(`geometry L${x.level}: expected refusal ${x.refusal}, got ${L.ways !== null ? 'a measurement' : code}`);
  }
}

// C's %.4g, as kinds/tlb/tlb_expect.c prints a knee.
function g4(v) {
  let s = v.toPrecision(4);
  if (s.includes('e')) {
    let [m, x] = s.split('e');
    if (m.includes('.')) m = m.replace(/0+$/, '').replace(/\.$/, '');
    const n = parseInt(x, 10);
    return `${m}e${n < 0 ? '-' : '+'}${String(Math.abs(n)).padStart(2, '0')}`;
  }
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

// kinds/tlb/tlb_expect.c: the TLB knees per page size (from the JSON, 10
// significant digits), their refusal codes, the data-cache knees named
// translation.
function tlbDifferences(e, result, notes) {
  const got = result.tlb || [];
  if (e.tlb !== undefined) {
    if (e.tlb.length !== got.length) notes.push(`tlb: expected ${e.tlb.length} page sizes, got ${got.length}`);
    for (const x of e.tlb) {
      const s = got.find((q) => q.page_bytes === x.page);
      if (!s) { notes.push(`tlb: no series for ${x.page}-byte pages`); continue; }
      if (x.knees !== undefined && x.knees.length !== s.knees.length) {
        notes.push(`tlb ${x.page} B: expected ${x.knees.length} knees, got ${s.knees.length}`);
      } else if (x.knees !== undefined) {
        x.knees.forEach((want, i) => {
          const k = s.knees[i].entries, has = k !== null;
          if ((want !== null) === has && (want === null || Math.abs(k / want - 1) <= e.tolerance)) return;
          notes.push(`tlb ${x.page} B knee ${i + 1}: expected ${want !== null ? '' : 'none '}${g4(want ?? 0)} entries, ` +
            `got ${has ? '' : 'none '}${g4(has ? k : 0)} (tolerance ${e.tolerance * 100} %)`);
        });
      }
      if (x.refusals === undefined) continue;
      const codes = s.refusals.map((f) => f.code);
      for (const c of x.refusals) if (!codes.includes(c)) notes.push(`tlb ${x.page} B refusals: expected ${c}, not refused`);
      for (const f of s.refusals)
        if (!x.refusals.includes(f.code)) notes.push(`tlb ${x.page} B refusals: unexpected ${f.code}: ${f.reason}`);
    }
  }
  if (e.translation !== undefined) {
    const have = (result.translation || []).map((t) => t.knee);
    if (have.length !== e.translation.length || have.some((k, i) => k !== e.translation[i]))
      notes.push(`translation: expected data-cache knees [${e.translation.join(', ')}] at a TLB reach, got [${have.join(', ')}]`);
  }
}

// Differences between expectation e and the reduction (result: the parsed
// JSON; red: the Reducer holding it), one line each.
export function differences(e, result, red) {
  const notes = [];
  const size = (has, b) => (has ? `${red.size(b)} (${+b.toPrecision(9)})` : 'none');
  if (e.knees !== undefined) {
    const got = result.knees.map((k, i) => red.knee(i));
    if (e.knees.length !== got.length) {
      const list = (v) => (v.length ? v.map((b) => (b === null || Number.isNaN(b) ? 'none' : red.size(b))).join(', ') : 'none');
      notes.push(`knees: expected ${e.knees.length} (${list(e.knees)}), got ${got.length} (${list(got)})`);
    } else {
      e.knees.forEach((x, i) => {
        const k = got[i], has = !Number.isNaN(k);
        if ((x !== null) === has && (x === null || Math.abs(k / x - 1) <= e.tolerance)) return;
        notes.push(`knee ${i + 1}: expected ${size(x !== null, x)}, got ${size(has, k)} (tolerance ${e.tolerance * 100} %)`);
      });
    }
  }
  if (e.refusals !== undefined) {
    const codes = result.refusals.map((f) => f.code);
    for (const c of e.refusals) if (!codes.includes(c)) notes.push(`refusals: expected ${c}, not refused`);
    result.refusals.forEach((f, i) => {
      if (codes.indexOf(f.code) === i && !e.refusals.includes(f.code))
        notes.push(`refusals: unexpected ${f.code}: ${f.reason}`);
    });
  }
  if (e.granules !== undefined) {
    if (e.granules.length !== result.adjacency.length) {
      notes.push(`granules: expected ${e.granules.length} series, got ${result.adjacency.length}`);
    } else {
      e.granules.forEach((x, i) => {
        const g = red.granule(i), has = !Number.isNaN(g), s = result.adjacency[i];
        if ((x !== null) === has && (x === null || Math.abs(g - x) <= 1e-9 * x)) return;
        notes.push(`granule ${i + 1} (${s.placement}): expected ${size(x !== null, x)}, got ${size(has, g)}` +
          (s.refusal ? `, refused ${s.refusal.code}` : ''));
      });
    }
  }
  if (e.exp) {
    const x = e.exp, r = red.experiments(), ex = result.experiments || {};
    const code = (part) => (part && part.refusal ? part.refusal.code : '');
    const hasLine = !Number.isNaN(r.line), hasBreak = !Number.isNaN(r.breaksAt);
    if ((x.line !== null) !== hasLine || (x.line !== null && x.line !== r.line))
      notes.push(`line size: expected ${x.line ?? 0}, got ${hasLine ? r.line : 0}`);
    const same = (what, want, got) => {
      if (want !== got) notes.push(`${what}: expected refusal ${want || 'none'}, got ${got || 'none'}`);
    };
    same('line size', x.singleRefusal, code(ex.single_access));
    if (x.strideFlat !== r.flat) notes.push(`stride: expected flat ${x.strideFlat}, got ${r.flat}`);
    if ((x.breaksAt !== null) !== hasBreak || (x.breaksAt !== null && x.breaksAt !== r.breaksAt))
      notes.push(`stride: expected a break at ${x.breaksAt ?? 0}, got ${hasBreak ? r.breaksAt : 0}`);
    same('stride', x.strideRefusal, code(ex.stride_prefetch));
    if (x.randomDefeated !== r.defeated)
      notes.push(`random/fixed: expected defeated ${x.randomDefeated}, got ${r.defeated}`);
    same('random/fixed', x.randomRefusal, code(ex.random_vs_fixed));
  }
  if (e.tlb !== undefined || e.translation !== undefined) tlbDifferences(e, result, notes);
  if (e.geometry !== undefined) geometryDifferences(e, result, notes);
  return notes;
}

// { verdict, notes } for a capture read and reduced by red (wasm.js);
// capture.expect is red.expect(), the reader's struct cs_expect.
export function judge(capture, result, red) {
  const e = capture.expect;
  if (!e || (!e.knownFailure && !any(e))) return { verdict: VERDICT.NONE, notes: [] };
  const notes = differences(e, result, red);
  if (e.knownFailure)
    return {
      verdict: notes.length ? VERDICT.KNOWN : VERDICT.OK,
      notes: [`${notes.length ? 'known failure' : 'known failure no longer fails (remove known_failure?)'}: ${e.knownFailure}`, ...notes],
    };
  return { verdict: notes.length ? VERDICT.FAIL : VERDICT.OK, notes };
}
