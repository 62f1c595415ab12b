import type {ReactNode} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {beforeEach, describe, expect, it, vi} from 'vitest';

const created: string[] = [];
vi.mock('@docusaurus/core/lib/client/exports/ComponentCreator', () => ({
  default: (path: string, hash: string) => {
    created.push(`${path}-${hash}`);
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
});
