import {describe, expect, it} from 'vitest';
import {allowedEdits, closestWord, correctQuery, editDistance, MAX_CORRECTED_LENGTH, MAX_CORRECTED_TERMS} from './typo';

const vocabulary = ['wallet', 'wallets', 'policy', 'passkey', 'passkeys', 'pass', 'session', 'organization', 'ethereum', 'stamp', 'sign', 'paths'];

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swaps as one edit each', () => {
    expect(editDistance('walet', 'wallet')).toBe(1);
    expect(editDistance('wallet', 'walet')).toBe(1);
    expect(editDistance('wallat', 'wallet')).toBe(1);
    expect(editDistance('sesison', 'session')).toBe(1);
    expect(editDistance('pasky', 'passkey')).toBe(2);
    expect(editDistance('abc', 'xyz')).toBe(3);
  });

  it('stops early beyond the maximum', () => {
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('closestWord', () => {
  it('forgives one typo in a short word and two in a longer one', () => {
    expect(allowedEdits(3)).toBe(0);
    expect(allowedEdits(4)).toBe(1);
    expect(allowedEdits(5)).toBe(2);
    expect(closestWord('polcy', vocabulary)).toBe('policy');
    expect(closestWord('sesison', vocabulary)).toBe('session');
    expect(closestWord('etherium', vocabulary)).toBe('ethereum');
    expect(closestWord('organisation', vocabulary)).toBe('organization');
  });

  it('prefers the candidate that keeps the typed letters: "pasky" is "passkey", not "pass"', () => {
    expect(closestWord('pasky', vocabulary)).toBe('passkey');
  });

  it('leaves known words and prefixes of known words alone', () => {
    expect(closestWord('wallet', vocabulary)).toBeUndefined();
    expect(closestWord('sess', vocabulary)).toBeUndefined();
  });

  it('does not guess for short words or far-off words', () => {
    expect(closestWord('xyz', vocabulary)).toBeUndefined();
    expect(closestWord('qwertyuiop', vocabulary)).toBeUndefined();
  });
});

describe('correctQuery', () => {
  it('corrects each misspelt word and keeps the rest', () => {
    expect(correctQuery('sign with pasky', vocabulary)).toBe('sign with passkey');
    expect(correctQuery('create_sub_organisation', vocabulary)).toBe('create sub organization');
  });

  it('returns undefined when nothing changes', () => {
    expect(correctQuery('wallet policy', vocabulary)).toBeUndefined();
    expect(correctQuery('zzzzqqqq', vocabulary)).toBeUndefined();
  });
});

describe('bounded work', () => {
  const vocabulary = Array.from({length: 4000}, (_, i) => `word${i.toString(36)}abc`);

  it('leaves long words and long queries alone', () => {
    expect(allowedEdits(MAX_CORRECTED_LENGTH + 1)).toBe(0);
    expect(closestWord('x'.repeat(5000), vocabulary)).toBeUndefined();
    const many = Array.from({length: MAX_CORRECTED_TERMS + 1}, () => 'walet').join(' ');
    expect(correctQuery(many, ['wallet'])).toBeUndefined();
    expect(correctQuery('walet walet', ['wallet'])).toBe('wallet wallet');
  });

  it('corrects at most the allowed number of words', () => {
    const words = Array.from({length: MAX_CORRECTED_TERMS}, () => 'walet').join(' ');
    expect(correctQuery(words, ['wallet'])).toBe(Array.from({length: MAX_CORRECTED_TERMS}, () => 'wallet').join(' '));
  });
});
