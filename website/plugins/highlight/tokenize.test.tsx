import {describe, expect, it} from 'vitest';
import {renderToStaticMarkup} from 'react-dom/server';
import {Highlight, themes} from 'prism-react-renderer';
import {decodeTokens, type Token} from '../../src/highlight/tokens';
import {lineProps, themeDict, tokenProps} from '../../src/highlight/theme';
import {tokenize as tokenizeInBrowser} from '../../src/highlight/runtime';
import {highlightCodeBlock, tokenizeCode} from './tokenize';

describe('build-time highlighting', () => {
  it('tokenizes the code the page shows: magic comments removed, trailing newline dropped', () => {
    const code = 'const a = 1;\n// highlight-next-line\nconst b = 2;\n';
    const encoded = highlightCodeBlock({code, language: 'ts'});
    const shown = 'const a = 1;\nconst b = 2;';
    expect(decodeTokens(encoded, shown)).toEqual(tokenizeCode(shown, 'ts'));
  });

  it('uses the grammars the site adds to Prism (bash, ruby, dart)', () => {
    const types = (code: string, language: string) => tokenizeCode(code, language).flat().flatMap((t) => t.types);
    expect(types('echo "$HOME"', 'bash')).toContain('builtin');
    expect(types('def sign; end', 'ruby')).toContain('keyword');
    expect(types('final key = await sigil.sign();', 'dart')).toContain('keyword');
  });

  it.each([
    ['ts', 'await client.createWallet({walletName: "Main"});'],
    ['bash', 'sigil request --no-post get_whoami'],
    ['json', '{"a": [1, true, null]}'],
  ])('gives the same tokens as the in-browser fallback for %s', (language, code) => {
    expect(tokenizeCode(code, language)).toEqual(tokenizeInBrowser(code, language));
  });

  it('styles lines and tokens exactly as prism-react-renderer does, in both site themes', () => {
    const code = 'const key = await stamp({body: "{}"}); // sign';
    for (const theme of [themes.github, themes.dracula]) {
      let expected: unknown;
      renderToStaticMarkup(
        <Highlight code={code} language="tsx" theme={theme}>
          {({tokens, getLineProps, getTokenProps, style}) => {
            expected = {style, lines: tokens.map((line) => ({line: getLineProps({line}), tokens: line.map((token) => getTokenProps({token}))}))};
            return null;
          }}
        </Highlight>,
      );
      const dict = themeDict(theme, 'tsx');
      const tokens: Token[][] = tokenizeCode(code, 'tsx');
      const actual = {style: dict.root, lines: tokens.map((line) => ({line: lineProps(dict, {line}), tokens: line.map((token) => tokenProps(dict, {token}))}))};
      expect(actual).toEqual(expected);
    }
  });
});
