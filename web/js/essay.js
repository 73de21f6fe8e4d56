// essay.js: the figures seed 000's sections argue with, computed from a set
// of reductions: { PATH: { result: reduce --json parsed, capture: the
// capture file parsed } }. Pure functions, no page: the check panel runs
// each on the page's own reductions (wasm) and on the host's (make web's
// host/figures.json) and holds them equal.

const paired = (k) => k.bytes !== null && k.published_bytes !== null && k.gap !== null;

// s.2 and s.4: each capture's gaps by depth (the paired knees, in order of
// size) and the reducer's verdict on their ordering (gap_order).
export function gapsByDepth(set) {
  const rows = [];
  for (const [path, { result }] of Object.entries(set)) {
    if (!result || !Array.isArray(result.knees)) continue;
    const knees = result.knees.map((k) => (paired(k) ? { gap: k.gap, bytes: k.bytes, retired: k.retired_bytes, published: k.published_bytes } : null));
    if (!knees.some(Boolean)) continue;
    rows.push({ path, knees, order: result.gap_order ?? null });
  }
  return rows.sort((a, b) => (a.path < b.path ? -1 : 1));
}

// s.2's verdict: over every capture with two or more paired knees, on how
// many the gaps fall with depth (gap_order "falls") and on which they do not.
export function ordering(set) {
  const rows = gapsByDepth(set).filter((r) => r.order !== null);
  const falls = rows.filter((r) => r.order === 'falls').map((r) => r.path);
  const not = rows.filter((r) => r.order !== 'falls').map((r) => r.path);
  return { judged: rows.length, falls, not };
}

// s.4: where the first paired knee sits against its published size.
export function firstKnee(set) {
  const rows = gapsByDepth(set).filter((r) => r.knees[0]);
  const above = rows.filter((r) => r.knees[0].gap > 0).map((r) => r.path);
  return { captures: rows.length, above, below: rows.length - above.length };
}

// s.4: the retired rule (the top of the plateau, a lower bound) against the
// published size and against the knee, over every paired knee.
export function retired(set) {
  const all = gapsByDepth(set).flatMap((r) => r.knees.filter((k) => k && k.retired !== null));
  return { knees: all.length, under: all.filter((k) => k.retired <= k.published).length,
    below: all.filter((k) => k.retired <= k.bytes).length };
}

// s.4: each capture run beside competitors (capture.competitors.threads > 0)
// and its twin, the same path without "-competitorsN" (the same machine,
// clock and pages, nothing beside it): per published level, the knee with
// and without, and how far the competitor moved it (fall = 1 - with/without).
export function competitors(set) {
  const out = [];
  for (const [path, { result, capture }] of Object.entries(set)) {
    const threads = capture && capture.competitors && capture.competitors.threads;
    if (!threads || !/-competitors\d+\.json$/.test(path)) continue;
    const twinPath = path.replace(/-competitors\d+\.json$/, '.json');
    const twin = set[twinPath];
    if (!twin || !twin.result || !result) continue;
    const byLevel = (r) => r.knees.filter((k) => k.published_bytes !== null);
    const mine = byLevel(result), theirs = byLevel(twin.result);
    const levels = theirs.map((t, i) => {
      const c = mine.find((k) => k.published_bytes === t.published_bytes) || null;
      const has = c && c.bytes !== null && t.bytes !== null;
      return { level: i + 1, published: t.published_bytes, alone: t.bytes, beside: c ? c.bytes : null,
        fall: has ? 1 - c.bytes / t.bytes : null };
    });
    out.push({ path, twin: twinPath, threads, levels, verdict: prediction(levels) });
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}

// The prediction, stated before the numbers: the competitor moves the
// shared (deepest measured) knee down further than it moves the private
// first one either way. 'holds', 'fails', or 'untested' when a knee is
// missing on either side.
function prediction(levels) {
  const known = levels.filter((l) => l.fall !== null);
  if (known.length < 2 || known[0].level !== 1) return 'untested';
  const deep = known[known.length - 1].fall;
  return deep > 0 && deep > Math.abs(known[0].fall) ? 'holds' : 'fails';
}

// s.5: each capture's adjacency series: placement, footprint, granule or
// refusal code; and the tally of accepted granules by size.
export function adjacency(set) {
  const rows = [], granules = {};
  let refused = 0;
  for (const [path, { result }] of Object.entries(set)) {
    if (!result || !Array.isArray(result.adjacency) || !result.adjacency.length) continue;
    const series = result.adjacency.map((a) => ({ placement: a.placement, footprint: a.footprint_bytes,
      granule: a.granule_bytes, fit: a.fit_bytes, refusal: a.refusal ? a.refusal.code : null }));
    for (const s of series) {
      if (s.granule !== null) granules[s.granule] = (granules[s.granule] || 0) + 1; else refused++;
    }
    rows.push({ path, series });
  }
  rows.sort((a, b) => (a.path < b.path ? -1 : 1));
  return { rows, granules, refused };
}

// s.3: every capture's clock as recorded, and the reducer's clock refusal.
export function clocks(set) {
  const rows = [];
  for (const [path, { result, capture }] of Object.entries(set)) {
    const c = capture && capture.clock;
    if (!c || !result) continue;
    const refusal = (result.refusals || []).find((f) => f.code === 'clock-unusable') || null;
    rows.push({ path, source: c.source ?? null, quantum: c.quantum_ns ?? null, clamp: c.clamp_ns ?? null,
      refusal: refusal ? refusal.reason : null });
  }
  return rows.sort((a, b) => (a.path < b.path ? -1 : 1));
}

// s.7: the committed captures' refusals, by code: how many captures made each.
export function refusalCodes(set) {
  const by = {};
  for (const { result } of Object.values(set)) {
    if (!result) continue;
    for (const code of new Set((result.refusals || []).map((f) => f.code))) by[code] = (by[code] || 0) + 1;
  }
  return Object.fromEntries(Object.entries(by).sort());
}

// Every figure above at once, keyed by section: what the check panel compares.
export function figures(set) {
  return {
    s2: ordering(set), s3: clocks(set), s4: { gaps: gapsByDepth(set), first: firstKnee(set), retired: retired(set), competitors: competitors(set) },
    s5: adjacency(set), s7: refusalCodes(set),
  };
}
