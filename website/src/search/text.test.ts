import {describe, expect, it} from 'vitest';
import {decodeEntities, highlightTerms, parseMarkedExcerpt, queryTerms} from './text';

describe('parseMarkedExcerpt', () => {
  it('turns <mark> runs into matched segments', () => {
    expect(parseMarkedExcerpt('Call <mark>create_sub_organization</mark> first.')).toEqual([
      {text: 'Call ', match: false},
      {text: 'create_sub_organization', match: true},
      {text: ' first.', match: false},
    ]);
  });

  it('keeps any other markup as literal text, decoded once', () => {
    const segments = parseMarkedExcerpt('Also &lt;img src=x onerror=alert(1)&gt; and <img src=y> <mark>here</mark>');
    expect(segments.map((s) => s.text).join('')).toBe('Also <img src=x onerror=alert(1)> and <img src=y> here');
    expect(segments.filter((s) => s.match)).toEqual([{text: 'here', match: true}]);
  });

  it('does not decode twice', () => {
    expect(decodeEntities('&amp;lt;')).toBe('&lt;');
    expect(decodeEntities('&#x27;&#39;&bogus;')).toBe("''&bogus;");
  });
});

describe('queryTerms and highlightTerms', () => {
  it('splits identifiers the way the index does', () => {
    expect(queryTerms('create_sub_organization  Wallet-Account')).toEqual(['create', 'sub', 'organization', 'wallet', 'account']);
  });

  it('marks words that start with a term, case-insensitively', () => {
    expect(highlightTerms('Passkeys and pass keys', ['passk'])).toEqual([
      {text: 'Passkeys', match: true},
      {text: ' and pass keys', match: false},
    ]);
  });
});
