// The benchmark's targets, stated so that a slower machine does not turn a pass into a fail: a docs page is judged
// against measurements of the same run (the Docusaurus control's docs page and the page's own no-script floor),
// and an absolute score is never shown without the machine speed (Lighthouse's benchmarkIndex) it was measured at.

/** Docs pages, against the control and the floor measured in the same run. */
export const DOCS_TARGETS = {
  /** JavaScript bytes over the wire: at most this multiple of the control's docs page. */
  jsToControl: 0.5,
  /** Total blocking time: at most the floor's plus this many milliseconds. */
  tbtOverFloorMs: 50,
  /** Largest contentful paint: at most this multiple of the floor's. */
  lcpToFloor: 1.1,
};
/** Every sampled page, at the machine speed of the run. */
export const SCORE_TARGETS = {performance: 98, accessibility: 100};
/** benchmarkIndex moving by more than this factor between the sides of a run means the machine's load changed. */
export const SPEED_SHIFT_LIMIT = 1.25;

/**
 * Judges one docs page. Each argument: {jsBytes, tbtMs, lcpMs} (the median run's). Returns the ratios and the
 * targets missed, each as a sentence; a missing measurement is a miss, never a pass.
 */
export function evaluateDocsPage(page, control, floor, targets = DOCS_TARGETS) {
  const misses = [];
  const jsRatio = page.jsBytes != null && control?.jsBytes ? page.jsBytes / control.jsBytes : undefined;
  const tbtOverFloor = page.tbtMs != null && floor?.tbtMs != null ? page.tbtMs - floor.tbtMs : undefined;
  const lcpRatio = page.lcpMs != null && floor?.lcpMs ? page.lcpMs / floor.lcpMs : undefined;
  if (jsRatio === undefined) misses.push('JS: no measurement of the page or the control');
  else if (jsRatio > targets.jsToControl) misses.push(`JS ${jsRatio.toFixed(2)}× the control's > ${targets.jsToControl}×`);
  if (tbtOverFloor === undefined) misses.push('TBT: no measurement of the page or its floor');
  else if (tbtOverFloor > targets.tbtOverFloorMs) misses.push(`TBT ${Math.round(tbtOverFloor)} ms over the floor's > ${targets.tbtOverFloorMs} ms`);
  if (lcpRatio === undefined) misses.push('LCP: no measurement of the page or its floor');
  else if (lcpRatio > targets.lcpToFloor) misses.push(`LCP ${lcpRatio.toFixed(2)}× the floor's > ${targets.lcpToFloor}×`);
  return {jsRatio, tbtOverFloor, lcpRatio, misses};
}

/** Scores of one page: {performance, accessibility}. Returns the misses, each naming the benchmarkIndex. */
export function evaluateScores(scores, benchmarkIndex, targets = SCORE_TARGETS) {
  const at = `at benchmarkIndex ${benchmarkIndex ?? 'unknown'}`;
  const misses = [];
  if (!(scores.performance >= targets.performance)) misses.push(`performance ${scores.performance} < ${targets.performance} ${at}`);
  if (!(scores.accessibility >= targets.accessibility)) misses.push(`accessibility ${scores.accessibility} < ${targets.accessibility} ${at}`);
  return misses;
}

/**
 * Whether the machine's speed moved between the sides measured for one page (ours, its floor, the control):
 * `indices` maps a side to its benchmarkIndex. Returns a sentence when the fastest side ran more than
 * SPEED_SHIFT_LIMIT times the slowest, else undefined.
 */
export function speedShiftWarning(indices, limit = SPEED_SHIFT_LIMIT) {
  const known = Object.entries(indices).filter(([, x]) => typeof x === 'number' && x > 0);
  if (known.length < 2) return undefined;
  const [slowSide, slow] = known.reduce((a, b) => (b[1] < a[1] ? b : a));
  const [fastSide, fast] = known.reduce((a, b) => (b[1] > a[1] ? b : a));
  if (fast / slow <= limit) return undefined;
  return `benchmarkIndex moved ${(fast / slow).toFixed(2)}× between sides (${fastSide} ${fast}, ${slowSide} ${slow}): the machine's load changed during the run`;
}
