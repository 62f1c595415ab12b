import {describe, expect, it} from 'vitest';
import {capQuery, MAX_QUERY_LENGTH} from './query';

describe('capQuery', () => {
  it('keeps short queries and cuts long ones to the limit', () => {
    expect(capQuery('create wallet')).toBe('create wallet');
    expect(capQuery('a'.repeat(100_000))).toHaveLength(MAX_QUERY_LENGTH);
  });

  it('never splits a character made of two code units', () => {
    const capped = capQuery('😀'.repeat(300));
    expect(Array.from(capped)).toHaveLength(MAX_QUERY_LENGTH);
    expect(capped.endsWith('😀')).toBe(true);
  });
});
