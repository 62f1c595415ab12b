import {describe, expect, it} from 'vitest';
import {decodeTokens, encodeTokens, type Token} from '../../../../src/highlight/tokens';
import {loadModel} from '../../test-helpers';
import {personaliseSample, personaliseSamples} from './personalise';

/** Tokens for code given as [types, text] pieces per line. */
function tokensOf(lines: Array<Array<[string, string]>>): {code: string; tokens: string} {
  const decoded: Token[][] = lines.map((line) =>
    line.length === 0 ? [{types: ['plain'], content: '\n', empty: true}] : line.map(([types, content]) => ({types: types.split(' '), content})),
  );
  return {code: lines.map((line) => line.map(([, text]) => text).join('')).join('\n'), tokens: encodeTokens(decoded)};
}

describe('personaliseSample', () => {
  const sample = tokensOf([
    [
      ['plain', '  baseUrl'],
      ['operator', ':'],
      ['plain', ' process'],
      ['punctuation', '.'],
      ['plain', 'env'],
      ['punctuation', '.'],
      ['constant', 'SIGIL_BASE_URL'],
      ['plain', ' '],
      ['operator', '??'],
      ['plain', ' '],
      ['string', "'https://api.sigil.example'"],
      ['punctuation', ','],
    ],
    [],
    [['string', '"org-1"']],
  ]);
  const edits = [
    {from: "process.env.SIGIL_BASE_URL ?? 'https://api.sigil.example'", to: "'http://localhost:8787'", typeAt: 30},
    {from: 'org-1', to: 'reader-org', typeAt: 0},
  ];

  it('changes the text, and the new text takes the colour of what it replaced', () => {
    const out = personaliseSample(sample.code, sample.tokens, edits);
    expect(out.code).toBe("  baseUrl: 'http://localhost:8787',\n\n\"reader-org\"");
    const lines = decodeTokens(out.tokens!, out.code)!;
    expect(lines[0]!.find((t) => t.content.includes('localhost'))).toEqual({types: ['string'], content: "'http://localhost:8787'"});
    expect(lines[1]).toEqual([{types: ['plain'], content: '\n', empty: true}]);
    expect(lines[2]).toEqual([{types: ['string'], content: '"reader-org"'}]);
  });

  it('leaves the tokens out when they do not describe the code (the page highlights it then)', () => {
    const out = personaliseSample(sample.code, 'string:3', edits);
    expect(out.code).toContain('reader-org');
    expect(out.tokens).toBeUndefined();
  });

  it('without edits, is the sample as built', () => {
    expect(personaliseSample(sample.code, sample.tokens, [])).toEqual(sample);
  });
});

describe('personaliseSamples', () => {
  const page = loadModel().operations.find((p) => p.name === 'create_wallet')!;

  it('puts the reader\'s organization and base URL in every sample, and says which it put in', () => {
    const out = personaliseSamples(page.samples, 'https://api.sigil.example', {organizationId: 'reader-org', baseUrl: 'http://127.0.0.1:8787/'});
    expect(out.personal).toEqual(['organization ID', 'base URL']);
    for (const [key, code] of Object.entries(out.code)) {
      expect(code, key).not.toContain(page.samples.organizationId);
      expect(code, key).not.toContain('https://api.sigil.example');
      expect(code, key).toContain('http://127.0.0.1:8787');
      if (key !== 'cli') expect(code, key).toContain('reader-org');
    }
  });

  it('is the samples as built for the documented values', () => {
    const out = personaliseSamples(page.samples, 'https://api.sigil.example/', {organizationId: page.samples.organizationId});
    expect(out.personal).toEqual([]);
    expect(out.code.go).toBe(page.samples.go);
  });
});
