// expect.js: a reduction against a synthetic capture's "expect", as
// `cacheshape check` judges it (host/expect_compare.c and
// expect_experiments.c): the same knees within the tolerance, the same set
// of refusal codes, the same granules, the same experiment verdicts. The
// figures come from the reducer exactly (wasm.js), the codes and reasons
// from its JSON. tests/suite-web.sh holds every verdict to the command's.

export const VERDICT = { NONE: '-', OK: 'ok', KNOWN: 'known failure', FAIL: 'FAIL' };

function any(e) {
  return e && (e.knees !== undefined || e.refusals !== undefined || e.granules !== undefined || e.exp !== null);
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
  return notes;
}

// { verdict, notes } for a capture read by capture.js and reduced by red.
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
