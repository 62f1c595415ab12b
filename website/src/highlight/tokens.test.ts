import {describe, expect, it} from 'vitest';
import {normalizeTokens} from 'prism-react-renderer';
import {tokenizeCode} from '../../plugins/highlight/tokenize';
import {decodeTokens, encodeTokens, plainTokens, type Token} from './tokens';

const samples: [string, string][] = [
  ['ts', "import {Sigil} from '@sigil/sdk-server';\n\nconst client = new Sigil({baseUrl: 'https://api.sigil.example'});\n// a comment\n"],
  ['bash', 'curl -X POST "$BASE/public/v1/query/whoami" \\\n  -H "X-Stamp: $STAMP" \\\n  -d \'{"organizationId": "org"}\''],
  ['json', '{\n  "activity": {\n    "status": "ACTIVITY_STATUS_COMPLETED",\n    "fingerprint": 42\n  }\n}'],
  ['swift', 'let sigil = SigilClient(baseURL: url)\n\n\nprint(sigil)'],
  ['text', 'plain words\n\nmore words'],
  ['tsx', 'export const App = () => <Button onClick={sign}>Sign</Button>;'],
];

describe('build-time token format', () => {
  it.each(samples)('round-trips Prism tokens of %s code exactly', (language, code) => {
    const tokens = tokenizeCode(code, language);
    expect(decodeTokens(encodeTokens(tokens), code)).toEqual(tokens);
  });

  it('keeps only types and lengths, never the code text', () => {
    const code = "const secret = 'do-not-repeat-me';";
    const encoded = encodeTokens(tokenizeCode(code, 'ts'));
    expect(encoded).not.toContain('do-not-repeat-me');
    expect(encoded.length).toBeLessThan(code.length * 4);
  });

  it('refuses tokens that do not fit the code, so the page highlights it again instead', () => {
    const encoded = encodeTokens(tokenizeCode('const a = 1;\nconst b = 2;', 'ts'));
    expect(decodeTokens(encoded, 'const a = 1;\nconst b = 22;')).toBeNull();
    expect(decodeTokens(encoded, 'const a = 1;')).toBeNull();
    expect(decodeTokens('keyword', 'const')).toBeNull();
  });

  it('makes plain tokens as Prism does for text without a grammar', () => {
    for (const code of ['one line', 'a\n\nb\n', '']) {
      expect(plainTokens(code)).toEqual(normalizeTokens([code]) as Token[][]);
    }
  });
});
