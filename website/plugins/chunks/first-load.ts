/**
 * What a first visit of each route loads, computed from the build: the entry
 * scripts every page loads, plus the chunk groups of the modules of every
 * route the address matches (a docs page matches the docs root, the version,
 * the sidebar layout and the page itself). This is what Docusaurus's client
 * fetches before it renders a route; the budget test sums it for every route
 * and checks in a browser, on a sample, that a real visit loads exactly this.
 */

import {isSectionRoute, sectionChunkName, sectionOf, sectionsOf, sidebarChunkName, splitFirsts} from '../route-sections/sections';

export interface RouteNode {
  path: string;
  /** `${path}-${hash}`: the key of the route's modules in routesChunkNames.json. */
  key?: string;
  exact?: boolean;
  strict?: boolean;
  sensitive?: boolean;
  /** The docs sidebar the route shows. */
  sidebar?: string;
  routes?: RouteNode[];
}

/** Evaluates the generated routes.js with a stand-in ComponentCreator that keeps the module key. */
export function parseRoutes(source: string): RouteNode[] {
  const body = source
    .replace(/^import .*$/gm, '')
    .replace(/export default/, 'return');
  const componentCreator = (path: string, hash?: string) => (hash === undefined ? undefined : `${path}-${hash}`);
  const raw = new Function('ComponentCreator', body)(componentCreator) as {
    path: string;
    component?: string;
    exact?: boolean;
    strict?: boolean;
    sensitive?: boolean;
    sidebar?: unknown;
    routes?: unknown[];
  }[];
  const convert = (r: (typeof raw)[number]): RouteNode => ({
    path: r.path,
    ...(r.component ? {key: r.component} : {}),
    ...(r.exact ? {exact: true} : {}),
    ...(r.strict ? {strict: true} : {}),
    ...(r.sensitive ? {sensitive: true} : {}),
    ...(typeof r.sidebar === 'string' ? {sidebar: r.sidebar} : {}),
    ...(r.routes ? {routes: (r.routes as (typeof raw)[number][]).map(convert)} : {}),
  });
  return raw.map(convert);
}

/** Every chunk name (registry key) a route's module map refers to, nested values included. */
export function chunkNamesOf(modules: unknown): string[] {
  if (typeof modules === 'string') return [modules];
  if (modules && typeof modules === 'object') return Object.values(modules).flatMap(chunkNamesOf);
  return [];
}

/**
 * Each page route (a leaf with a fixed path) with the keys of itself and its ancestors, and the sidebar it shows
 * when that sidebar comes in a chunk of its own: a route outside every section of the route table
 * (plugins/route-sections/sidebars.ts).
 */
export function leafChains(routes: readonly RouteNode[], ancestors: string[] = []): {path: string; keys: string[]; ownSidebar?: string}[] {
  return routes.flatMap((route) => {
    const keys = route.key ? [...ancestors, route.key] : ancestors;
    if (route.routes) return leafChains(route.routes, keys);
    if (route.path.includes(':') || route.path.includes('*')) return [];
    const {sidebar} = route;
    const ownSidebar = isSectionRoute(route) ? undefined : sidebar;
    return [{path: route.path, keys, ...(ownSidebar !== undefined ? {ownSidebar} : {})}];
  });
}

export interface FirstLoadInput {
  routes: RouteNode[];
  routesChunkNames: Record<string, unknown>;
  /** Files of each named chunk group (the registry's chunk names), from the bundler's stats. */
  chunkGroups: Record<string, string[]>;
  /** Files of the entry point every page loads (runtime, main, the site stylesheet). */
  entry: string[];
}

/** Route path → the files (URL paths) its first visit loads, entry first. */
export function firstLoadFiles({routes, routesChunkNames, chunkGroups, entry}: FirstLoadInput): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const split = splitFirsts(routes);
  const sections = sectionsOf(routes, split);
  for (const {path, keys, ownSidebar} of leafChains(routes)) {
    const files = new Set(entry);
    // The route table's part for the page's section (plugins/route-sections), loaded before the page's routes.
    const section = sectionOf(path, split);
    if (sections.has(section)) {
      const group = chunkGroups[sectionChunkName(section)];
      if (!group) throw new Error(`The route table's section ${section} of route ${path} has no chunk ${sectionChunkName(section)} in the bundler's stats`);
      for (const f of group) files.add(f);
    }
    // The sidebar of a route outside every section, loaded beside the route's modules.
    if (ownSidebar !== undefined) {
      const group = chunkGroups[sidebarChunkName(ownSidebar)];
      if (!group) throw new Error(`The sidebar ${ownSidebar} of route ${path} has no chunk ${sidebarChunkName(ownSidebar)} in the bundler's stats`);
      for (const f of group) files.add(f);
    }
    for (const key of keys) {
      for (const name of chunkNamesOf(routesChunkNames[key])) {
        const group = chunkGroups[name];
        if (!group) throw new Error(`Chunk group ${name} of route ${path} is not in the bundler's stats: the client bundle does not match the route table (a stale bundler cache?)`);
        for (const f of group) files.add(f);
      }
    }
    out[path] = [...files];
  }
  return out;
}
