/**
 * The first route of a list that an address matches, as react-router's
 * `<Switch>` and react-router-config's `matchRoutes` find it (each route's
 * `matchPath` in order, first match wins), without testing every route.
 *
 * With about 480 routes, the top level and the docs root each hold hundreds;
 * Docusaurus renders them through `renderRoutes` (a `<Switch>` with a
 * `<Route>` element per route) at every level on every render, and matches
 * the whole table again for every link it prefetches. Most routes are exact
 * paths without parameters, and such a route matches an address exactly when
 * both are equal ignoring case and one trailing slash (path-to-regexp with
 * `end`, not `strict`, not `sensitive`). Those go in a map; the others
 * (parameters, wildcards, layout routes that match a prefix) stay in a list
 * tested in order, and only those listed before the map's hit are tried.
 */

export interface RouteLike {
  path?: string | string[];
  exact?: boolean;
  strict?: boolean;
  sensitive?: boolean;
  routes?: RouteLike[];
}

export interface MatchLike {
  path: string;
  url: string;
  isExact: boolean;
  params: Record<string, string | undefined>;
}

export type MatchPath = (pathname: string, options: {path?: string | string[]; exact?: boolean; strict?: boolean; sensitive?: boolean}) => MatchLike | null;

interface Index {
  /** The list's length when indexed: the browser's table grows a section at a time (plugins/route-sections). */
  size: number;
  exact: Map<string, number>;
  /** Indexes of the routes that are not in `exact`, ascending. */
  others: number[];
}

// A path whose every character is literal to path-to-regexp (no parameter, group, wildcard or escape).
const LITERAL = /^[A-Za-z0-9\-._~!$&'=;,@%/]*$/;

const keyOf = (path: string): string => {
  const lower = path.toLowerCase();
  return lower.endsWith('/') ? lower.slice(0, -1) : lower;
};

function isPlainExact(route: RouteLike): route is RouteLike & {path: string} {
  return typeof route.path === 'string' && route.exact === true && !route.strict && !route.sensitive && LITERAL.test(route.path);
}

const indexes = new WeakMap<readonly RouteLike[], Index>();

function indexOf(routes: readonly RouteLike[]): Index {
  let index = indexes.get(routes);
  if (index && index.size === routes.length) return index;
  index = {size: routes.length, exact: new Map(), others: []};
  routes.forEach((route, i) => {
    if (isPlainExact(route)) {
      const key = keyOf(route.path);
      if (!index!.exact.has(key)) index!.exact.set(key, i);
    } else index!.others.push(i);
  });
  indexes.set(routes, index);
  return index;
}

/** What `<Switch>` would render: the first route whose path matches (a route without a path takes `parentMatch`). */
export function firstMatch<R extends RouteLike>(
  routes: readonly R[],
  pathname: string,
  parentMatch: MatchLike | null,
  matchPath: MatchPath,
): {route: R; index: number; match: MatchLike} | null {
  const test = (i: number): MatchLike | null => {
    const route = routes[i]!;
    return route.path ? matchPath(pathname, route) : parentMatch;
  };
  const scan = (from: number, to: number, among?: number[]) => {
    for (const i of among ?? range(from, to)) {
      if (i < from || i >= to) continue;
      const match = test(i);
      if (match) return {route: routes[i]!, index: i, match};
    }
    return null;
  };
  // An address with other than ASCII letters could compare differently from the regular expression's `i` flag.
  if (!/^[\x20-\x7e]*$/.test(pathname)) return scan(0, routes.length);
  const index = indexOf(routes);
  const hit = index.exact.get(keyOf(pathname));
  const before = scan(0, hit ?? routes.length, index.others);
  if (before || hit === undefined) return before;
  const match = test(hit);
  // Cannot happen for a plain exact path; if it ever did, the full scan gives Switch's answer.
  return match ? {route: routes[hit]!, index: hit, match} : scan(hit + 1, routes.length);
}

function* range(from: number, to: number): Generator<number> {
  for (let i = from; i < to; i++) yield i;
}

/** react-router-config's `matchRoutes`: the matched route at each level, outermost first. */
export function matchRoutesFast<R extends RouteLike>(
  routes: readonly R[],
  pathname: string,
  matchPath: MatchPath,
  rootMatch: (pathname: string) => MatchLike,
): {route: R; match: MatchLike}[] {
  const branch: {route: R; match: MatchLike}[] = [];
  let level: readonly R[] | undefined = routes;
  while (level) {
    const parent = branch.length ? branch[branch.length - 1]!.match : rootMatch(pathname);
    const found: {route: R; match: MatchLike} | null = firstMatch(level, pathname, parent, matchPath);
    if (!found) break;
    branch.push({route: found.route, match: found.match});
    level = found.route.routes as R[] | undefined;
  }
  return branch;
}
