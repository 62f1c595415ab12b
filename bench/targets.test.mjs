import {describe, expect, it} from 'vitest';
import {evaluateDocsPage, evaluateScores, speedShiftWarning} from './targets.mjs';

const control = {jsBytes: 180_000, tbtMs: 600, lcpMs: 2500};
const floor = {jsBytes: 0, tbtMs: 10, lcpMs: 1000};

describe('evaluateDocsPage', () => {
  it('passes a page within every target, and gives its ratios', () => {
    const e = evaluateDocsPage({jsBytes: 90_000, tbtMs: 60, lcpMs: 1100}, control, floor);
    expect(e.misses).toEqual([]);
    expect(e.jsRatio).toBe(0.5);
    expect(e.tbtOverFloor).toBe(50);
    expect(e.lcpRatio).toBeCloseTo(1.1);
  });

  it('names each target a page misses', () => {
    const e = evaluateDocsPage({jsBytes: 95_000, tbtMs: 61, lcpMs: 1101}, control, floor);
    expect(e.misses).toEqual([
      "JS 0.53× the control's > 0.5×",
      "TBT 51 ms over the floor's > 50 ms",
      "LCP 1.10× the floor's > 1.1×",
    ]);
  });

  it('holds the same verdict when a slower machine stretches every side alike', () => {
    const slow = (x, k) => ({jsBytes: x.jsBytes, tbtMs: x.tbtMs * k, lcpMs: x.lcpMs * k});
    const page = {jsBytes: 80_000, tbtMs: 30, lcpMs: 1050};
    expect(evaluateDocsPage(slow(page, 1.3), slow(control, 1.3), slow(floor, 1.3)).misses).toEqual([]);
  });

  it('counts a missing measurement as a miss, never a pass', () => {
    const e = evaluateDocsPage({jsBytes: 90_000, tbtMs: 20, lcpMs: 900}, undefined, undefined);
    expect(e.misses).toHaveLength(3);
    expect(evaluateDocsPage({}, control, floor).misses).toHaveLength(3);
  });
});

describe('evaluateScores', () => {
  it('names the benchmarkIndex beside a score below target', () => {
    expect(evaluateScores({performance: 100, accessibility: 100}, 1500)).toEqual([]);
    expect(evaluateScores({performance: 97, accessibility: 96}, 1500)).toEqual([
      'performance 97 < 98 at benchmarkIndex 1500',
      'accessibility 96 < 100 at benchmarkIndex 1500',
    ]);
  });
});

describe('speedShiftWarning', () => {
  it('warns when the machine ran more than 1.25× faster on one side than another', () => {
    expect(speedShiftWarning({ours: 1500, floor: 1400, control: 1300})).toBeUndefined();
    expect(speedShiftWarning({ours: 1000, floor: 1400, control: 1300})).toMatch(/1\.40× between sides \(floor 1400, ours 1000\)/);
    expect(speedShiftWarning({ours: 1000, control: undefined})).toBeUndefined();
  });
});
