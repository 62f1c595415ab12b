import {describe, expect, it} from 'vitest';
import {clientRegistrySource, clientRoutesSource, readGeneratedRoutes, RoutesSourceError, sectionOfQuery, sectionSource, sidebarNamesOf, sidebarOfQuery, sidebarSource} from './routes-source';

// A route table as @docusaurus/core 3.10 writes it (server/codegen/codegenRoutes.js, genRoutes), its chunk names and registry.
const ROUTES = `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  {
    path: '/api',
    component: ComponentCreator('/api', 'b3c'),
    exact: true
  },
  {
    path: '/',
    component: ComponentCreator('/', 'd12'),
    routes: [
      {
        path: '/concepts/wallets',
        component: ComponentCreator('/concepts/wallets', '12d'),
        exact: true,
        sidebar: "documentation"
      },
      {
        path: '/',
        component: ComponentCreator('/', '934'),
        exact: true,
        sidebar: "documentation"
      }
    ]
  },
  {
    path: '*',
    component: ComponentCreator('*'),
  },
];
`;
const CHUNK_NAMES = {
  '/api-b3c': {__comp: '2402e1b0', __context: {plugin: '7eccc14d'}},
  '/-d12': {__comp: '5e95c892'},
  '/concepts/wallets-12d': {__comp: '17896441', content: '465a409d'},
  '/-934': {__comp: '17896441', content: '18891827'},
};
const entry = (name: string, module: string) =>
  `  "${name}": [() => import(/* webpackChunkName: "${name}" */ "${module}"), 0, require.resolveWeak("${module}")],`;
const REGISTRY = [
  'export default {',
  entry('17896441', '@theme/DocItem'),
  entry('18891827', '@site/docs/index.md'),
  entry('2402e1b0', '@theme/ApiPage'),
  entry('465a409d', '@site/docs/concepts/wallets.mdx'),
  entry('5e95c892', '@theme/DocsRoot'),
  entry('7eccc14d', '@generated/api/plugin.json') + '};',
  '',
].join('\n');

// The docs version data's sidebars, and the browser's store of them (sidebars.ts).
const SIDEBARS = {
  sidebars: {documentation: [{type: 'link', href: '/concepts/wallets', label: 'Wallets'}], sdks: [{type: 'link', href: '/sdks/go', label: 'Go'}]},
  store: '/site/plugins/route-sections/sidebars.ts',
};

/** Evaluates a generated module with stand-ins for its imports: the ComponentCreator calls, the table and what it registered. */
function evaluate(source: string) {
  const calls: unknown[][] = [];
  const registry: Record<string, unknown> = {};
  const loaders: Record<string, unknown> = {};
  const body = source
    .replace(/^import .*$/gm, '')
    .replace('export default', 'return')
    .replace(/\(\) => import\([^)]*\)/g, '"loader"')
    .replace(/require\.resolveWeak\([^)]*\)/g, '0');
  const added: Record<string, unknown> = {};
  const sidebarLoaders: Record<string, unknown> = {};
  const table = new Function('ComponentCreator', 'withSections', 'registry', 'addSidebars', 'withSidebarLoaders', body)(
    (...args: unknown[]) => {
      calls.push(args);
      return args[0];
    },
    (routes: unknown, kept: unknown, sectionLoaders: Record<string, unknown>) => {
      Object.assign(loaders, sectionLoaders);
      return {routes, kept};
    },
    registry,
    (sidebars: Record<string, unknown>) => Object.assign(added, sidebars),
    (sidebarLoaders_: Record<string, unknown>) => Object.assign(sidebarLoaders, sidebarLoaders_),
  ) as unknown;
  return {calls, table, registry, loaders, added, sidebarLoaders};
}

