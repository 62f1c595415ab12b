import {describe, expect, it} from 'vitest';
import {fromMarkdown} from 'mdast-util-from-markdown';
import type {Code} from 'mdast';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import remarkHighlight from './remark';
import {THEME_PRISM_CLIENT_MODULE} from './index';
import {decodeTokens} from '../../src/highlight/tokens';

const codeNodes = (markdown: string): Code[] => {
  const tree = fromMarkdown(markdown);
  remarkHighlight()(tree);
  return tree.children.filter((n): n is Code => n.type === 'code');
};

describe('remark plugin', () => {
  it('gives every fenced block its tokens, for the code the page will show', () => {
    const [ts, plain] = codeNodes('```ts title="a.ts"\nconst a = 1;\n```\n\n```\nno language\n```\n');
    const tokens = ts!.data?.hProperties?.tokens as string;
    expect(decodeTokens(tokens, 'const a = 1;')?.flat().map((t) => t.types[0])).toContain('keyword');
    expect(decodeTokens(plain!.data?.hProperties?.tokens as string, 'no language')).toEqual([[{types: ['plain'], content: 'no language'}]]);
  });

  it('leaves Mermaid diagrams alone', () => {
    const [diagram] = codeNodes('```mermaid\ngraph TD; A-->B\n```\n');
    expect(diagram!.data?.hProperties).toBeUndefined();
  });
});

describe('client module replacement', () => {
  it('matches the theme module that puts Prism in every page, and nothing else', () => {
    const theme = path.dirname(require.resolve('@docusaurus/theme-classic/package.json'));
    const clientModule = path.join(theme, 'lib/prism-include-languages.js');
    expect(readFileSync(clientModule, 'utf8')).toContain("from 'prism-react-renderer'");
    expect(THEME_PRISM_CLIENT_MODULE.test(clientModule)).toBe(true);
    // The theme's getClientModules names it without extension, resolved from its lib folder: the request the bundler sees.
    expect(readFileSync(path.join(theme, 'lib/index.js'), 'utf8')).toContain("'./prism-include-languages'");
    expect(THEME_PRISM_CLIENT_MODULE.test(clientModule.replace(/\.js$/, ''))).toBe(true);
    expect(THEME_PRISM_CLIENT_MODULE.test(path.join(theme, 'lib/theme/prism-include-languages.js'))).toBe(false);
  });
});

describe('in-browser fallback', () => {
  it('loads the same extra grammars as the build', async () => {
    const {additionalLanguages} = await import('../../src/highlight/languages');
    const source = readFileSync(path.join(__dirname, '../../src/highlight/runtime.ts'), 'utf8');
    const imported = [...source.matchAll(/import 'prismjs\/components\/prism-([a-z]+)';/g)].map((m) => m[1]);
    expect(imported).toEqual(additionalLanguages);
  });
});
