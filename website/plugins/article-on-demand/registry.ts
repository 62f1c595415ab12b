/**
 * The article component a split doc's route module exports (index.ts), and
 * each loaded doc's article by its address, which the route preload loads
 * before a client-side navigation renders (plugins/route-sections/preload.ts).
 * Small, for it is in every page's main.js; reader.ts, which waits for the
 * reader on a first visit, comes with the docs theme.
 */
import {createElement, type ComponentType, type ReactNode} from 'react';

type MdxComponent = ComponentType<Record<string, unknown>>;
type MdxProvider = ComponentType<{children: ReactNode}>;

let mdxContent: MdxProvider | undefined;
let mdxContentPending: Promise<void> | undefined;

/**
 * The theme's MDXContent: the provider of the components an article's Markdown renders with (code blocks and their
 * highlighting, admonitions, tabs, tables, diagrams), a third of a docs page's shell. It loads with an article,
 * never on a first visit before the reader acts; a doc that is not split brings it in its own module.
 */
export const loadedMdxContent = (): MdxProvider | undefined => mdxContent;
export function loadMdxContent(): Promise<void> {
  mdxContentPending ??= import('@theme/MDXContent').then(
    (module) => {
      mdxContent = module.default;
    },
    (failure: unknown) => {
      mdxContentPending = undefined;
      throw failure;
    },
  );
  return mdxContentPending;
}

/** A doc's article: its MDX component once loaded. */
export interface Article {
  /** The doc's address (its route's path). */
  readonly permalink: string;
  readonly loaded: MdxComponent | undefined;
  /** Why the last load failed; cleared by the next load. */
  readonly error: unknown;
  load(): Promise<void>;
}

const byPermalink = new Map<string, Article>();

/** The component a split doc's module exports (loader.ts writes the call): it renders the article once loaded. */
export function lazyArticle(
  importer: () => Promise<{default: MdxComponent}>,
  permalink: string,
): MdxComponent & {article: Article} {
  let loaded: MdxComponent | undefined;
  let error: unknown;
  let pending: Promise<void> | undefined;
  const article: Article = {
    permalink,
    get loaded() {
      return loaded;
    },
    get error() {
      return error;
    },
    load() {
      pending ??= Promise.all([importer(), loadMdxContent()]).then(
        ([module]) => {
          loaded = module.default;
          error = undefined;
        },
        (failure: unknown) => {
          pending = undefined;
          error = failure;
          throw failure;
        },
      );
      return pending;
    },
  };
  function ArticleContent(props: Record<string, unknown>) {
    // The docs theme's content wrapper (src/theme/DocItem/Content) renders this only once the article is loaded.
    if (!loaded) throw article.load();
    return createElement(loaded, props);
  }
  ArticleContent.article = article;
  byPermalink.set(permalink, article);
  return ArticleContent;
}

/** The theme's MDXContent that the module of a doc that is not split brings along (loader.ts, `wholeModule`). */
export const mdxProviderOf = (component: unknown): MdxProvider | undefined =>
  typeof component === 'function' ? (component as {mdxProvider?: MdxProvider}).mdxProvider : undefined;

/** The article of a doc's MDX component, when the doc's article loads on demand. */
export const articleOf = (component: unknown): Article | undefined =>
  typeof component === 'function' ? (component as {article?: Article}).article : undefined;

/** The article of the doc at a route path, once the route's module has run. */
export const articleAt = (routePath: string): Article | undefined => byPermalink.get(routePath);

/** The route paths the address the browser loaded matched, before the page hydrated (set by the route preload). */
let firstVisitPaths: ReadonlySet<string> = new Set();
export function setFirstVisitPaths(paths: readonly string[]): void {
  firstVisitPaths = new Set(paths);
}

/**
 * Whether this is the article of the page the browser loaded, whose server markup the page hydrates. Not when the
 * address matched no route before hydrating (an address like `/page/index.html`): the route then loads as the page
 * renders, and there is no server markup of the article to keep.
 */
export const isFirstVisitArticle = (article: Article): boolean => firstVisitPaths.has(article.permalink);
