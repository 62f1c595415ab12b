/**
 * Route chunks that travel together, merged. Docusaurus gives every route
 * module its own chunk group (`import(/* webpackChunkName: … *\/)` in the
 * registry), and a docs page matches four nested routes: the docs root with
 * the plugin's data, the version with its metadata, the sidebar layout and
 * the page (`DocItem`). Each group's own chunk, and each set of modules two
 * groups share, became a file of its own: a docs page requested 12 route
 * files besides `runtime~main` and `main`, half of them under 2 KB gzip, each
 * with its own response headers and gzip stream.
 *
 * A "shell" is a set of chunk names that nearly always load together: those
 * whose pages are all pages of a more common one (the anchor) and at least
 * `SHELL_SHARE` of them. The client compilation gives each shell a split-chunk
 * cache group (`shellCacheGroups`) that moves into one file every module the
 * shell's chunks use, out of them and out of the chunks that load only on the
 * shell's pages (each page's content). Chunks of pages without the shell (an
 * API page sharing theme code with the docs, the changelog sharing the MDX
 * runtime) and chunks loaded on demand (a widget, the not-found page) keep
 * their own copy; a module also used by a route chunk that loads on some of
 * the shell's pages and some others stays where the bundler puts it, so no
 * first visit loads a module twice.
 */
import {chunkNamesOf, leafChains, type RouteNode} from './first-load';

/** A chunk name joins the shell of a more common one when it loads on at least this share of the anchor's pages. */
export const SHELL_SHARE = 0.9;
/** Chunk names loaded by fewer pages than this are left alone: merging them saves little and is not worth a rule. */
export const MIN_SHELL_PAGES = 10;

/** Chunk name → the page routes whose first visit loads it. */
export function pagesByChunkName(routes: readonly RouteNode[], routesChunkNames: Record<string, unknown>): Map<string, Set<string>> {
  const pages = new Map<string, Set<string>>();
  for (const {path, keys} of leafChains(routes)) {
    for (const name of new Set(keys.flatMap((key) => chunkNamesOf(routesChunkNames[key])))) {
      let set = pages.get(name);
      if (!set) pages.set(name, (set = new Set()));
      set.add(path);
    }
  }
  return pages;
}

const isSubset = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].every((x) => b.has(x));

/** A shell: the chunk names merged, and how every other page chunk stands to them. */
export interface Shell {
  core: string[];
  /** Chunks (other than the core) loaded only on pages that load the anchor: a module they share with the core may join it. */
  within: string[];
  /** Chunks loaded on no page that loads the anchor: they keep their own copy of a module that joins the shell. */
  apart: string[];
  /** Chunks loaded on some pages that load the anchor and some that do not. */
  partial: string[];
}

/**
 * The shells of a route table: sets of two or more chunk names, each the
 * anchor (the most common name not yet in a shell) and every other name whose
 * pages are a subset of the anchor's and number at least `share` of them.
 * Deterministic: names of equal page counts are taken in name order.
 */
export function findShells(
  routes: readonly RouteNode[],
  routesChunkNames: Record<string, unknown>,
  {share = SHELL_SHARE, minPages = MIN_SHELL_PAGES}: {share?: number; minPages?: number} = {},
): Shell[] {
  const pages = pagesByChunkName(routes, routesChunkNames);
  const order = [...pages.keys()].sort((a, b) => pages.get(b)!.size - pages.get(a)!.size || (a < b ? -1 : 1));
  const taken = new Set<string>();
  const shells: Shell[] = [];
  for (const anchor of order) {
    const anchorPages = pages.get(anchor)!;
    if (taken.has(anchor) || anchorPages.size < minPages) continue;
    const core = [anchor];
    const within: string[] = [];
    const apart: string[] = [];
    const partial: string[] = [];
    for (const name of order) {
      if (name === anchor) continue;
      const own = pages.get(name)!;
      if (![...own].some((p) => anchorPages.has(p))) apart.push(name);
      else if (own.size > anchorPages.size || !isSubset(own, anchorPages)) partial.push(name);
      else if (!taken.has(name) && own.size >= share * anchorPages.size) core.push(name);
      else within.push(name);
    }
    if (core.length < 2) continue;
    core.forEach((m) => taken.add(m));
    shells.push({core, within, apart, partial});
  }
  return shells;
}

// The bundler's objects, as far as the cache group's test reads them.
interface ShellChunk {
  name?: string | null;
}
interface ShellModule {
  type?: string;
}
interface ShellChunkGraph {
  getModuleChunksIterable(module: ShellModule): Iterable<ShellChunk>;
}

/**
 * True when the module may join the shell: script (extracted CSS has its own
 * single file) held by at least one of the shell's chunks, and by no chunk of
 * the route table that loads on some pages with the shell and some without
 * (`partial`: it would keep its copy and bring the module a second time
 * there). Every other chunk that holds it either loads only on pages with the
 * shell (it gives the module up) or keeps its copy: the chunks of pages
 * without the shell, and those the route table does not name (a widget
 * imported when a reader opens it, the not-found page), which may then bring
 * the module a second time on that interaction only. The bundler runs a
 * module once, whichever file brought it.
 */
export function belongsToShell(module: ShellModule, chunkGraph: ShellChunkGraph, shell: {core: ReadonlySet<string>; partial: ReadonlySet<string>}): boolean {
  if (module.type?.startsWith('css')) return false;
  let inCore = false;
  for (const {name} of chunkGraph.getModuleChunksIterable(module)) {
    if (name && shell.core.has(name)) inCore = true;
    else if (name && shell.partial.has(name)) return false;
  }
  return inCore;
}

/**
 * One split-chunk cache group per shell (client compilation only: the server
 * render has no chunks). The chunks it selects are the core and those within:
 * the bundler takes a module out of the selected chunks only, so a module a
 * page's content shares with the core leaves both (never loaded twice on a
 * page), and a page without the shell (an API page sharing theme code with
 * the docs) keeps its copy, in a file of its own as before.
 */
export function shellCacheGroups(shells: readonly Shell[]): Record<string, object> {
  return Object.fromEntries(
    shells.map(({core, within, partial}, i) => {
      const sets = {core: new Set(core), within: new Set(within), partial: new Set(partial)};
      return [
        `sigil-shell-${i}`,
        {
          name: shellChunkName(i),
          chunks: (chunk: ShellChunk) => Boolean(chunk.name && (sets.core.has(chunk.name) || sets.within.has(chunk.name))),
          test: (module: ShellModule, {chunkGraph}: {chunkGraph: ShellChunkGraph}) => belongsToShell(module, chunkGraph, sets),
          // Above Docusaurus's `common` group (40), below its single stylesheet (50).
          priority: 45,
          enforce: true,
          reuseExistingChunk: false,
        },
      ];
    }),
  );
}

/** The name of a shell's chunk (what `gca`, Docusaurus's chunk-name-to-file function, finds it by). */
export const shellChunkName = (index: number): string => `shell-${index}`;

/** Route chunk name → the name of the shell chunk that holds its modules, for the prefetcher (plugins/prefetch). */
export function shellOfChunk(shells: readonly Shell[]): Record<string, string> {
  return Object.fromEntries(shells.flatMap(({core}, i) => core.map((name) => [name, shellChunkName(i)])));
}
