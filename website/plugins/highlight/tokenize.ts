import {createRequire} from 'node:module';
import path from 'node:path';
import {buildSync} from 'esbuild';
import {Prism, normalizeTokens} from 'prism-react-renderer';
import {additionalLanguages} from '../../src/highlight/languages';
import {encodeTokens, type Token} from '../../src/highlight/tokens';

const nativeRequire = createRequire(__filename);

/** The theme's default magic comments (`// highlight-next-line` and the block pair), set explicitly in the site config. */
export const magicComments = [
  {
    className: 'theme-code-block-highlighted-line',
    line: 'highlight-next-line',
    block: {start: 'highlight-start', end: 'highlight-end'},
  },
];

let languagesLoaded = false;
/** Loads the extra grammars into prism-react-renderer's Prism, as the theme does in the browser. */
function loadLanguages(): void {
  if (languagesLoaded) return;
  const global = globalThis as {Prism?: unknown};
  const previous = global.Prism;
  global.Prism = Prism;
  for (const language of additionalLanguages) nativeRequire(`prismjs/components/prism-${language}`);
  global.Prism = previous;
  languagesLoaded = true;
}

interface CodeBlockMetadata {
  code: string;
  language: string;
}
type CreateMetadata = (params: {
  code: string;
  className?: string;
  metastring?: string;
  magicComments: typeof magicComments;
  defaultLanguage?: string;
  language?: string;
}) => CodeBlockMetadata;

const CLIENT_ALIAS = /^@docusaurus\/use[A-Z]/;
let createMetadata: CreateMetadata | undefined;
/**
 * The theme's own parser of a code block (language, magic comments, the code
 * left after them), so the build tokenizes exactly the text the page shows.
 * The package ships it as JSX for the site's bundler and does not export it,
 * so it is bundled here with esbuild (its packages stay external) and run.
 */
function metadataParser(): CreateMetadata {
  if (!createMetadata) {
    const lib = path.dirname(nativeRequire.resolve('@docusaurus/theme-common')); // …/theme-common/lib/index.js
    const file = path.join(lib, 'utils/codeBlockUtils.js');
    const {outputFiles} = buildSync({entryPoints: [file], bundle: true, write: false, platform: 'node', format: 'cjs', jsx: 'automatic', loader: {'.js': 'jsx'}, packages: 'external', logLevel: 'silent'});
    const module = {exports: {} as {createCodeBlockMetadata?: CreateMetadata}};
    const requireFromTheme = createRequire(file);
    // Client-only aliases such as '@docusaurus/useIsomorphicLayoutEffect' exist only in the bundler; the parser never calls them.
    const requireModule = (id: string): unknown => (CLIENT_ALIAS.test(id) ? {} : requireFromTheme(id));
    new Function('module', 'exports', 'require', outputFiles[0]!.text)(module, module.exports, requireModule);
    if (!module.exports.createCodeBlockMetadata) throw new Error(`${file} no longer exports createCodeBlockMetadata`);
    createMetadata = module.exports.createCodeBlockMetadata;
  }
  return createMetadata;
}

export interface CodeBlockInput {
  code: string;
  /** The fence's language or the `language` prop. */
  language?: string;
  /** The fence's meta string (`title="…" {1,3}`). */
  metastring?: string;
}

export function tokenizeCode(code: string, language: string): Token[][] {
  loadLanguages();
  const grammar = Prism.languages[language.toLowerCase()];
  return normalizeTokens(grammar ? Prism.tokenize(code, grammar) : [code]) as Token[][];
}

/** The encoded tokens of one code block as the page will show it (see src/highlight/tokens.ts). */
export function highlightCodeBlock({code, language, metastring}: CodeBlockInput): string {
  const parse = metadataParser();
  const metadata = parse({code, language, metastring, magicComments, className: language ? `language-${language}` : undefined});
  return encodeTokens(tokenizeCode(metadata.code, metadata.language));
}
