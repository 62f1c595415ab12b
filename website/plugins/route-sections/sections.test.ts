import {describe, expect, it} from 'vitest';
import {matchPath, Router} from 'react-router';
import {matchRoutes} from 'react-router-config';
import type {RouteConfig} from 'react-router-config';
import {matchRoutesFast, type MatchLike, type MatchPath} from '../route-matching/firstMatch';
import {isSectionRoute, sectionChunkName, sectionOf, sectionsOf, SPLIT_ABOVE, splitTable} from './sections';
import {insertEntries} from './client';

const match = matchPath as unknown as MatchPath;
const rootMatch = (Router as unknown as {computeRootMatch: (p: string) => MatchLike}).computeRootMatch;
const C = () => null;

// Docusaurus's shape: exact pages, a page with a parameter among them, duplicates, the docs layouts nesting their pages, a catch-all.
const table = (): RouteConfig[] => [
  {path: '/api', exact: true, component: C},
  {path: '/api/wallets/create-wallet', exact: true, component: C},
  {path: '/api/users/:id', exact: true, component: C},
  {path: '/api/users/me', exact: true, component: C},
  // Enough API pages for the API section to be cut by its second segment.
  ...Array.from({length: SPLIT_ABOVE}, (_, i): RouteConfig => ({path: `/api/${i % 2 ? 'users' : 'schemas'}/page-${i}`, exact: true, component: C})),
  {path: '/changelog', exact: true, component: C},
  {path: '/Changelog/', exact: true, component: C}, // the same key as the one before: the first wins
  {path: '/search', exact: true, component: C},
  {
    path: '/',
    component: C,
    routes: [
      {
        path: '/',
        component: C,
        routes: [
          {path: '/concepts/wallets', exact: true, component: C},
          {path: '/', exact: true, component: C},
          {path: '/concepts/:topic', exact: true, component: C},
          {path: '/concepts/users', exact: true, component: C},
          {path: '/sdks/swift/', exact: true, component: C},
        ],
      },
    ],
  },
  {path: '*', component: C},
];

const ADDRESSES = [
  '/', '/api', '/api/', '/API/Wallets/create-wallet', '/api/users/me', '/api/users/page-3', '/api/schemas/page-4/', '/api/users/page-4', '/api/users/7', '/api/nothing', '/changelog', '/changelog/',
  '/search', '/concepts/wallets', '/concepts/users', '/concepts/other', '/sdks/swift', '/sdks/swift/', '/nowhere/at/all', '/%63oncepts/wallets',
];

/** What each level matched: the route's path and the matched URL, outermost first. */
const shape = (branch: {route: RouteConfig; match: MatchLike}[]) => branch.map(({route, match: m}) => `${String(route.path)} ${m.url} ${m.isExact}`);

function listsOf(routes: RouteConfig[]): RouteConfig[][] {
  const lists: RouteConfig[][] = [];
  const visit = (list: RouteConfig[]) => {
    lists.push(list);
    list.forEach((r) => r.routes && visit(r.routes));
  };
  visit(routes);
  return lists;
}

describe('the route table cut by section', () => {
  it('keeps layouts, patterns, the home page and the catch-all in the table every page loads', () => {
    const {skeleton, sections} = splitTable(table());
    expect(skeleton.map((r) => r.path)).toEqual(['/api/users/:id', '/', '*']);
    expect(skeleton[1]!.routes![0]!.routes!.map((r) => r.path)).toEqual(['/', '/concepts/:topic']);
    expect([...sections.keys()].sort()).toEqual(['api', 'api/schemas', 'api/users', 'api/wallets', 'changelog', 'concepts', 'sdks', 'search']);
    expect(sectionsOf(table())).toEqual(new Set(sections.keys()));
    expect(isSectionRoute({path: '/api/users/:id', exact: true})).toBe(false);
    expect(isSectionRoute({path: '/api', exact: false})).toBe(false);
  });

  it('matches every address as the whole table does, once the address’s section is in, whatever else was loaded before', () => {
    const full = table();
    for (const address of ADDRESSES) {
      for (const before of [[], ['api/users'], ['concepts', 'changelog', 'sdks'], ['search', 'api', 'api/schemas', 'concepts', 'changelog', 'sdks']]) {
        const {skeleton, kept, sections, split} = splitTable(table());
        const lists = listsOf(skeleton);
        const positions = kept.map((p) => [...p]);
        for (const section of new Set([...before, sectionOf(address, split), sectionOf(decodeURI(address), split)])) {
          insertEntries(lists, positions, sections.get(section) ?? []);
        }
        expect(shape(matchRoutesFast(skeleton, address, match, rootMatch)), `${address} after ${before.join(',')}`).toEqual(
          shape(matchRoutes(full, address) as {route: RouteConfig; match: MatchLike}[]),
        );
      }
    }
  });

  it('gives back the whole table, in its order, when every section is in', () => {
    const {skeleton, kept, sections} = splitTable(table());
    const lists = listsOf(skeleton);
    const positions = kept.map((p) => [...p]);
    for (const section of ['sdks', 'api/users', 'api', 'search', 'api/wallets', 'concepts', 'api/schemas', 'changelog']) insertEntries(lists, positions, sections.get(section)!);
    const paths = (routes: RouteConfig[]): unknown => routes.map((r) => [r.path, r.routes ? paths(r.routes) : null]);
    expect(paths(skeleton)).toEqual(paths(table()));
  });

  it('names a section’s chunk with characters the bundler keeps', () => {
    expect(sectionChunkName('getting-started')).toBe('routes-getting-started');
    expect(sectionChunkName('__tests__')).toBe('routes-_5f_5ftests_5f_5f');
    expect(sectionOf('/Concepts/Wallets')).toBe('concepts');
    expect(sectionOf('/')).toBe('');
    expect(sectionOf('/API/Users/me/', new Set(['api']))).toBe('api/users');
    expect(sectionOf('/api/', new Set(['api']))).toBe('api');
    expect(sectionOf('/api/users/me', new Set(['sdks']))).toBe('api');
  });
});
