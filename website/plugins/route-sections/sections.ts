/**
 * The route table cut by section, for the browser (README.md says why).
 *
 * A route is left out of the table every page loads, and goes into its
 * section's module instead, when it is a page with an exact path of literal
 * characters only (the kind firstMatch.ts looks up in a map, so where it sits
 * among such routes changes nothing) and its section, the path's first
 * segment, is not empty: `/` stays, because the theme looks for the home page
 * in the table every page loads (`useHomePageRoute`). Each list of the table
 * keeps the original positions of the routes it still holds, and a section's
 * routes go back to their own positions when it loads (client.ts), so a
 * table with every section loaded is the table Docusaurus generated.
 *
 * The chunk registry is cut the same way: an entry only a section's routes
 * name goes into that section's module.
 */

export interface RouteShape {
  path?: string | readonly string[];
  exact?: boolean;
  strict?: boolean;
  sensitive?: boolean;
  routes?: readonly RouteShape[];
}

// A path whose every character is literal to path-to-regexp (as in plugins/route-matching/firstMatch.ts).
const LITERAL = /^[A-Za-z0-9\-._~!$&'=;,@%/]*$/;

/**
 * A first segment with more section routes than this is cut again by its second segment (the API reference's
 * ~360 pages would otherwise make one section of about 8 KB gzip that every API page loads).
 */
export const SPLIT_ABOVE = 64;

const NO_SPLIT: ReadonlySet<string> = new Set();

/**
 * The section of an address or route path: its first segment, or its first two where the first is in `split`;
 * in lower case and without one trailing slash, as route matching compares exact paths.
 */
export function sectionOf(pathname: string, split: ReadonlySet<string> = NO_SPLIT): string {
  const lower = pathname.toLowerCase();
  const key = lower.endsWith('/') ? lower.slice(0, -1) : lower;
  const [, first = '', second] = key.split('/');
  return second !== undefined && split.has(first) ? `${first}/${second}` : first;
}

/** First segments whose routes are cut by their second segment too (more than `SPLIT_ABOVE` section routes). */
export function splitFirsts(routes: readonly RouteShape[]): Set<string> {
  const counts = new Map<string, number>();
  const visit = (list: readonly RouteShape[]) => {
    for (const route of list) {
      if (isSectionRoute(route)) counts.set(sectionOf(route.path), (counts.get(sectionOf(route.path)) ?? 0) + 1);
      else if (route.routes) visit(route.routes);
    }
  };
  visit(routes);
  return new Set([...counts].filter(([, n]) => n > SPLIT_ABOVE).map(([first]) => first));
}

/** True when the route travels in its section's module instead of the table every page loads. */
export function isSectionRoute(route: RouteShape): route is RouteShape & {path: string} {
  return (
    typeof route.path === 'string' &&
    route.exact === true &&
    !route.strict &&
    !route.sensitive &&
    !route.routes &&
    LITERAL.test(route.path) &&
    sectionOf(route.path) !== ''
  );
}

/** The name of a section's chunk (what the bundler and `gca` know it by); characters other than [a-z0-9-] escaped. */
export function sectionChunkName(section: string): string {
  return `routes-${chunkSafe(section)}`;
}

/** A name with every character but [A-Za-z0-9-] escaped, for a chunk name (sections are lower case already). */
function chunkSafe(name: string): string {
  return name.replace(/[^A-Za-z0-9-]/g, (c) => `_${c.charCodeAt(0).toString(16)}`);
}

/** The name of the chunk of a sidebar named by a route of the table every page loads (routes-source.ts). */
export function sidebarChunkName(name: string): string {
  return `sidebar-${chunkSafe(name)}`;
}

/** Every section with at least one route of its own module. */
export function sectionsOf(routes: readonly RouteShape[], split: ReadonlySet<string> = splitFirsts(routes)): Set<string> {
  const found = new Set<string>();
  const visit = (list: readonly RouteShape[]) => {
    for (const route of list) {
      if (isSectionRoute(route)) found.add(sectionOf(route.path, split));
      else if (route.routes) visit(route.routes);
    }
  };
  visit(routes);
  return found;
}

/** A route of a section: the list it belongs to (lists numbered in preorder), its position there, the route. */
export interface SectionEntry<R> {
  list: number;
  index: number;
  route: R;
}

export interface SplitTable<R> {
  /** The table every page loads, without the sections' routes. */
  skeleton: R[];
  /** For each list of the table (preorder), the original position of each route it keeps. */
  kept: number[][];
  /** Section → its routes, in table order. */
  sections: Map<string, SectionEntry<R>[]>;
  /** First segments cut by their second segment too. */
  split: Set<string>;
}

/** Cuts a route table: the table every page loads, and each section's routes with their places. */
export function splitTable<R extends RouteShape>(routes: readonly R[]): SplitTable<R> {
  const kept: number[][] = [];
  const sections = new Map<string, SectionEntry<R>[]>();
  const split = splitFirsts(routes);
  const cut = (list: readonly R[]): R[] => {
    const id = kept.length;
    const positions: number[] = [];
    kept.push(positions);
    const out: R[] = [];
    list.forEach((route, index) => {
      if (isSectionRoute(route)) {
        const section = sectionOf(route.path, split);
        let entries = sections.get(section);
        if (!entries) sections.set(section, (entries = []));
        entries.push({list: id, index, route});
        return;
      }
      positions.push(index);
      out.push(route.routes ? ({...route, routes: cut(route.routes as readonly R[])} as R) : route);
    });
    return out;
  };
  const skeleton = cut(routes);
  return {skeleton, kept, sections, split};
}
