// pixels.js: measures of a PNG screenshot, computed in the browser (which
// decodes it exactly as it drew it): evaluated by suite.py as
//   (PIXELS)(base64, probes) -> {width, height, distinct, counts: [...], at: [...]}
// probes.boxes: [{colour: 'rrggbb', tol, box: [x0, y0, x1, y1]}]: pixels near
// the colour in the box; probes.points: [{colour, tol, x, y, r}]: whether a
// pixel near the colour lies within r of (x, y).
async (b64, probes) => {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const bmp = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
  const cv = new OffscreenCanvas(bmp.width, bmp.height);
  const ctx = cv.getContext('2d');
  ctx.drawImage(bmp, 0, 0);
  const d = ctx.getImageData(0, 0, bmp.width, bmp.height).data;
  const W = bmp.width, H = bmp.height;
  const rgb = (s) => [0, 2, 4].map((i) => parseInt(s.slice(i, i + 2), 16));
  const near = (i, c, tol) => Math.abs(d[i] - c[0]) <= tol && Math.abs(d[i + 1] - c[1]) <= tol && Math.abs(d[i + 2] - c[2]) <= tol;
  const seen = new Set();
  for (let i = 0; i < d.length; i += 4) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
  const counts = (probes.boxes || []).map((p) => {
    const c = rgb(p.colour), [x0, y0, x1, y1] = p.box || [0, 0, W, H];
    let n = 0;
    for (let y = Math.max(0, y0); y < Math.min(H, y1); y++)
      for (let x = Math.max(0, x0); x < Math.min(W, x1); x++) if (near((y * W + x) * 4, c, p.tol ?? 40)) n++;
    return n;
  });
  const at = (probes.points || []).map((p) => {
    const c = rgb(p.colour), r = p.r ?? 1;
    for (let y = p.y - r; y <= p.y + r; y++)
      for (let x = p.x - r; x <= p.x + r; x++)
        if (x >= 0 && y >= 0 && x < W && y < H && near((y * W + x) * 4, c, p.tol ?? 40)) return true;
    return false;
  });
  return { width: W, height: H, distinct: seen.size, counts, at };
}
