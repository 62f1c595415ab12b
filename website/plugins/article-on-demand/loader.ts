/**
 * The client compilation's last loader for docs pages (index.ts adds it
 * after the MDX loader). A doc's module becomes two: the module the route
 * loads, with the meta exports the theme reads before it renders the
 * article and an article component that loads the rest when asked
 * (registry.ts), and the article itself (`?article`), loaded on demand.
 */
import {splitArticle} from './split';
import {decisions} from './decisions';

/** What this loader uses of the bundler's loader context. */
export interface LoaderContext {
  resourcePath: string;
  resourceQuery?: string;
  getOptions: () => LoaderOptions;
  emitWarning?: (warning: Error) => void;
}

export interface LoaderOptions {
  /** Imports a doc may make and still have its article on demand (index.ts says which and why). */
  allowedImports: string[];
  /** The browser module that makes the article component (registry.ts). */
  runtime: string;
}

export const ARTICLE_QUERY = '?article';

/**
 * The compiled module of each split doc, kept from its own compilation until
 * the bundler asks for its `?article` module, so a doc is compiled once; in a
 * rebuild (`docusaurus start`) that asks for the article first, the MDX loader
 * compiles it again.
 */
const compiled = new Map<string, string>();

/** Partials (a path segment starting with `_`) are not pages: the docs plugin leaves them out of its routes. */
export const isPartial = (file: string): boolean => file.split(/[\\/]/).some((segment) => segment.startsWith('_'));

/** The module the route loads in place of a split doc: its meta exports and the article component. The article's chunk has no name: every page's runtime lists the named ones. */
export function routeModule(meta: string, metadataRequest: string, resourcePath: string, runtime: string): string {
  return [
    meta,
    `import __articleMetadata from ${JSON.stringify(metadataRequest)};`,
    `import {lazyArticle as __lazyArticle} from ${JSON.stringify(runtime)};`,
    `export default __lazyArticle(() => import(${JSON.stringify(resourcePath + ARTICLE_QUERY)}), __articleMetadata.permalink);`,
    '',
  ].join('\n');
}

/** The name a whole doc's module gives the theme's MDXContent, read by the docs theme's content component. */
export const MDX_PROVIDER_EXPORT = 'mdxProvider';

/** A doc that is not split: its own module, which also brings the provider its Markdown renders with. */
export function wholeModule(code: string): string {
  return `${code}\nimport __SigilMDXContent from '@theme/MDXContent';\nexport const ${MDX_PROVIDER_EXPORT} = __SigilMDXContent;\n`;
}

export default function articleOnDemandLoader(this: LoaderContext, code: string): string {
  if (this.resourceQuery === ARTICLE_QUERY || this.resourceQuery || isPartial(this.resourcePath)) return code;
  const {allowedImports, runtime} = this.getOptions();
  const split = splitArticle(code, new Set(allowedImports));
  decisions().set(this.resourcePath, split.ok ? null : split.reason);
  // A doc that cannot be split (it imports a component that works only once the page has run) keeps its whole module,
  // with the theme's MDXContent, which the docs shell no longer brings (registry.ts).
  if (!split.ok) return wholeModule(code);
  compiled.set(this.resourcePath, code);
  return routeModule(split.meta, split.metadataRequest, this.resourcePath, runtime);
}

/** For an article, the module its doc's compilation kept: the MDX loader does not run again. */
export function pitch(this: LoaderContext): string | undefined {
  if (this.resourceQuery !== ARTICLE_QUERY) return undefined;
  const code = compiled.get(this.resourcePath);
  compiled.delete(this.resourcePath);
  return code;
}
