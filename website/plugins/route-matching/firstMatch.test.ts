import {describe, expect, it} from 'vitest';
import {matchPath, Router} from 'react-router';
import {matchRoutes} from 'react-router-config';
import type {RouteConfig} from 'react-router-config';
import {firstMatch, matchRoutesFast, type MatchLike, type MatchPath} from './firstMatch';

const match = matchPath as unknown as MatchPath;
const rootMatch = (Router as unknown as {computeRootMatch: (p: string) => MatchLike}).computeRootMatch;
const C = () => null;

// The shape Docusaurus generates: exact pages first, then layout routes matching a prefix, their pages nested, a catch-all last.
const leaves = (prefix: string, n: number): RouteConfig[] => Array.from({length: n}, (_, i) => ({path: `${prefix}/page-${i}`, exact: true, component: C}));
const ROUTES: RouteConfig[] = [
  {path: '/api', exact: true, component: C},
  ...leaves('/api/wallets', 40),
  {path: '/api/users/:id', exact: true, component: C},
  {path: '/changelog', exact: true, component: C},
  {path: '/changelog', exact: true, component: C}, // a duplicate: the first wins
  {path: '/search', exact: true, component: C},
  {path: '/sdks/swift/', exact: true, component: C},
  {
    path: '/',
    component: C,
    routes: [
      {
        path: '/',
        component: C,
        routes: [
          {path: '/', exact: true, component: C},
          {path: '/concepts/wallets', exact: true, component: C},
          {path: '/concepts', component: C}, // a prefix route before its siblings
          ...leaves('/concepts', 30),
          ...leaves('/guides', 60),
          {component: C}, // no path: takes the parent's match
        ],
      },
    ],
  },
  {path: '*', component: C},
];

const ADDRESSES = [
  '/', '/api', '/api/', '/API', '/api/wallets/page-3', '/api/wallets/page-3/', '/Api/Wallets/Page-39', '/api/wallets/page-40',
  '/api/users/42', '/api/users/42/', '/api/users', '/changelog', '/changelog/', '/search', '/sdks/swift', '/sdks/swift/',
  '/sdks/swift//', '/concepts/wallets', '/concepts/wallets/', '/concepts/page-2', '/concepts', '/guides/page-59', '/guides/page-59/',
  '/guides/page-60', '/guides', '/nowhere', '/api//', '/caf%C3%A9', '/café', '/index.html', '',
];

describe('firstMatch', () => {
  it('picks the route and match <Switch> would at every level', () => {
    for (const address of ADDRESSES) {
      const naive = (routes: RouteConfig[], parent: MatchLike | null) => {
        for (const [i, r] of routes.entries()) {
          const m = r.path ? match(address, r) : parent;
          if (m) return {route: r, index: i, match: m};
        }
        return null;
      };
      const top = firstMatch(ROUTES, address, rootMatch(address), match);
      expect(top, address).toEqual(naive(ROUTES, rootMatch(address)));
      const nested = ROUTES.at(-2)!.routes![0]!.routes!;
      const parent = match(address, {path: '/'});
      expect(firstMatch(nested, address, parent, match), address).toEqual(naive(nested, parent));
    }
  });

  it('gives react-router-config matchRoutes the same branch', () => {
    for (const address of ADDRESSES) {
      expect(matchRoutesFast(ROUTES, address, match, rootMatch), address).toEqual(matchRoutes(ROUTES, address));
    }
  });
});
