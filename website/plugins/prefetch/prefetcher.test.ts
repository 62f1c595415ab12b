import {describe, expect, it, vi} from 'vitest';
import {chunkNamesFromRoutes, createPrefetcher, indexChunkNames, type PrefetcherDeps, type RouteWithChunkNames} from './prefetcher';

// Two docs pages under the same docs root, version and sidebar layout (shared chunks), as Docusaurus nests them.
const ROUTES_CHUNK_NAMES = {
  '/-aaa': {__comp: 'root', __props: 'version'},
  '/-bbb': {__comp: 'sidebarLayout', __props: 'sidebar'},
  '/concepts/wallets-19e': {__comp: 'docItem', content: 'wallets'},
  '/concepts/users-2c0': {__comp: 'docItem', content: 'users'},
  '/api-860': {__comp: 'apiPage', __props: 'merged'},
};
const URLS: Record<string, string> = {root: '/r.js', version: '/v.js', sidebarLayout: '/s.js', sidebar: '/sb.js', docItem: '/d.js', wallets: '/w.js', users: '/u.js', apiPage: '/a.js'};

function setup(overrides: Partial<PrefetcherDeps> = {}) {
  const fetchFile = vi.fn((_url: string) => Promise.resolve());
  const preloadRoute = vi.fn((_path: string) => Promise.resolve([]));
  const deps: PrefetcherDeps = {
    routesChunkNames: ROUTES_CHUNK_NAMES,
    matchedRoutePaths: (p) => (p === '/api' ? ['/api'] : ['/', '/', p]),
    chunkUrl: (name) => URLS[name],
    fetchFile,
    preloadRoute,
    isSlowConnection: () => false,
    ...overrides,
  };
  return {prefetcher: createPrefetcher(deps), fetchFile, preloadRoute};
}

describe('indexChunkNames', () => {
  it('groups the chunk names of every entry under its path without the hash', () => {
    const index = indexChunkNames(ROUTES_CHUNK_NAMES);
    expect(index.get('/')).toEqual(['root', 'version', 'sidebarLayout', 'sidebar']);
    expect(index.get('/concepts/wallets')).toEqual(['docItem', 'wallets']);
  });
});

describe('chunkNamesFromRoutes', () => {
  const route = (path: string, chunkNames?: unknown, routes?: RouteWithChunkNames[]): RouteWithChunkNames => ({path, component: Object.assign(() => null, chunkNames ? {chunkNames} : {}), ...(routes ? {routes} : {})});
  it('reads the chunk names each route component carries, nested routes included, into the same index', () => {
    const routes = [
      route('/api', ROUTES_CHUNK_NAMES['/api-860']),
      route('/', ROUTES_CHUNK_NAMES['/-aaa'], [
        route('/', ROUTES_CHUNK_NAMES['/-bbb'], [route('/concepts/wallets', ROUTES_CHUNK_NAMES['/concepts/wallets-19e']), route('/concepts/users', ROUTES_CHUNK_NAMES['/concepts/users-2c0'])]),
      ]),
      route('*'),
    ];
    const index = indexChunkNames(chunkNamesFromRoutes(routes));
    expect(index).toEqual(indexChunkNames(ROUTES_CHUNK_NAMES));
    expect(index.has('*')).toBe(false);
  });

  it('is asked for the table only when the first link is prefetched', async () => {
    const table = vi.fn(() => ROUTES_CHUNK_NAMES);
    const {prefetcher, fetchFile} = setup({routesChunkNames: table});
    expect(table).not.toHaveBeenCalled();
    await prefetcher.prefetch('/concepts/wallets');
    await prefetcher.prefetch('/api');
    expect(table).toHaveBeenCalledTimes(1);
    expect(fetchFile.mock.calls.map(([u]) => u)).toContain('/w.js');
  });
});

