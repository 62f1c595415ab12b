import type {ReactNode} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {beforeEach, describe, expect, it, vi} from 'vitest';

const created: string[] = [];
// The module Docusaurus's ComponentCreator reads chunk names from (empty in the browser's copy).
const chunkTable: Record<string, unknown> = {};
/** The chunk names Docusaurus's ComponentCreator found for each route it made. */
const foundNames: Record<string, unknown> = {};
vi.mock('@generated/routesChunkNames', () => ({default: chunkTable}));
vi.mock('@docusaurus/core/lib/client/exports/ComponentCreator', () => ({
  default: (path: string, hash: string) => {
    created.push(`${path}-${hash}`);
    foundNames[`${path}-${hash}`] = chunkTable[`${path}-${hash}`];
    const Route = (props: {label?: string}) => <p>route {path} {props.label}</p>;
    Route.preload = () => Promise.resolve(`loaded ${path}`);
    return Route;
  },
}));

const {default: ComponentCreator} = await import('./ComponentCreator');

beforeEach(() => {
  created.length = 0;
});

describe('lazy ComponentCreator', () => {
  it('makes no loadable component while the route table is built', () => {
    for (let i = 0; i < 100; i++) ComponentCreator(`/page-${i}`, `h${i}`);
    expect(created).toEqual([]);
  });

  it("makes a route's component once, on its first preload, and passes the preload's result on", async () => {
    const route = ComponentCreator('/concepts/wallets', 'abc');
    await expect(route.preload()).resolves.toBe('loaded /concepts/wallets');
    await route.preload();
    expect(created).toEqual(['/concepts/wallets-abc']);
  });

  it('renders the real component with the props it is given, making it on first render', () => {
    const Route = ComponentCreator('/api', 'd58') as unknown as (props: {label: string}) => ReactNode;
    expect(renderToStaticMarkup(<Route label="x" />)).toBe('<p>route /api x</p>');
    expect(renderToStaticMarkup(<Route label="y" />)).toBe('<p>route /api y</p>');
    expect(created).toEqual(['/api-d58']);
  });

  it('puts the chunk names the route table gives where Docusaurus reads them, when the route is first made', async () => {
    const names = {__comp: '17896441', content: '465a409d'};
    const route = ComponentCreator('/concepts/users', 'd9d', names);
    expect(route.chunkNames).toBe(names);
    expect(chunkTable['/concepts/users-d9d']).toBeUndefined();
    await route.preload();
    expect(foundNames['/concepts/users-d9d']).toBe(names);
  });

  it('gives a route without chunk names (the server render, the not-found route) none', () => {
    expect(ComponentCreator('/x', 'aaa').chunkNames).toBeUndefined();
    expect(ComponentCreator('*').chunkNames).toBeUndefined();
  });
});
