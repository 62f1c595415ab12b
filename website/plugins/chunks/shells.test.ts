import {describe, expect, it} from 'vitest';
import type {RouteNode} from './first-load';
import {belongsToShell, findShells, pagesByChunkName, shellCacheGroups, shellOfChunk} from './shells';

// A docs area of 20 pages under three layout routes (root, version, sidebar), 19 of them doc pages (`item`)
// and one a category index; an API area of 12 pages; a changelog page.
const docs = Array.from({length: 20}, (_, i) => `/docs/p${i}`);
const api = Array.from({length: 12}, (_, i) => `/api/op${i}`);
const ROUTES: RouteNode[] = [
  {path: '/api', key: '/api-a', routes: api.map((p) => ({path: p, key: `${p}-k`, exact: true}))},
  {path: '/changelog', key: '/changelog-c', exact: true},
  {
    path: '/',
    key: '/-root',
    routes: [{path: '/', key: '/-version', routes: [{path: '/', key: '/-layout', routes: docs.map((p) => ({path: p, key: `${p}-k`, exact: true}))}]}],
  },
  {path: '*'},
];
const CHUNK_NAMES: Record<string, unknown> = {
  '/api-a': {__comp: 'apiLayout', __context: {plugin: 'apiData'}},
  '/changelog-c': {__comp: 'blogPost', content: 'post1'},
  '/-root': {__comp: 'docsRoot', __context: {plugin: 'docsData'}},
  '/-version': {__comp: 'versionRoot', __props: 'versionData'},
  '/-layout': {__comp: 'docRoot'},
  ...Object.fromEntries(docs.map((p, i) => [`${p}-k`, i === 0 ? {__comp: 'categoryIndex', __props: 'cat0'} : {__comp: 'docItem', content: `c${i}`}])),
  ...Object.fromEntries(api.map((p, i) => [`${p}-k`, {__comp: 'operation', data: `op${i}`}])),
};

const graph = (chunksOf: Record<string, (string | undefined)[]>) => ({
  getModuleChunksIterable: (module: object) => (chunksOf[(module as {id: string}).id] ?? []).map((name) => ({name})),
});

describe('shells: route chunks that load together', () => {
  it('counts the pages that load each chunk name, ancestors included', () => {
    const pages = pagesByChunkName(ROUTES, CHUNK_NAMES);
    expect(pages.get('docsRoot')!.size).toBe(20);
    expect(pages.get('docItem')!.size).toBe(19);
    expect(pages.get('apiLayout')!.size).toBe(12);
    expect(pages.get('c3')).toEqual(new Set(['/docs/p3']));
  });

  it('groups names into shells by their anchor, the most common first', () => {
    const shells = findShells(ROUTES, CHUNK_NAMES);
    expect(shells.map((s) => s.core)).toEqual([
      ['docRoot', 'docsData', 'docsRoot', 'versionData', 'versionRoot', 'docItem'],
      // Every API page is an operation page here, so its component joins too.
      ['apiData', 'apiLayout', 'operation'],
    ]);
    const [docsShell] = shells;
    // Each page's content and the category index load only with the shell; the API and the changelog never do.
    expect(docsShell!.within).toEqual(expect.arrayContaining(['c1', 'c19', 'categoryIndex', 'cat0']));
    expect(docsShell!.within).not.toContain('operation');
    expect(docsShell!.apart).toEqual(expect.arrayContaining(['apiLayout', 'operation', 'blogPost', 'post1']));
    expect(docsShell!.apart).not.toContain('c1');
    expect(docsShell!.partial).toEqual([]);
  });

  it('leaves out a name loaded by less than the share of the anchor pages, and small page sets', () => {
    expect(findShells(ROUTES, CHUNK_NAMES, {share: 0.99}).map((s) => s.core)[0]).not.toContain('docItem');
    expect(findShells(ROUTES, CHUNK_NAMES, {minPages: 15}).map((s) => s.core)).toEqual([
      ['docRoot', 'docsData', 'docsRoot', 'versionData', 'versionRoot', 'docItem'],
    ]);
  });

  it('takes a module a core chunk uses, unless a chunk loaded on some pages with the shell and some without also does', () => {
    const sets = {core: new Set(['docsRoot', 'docItem']), partial: new Set(['sharedWithBlog'])};
    const g = graph({
      layout: ['docsRoot', 'docItem'],
      mdxShared: ['docItem', 'c1'],
      apiShared: ['docItem', 'operation'],
      contentOnly: ['c1'],
      widget: ['docItem', undefined],
      notFound: ['docsRoot', 'notInTheRouteTable'],
      overlapping: ['docItem', 'sharedWithBlog'],
      nowhere: [],
    });
    const takes = (id: string, type = 'javascript/auto') => belongsToShell({id, type} as {type: string}, g, sets);
    expect(takes('layout')).toBe(true);
    expect(takes('mdxShared')).toBe(true);
    expect(takes('apiShared')).toBe(true);
    // A widget's chunk or the not-found page's keeps its copy, loaded again only if the reader opens it.
    expect(takes('widget')).toBe(true);
    expect(takes('notFound')).toBe(true);
    expect(takes('contentOnly')).toBe(false);
    expect(takes('overlapping')).toBe(false);
    expect(takes('nowhere')).toBe(false);
    expect(takes('layout', 'css/mini-extract')).toBe(false);
  });

  it('finds the chunks loaded on some pages with the shell and some without', () => {
    const shared = {...CHUNK_NAMES, '/changelog-c': {__comp: 'blogPost', content: 'post1', __props: 'tags'}, '/docs/p5-k': {__comp: 'docItem', content: 'c5', __props: 'tags'}};
    expect(findShells(ROUTES, shared)[0]!.partial).toEqual(['tags']);
  });

  it('selects the core and the chunks within, never those apart', () => {
    const [group] = Object.values(shellCacheGroups([{core: ['a', 'b'], within: ['w'], apart: ['x'], partial: ['p']}])) as {
      name: string;
      chunks: (c: {name?: string | null}) => boolean;
      priority: number;
    }[];
    expect(group!.name).toBe('shell-0');
    expect(['a', 'b', 'w', 'x', 'p', null].map((name) => group!.chunks({name}))).toEqual([true, true, true, false, false, false]);
    // Below the single stylesheet's group (50), so CSS stays in one file.
    expect(group!.priority).toBeLessThan(50);
  });

  it('tells the prefetcher which shell holds each core chunk', () => {
    expect(shellOfChunk([{core: ['a', 'b'], within: ['w'], apart: [], partial: []}, {core: ['c', 'd'], within: [], apart: [], partial: []}])).toEqual({
      a: 'shell-0',
      b: 'shell-0',
      c: 'shell-1',
      d: 'shell-1',
    });
  });
});