describe('createPrefetcher', () => {
  it('prefetches every chunk file of the matched routes, each file once across links', async () => {
    const {prefetcher, fetchFile} = setup();
    await prefetcher.prefetch('/concepts/wallets');
    expect(fetchFile.mock.calls.map(([u]) => u)).toEqual(['/r.js', '/v.js', '/s.js', '/sb.js', '/d.js', '/w.js']);
    await prefetcher.prefetch('/concepts/users');
    // Only the page's own chunk is new; the shared layout, version and sidebar are not asked for again.
    expect(fetchFile.mock.calls.map(([u]) => u)).toEqual(['/r.js', '/v.js', '/s.js', '/sb.js', '/d.js', '/w.js', '/u.js']);
  });

  it('skips files the page has already loaded', async () => {
    const {prefetcher, fetchFile} = setup({loadedFiles: () => ['/r.js', '/v.js', '/s.js', '/sb.js', '/d.js']});
    await prefetcher.prefetch('/concepts/wallets');
    expect(fetchFile.mock.calls.map(([u]) => u)).toEqual(['/w.js']);
  });

  it('prefetches a route once, and not after it was preloaded', () => {
    const {prefetcher, fetchFile} = setup();
    expect(prefetcher.prefetch('/api')).not.toBe(false);
    expect(prefetcher.prefetch('/api')).toBe(false);
    expect(prefetcher.preload('/concepts/users')).not.toBe(false);
    expect(prefetcher.prefetch('/concepts/users')).toBe(false);
    expect(fetchFile).toHaveBeenCalledTimes(1);
  });

  it('does nothing on a slow connection or with data saver on', () => {
    const {prefetcher, fetchFile, preloadRoute} = setup({isSlowConnection: () => true});
    expect(prefetcher.prefetch('/api')).toBe(false);
    expect(prefetcher.preload('/api')).toBe(false);
    expect(fetchFile).not.toHaveBeenCalled();
    expect(preloadRoute).not.toHaveBeenCalled();
  });

  it('preloads a route once', () => {
    const {prefetcher, preloadRoute} = setup();
    prefetcher.preload('/api');
    expect(prefetcher.preload('/api')).toBe(false);
    expect(preloadRoute).toHaveBeenCalledTimes(1);
  });

  it("fetches a shell's file for the chunks merged into it, once", async () => {
    const merged = new Set(['root', 'version', 'sidebarLayout', 'sidebar', 'docItem']);
    const {prefetcher, fetchFile} = setup({
      chunkUrl: (name) => (merged.has(name) ? '/assets/js/root.undefined.js' : name === 'shell-1' ? '/shell.js' : URLS[name]),
      shellOf: (name) => (merged.has(name) ? 'shell-1' : undefined),
    });
    await prefetcher.prefetch('/concepts/wallets');
    await prefetcher.prefetch('/concepts/users');
    expect(fetchFile.mock.calls.map(([u]) => u)).toEqual(['/w.js', '/shell.js', '/u.js']);
  });

  it('skips chunks the bundler merged away', async () => {
    const {prefetcher, fetchFile} = setup({chunkUrl: (name) => (name === 'apiPage' ? undefined : name === 'merged' ? '/undefined.js' : URLS[name])});
    await prefetcher.prefetch('/api');
    expect(fetchFile).not.toHaveBeenCalled();
  });

  it('fetches only the route data of a section not loaded yet, then the route’s files once its section is in', async () => {
    let version = 0;
    const inTable = new Set(['/concepts/wallets']);
    const table = vi.fn(() => Object.fromEntries(Object.entries(ROUTES_CHUNK_NAMES).filter(([key]) => !key.startsWith('/concepts/') || inTable.has(key.replace(/-[^-]+$/, '')))));
    const {prefetcher, fetchFile} = setup({
      routesChunkNames: table,
      tableVersion: () => version,
      pendingSectionFiles: (path) => (path.startsWith('/api') && version === 0 ? ['/routes-api.js'] : []),
    });
    await prefetcher.prefetch('/api');
    await prefetcher.prefetch('/concepts/wallets');
    expect(fetchFile.mock.calls.map(([u]) => u)).toEqual(['/routes-api.js', '/r.js', '/v.js', '/s.js', '/sb.js', '/d.js', '/w.js']);
    // Sections came in (the reader went there): their routes are prefetched on their next link, from an index built again.
    version = 1;
    inTable.add('/concepts/users');
    await prefetcher.prefetch('/api');
    await prefetcher.prefetch('/concepts/users');
    expect(fetchFile.mock.calls.map(([u]) => u).slice(7)).toEqual(['/a.js', '/u.js']);
    expect(table).toHaveBeenCalledTimes(2);
  });

  it('fetches the sidebar of a route that comes in a chunk of its own beside the route’s files, once', async () => {
    const {prefetcher, fetchFile} = setup({pendingSidebarFiles: (path) => (path === '/concepts/wallets' ? ['/sidebar-documentation.js'] : [])});
    await prefetcher.prefetch('/concepts/wallets');
    await prefetcher.prefetch('/concepts/users');
    const urls = fetchFile.mock.calls.map(([u]) => u);
    expect(urls.slice(0, 7)).toEqual(['/r.js', '/v.js', '/s.js', '/sb.js', '/d.js', '/w.js', '/sidebar-documentation.js']);
    expect(urls.filter((u) => u === '/sidebar-documentation.js')).toHaveLength(1);
  });
});