describe('the client’s route table', () => {
  it('keeps the layouts, the home page and the catch-all, each with its chunk names, and a loader per section', () => {
    const source = clientRoutesSource(ROUTES, CHUNK_NAMES, '/site/.docusaurus/routes.js', '/site/plugins/route-sections/client.ts', SIDEBARS);
    const {calls, table, loaders, added, sidebarLoaders} = evaluate(source);
    expect(calls).toEqual([['/', 'd12', CHUNK_NAMES['/-d12']], ['/', '934', CHUNK_NAMES['/-934']], ['*']]);
    expect(table).toEqual({
      routes: [{path: '/', component: '/', routes: [{path: '/', component: '/', exact: true, sidebar: 'documentation'}]}, {path: '*', component: '*'}],
      kept: [[1, 2], [1]],
    });
    expect(Object.keys(loaders)).toEqual(['api', 'concepts']);
    expect(source).toContain('import(/* webpackChunkName: "routes-api" */ "/site/.docusaurus/routes.js?section=api")');
    // The home page's sidebar comes in a chunk of its own, loaded when an address matches the home page.
    expect(added).toEqual({});
    expect(Object.keys(sidebarLoaders)).toEqual(['documentation']);
    expect(source).toContain('import(/* webpackChunkName: "sidebar-documentation" */ "/site/.docusaurus/routes.js?sidebar=documentation")');
  });

  it('gives a sidebar of the table every page loads a module of its own, which adds it and no other', () => {
    expect(sidebarOfQuery('?sidebar=documentation')).toBe('documentation');
    expect(sidebarOfQuery('?section=concepts')).toBeUndefined();
    const {added} = evaluate(sidebarSource('documentation', SIDEBARS));
    expect(added).toEqual({documentation: SIDEBARS.sidebars.documentation});
    expect(() => sidebarSource('nowhere', SIDEBARS)).toThrow(/names the sidebar "nowhere", which the docs version data lacks/);
  });

  it('names the sidebars of routes at any depth, once each', () => {
    expect(sidebarNamesOf(readGeneratedRoutes(ROUTES))).toEqual(['documentation']);
  });

  it('gives a section its routes with their places, and the registry entries only it names', () => {
    const {calls, table, registry, added} = evaluate(sectionSource(ROUTES, CHUNK_NAMES, REGISTRY, 'concepts', SIDEBARS));
    // The sidebar its route shows, and no other.
    expect(added).toEqual({documentation: SIDEBARS.sidebars.documentation});
    expect(calls).toEqual([['/concepts/wallets', '12d', CHUNK_NAMES['/concepts/wallets-12d']]]);
    expect(table).toEqual([[1, 0, {path: '/concepts/wallets', component: '/concepts/wallets', exact: true, sidebar: 'documentation'}]]);
    // DocItem is named by the home page too: it stays in the registry every page loads.
    expect(Object.keys(registry)).toEqual(['465a409d']);
    const kept = clientRegistrySource(REGISTRY, ROUTES, CHUNK_NAMES);
    expect(kept).not.toContain('"465a409d"');
    expect(kept).not.toContain('"2402e1b0"');
    expect(kept).toContain('"17896441"');
    expect(kept.trimEnd().endsWith('};')).toBe(true);
  });

  it('reads the section from the bundler’s resource query', () => {
    expect(sectionOfQuery('?section=getting-started')).toBe('getting-started');
    expect(sectionOfQuery('?section=__tests__')).toBe('__tests__');
    expect(sectionOfQuery('')).toBeUndefined();
  });

  it('fails when a route has no chunk names, a call is not in the form it expects, or a section is unknown', () => {
    const {'/-d12': _gone, ...rest} = CHUNK_NAMES;
    expect(() => clientRoutesSource(ROUTES, rest, 'r.js', 'c.ts', SIDEBARS)).toThrow(/route \/-d12 .*no chunk names/);
    // Routes that name a sidebar with no version data to take it from.
    expect(() => clientRoutesSource(ROUTES, CHUNK_NAMES, 'r.js', 'c.ts')).toThrow(/routes name the sidebars documentation, but no docs version data holds sidebars/);
    // A call the evaluation does not see (here spelled inside a string) means the file's form changed.
    expect(() => readGeneratedRoutes(ROUTES.replace('sidebar: "documentation"', 'sidebar: "ComponentCreator(x)"'))).toThrow(RoutesSourceError);
    expect(() => sectionSource(ROUTES, CHUNK_NAMES, REGISTRY, 'nowhere', SIDEBARS)).toThrow(/no section "nowhere"/);
  });

  it('fails when a registry entry a section needs is not in the expected form', () => {
    const changed = REGISTRY.replace('"465a409d": [() =>', '"465a409d": [function () { return 1; }, () =>');
    expect(() => clientRegistrySource(changed, ROUTES, CHUNK_NAMES)).toThrow(RoutesSourceError);
  });
});
