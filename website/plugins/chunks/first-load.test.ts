import {describe, expect, it} from 'vitest';
import {chunkNamesOf, firstLoadFiles, leafChains, parseRoutes} from './first-load';

const ROUTES_JS = `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  {
    path: '/api',
    component: ComponentCreator('/api', '860'),
    exact: true
  },
  {
    path: '/',
    component: ComponentCreator('/', 'aaa'),
    routes: [
      {
        path: '/',
        component: ComponentCreator('/', 'bbb'),
        routes: [
          {
            path: '/concepts/wallets',
            component: ComponentCreator('/concepts/wallets', '19e'),
            exact: true,
            sidebar: "documentation"
          },
          {
            path: '/',
            component: ComponentCreator('/', 'ccc'),
            exact: true,
            sidebar: "documentation"
          }
        ]
      }
    ]
  },
  {
    path: '*',
    component: ComponentCreator('*'),
  },
];
`;

describe('first-load files', () => {
  it('reads the generated route tree with each route module key', () => {
    const routes = parseRoutes(ROUTES_JS);
    expect(routes.map((r) => r.path)).toEqual(['/api', '/', '*']);
    expect(routes[1]!.routes![0]!.routes![0]).toEqual({path: '/concepts/wallets', key: '/concepts/wallets-19e', exact: true, sidebar: 'documentation'});
    expect(routes[2]!.key).toBeUndefined();
  });

  it('gives each page route the keys of its ancestors, parents first', () => {
    expect(leafChains(parseRoutes(ROUTES_JS))).toEqual([
      {path: '/api', keys: ['/api-860']},
      {path: '/concepts/wallets', keys: ['/-aaa', '/-bbb', '/concepts/wallets-19e']},
      // The home page is in no section, so its sidebar comes in a chunk of its own (plugins/route-sections/sidebars.ts).
      {path: '/', keys: ['/-aaa', '/-bbb', '/-ccc'], ownSidebar: 'documentation'},
    ]);
  });

  it('collects nested chunk names', () => {
    expect(chunkNamesOf({__comp: 'a', __context: {plugin: 'b'}, __props: {x: ['c']}})).toEqual(['a', 'b', 'c']);
  });

  it('sums the entry and the chunk groups of the matched routes, once each', () => {
    const files = firstLoadFiles({
      routes: parseRoutes(ROUTES_JS),
      routesChunkNames: {
        '/api-860': {__comp: 'api'}, '/-aaa': {__comp: 'root'}, '/-bbb': {__comp: 'layout'},
        '/concepts/wallets-19e': {__comp: 'doc', content: 'wallets'}, '/-ccc': {__comp: 'doc', content: 'home'},
      },
      chunkGroups: {
        api: ['/a.js'], root: ['/r.js', '/shared.js'], layout: ['/l.js', '/shared.js'], doc: ['/d.js'], wallets: ['/w.js'], home: ['/h.js'],
        'sidebar-documentation': ['/sidebar-documentation.js'],
        // Each page's section of the route table (plugins/route-sections).
        'routes-api': ['/routes-api.js'], 'routes-concepts': ['/routes-concepts.js'],
      },
      entry: ['/runtime.js', '/main.js'],
    });
    expect(files['/api']).toEqual(['/runtime.js', '/main.js', '/routes-api.js', '/a.js']);
    expect(files['/concepts/wallets']).toEqual(['/runtime.js', '/main.js', '/routes-concepts.js', '/r.js', '/shared.js', '/l.js', '/d.js', '/w.js']);
    expect(files['/']).toEqual(['/runtime.js', '/main.js', '/sidebar-documentation.js', '/r.js', '/shared.js', '/l.js', '/d.js', '/h.js']);
  });

  it('fails loudly when a chunk group is unknown', () => {
    expect(() =>
      firstLoadFiles({routes: parseRoutes(ROUTES_JS), routesChunkNames: {'/api-860': {__comp: 'gone'}}, chunkGroups: {'routes-api': []}, entry: []}),
    ).toThrow(/gone/);
    expect(() =>
      firstLoadFiles({routes: parseRoutes(ROUTES_JS), routesChunkNames: {'/api-860': {__comp: 'api'}}, chunkGroups: {api: []}, entry: []}),
    ).toThrow(/section api .* no chunk routes-api/);
    const home = parseRoutes(ROUTES_JS).slice(1, 2);
    expect(() =>
      firstLoadFiles({routes: home, routesChunkNames: {'/-aaa': {}, '/-bbb': {}, '/-ccc': {}}, chunkGroups: {'routes-concepts': []}, entry: []}),
    ).toThrow(/sidebar documentation of route \/ has no chunk sidebar-documentation/);
  });
});
