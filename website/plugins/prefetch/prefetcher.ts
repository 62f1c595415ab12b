/**
 * The logic of Docusaurus's `window.docusaurus.prefetch`, with its rules kept
 * (nothing on 2g or with data saver on, each route once, nothing for a route
 * already preloaded) and two costs removed that grow with the site
 * (plugins/prefetch/README.md):
 * - the chunk names of a route are looked up in an index built once, where
 *   Docusaurus scans every entry of the route table, with a regular
 *   expression each, for every route of every link that scrolls into view;
 * - a chunk file is requested once: Docusaurus adds a `<link rel=prefetch>`
 *   per chunk per link, so the shared chunks (the docs version, the sidebar,
 *   the layout) were added once for every link on the page (170 elements
 *   for 17 files on a phone-width concept page, 456 for 38 on a desktop).
 */

/** Route table key (`${path}-${hash}`) → the route's chunk-name tree, as in `@generated/routesChunkNames`. */
export type RoutesChunkNames = Record<string, unknown>;

export interface PrefetcherDeps {
  /** The table, or a function giving it when the first link asks (it is built from the route table in the browser). */
  routesChunkNames: RoutesChunkNames | (() => RoutesChunkNames);
  /** Paths of the route-table entries an address matches, outermost first (react-router-config's matchRoutes). */
  matchedRoutePaths: (pathname: string) => string[];
  /** A chunk's file URL, or undefined when the bundler merged the chunk into another one. */
  chunkUrl: (chunkName: string) => string | undefined;
  /** The shell a route chunk was merged into (plugins/chunks/shells.ts), whose file is fetched in its place. */
  shellOf?: (chunkName: string) => string | undefined;
  /** Starts fetching a file at low priority (a `<link rel=prefetch>`). */
  fetchFile: (url: string) => Promise<void>;
  /** Loads a route's modules now (Docusaurus's preload). */
  preloadRoute: (pathname: string) => Promise<unknown>;
  /** True on a 2g connection or with data saver on. */
  isSlowConnection: () => boolean;
  /** Files the page has already loaded: they are not prefetched again. */
  loadedFiles?: () => Iterable<string>;
  /**
   * The route table grows a section at a time (plugins/route-sections): a number that changes when it grows, so the
   * chunk-name index is built again; and, for an address whose section is not in yet, the section's files to fetch
   * instead of the route's (its chunk names are only known once the section is in).
   */
  tableVersion?: () => number;
  pendingSectionFiles?: (routePath: string) => string[];
  /** The files of the sidebars the route shows that come in chunks of their own and are not loaded yet (route-sections/sidebars.ts). */
  pendingSidebarFiles?: (routePath: string) => string[];
}

/** Flattens a chunk-name tree to its leaf values (Docusaurus's `flat`, values only). */
export function leafChunkNames(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree];
  if (tree && typeof tree === 'object') return Object.values(tree).flatMap(leafChunkNames);
  return [];
}

/** A route of the route table, as far as this reads it: its component carries its chunk names (plugins/lazy-routes). */
export interface RouteWithChunkNames {
  // react-router's type allows several paths; Docusaurus's table has one string per route.
  path?: string | readonly string[];
  component?: unknown;
  routes?: readonly RouteWithChunkNames[];
}

/**
 * The chunk-name table in Docusaurus's shape (`${path}-${n}` → names), read
 * from the route table: in the browser each route's component holds its
 * chunk names and `routesChunkNames` is empty (plugins/client-data/routes.ts).
 */
export function chunkNamesFromRoutes(routes: readonly RouteWithChunkNames[]): RoutesChunkNames {
  const table: RoutesChunkNames = {};
  let n = 0;
  const visit = (route: RouteWithChunkNames) => {
    const names = (route.component as {chunkNames?: unknown} | undefined)?.chunkNames;
    if (names !== undefined && typeof route.path === 'string') table[`${route.path}-${n++}`] = names;
    route.routes?.forEach(visit);
  };
  routes.forEach(visit);
  return table;
}

/** Route path (the key without its `-hash` suffix, as Docusaurus strips it) → chunk names of every entry with that path. */
export function indexChunkNames(routesChunkNames: RoutesChunkNames): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const [key, tree] of Object.entries(routesChunkNames)) {
    const path = key.replace(/-[^-]+$/, '');
    const names = index.get(path);
    if (names) names.push(...leafChunkNames(tree));
    else index.set(path, leafChunkNames(tree));
  }
  return index;
}

export interface Prefetcher {
  /** Prefetches a route's chunk files; false when the rules skip it (as Docusaurus returns). */
  prefetch: (routePath: string) => false | Promise<void[]>;
  /** Loads a route's modules; false when the rules skip it. */
  preload: (routePath: string) => false | Promise<unknown>;
}

export function createPrefetcher(deps: PrefetcherDeps): Prefetcher {
  const fetchedRoutes = new Set<string>();
  const loadedRoutes = new Set<string>();
  const requested = new Map<string, Promise<void>>();
  let index: Map<string, string[]> | undefined;
  let indexedVersion: number | undefined;
  let alreadyLoaded: Set<string> | undefined;

  const fileOnce = (url: string): Promise<void> => {
    const pending = requested.get(url);
    if (pending) return pending;
    alreadyLoaded ??= new Set(deps.loadedFiles?.() ?? []);
    const started = alreadyLoaded.has(url) ? Promise.resolve() : deps.fetchFile(url);
    requested.set(url, started);
    return started;
  };

  return {
    prefetch(routePath) {
      if (deps.isSlowConnection() || loadedRoutes.has(routePath) || fetchedRoutes.has(routePath)) return false;
      const sectionFiles = deps.pendingSectionFiles?.(routePath) ?? [];
      // The route's own files are prefetched when the link shows again with its section in (a later page's link).
      if (sectionFiles.length) return Promise.all(sectionFiles.map(fileOnce));
      fetchedRoutes.add(routePath);
      const version = deps.tableVersion?.();
      if (!index || version !== indexedVersion) {
        index = indexChunkNames(typeof deps.routesChunkNames === 'function' ? deps.routesChunkNames() : deps.routesChunkNames);
        indexedVersion = version;
      }
      const names = deps.matchedRoutePaths(routePath).flatMap((path) => index!.get(path) ?? []);
      // A chunk merged into one of the site's shells is fetched as the shell's file (once, whatever number of names
      // it holds); a chunk the bundler merged elsewhere has no file of its own: nothing to fetch (as Docusaurus does).
      const shells = names.flatMap((name) => deps.shellOf?.(name) ?? []);
      return Promise.all([
        ...[...names, ...new Set(shells)].map((name) => {
          const url = deps.chunkUrl(name);
          return url && !url.includes('undefined') ? fileOnce(url) : Promise.resolve();
        }),
        ...(deps.pendingSidebarFiles?.(routePath) ?? []).map(fileOnce),
      ]);
    },
    preload(routePath) {
      if (deps.isSlowConnection() || loadedRoutes.has(routePath)) return false;
      loadedRoutes.add(routePath);
      return deps.preloadRoute(routePath);
    },
  };
}
