// clockview.js: section 3's button: performance.now() read in a tight
// loop, its steps drawn (charts.js), the step measured before the reader's
// eyes, and what isolation changes.
import { sampleClock, drawClock } from './charts.js';
import { noteVisit } from './sections.js';

const $ = (id) => document.getElementById(id);

function watch(R) {
  const s = sampleClock();
  drawClock($('clock-chart'), s);
  const isolated = self.crossOriginIsolated === true, documented = isolated ? 5000 : 100000;
  if (!Number.isFinite(s.quantum)) {
    $('clock-summary').textContent = `the clock did not move in ${s.readings.toLocaleString('en')} readings: a frozen clock, nothing to time with`;
    noteVisit([{ code: 'clock-unusable', reason: 'performance.now() did not move while the page read it: no step to amortise' }], 'your clock');
    return;
  }
  const steps = s.pts.length - 1;
  $('clock-summary').textContent = `${steps} steps in ${(s.ms * 1000).toFixed(0)} µs over ${s.readings.toLocaleString('en')} readings: ` +
    `the smallest ${(s.quantum / 1000).toFixed(1)} µs, the median ${(s.median / 1000).toFixed(1)} µs`;
  $('clock-context').textContent = `This page is ${isolated ? '' : 'not '}cross-origin isolated, so the browser documents a ` +
    `${documented / 1000} µs clock for it (MDN: 5 µs in isolated contexts, 100 µs otherwise; Firefox adds jitter on top). ` +
    `Isolated, a block of ${R.BLOCK_MIN_QUANTA} steps lasts ${(R.BLOCK_MIN_QUANTA * 5 / 1000).toFixed(1)} ms; not isolated, ` +
    `${(R.BLOCK_MIN_QUANTA * 100 / 1000).toFixed(0)} ms: the same accuracy, twenty times the iterations, and twenty times longer ` +
    'exposed to whatever else the machine is doing.';
  if (s.quantum > R.CLAMP_MAX_RATIO * documented)
    noteVisit([{ code: 'clock-unusable', reason: `your clock moved in ${(s.quantum / 1000).toFixed(1)} µs steps, over ${R.CLAMP_MAX_RATIO}x the documented ${documented / 1000} µs (CS_CLAMP_MAX_RATIO)` }], 'your clock');
}

export function setupClock(R) {
  $('clock-watch').addEventListener('click', () => watch(R));
}
