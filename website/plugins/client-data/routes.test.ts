import {describe, expect, it} from 'vitest';
import {CLIENT_ROUTES_CHUNK_NAMES, RoutesFormatError, withChunkNames} from './routes';

// A route table as @docusaurus/core 3.10 writes it (server/codegen/codegenRoutes.js, genRoutes), and its chunk names.
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
};

/** Evaluates a route table with a ComponentCreator that records its arguments. */
function evaluate(source: string): unknown[][] {
  const calls: unknown[][] = [];
  const body = source.replace(/^import .*$/gm, '').replace('export default', 'return');
  new Function('ComponentCreator', body)((...args: unknown[]) => calls.push(args));
  return calls;
}

describe('withChunkNames', () => {
  it("passes each route's chunk names to its ComponentCreator, and leaves the not-found route as it is", () => {
    const out = withChunkNames(ROUTES, CHUNK_NAMES);
    expect(evaluate(out)).toEqual([
      ['/api', 'b3c', CHUNK_NAMES['/api-b3c']],
      ['/', 'd12', CHUNK_NAMES['/-d12']],
      ['/concepts/wallets', '12d', CHUNK_NAMES['/concepts/wallets-12d']],
      ['*'],
    ]);
    // Only the calls change: the rest of the table is the same text.
    expect(out.replace(/, \{[^)]*\}\)/g, ')')).toBe(ROUTES);
  });

  it('fails when a route has no chunk names', () => {
    const {'/-d12': _gone, ...rest} = CHUNK_NAMES;
    expect(() => withChunkNames(ROUTES, rest)).toThrow(/route \/-d12 .*no chunk names/);
  });

  it('fails when a call is not in the form it expects', () => {
    const changed = ROUTES.replace("ComponentCreator('/api', 'b3c')", 'ComponentCreator("/api", "b3c")');
    expect(() => withChunkNames(changed, CHUNK_NAMES)).toThrow(RoutesFormatError);
  });

  it('leaves the browser an empty chunk-name table to fill in', () => {
    expect(JSON.parse(CLIENT_ROUTES_CHUNK_NAMES)).toEqual({});
  });
});
