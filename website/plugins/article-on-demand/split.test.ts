import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';
import {splitArticle} from './split';
import articleOnDemandLoader, {ARTICLE_QUERY, MDX_PROVIDER_EXPORT, isPartial, pitch, routeModule, type LoaderContext} from './loader';

const require = createRequire(import.meta.url);
const ALLOWED = new Set(['@theme/Tabs']);
const METADATA = '@site/.docusaurus/docusaurus-plugin-content-docs/default/site-docs-concepts-wallets-mdx-7a8.json';

/** A doc module in the form the MDX loader writes: its exports first, then MDX's compiled program. */
function compiledDoc({imports = '', toc = '[{value: "Accounts", id: "accounts", level: 2}]', extra = ''} = {}): string {
  return `
export const frontMatter = {title: 'Wallets'};
export const contentTitle = undefined;
export {default as metadata} from '${METADATA}'
export const assets = {};

import {jsx as _jsx, jsxs as _jsxs} from "react/jsx-runtime";
import {useMDXComponents as _provideComponents} from "@mdx-js/react";
${imports}
export const toc = ${toc};
${extra}
function _createMdxContent(props) {
  const _components = {h2: "h2", p: "p", ..._provideComponents(), ...props.components};
  return _jsxs(_components.p, {children: ["An HD wallet ", _jsx(_components.h2, {id: "accounts", children: "Accounts"})]});
}
export default function MDXContent(props = {}) {
  const {wrapper: MDXLayout} = {..._provideComponents(), ...props.components};
  return MDXLayout ? _jsx(MDXLayout, {...props, children: _jsx(_createMdxContent, {...props})}) : _createMdxContent(props);
}
`;
}

describe('splitArticle', () => {
  it('keeps the meta exports the theme reads and nothing of the article', () => {
    const split = splitArticle(compiledDoc({imports: "import Tabs from '@theme/Tabs';"}), ALLOWED);
    expect(split).toMatchObject({ok: true, metadataRequest: METADATA});
    if (!split.ok) return;
    for (const name of ['frontMatter', 'contentTitle', 'assets', 'toc']) expect(split.meta).toContain(`export const ${name} =`);
    expect(split.meta).toContain(`export {default as metadata} from '${METADATA}'`);
    for (const gone of ['_createMdxContent', 'MDXContent', 'import', 'Tabs', 'An HD wallet']) expect(split.meta).not.toContain(gone);
  });

  it('keeps the whole module of a doc that imports a component not on the list', () => {
    const imports = "import {LIMITS} from '@sigil/api-spec';\nimport Tabs from '@theme/Tabs';\nimport KitDemo from '@site/src/components/KitDemo';";
    expect(splitArticle(compiledDoc({imports}), ALLOWED)).toEqual({
      ok: false,
      reason: 'it imports @sigil/api-spec, @site/src/components/KitDemo',
    });
  });

  it('keeps the whole module when the table of contents uses an import (a partial\'s headings)', () => {
    const doc = compiledDoc({imports: "import Tabs, {toc as __toc0} from '@theme/Tabs';", toc: '[...__toc0]'});
    expect(splitArticle(doc, ALLOWED)).toEqual({ok: false, reason: 'its meta exports use __toc0, which it imports'});
  });

  it("leaves out the doc's other exports, which only the article reads", () => {
    const split = splitArticle(compiledDoc({extra: 'export const highlight = (x) => x;'}), ALLOWED);
    expect(split.ok && split.meta).not.toContain('highlight');
  });

  it('refuses a module with no metadata re-export (a docs plugin that changed its form)', () => {
    expect(splitArticle('export const toc = [];\nexport default function MDXContent() { return null; }', ALLOWED)).toEqual({
      ok: false,
      reason: 'it re-exports no metadata',
    });
  });
});

describe("the installed MDX loader's form", () => {
  it('writes the exports splitArticle keeps, metadata as a re-export of the docs plugin\'s JSON file', () => {
    const source = readFileSync(require.resolve('@docusaurus/mdx-loader/lib/loader.js'), 'utf8');
    expect(source).toContain('export const frontMatter = ');
    expect(source).toContain('export const contentTitle = ');
    expect(source).toContain('export {default as metadata} from ');
    expect(source).toContain('export const assets = ');
  });
});

describe('the loader', () => {
  const context = (resourcePath: string, resourceQuery = ''): LoaderContext => ({
    resourcePath,
    resourceQuery,
    getOptions: () => ({allowedImports: [...ALLOWED], runtime: '/site/plugins/article-on-demand/registry.ts'}),
  });

  it("gives the route a module of the meta exports and an article component, and the article its doc's compilation", () => {
    const doc = compiledDoc();
    const routeSource = articleOnDemandLoader.call(context('/site/docs/wallets.mdx'), doc);
    expect(routeSource).toContain("import {lazyArticle as __lazyArticle} from \"/site/plugins/article-on-demand/registry.ts\"");
    expect(routeSource).toContain(`import("/site/docs/wallets.mdx${ARTICLE_QUERY}")`);
    expect(routeSource).toContain('__articleMetadata.permalink');
    expect(routeSource).not.toContain('_createMdxContent');
    // The article module is the doc's own compilation, handed over once.
    expect(pitch.call(context('/site/docs/wallets.mdx', ARTICLE_QUERY))).toBe(doc);
    expect(pitch.call(context('/site/docs/wallets.mdx', ARTICLE_QUERY))).toBeUndefined();
    expect(pitch.call(context('/site/docs/wallets.mdx'))).toBeUndefined();
  });

  it('leaves partials, other queries and docs that cannot be split as the MDX loader wrote them', () => {
    const doc = compiledDoc();
    expect(articleOnDemandLoader.call(context('/site/docs/_shared/intro.mdx'), doc)).toBe(doc);
    expect(articleOnDemandLoader.call(context('/site/docs/wallets.mdx', '?truncated'), doc)).toBe(doc);
    // A doc that cannot be split keeps its module, and brings the theme's MDXContent, which the docs shell does not.
    const whole = compiledDoc({imports: "import Demo from './Demo';"});
    const wholeSource = articleOnDemandLoader.call(context('/site/docs/demo.mdx'), whole);
    expect(wholeSource.startsWith(whole)).toBe(true);
    expect(wholeSource.slice(whole.length)).toContain(`export const ${MDX_PROVIDER_EXPORT} = `);
    expect(wholeSource).toContain("from '@theme/MDXContent'");
    expect(isPartial('/site/docs/_shared/intro.mdx')).toBe(true);
    expect(isPartial('/site/docs/concepts/wallets.mdx')).toBe(false);
  });

  it('writes a route module that parses, with the default export the theme renders', () => {
    const source = routeModule('export const toc = [];', METADATA, '/site/docs/a.mdx', '/r.ts');
    expect(() => splitArticle(source.replace('import __articleMetadata', 'export {default as metadata} from "x";\nimport __articleMetadata'), new Set(['/r.ts', METADATA]))).not.toThrow();
    expect(source).toMatch(/export default __lazyArticle\(/);
  });
});
