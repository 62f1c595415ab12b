import { describe, expect, it } from 'vitest';
import { jsonNestingDepth } from './json-depth.js';

describe('jsonNestingDepth', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonNestingDepth('{}', 64)).toBe(1);
    expect(jsonNestingDepth('{"a":[{"b":[]}]}', 64)).toBe(4);
    expect(jsonNestingDepth('{"a":"[[[[{{{{\\"[["}', 64)).toBe(1);
    expect(jsonNestingDepth('"no containers"', 64)).toBe(0);
  });

  it('stops just past the cap on hostile input', () => {
    const hostile = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(jsonNestingDepth(hostile, 64)).toBe(65);
    expect(jsonNestingDepth('['.repeat(64) + ']'.repeat(64), 64)).toBe(64);
  });
});
